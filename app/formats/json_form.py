"""The versioned JSON form of the tournament model (lossless both ways).

`tournament_to_dict` writes the model as a JSON-ready dict; `tournament_from_schema` maps a form
validated by its pydantic schema (`app.formats.json_schema`, the one validation of the shape)
to the model directly. Numbers are JSON numbers; internally they are exact fractions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from fractions import Fraction
from typing import Any

from pydantic import ValidationError

from app.engine.errors import ErrorKind, InputError, Issue
from app.engine.match_rounds import MatchOutcome, MatchRule, match_rule, mirrored_games, round_result
from app.engine.messages import Message, warning
from app.engine.model import (
    GAME_RESULTS,
    NOT_PAIRED,
    UNRATED,
    AbnormalPoints,
    ByeRequest,
    Colour,
    ForbiddenPairs,
    ForfeitedMatch,
    Lineup,
    MatchGame,
    NationalRecord,
    Player,
    Result,
    RoundEntry,
    ScoringSystem,
    Team,
    TeamByes,
    TeamScoring,
    Tournament,
    VirtualPoints,
)
from app.engine.numbers import json_number
from app.engine.scoring_presets import scoring_preset
from app.engine.validation import EntryNote, Where, normalise_entry, normalise_title
from app.formats.json_schema import (
    BYES_BY_NAME,
    COLOUR_BY_NAME,
    RESULT_BY_NAME,
    RESULT_NAMES,
    GameBase,
    GameSchema,
    PlayerGameSchema,
    PlayerSchema,
    RoundEntrySchema,
    ScoringSchema,
    TeamScoringSchema,
    TournamentSchema,
)
from app.formats.schema_faults import validation_error
from app.formats.trf_layout import TEXT_RECORDS

FORMAT_VERSION = 1

_TOURNAMENT_SCALARS = (
    "name", "city", "federation", "start_date", "end_date", "declared_players",
    "declared_rated_players", "declared_teams", "type_text", "type_code", "system",
    "chief_arbiter", "time_control_text", "time_control_code", "total_rounds",
    "national_rating_method", "pairing_controller", "tiebreaks_202", "tiebreaks_212",
    "board_colours", "pair_by_file_order",
)


number = json_number  # the one helper (app.engine.numbers), under the name the answers use


def jsonable(value: Any) -> Any:
    """Nested dicts/lists/tuples with fractions as JSON-ready values (fractions become numbers)."""
    if isinstance(value, Fraction):
        return number(value)
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    return value


def fraction(x: float | int) -> Fraction:
    """A JSON number as the exact decimal it was written as (0.1 is 1/10, not the nearest float)."""
    return Fraction(x) if isinstance(x, int) else Fraction(repr(x))


def to_fraction(v: Any, path: str) -> Fraction:
    """A number of JSON read by hand (the Chess-JSON reader): exact, bounded, or an InputError naming it."""
    if isinstance(v, bool) or not isinstance(v, int | float | str | Fraction):
        raise InputError(Message.of("error.field.number", field=path), field=path, code="invalid-field")
    try:
        f = Fraction(v) if isinstance(v, int | Fraction) else Fraction(repr(v) if isinstance(v, float) else v)
    except (ValueError, ZeroDivisionError):
        raise InputError(Message.of("error.field.number-found", field=path, found=v),
                         field=path, code="invalid-field") from None
    if abs(f) > 10**9:
        raise InputError(Message.of("error.field.out-of-range", field=path), field=path, code="invalid-field")
    return f


def _opt_fraction(x: float | int | None) -> Fraction | None:
    return None if x is None else fraction(x)


# ---------------------------------------------------------------- model -> dict


def _scoring_to_dict(s: ScoringSystem) -> dict[str, Any]:
    return {f.name: number(getattr(s, f.name)) for f in fields(s)}


def tournament_to_dict(t: Tournament) -> dict[str, Any]:
    d: dict[str, Any] = {"format": "chess-tournament", "version": FORMAT_VERSION}
    for name in _TOURNAMENT_SCALARS:
        d[name] = getattr(t, name)
    d["deputy_arbiters"] = list(t.deputy_arbiters)
    d["round_dates"] = list(t.round_dates)
    d["initial_colour"] = None if t.initial_colour is None else (
        "white" if t.initial_colour is Colour.WHITE else "black")
    d["scoring"] = _scoring_to_dict(t.scoring)
    d["scoring_preset"] = t.scoring_preset
    d["late_bye_rounds"] = t.late_bye_rounds
    d["match_rule"] = t.match_rule
    d["team_scoring"] = {f.name: number(getattr(t.team_scoring, f.name)) for f in fields(t.team_scoring)}
    d["players"] = [
        {
            "start_number": p.start_number, "id": p.id, "name": p.name, "sex": p.sex, "title": p.title,
            "rating": p.rating, "federation": p.federation, "club": p.club, "fide_id": p.fide_id,
            "birth_date": p.birth_date, "declared_points": number(p.declared_points),
            "declared_rank": p.declared_rank, "withdrawn_after_round": p.withdrawn_after_round,
            "rounds": [_entry_to_dict(e) for e in p.rounds],
        }
        for p in t.players.values()
    ]
    d["national_records"] = [dict(n.__dict__) for n in t.national_records]
    d["teams"] = [
        {"number": tm.number, "name": tm.name, "nickname": tm.nickname, "strength": tm.strength,
         "club": tm.club, "federation": tm.federation,
         "declared_match_points": number(tm.declared_match_points),
         "declared_game_points": number(tm.declared_game_points),
         "declared_rank": tm.declared_rank, "members": list(tm.members)}
        for tm in t.teams
    ]
    d["lineups"] = [{"round": lu.round, "team": lu.team, "opponent_team": lu.opponent_team,
                     "boards": list(lu.boards)} for lu in t.lineups]
    d["team_byes"] = None if t.team_byes is None else {
        "match_points": number(t.team_byes.match_points), "game_points": number(t.team_byes.game_points),
        "team_by_round": {str(r): team for r, team in sorted(t.team_byes.team_by_round.items())}}
    d["forfeited_matches"] = [dict(fm.__dict__) for fm in t.forfeited_matches]
    d["bye_requests"] = [{"kind": br.kind.value, "round": br.round, "ids": list(br.ids)}
                         for br in t.bye_requests]
    d["virtual_points"] = [
        {"game_points": number(vp.game_points), "match_points": number(vp.match_points),
         "first_round": vp.first_round, "last_round": vp.last_round, "first_id": vp.first_id,
         "last_id": vp.last_id} for vp in t.virtual_points]
    d["forbidden_pairs"] = [{"ids": list(fp.ids), "first_round": fp.first_round,
                             "last_round": fp.last_round} for fp in t.forbidden_pairs]
    d["abnormal_points"] = [
        {"type": ap.type, "match_points": number(ap.match_points), "game_points": number(ap.game_points),
         "round": ap.round, "ids": list(ap.ids)} for ap in t.abnormal_points]
    d["comments"] = list(t.comments)
    d["other_records"] = list(t.other_records)
    return d




def _entry_to_dict(e: RoundEntry) -> dict[str, Any]:
    d: dict[str, Any] = {"opponent": e.opponent, "colour": e.colour.value if e.colour else None,
                         "result": RESULT_NAMES[e.result]}
    if e.games:  # a match round (match_rounds.py): its games, from the player's side
        d["games"] = [{"colour": g.colour.value if g.colour else None, "result": RESULT_NAMES[g.result]}
                      for g in e.games]
    return d


# ---------------------------------------------------------------- validated form -> model


class JsonLocator:
    """Where a player's data is in the JSON form (validation warnings name the field)."""

    def __init__(self) -> None:
        self.index: dict[int, int] = {}  # start number -> index in tournament.players
        self.entry_fields: dict[tuple[int, int], str] = {}  # (start number, round) -> field, when not per player

    def player(self, start_number: int, part: str) -> Where:
        i = self.index.get(start_number)
        if i is None:
            return Where()
        key = {"points": "declared_points", "line": ""}.get(part, part)
        return Where(field=f"tournament.players[{i}]" + (f".{key}" if key else ""))

    def entry(self, start_number: int, round_number: int, part: str) -> Where:
        known = self.entry_fields.get((start_number, round_number))
        if known is not None:
            return Where(field=known)
        i = self.index.get(start_number)
        if i is None:
            return Where()
        suffix = "" if part == "block" else f".{part}"
        return Where(field=f"tournament.players[{i}].rounds[{round_number - 1}]{suffix}")

    def record(self, attribute: str) -> Where:
        return Where(field=f"tournament.{attribute}")




