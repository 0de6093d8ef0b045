"""Public entry points: pair a round, append it to a tournament.

`pair_round(tournament, round_number=None, options=None) -> RoundPairing`
builds the pairing state of the round (C.04.2 Art. 3 history rules), runs the
Dutch procedure (the `dutch` package), allocates colours (Art. 5) and orders the boards
(C.04.2 3.6).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from app.engine.errors import InputError
from app.engine.model import ByeKind, Colour, Player, Result, RoundEntry, Tournament
from app.engine.pairing.acceleration import Acceleration, virtual_points
from app.engine.pairing.colours import RULE_TEXT, RULE_TEXT_ZH, allocate_colours
from app.engine.pairing.dutch import BracketRecord, DutchPairer
from app.engine.pairing.state import (
    Float,
    History,
    PlayerState,
    RoundState,
    bye_eligible,
    colour_preference,
    participated_in_pairing,
    round_points,
)

DEFAULT_SEED = 20260201  # documented default for drawing the initial colour by lot

ByeType = str  # "PAB" | "HPB" | "FPB" | "ZPB" | "absent"


@dataclass
class PairingOptions:
    """Options of one pairing request (all optional)."""

    total_rounds: int | None = None
    initial_colour: Colour | str | None = None  # "W"/"B"; else from the file; else drawn by lot
    seed: int | None = None  # seed for drawing the initial colour (round 1 only)
    absent: Collection[int] = ()  # players not to pair this round (zero-point, no request)
    byes: Mapping[int, ByeKind | str] = field(default_factory=dict)  # requested byes: id -> H/F/Z
    withdrawn: Collection[int] = ()  # players who left the tournament
    forbidden_pairs: Sequence[Collection[int]] = ()  # groups that may not meet each other
    acceleration: Acceleration | str | None = None  # "auto" (default), "none", "baku", "simple", "explicit"
    # Added to each player's pairing score in every round (McMahon-style initial scores).
    pairing_score_adjustments: Mapping[int, Fraction] = field(default_factory=dict)
    # Generic hook: extra virtual points of (player, round); e.g. to pair on older scores.
    virtual_points_hook: Callable[[int, int], Fraction] | None = None
    language: str = "en"  # explanations: "en" or "zh"


@dataclass
class Explanation:
    """Why a pair was made and how its colours were chosen."""

    text: str
    white_score: Fraction
    black_score: Fraction
    white_pairing_score: Fraction
    black_pairing_score: Fraction
    bracket_score: Fraction  # pairing score of the bracket where the pair was made
    floats: dict[int, str]  # player -> "down"/"up" for a float made in this pair
    float_history: dict[int, list[str]]  # player -> floats of the previous round and two rounds before
    colour_rule: str  # "5.2.1" .. "5.2.5"
    colour_rule_text: str
    colour_preferences: dict[int, str]


@dataclass
class Board:
    board: int
    white: int
    black: int
    explanation: Explanation


@dataclass
class Bye:
    id: int
    type: ByeType
    points: Fraction
    reason: str


@dataclass
class RoundPairing:
    round: int
    pairs: list[Board]
    byes: list[Bye]
    initial_colour: Colour
    initial_colour_source: str  # "option", "file", "history" or "drawn"
    seed: int | None  # the seed used when the initial colour was drawn by lot
    acceleration: str
    brackets: list[BracketRecord]
    summary: dict[str, object]  # criteria [C5]..[C21] not fully met, with counts
    notes: list[str] = field(default_factory=list)

    def as_pairs(self) -> list[tuple[int, int]]:
        return [(b.white, b.black) for b in self.pairs]

    @property
    def pab(self) -> int | None:
        for b in self.byes:
            if b.type == "PAB":
                return b.id
        return None


# ------------------------------------------------------------------ state building


def parse_colour(value: Colour | str | None) -> Colour | None:
    """A colour given as W / B (or white / black, or a `Colour`); None stays None."""
    if value is None or isinstance(value, Colour):
        return value
    v = value.strip().upper()[:1]
    if v == "W":
        return Colour.WHITE
    if v == "B":
        return Colour.BLACK
    raise InputError(f"initial colour must be W or B, not {value!r}", field="initial_colour")


def _column_has_pairings(t: Tournament, r: int) -> bool:
    for p in t.players.values():
        if r <= len(p.rounds):
            e = p.rounds[r - 1]
            if e.opponent is not None or e.result is Result.PAIRING_ALLOCATED_BYE:
                return True
    return False


def unavailable_players(t: Tournament, r: int, options: PairingOptions) -> dict[int, ByeType]:
    """Players not paired in round r and why (HPB/FPB/ZPB/absent)."""
    out: dict[int, ByeType] = {}
    paired_column = _column_has_pairings(t, r)
    kinds = {ByeKind.HALF_POINT: "HPB", ByeKind.FULL_POINT: "FPB", ByeKind.ZERO_POINT: "ZPB"}
    for sn, p in t.players.items():
        if p.withdrawn_after_round is not None and r > p.withdrawn_after_round:
            out[sn] = "absent"
            continue
        if r <= len(p.rounds):
            e = p.rounds[r - 1]
            if e.opponent is None and e.result is not Result.PAIRING_ALLOCATED_BYE:
                if e.result is Result.HALF_POINT_BYE:
                    out[sn] = "HPB"
                elif e.result is Result.FULL_POINT_BYE:
                    out[sn] = "FPB"
                elif e.result is Result.ZERO_POINT_BYE:
                    out[sn] = "ZPB"
                elif e.result is Result.NOT_PAIRED and paired_column:
                    out[sn] = "absent"
    for req in t.bye_requests:
        if req.round == r:
            for sn in req.ids:
                out[sn] = kinds[req.kind]
    for sn in options.withdrawn:
        out[sn] = "absent"
    for sn in options.absent:
        out[sn] = "absent"
    for sn, kind in options.byes.items():
        k = kind if isinstance(kind, ByeKind) else ByeKind(str(kind).strip().upper()[:1])
        out[sn] = kinds[k]
    unknown = [sn for sn in out if sn not in t.players]
    if unknown:
        raise InputError(f"unknown player(s) {unknown} in the byes/absences", field="byes")
    return out


def infer_initial_colour(t: Tournament, before_round: int) -> Colour | None:
    """Initial colour read from the history: the colour of the first player (in
    pairing-number order, counting only players already paired) in the first
    round where colours were given, flipped if his count is even."""
    first = None
    for r in range(1, before_round):
        if any(p.entry(r).colour is not None for p in t.players.values()):
            first = r
            break
    if first is None:
        return None
    count = 0
    for sn in sorted(t.players):
        p = t.players[sn]
        if not any(participated_in_pairing(p.entry(k)) for k in range(1, first + 1)):
            continue
        c = p.entry(first).colour
        if c is not None:
            return c.opposite if count % 2 else c
        count += 1
    return None


def tournament_before_round(t: Tournament, r: int) -> Tournament:
    """The tournament as it stood when round r was paired: rounds 1..r-1, plus the
    absences and requested byes recorded in round r (entries without an opponent)."""
    out = copy.copy(t)
    out.players = {}
    paired_column = _column_has_pairings(t, r)
    for sn, p in t.players.items():
        q = copy.copy(p)
        q.rounds = list(p.rounds[:r - 1])
        e = p.entry(r)
        if r <= len(p.rounds) and e.opponent is None and e.result is not Result.PAIRING_ALLOCATED_BYE:
            if e.result is not Result.NOT_PAIRED or paired_column:
                q.rounds.append(e if e.result is not Result.NOT_PAIRED else RoundEntry(None, None, Result.ZERO_POINT_BYE))
        out.players[sn] = q
    return out


def draw_colour(seed: int) -> Colour:
    return Colour.WHITE if random.Random(seed).random() < 0.5 else Colour.BLACK


def initial_colour(option: Colour | str | None, t: Tournament, seed: int | None,
                   from_history: Callable[[], Colour | None] | None = None) -> tuple[Colour, str, int | None]:
    """The initial colour, its source and the seed it was drawn with: the option, else the
    file (152 / XXC), else the history (when `from_history` is given), else drawn by lot."""
    chosen = parse_colour(option)
    if chosen is not None:
        return chosen, "option", None
    if t.initial_colour is not None:
        return t.initial_colour, "file", None
    inferred = from_history() if from_history is not None else None
    if inferred is not None:
        return inferred, "history", None
    drawn_with = seed if seed is not None else DEFAULT_SEED
    return draw_colour(drawn_with), "drawn", drawn_with


@dataclass
class PreparedRound:
    state: RoundState
    history: History
    unavailable: dict[int, ByeType]
    initial_colour_source: str
    seed: int | None
    acceleration: str


def prepare_round(t: Tournament, round_number: int | None = None, options: PairingOptions | None = None
                  ) -> PreparedRound:
    opts = options or PairingOptions()
    r = round_number if round_number is not None else t.rounds_played + 1
    if r < 1:
        raise InputError("round numbers start at 1", field="round_number")
    total = opts.total_rounds if opts.total_rounds is not None else t.total_rounds
    if total is None:
        raise InputError("the total number of rounds is needed (last-round rules): give total_rounds",
                         field="total_rounds")
    if r > total:
        raise InputError(f"round {r} is beyond the {total} rounds of the tournament", field="round_number")
    acc = opts.acceleration
    if isinstance(acc, str):
        acc = Acceleration(acc)
    vp_table, acc_name = virtual_points(t, total, acc)
    adjust = opts.pairing_score_adjustments
    hook = opts.virtual_points_hook

    def vp(sn: int, rnd: int) -> Fraction:
        v = vp_table.get((sn, rnd), Fraction(0)) + Fraction(adjust.get(sn, 0))
        if hook is not None:
            v += Fraction(hook(sn, rnd))
        return v

    history = History(t, r, vp)
    unavailable = unavailable_players(t, r, opts)
    initial, source, seed = initial_colour(opts.initial_colour, t, opts.seed, lambda: infer_initial_colour(t, r))
    scoring = t.scoring
    # effective pairing numbers: skip players never paired who are absent now
    rank: dict[int, int] = {}
    for sn in sorted(t.players):
        p = t.players[sn]
        ever = any(participated_in_pairing(p.entry(k)) for k in range(1, r))
        if sn not in unavailable or ever:
            rank[sn] = len(rank)
    last_round = r >= total
    threshold = Fraction(r - 1) * max(scoring.win, scoring.draw) / 2
    players: list[PlayerState] = []
    for sn in sorted(t.players):
        if sn in unavailable:
            continue
        players.append(_player_state(t.players[sn], rank[sn], history, last_round, threshold))
    players.sort(key=lambda ps: (-ps.pairing_score, ps.rank))
    forbidden: dict[int, set[int]] = {}
    groups: list[Collection[int]] = [fp.ids for fp in t.forbidden_pairs
                                     if (fp.first_round is None or fp.first_round <= r)
                                     and (fp.last_round is None or r <= fp.last_round)]
    groups.extend(opts.forbidden_pairs)
    for g in groups:
        for a in g:
            for b in g:
                if a != b:
                    forbidden.setdefault(a, set()).add(b)
    state = RoundState(round_number=r, total_rounds=total, players=players, by_id={p.id: p for p in players},
                       forbidden=forbidden, initial_colour=initial, last_round=last_round, scoring=scoring,
                       topscorer_threshold=threshold)
    return PreparedRound(state, history, unavailable, source, seed, acc_name)


def _player_state(p: Player, rank: int, history: History, last_round: bool, threshold: Fraction) -> PlayerState:
    r = history.round_number
    scoring = history.tournament.scoring
    entries = [p.entry(k) for k in range(1, r)]
    score = sum((round_points(scoring, e) for e in entries), Fraction(0))
    colours = [e.colour for e in entries if e.is_played_game and e.colour is not None]
    pref, strength, repeated, diff = colour_preference(colours)
    f1, why1 = history.float_in(p, r - 1)
    f2, why2 = history.float_in(p, r - 2)
    opponents = frozenset(e.opponent for e in entries if e.is_played_game and e.opponent is not None)
    pairing_score = score + history.virtual_points(p.start_number, r)
    return PlayerState(
        id=p.start_number, rank=rank, score=score, pairing_score=pairing_score, colours=colours,
        colour_difference=diff, preference=pref, strength=strength, repeated_colour=repeated,
        floats=(f1, f2), float_reasons=(why1, why2), opponents=opponents,
        bye_eligible=bye_eligible(scoring, entries), played_games=len(colours),
        topscorer=last_round and pairing_score > threshold)


# ------------------------------------------------------------------ pairing


def pair_round(tournament: Tournament, round_number: int | None = None,
               options: PairingOptions | None = None) -> RoundPairing:
    """Pair one round with the FIDE Dutch system (C.04.3, 2026 text).

    Raises `InputError` for a bad request and `UnpairableError` when no pairing
    satisfies the absolute criteria.
    """
    prepared = prepare_round(tournament, round_number, options)
    state = prepared.state
    outcome = DutchPairer(state).pair() if state.players else None
    boards: list[tuple[PlayerState, PlayerState, Colour, str, BracketRecord | None]] = []
    bracket_of: dict[int, BracketRecord] = {}
    if outcome is not None:
        for rec in outcome.brackets:
            for a, b in rec.pairs:
                bracket_of[a] = rec
                bracket_of[b] = rec
        for hi, lo in outcome.pairs:
            colour, rule = allocate_colours(hi, lo, state.initial_colour)
            boards.append((hi, lo, colour, rule, bracket_of.get(hi.id)))
    # C.04.2 3.6: higher score of the higher-ranked player, higher sum, smaller TPN
    boards.sort(key=lambda x: (-x[0].pairing_score, -x[1].pairing_score, x[0].rank))
    language = options.language if options else "en"
    if language not in ("en", "zh"):
        raise InputError(f"unknown language {language!r}; use en or zh", field="language")
    zh = language == "zh"
    out_boards = []
    for number, (hi, lo, colour, rule, record) in enumerate(boards, start=1):
        white, black = (hi, lo) if colour is Colour.WHITE else (lo, hi)
        out_boards.append(Board(number, white.id, black.id, _explain(hi, lo, white, black, rule, record, zh)))
    byes: list[Bye] = []
    scoring = tournament.scoring
    if outcome is not None and outcome.bye is not None:
        pab = outcome.bye
        reason = (f"最后一个分组后剩余未配对（配对分 {_fmt(pab.pairing_score)}，已赛 {pab.played_games} 局），"
                  "符合编排轮空条件" if zh else
                  f"left unpaired after the last bracket (pairing score {_fmt(pab.pairing_score)}, "
                  f"{pab.played_games} games played); eligible for the pairing-allocated bye")
        byes.append(Bye(pab.id, "PAB", scoring.pairing_allocated_bye, reason))
    points = {"HPB": scoring.half_point_bye, "FPB": scoring.full_point_bye, "ZPB": scoring.zero_point_bye,
              "absent": scoring.absent}
    for sn in sorted(prepared.unavailable):
        kind = prepared.unavailable[sn]
        if zh:
            reason = "申请轮空" if kind != "absent" else "本轮缺席"
        else:
            reason = "requested bye" if kind != "absent" else "not available"
        byes.append(Bye(sn, kind, points[kind], reason))
    summary = evaluate_round(state, [(hi, lo, c) for hi, lo, c, _, _ in boards],
                             outcome.bye if outcome else None)
    return RoundPairing(round=state.round_number, pairs=out_boards, byes=byes,
                        initial_colour=state.initial_colour, initial_colour_source=prepared.initial_colour_source,
                        seed=prepared.seed, acceleration=prepared.acceleration,
                        brackets=outcome.brackets if outcome else [], summary=summary)


def _fmt(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


_STRENGTH_ZH = {"absolute": "绝对", "strong": "强", "mild": "弱"}


def _pref_text(p: PlayerState, zh: bool = False) -> str:
    if p.preference is None:
        return "无偏好" if zh else "no preference"
    strength = p.strength.name.lower()
    if zh:
        return f"{_STRENGTH_ZH.get(strength, strength)}{'白' if p.preference is Colour.WHITE else '黑'}"
    return f"{strength} {'White' if p.preference is Colour.WHITE else 'Black'}"


def _explain(hi: PlayerState, lo: PlayerState, white: PlayerState, black: PlayerState, rule: str,
             rec: BracketRecord | None, zh: bool = False) -> Explanation:
    floats: dict[int, str] = {}
    if hi.pairing_score > lo.pairing_score:
        floats = {hi.id: "down", lo.id: "up"}
    bracket_score = rec.score if rec else hi.pairing_score
    rule_text = (RULE_TEXT_ZH if zh else RULE_TEXT)[rule]
    if zh:
        text = (f"{hi.id}号（{_fmt(hi.pairing_score)}分）降组，在 {_fmt(bracket_score)} 分组与 {lo.id}号"
                f"（{_fmt(lo.pairing_score)}分）相遇" if floats else
                f"{hi.id}号与{lo.id}号在同分组（{_fmt(hi.pairing_score)}分）相遇")
        text += f"；颜色：{rule_text}（第 {rule} 条）"
    else:
        text = (f"{hi.id} ({_fmt(hi.pairing_score)}) floats down to meet {lo.id} ({_fmt(lo.pairing_score)}) "
                f"in the {_fmt(bracket_score)} bracket" if floats else
                f"{hi.id} and {lo.id} meet in their scoregroup ({_fmt(hi.pairing_score)})")
        text += f"; colours: {rule_text} (Art. {rule})"

    def hist(p: PlayerState) -> list[str]:
        """Floats of the previous round and of two rounds before, with the reason."""
        return [f"{f.value}: {why}" if f is not Float.NONE else "none" for f, why in zip(p.floats, p.float_reasons,
                                                                                          strict=True)]

    return Explanation(
        text=text, white_score=white.score, black_score=black.score,
        white_pairing_score=white.pairing_score, black_pairing_score=black.pairing_score,
        bracket_score=bracket_score, floats=floats,
        float_history={hi.id: hist(hi), lo.id: hist(lo)}, colour_rule=rule, colour_rule_text=rule_text,
        colour_preferences={hi.id: _pref_text(hi, zh), lo.id: _pref_text(lo, zh)})


def evaluate_round(state: RoundState, pairs: Sequence[tuple[PlayerState, PlayerState, Colour]],
                   bye: PlayerState | None) -> dict[str, object]:
    """Quality criteria of a round-pairing that are not fully met ([C5]..[C21]).

    Counts of players (C6, C10-C17), downfloater scores (C7), score differences
    (C18-C21), and for the PAB its receiver's pairing score (C5) and unplayed
    games (C9). A criterion that is fully met is left out."""
    out: dict[str, object] = {}
    if bye is not None:
        out["C5"] = {"pab_pairing_score": bye.pairing_score}
        out["C9"] = {"pab_unplayed_games": state.round_number - 1 - bye.played_games}
    downfloaters = [(hi, lo) for hi, lo, _ in pairs if hi.pairing_score > lo.pairing_score]
    if downfloaters:
        out["C6"] = len(downfloaters) + (1 if bye is not None else 0)
        out["C7"] = sorted((hi.pairing_score for hi, _ in downfloaters), reverse=True)
    c10 = c11 = c12 = c13 = 0
    c14 = c15 = c16 = c17 = 0
    c18: list[Fraction] = []
    c19: list[Fraction] = []
    c20: list[Fraction] = []
    c21: list[Fraction] = []
    for hi, lo, colour in pairs:
        for p, c in ((hi, colour), (lo, colour.opposite)):
            if p.preference is not None and c is not p.preference:
                c12 += 1
                if p.strength.value >= 2:
                    c13 += 1
            new_diff = p.colour_difference + (1 if c is Colour.WHITE else -1)
            if abs(new_diff) > 2:
                c10 += 1
            if len(p.colours) >= 2 and p.colours[-1] is c and p.colours[-2] is c:
                c11 += 1
        if hi.pairing_score > lo.pairing_score:
            diff = hi.pairing_score - lo.pairing_score
            if hi.floats[0] is Float.DOWN:
                c14 += 1
                c18.append(diff)
            if hi.floats[1] is Float.DOWN:
                c16 += 1
                c20.append(diff)
            if lo.floats[0] is Float.UP:
                c15 += 1
                c19.append(diff)
            if lo.floats[1] is Float.UP:
                c17 += 1
                c21.append(diff)
    for key, val in (("C10", c10), ("C11", c11), ("C12", c12), ("C13", c13), ("C14", c14), ("C15", c15),
                     ("C16", c16), ("C17", c17)):
        if val:
            out[key] = val
    # [C18]-[C21]: score differences of the repeated floats, largest first
    for key, diffs in (("C18", c18), ("C19", c19), ("C20", c20), ("C21", c21)):
        if diffs:
            out[key] = sorted(diffs, reverse=True)
    return out


# ------------------------------------------------------------------ appending a round


def apply_pairing(tournament: Tournament, pairing: RoundPairing) -> Tournament:
    """A copy of the tournament with the pairing written as round `pairing.round`
    (games without results yet, requested byes and the PAB with their points)."""
    t = copy.deepcopy(tournament)
    r = pairing.round
    for p in t.players.values():
        while len(p.rounds) < r:
            p.rounds.append(RoundEntry(None, None, Result.NOT_PAIRED))
    for b in pairing.pairs:
        t.players[b.white].rounds[r - 1] = RoundEntry(b.black, Colour.WHITE, Result.NOT_PAIRED)
        t.players[b.black].rounds[r - 1] = RoundEntry(b.white, Colour.BLACK, Result.NOT_PAIRED)
    codes = {"PAB": Result.PAIRING_ALLOCATED_BYE, "HPB": Result.HALF_POINT_BYE,
             "FPB": Result.FULL_POINT_BYE, "ZPB": Result.ZERO_POINT_BYE, "absent": Result.NOT_PAIRED}
    for bye in pairing.byes:
        t.players[bye.id].rounds[r - 1] = RoundEntry(None, None, codes[bye.type])
    if t.initial_colour is None:
        t.initial_colour = pairing.initial_colour
    return t