def _entry(e: RoundEntrySchema, round_number: int, path: str, warnings: list[Issue], rule: MatchRule) -> RoundEntry:
    result = RESULT_BY_NAME[e.result]
    colour = None if e.colour is None else COLOUR_BY_NAME[e.colour]
    if e.games:
        return _match_entry(e, round_number, path, warnings, rule)
    entry, notes = normalise_entry(round_number, e.opponent or None, colour, result, e.result)
    warnings.extend(_note_issue(n, path) for n in notes)
    return entry if entry is not None else RoundEntry(None, None, Result.NOT_PAIRED)


def _match_entry(e: RoundEntrySchema, round_number: int, path: str, warnings: list[Issue],
                 rule: MatchRule) -> RoundEntry:
    """A round of one player played as a match: its result and colour from the games (match_rounds.py)."""
    if not e.opponent:
        raise InputError(Message.of("error.match.no-opponent", field=f"{path}.games"),
                         field=f"{path}.opponent", code="invalid-match")
    games = tuple(_player_game(g, f"{path}.games[{k}]") for k, g in enumerate(e.games))
    outcome = round_result(games, rule, f"{path}.games")
    given = e.model_fields_set
    if "result" in given and RESULT_BY_NAME[e.result] is not outcome.result:
        raise InputError(Message.of("error.match.result-mismatch", field=f"{path}.result", result=e.result, rule=rule.value,
                                    outcome=RESULT_NAMES[outcome.result]), field=f"{path}.result",
                         code="match-result-mismatch")
    if "colour" in given and e.colour is not None and COLOUR_BY_NAME[e.colour] is not outcome.colour:
        raise InputError(Message.of("error.match.colour", field=f"{path}.colour",
                                    colour=outcome.colour.value if outcome.colour else "-"), field=f"{path}.colour",
                         code="match-result-mismatch")
    warnings.extend(_match_notes(outcome, round_number, path))
    return RoundEntry(e.opponent, outcome.colour, outcome.result, games)


def _player_game(g: PlayerGameSchema, path: str) -> MatchGame:
    """A game of a player's match round: his result, or the game's from White's side read with his colour."""
    colour = None if g.colour is None else COLOUR_BY_NAME[g.colour]
    if g.result not in GAME_RESULTS:
        return MatchGame(colour, RESULT_BY_NAME[g.result])
    if colour is None:
        raise InputError(Message.of("error.match.white-side-result", field=f"{path}.result", result=g.result),
                         field=f"{path}.colour", code="invalid-match")
    white, black = GAME_RESULTS[g.result]
    return MatchGame(colour, white if colour is Colour.WHITE else black)


def _match_notes(outcome: MatchOutcome, round_number: int, where: str) -> list[Issue]:
    notes = []
    if outcome.unfinished:
        notes.append(warning("match-unfinished", "warning.match-unfinished", field=f"{where}.games", round=round_number,
                             unfinished=outcome.unfinished))
    if outcome.after_decision:
        notes.append(warning("match-game-after-decision", "warning.match-game-after-decision", field=f"{where}.games",
                             round=round_number, count=outcome.after_decision))
    return notes


def _note_issue(note: EntryNote, path: str) -> Issue:
    return Issue(note.code, note.message.render(), field=f"{path}.{note.part}", localized=note.message)


def _player(d: PlayerSchema, start_number: int, path: str, warnings: list[Issue], rule: MatchRule) -> Player:
    title, packed_sex = normalise_title(d.title or "")
    return Player(
        start_number=start_number, id=d.id, name=d.name, sex=d.sex or packed_sex, title=title,
        rating=d.rating or None, federation=d.federation or None, club=d.club or None,
        fide_id=None if d.fide_id is None else (str(d.fide_id) or None), birth_date=d.birth_date or None,
        declared_points=_opt_fraction(d.declared_points), declared_rank=d.declared_rank,
        withdrawn_after_round=d.withdrawn_after_round,
        rounds=[_entry(e, r, f"{path}.rounds[{r - 1}]", warnings, rule) for r, e in enumerate(d.rounds, start=1)])


def _scoring(d: ScoringSchema | None, base: ScoringSystem) -> ScoringSystem:
    """`base` (the standard scoring, or a preset's) with the values given."""
    if d is None:
        return base
    given = {k: fraction(v) for k, v in d.model_dump(exclude_none=True).items()}
    # A scoring given by win/draw/loss only implies the byes and forfeits that follow from them.
    if given and set(given) <= {"win", "draw", "loss"}:
        return ScoringSystem.from_win_draw_loss(given.get("win", base.win), given.get("draw", base.draw),
                                                given.get("loss", base.loss))
    return replace(base, **given)


def _team_scoring(d: TeamScoringSchema | None) -> TeamScoring:
    if d is None:
        return TeamScoring()
    return replace(TeamScoring(), **{k: fraction(v) for k, v in d.model_dump(exclude_none=True).items()})


def tournament_from_schema(form: TournamentSchema, *, max_players: int | None = None, max_rounds: int = 99
                           ) -> tuple[Tournament, list[Issue], JsonLocator]:
    """The model of a validated JSON form, the warnings of its entry rules, and where its players are."""
    warnings: list[Issue] = []
    locator = JsonLocator()
    if form.total_rounds is not None and form.total_rounds > max_rounds:
        raise InputError(Message.of("error.at", field="tournament.total_rounds", problem=Message.of(
            "error.rounds-exceed", rounds=form.total_rounds, limit=max_rounds)), field="tournament.total_rounds", code="too-many-rounds")
    if max_players is not None and len(form.players) > max_players:
        raise InputError(Message.of("error.at", field="tournament.players", problem=Message.of(
            "error.players-exceed", count=len(form.players), limit=max_players)), field="tournament.players", code="too-many-players", kind=ErrorKind.TOO_LARGE)
    preset = None if form.scoring_preset is None else scoring_preset(form.scoring_preset,
                                                                     field="tournament.scoring_preset")
    dates = list(form.round_dates)
    while dates and not dates[-1]:
        dates.pop()  # a 132 record ends with its last date
    t = Tournament(
        system=None if form.system is None else form.system.value, deputy_arbiters=[d for d in form.deputy_arbiters if d],
        round_dates=[d or None for d in dates], total_rounds=form.total_rounds,
        initial_colour=None if form.initial_colour is None else COLOUR_BY_NAME[form.initial_colour],
        scoring=_scoring(form.scoring, ScoringSystem() if preset is None else preset.scoring),
        scoring_preset=None if preset is None else preset.id, late_bye_rounds=form.late_bye_rounds,
        match_rule=None if form.match_rule is None else match_rule(form.match_rule).value,
        team_scoring=_team_scoring(form.team_scoring),
        pair_by_file_order=form.pair_by_file_order, comments=list(form.comments),
        other_records=list(form.other_records))
    for attribute in TEXT_RECORDS.values():  # an empty text is no record (as in a TRF)
        setattr(t, attribute, getattr(form, attribute) or None)
    t.name = form.name
    _players(form, t, locator, warnings, max_rounds)
    _rounds_of_games(form, t, locator, warnings, max_rounds)
    width = t.recorded_rounds
    for p in t.players.values():
        p.rounds += [RoundEntry(None, None, Result.NOT_PAIRED)] * (width - len(p.rounds))
    t.national_records = [NationalRecord(n.federation, n.start_number, n.sex or None, n.classification or None,
                                         n.name or None, n.rating or None, n.origin or None, n.national_id or None,
                                         n.birth_date or None) for n in form.national_records]
    t.teams = [Team(number=tm.number, name=tm.name, nickname=tm.nickname or None, strength=tm.strength or None,
                    club=tm.club or None, federation=tm.federation or None,
                    declared_match_points=_opt_fraction(tm.declared_match_points),
                    declared_game_points=_opt_fraction(tm.declared_game_points),
                    declared_rank=tm.declared_rank, members=list(tm.members)) for tm in form.teams]
    t.lineups = [Lineup(lu.round, lu.team, lu.opponent_team or None, [b or None for b in lu.boards])
                 for lu in form.lineups]
    if form.team_byes is not None:
        tb = form.team_byes
        t.team_byes = TeamByes(_opt_fraction(tb.match_points), _opt_fraction(tb.game_points),
                               dict(sorted(tb.team_by_round.items())))
    t.forfeited_matches = [ForfeitedMatch(fm.round, fm.white_team, fm.black_team, fm.result)
                           for fm in form.forfeited_matches]
    t.bye_requests = [ByeRequest(br.kind, br.round, list(br.ids)) for br in form.bye_requests]
    t.virtual_points = [VirtualPoints(fraction(vp.game_points), vp.first_round, vp.last_round, vp.first_id,
                                      vp.last_id, _opt_fraction(vp.match_points)) for vp in form.virtual_points]
    t.forbidden_pairs = [ForbiddenPairs(list(fp.ids), fp.first_round, fp.last_round) for fp in form.forbidden_pairs]
    t.abnormal_points = [AbnormalPoints(ap.type, _opt_fraction(ap.match_points), _opt_fraction(ap.game_points),
                                        ap.round or None, list(ap.ids)) for ap in form.abnormal_points]
    return t, warnings, locator


def _players(form: TournamentSchema, t: Tournament, locator: JsonLocator, warnings: list[Issue],
             max_rounds: int) -> None:
    rule = match_rule(form.match_rule, "tournament.match_rule")
    numbered = [d.start_number is not None for d in form.players]
    if any(numbered) and not all(numbered):
        i = numbered.index(False)
        raise InputError(Message.of("error.json.start-numbers-all-or-none", field=f"tournament.players[{i}]"),
                         field=f"tournament.players[{i}].start_number",
                         code="missing-start-number")
    ids: dict[str, int] = {}
    for i, d in enumerate(form.players):
        path = f"tournament.players[{i}]"
        sn = d.start_number if d.start_number is not None else i + 1
        if len(d.rounds) > max_rounds:
            raise InputError(Message.of("error.more-rounds", field=f"{path}.rounds", limit=max_rounds),
                             field=f"{path}.rounds",
                             code="too-many-rounds")
        if sn in t.players:
            raise InputError(Message.of("error.duplicate-start-number", field=path, start_number=sn),
                             field=f"{path}.start_number",
                             code="duplicate-start-number")
        if d.id is not None:
            if d.id in ids:
                raise InputError(Message.of("error.json.duplicate-id", field=path, id=d.id,
                                            other=f"tournament.players[{ids[d.id]}]"),
                                 field=f"{path}.id", code="duplicate-participant-id")
            ids[d.id] = i
        t.players[sn] = _player(d, sn, path, warnings, rule)
        locator.index[sn] = i
    t.players = dict(sorted(t.players.items()))


def _rounds_of_games(form: TournamentSchema, t: Tournament, locator: JsonLocator, warnings: list[Issue],
                     max_rounds: int) -> None:
    """Each game and bye of `tournament.rounds` as both players' entries (an entry given twice must agree)."""
    rule = match_rule(form.match_rule, "tournament.match_rule")
    by_id = {p.id: sn for sn, p in t.players.items() if p.id is not None}
    written: dict[tuple[int, int], str] = {}  # (start number, round) -> the field that wrote it

    def who(ref: int | str, where: str) -> int:
        sn = by_id.get(ref) if isinstance(ref, str) else ref
        if sn is None or sn not in t.players:
            raise InputError(Message.of("error.unknown-participant", field=where, ref=ref),
                             field=where, code="unknown-participant")
        return sn

    def put(sn: int, r: int, entry: RoundEntry, where: str) -> None:
        if (sn, r) in written:
            raise InputError(Message.of("error.json.already-in-round", field=where, player=sn, round=r,
                                        other=written[sn, r]), field=where,
                             code="conflicting-entries")
        p = t.players[sn]
        p.rounds += [RoundEntry(None, None, Result.NOT_PAIRED)] * (r - len(p.rounds))
        given = p.rounds[r - 1]
        if given != NOT_PAIRED and given != entry:
            raise InputError(Message.of("error.json.entry-differs", field=where, player=sn, round=r,
                                        other=f"tournament.players[{locator.index[sn]}].rounds[{r - 1}]"), field=where,
                             code="conflicting-entries")
        p.rounds[r - 1] = entry
        written[sn, r] = where
        locator.entry_fields[sn, r] = where

    for k, rnd in enumerate(form.rounds):
        r = rnd.round if rnd.round is not None else k + 1
        if r > max_rounds:
            raise InputError(Message.of("error.json.round-limit", field=f"tournament.rounds[{k}]", round=r,
                                        limit=max_rounds),
                             field=f"tournament.rounds[{k}].round", code="too-many-rounds")
        for j, g in enumerate(rnd.games):
            where = f"tournament.rounds[{k}].games[{j}]"
            white, black = who(g.white, f"{where}.white"), who(g.black, f"{where}.black")
            if white == black:
                raise InputError(Message.of("error.self-pairing", field=where, player=white),
                                 field=where, code="self-pairing")
            if g.games:
                white_entry, black_entry = _match_of_round(g, white, black, r, where, rule, who, warnings)
                put(white, r, white_entry, where)
                put(black, r, black_entry, where)
                continue
            w_result, b_result = _game_results(g)
            put(white, r, RoundEntry(black, Colour.WHITE, w_result), where)
            put(black, r, RoundEntry(white, Colour.BLACK, b_result), where)
        for j, bye in enumerate(rnd.byes):
            where = f"tournament.rounds[{k}].byes[{j}]"
            put(who(bye.player, f"{where}.player"), r, RoundEntry(None, None, BYES_BY_NAME[bye.type]), where)


def _game_results(g: GameBase) -> tuple[Result, Result]:
    w_result, b_result = GAME_RESULTS[g.result]
    if g.unrated:
        w_result, b_result = UNRATED.get(w_result, w_result), UNRATED.get(b_result, b_result)
    return w_result, b_result


def _match_of_round(g: GameSchema, first: int, second: int, r: int, where: str, rule: MatchRule,
                    who: Callable[[int | str, str], int], warnings: list[Issue]) -> tuple[RoundEntry, RoundEntry]:
    """Both players' entries of a match given as a board with its `games` (the first player = the board's
    `white`); the round result from the games (match_rounds.py)."""
    games: list[MatchGame] = []
    for j, game in enumerate(g.games):
        path = f"{where}.games[{j}]"
        white = None if game.white is None else who(game.white, f"{path}.white")
        black = None if game.black is None else who(game.black, f"{path}.black")
        if white is None:  # not given: the match's `white`, or the other participant when `black` is given
            white = first if black != first else second
        if black is None:
            black = second if white != second else first
        if {white, black} != {first, second} or white == black:
            raise InputError(Message.of("error.match.players", field=path, first=first, second=second, white=white,
                                        black=black), field=path, code="invalid-match")
        if game.result == "--":
            raise InputError(Message.of("error.match.double-forfeit", field=path),
                             field=f"{path}.result", code="invalid-match")
        w_result, b_result = _game_results(game)
        games.append(MatchGame(Colour.WHITE, w_result) if white == first else MatchGame(Colour.BLACK, b_result))
    outcome = round_result(games, rule, f"{where}.games")
    if "result" in g.model_fields_set and g.result != "*" and GAME_RESULTS[g.result][0] is not outcome.result \
            and _game_results(g)[0] is not outcome.result:
        raise InputError(Message.of("error.match.result-mismatch.player", field=f"{where}.result", result=g.result,
                                    rule=rule.value, outcome=RESULT_NAMES[outcome.result], player=first),
                         field=f"{where}.result", code="match-result-mismatch")
    warnings.extend(_match_notes(outcome, r, where))
    mine = tuple(games)
    theirs = mirrored_games(mine)
    other_colour = None if outcome.colour is None else outcome.colour.opposite
    return (RoundEntry(second, outcome.colour, outcome.result, mine),
            RoundEntry(first, other_colour, outcome.result.mirrored(), theirs))


def tournament_from_dict(d: Any, *, max_players: int | None = None, max_rounds: int | None = None) -> Tournament:
    """The JSON form given as plain data: validated by its schema (errors name the field), then mapped; the
    warnings of its entry rules are not kept (`app.formats.loader` keeps them, and runs the checks)."""
    try:
        form = TournamentSchema.model_validate(d)
    except ValidationError as exc:
        raise validation_error(exc, "tournament") from None
    return tournament_from_schema(form, max_players=max_players, max_rounds=999 if max_rounds is None
                                  else max_rounds)[0]
