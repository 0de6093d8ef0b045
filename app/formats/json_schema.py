"""The JSON form of a tournament (version 1): its pydantic schema, the one validation of that form.

`app.formats.json_form` maps a validated `TournamentSchema` to the engine model directly and writes
the model back in this shape. Numbers are JSON numbers; results use the domain's names (or TRF codes).
The API re-exports these models (`app.api.schemas`) and documents them in the OpenAPI document.

Whatever the schema accepts can be written to a TRF and read back unchanged:
- every text has a maximum length, the width of its TRF column where it has one (`trf_layout.TEXT_LIMITS`);
  texts are stripped of surrounding blanks, as the TRF reader strips them;
- no text holds a control character (tab, line feed, NUL, ...), a line or paragraph separator or a lone
  surrogate (pydantic refuses the last itself);
- every number fits its TRF column (`11.5` in four columns) and has at most three decimals.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PlainValidator,
    StringConstraints,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError

from app.engine.match_rounds import GAME_RESULTS_IN_MATCH, MATCH_RULES, MatchRule
from app.engine.messages import Message
from app.engine.model import GAME_RESULTS, MAX_RATING, ByeKind, Colour, Result
from app.engine.scoring_presets import SCORING_PRESETS
from app.engine.system import PairingSystem
from app.formats.trf_layout import TEXT_LIMITS, describe_character, forbidden_character
from app.formats.trf_reader import kept_as_written
from app.formats.trf_records import HANDLERS
from app.formats.trf_writer import format_points


def one_of(values: Iterable[str], what: str) -> Any:
    """A text that must be one of `values` (from an engine table or enum), listed as an enum in the schema."""
    allowed = list(values)

    def check(value: str) -> str:
        if value not in allowed:
            raise PydanticCustomError("one_of", "{what} must be one of {allowed}",
                                      {"what": what, "allowed": ", ".join(allowed)})
        return value
    return (AfterValidator(check), WithJsonSchema({"type": "string", "enum": allowed}))


# The byes a round of games may give, by name or TRF code.
BYES_BY_NAME: dict[str, Result] = {
    **{r.name.lower(): r for r in (Result.PAIRING_ALLOCATED_BYE, Result.HALF_POINT_BYE, Result.FULL_POINT_BYE,
                                   Result.ZERO_POINT_BYE)},
    **{r.value: r for r in (Result.PAIRING_ALLOCATED_BYE, Result.HALF_POINT_BYE, Result.FULL_POINT_BYE,
                            Result.ZERO_POINT_BYE)}}
BYE_TYPES = tuple(BYES_BY_NAME)

# A result: its name in the domain's words (`forfeit_win`) or its TRF code (`+`); "" is not paired, "?" unknown.
RESULT_NAMES: dict[Result, str] = {r: r.name.lower() for r in Result}
RESULT_BY_NAME: dict[str, Result] = {**{v: k for k, v in RESULT_NAMES.items()}, **{r.value: r for r in Result},
                                     "": Result.NOT_PAIRED, "?": Result.UNKNOWN}

ResultName = Annotated[str, *one_of(RESULT_BY_NAME, "a result")]
# A colour by its code or its name (`w`, `white`); `-` is no colour (a bye, a forfeit without colours).
COLOUR_BY_NAME: dict[str, Colour | None] = {**{c.value: c for c in Colour}, **{c.name.lower(): c for c in Colour},
                                            "-": None}
ColourName = Annotated[str, *one_of(COLOUR_BY_NAME, "a colour")]
InitialColourName = Annotated[str, *one_of([k for k, c in COLOUR_BY_NAME.items() if c is not None],
                                           "the initial colour")]
# A colour as a request option: W / B or white / black (the pairing engines read the first letter).
InitialColourOption = Annotated[str, *one_of([c.value.upper() for c in Colour] + [c.name.lower() for c in Colour],
                                             "the initial colour")]
# A whole team match forfeited (TRF 330): the forfeit results of a game, from the first team's side.
FORFEITED_MATCH = [text for text, (first, _) in GAME_RESULTS.items() if first.is_forfeit]
GameResultText = Annotated[str, *one_of(GAME_RESULTS, "a game result")]
ByeTypeName = Annotated[str, *one_of(BYE_TYPES, "a bye")]


# ---------------------------------------------------------------- texts


def _no_forbidden_character(value: str) -> str:
    i = forbidden_character(value)
    if i is not None:
        raise PydanticCustomError(
            "invalid_text", "the character {character} at position {position} is not allowed (no control "
            "characters, line breaks or lone surrogates)", {"character": describe_character(value[i]),
                                                            "position": i + 1})
    return value


def _field_text(value: str) -> str:
    return _no_forbidden_character(value).strip()


def _text(limit: str) -> Any:
    """The rules of a text field: at most TEXT_LIMITS[limit] characters, no forbidden character, stripped."""
    return (StringConstraints(max_length=TEXT_LIMITS[limit]), AfterValidator(_field_text))


HeaderText = Annotated[str, *_text("header")]
NameText = Annotated[str, *_text("name")]
TitleText = Annotated[str, *_text("title")]
FederationText = Annotated[str, *_text("federation")]
ClubText = Annotated[str, *_text("club")]
FideIdText = Annotated[str, *_text("fide_id")]
DateText = Annotated[str, *_text("birth_date")]
SexText = Annotated[str, *_text("sex")]
ClassificationText = Annotated[str, *_text("classification")]
OriginText = Annotated[str, *_text("origin")]
NationalIdText = Annotated[str, *_text("national_id")]
TeamNameText = Annotated[str, *_text("team_name")]
NicknameText = Annotated[str, *_text("team_nickname")]
StrengthText = Annotated[str, *_text("team_strength")]
RoundDateText = Annotated[str, *_text("round_date")]
ParticipantIdText = Annotated[str, StringConstraints(min_length=1), *_text("participant_id")]


class FieldValueError(ValueError):
    """The ValueError of a field validator, its text a catalogue message (pydantic shows the English,
    `schema_faults.validation_error` renders the message in the answer's language)."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.render())
        self.message = message


def _unknown_record(value: str) -> str:
    if not kept_as_written(value):
        raise FieldValueError(Message.of("error.schema.record-line"))
    return value


Line = Annotated[str, StringConstraints(max_length=TEXT_LIMITS["line"]), AfterValidator(_no_forbidden_character),
                 Field(description=f"A whole line, kept as written. At most {TEXT_LIMITS['line']} characters.")]
UnknownRecord = Annotated[Line, AfterValidator(_unknown_record)]

# ---------------------------------------------------------------- numbers


def _fits(width: int) -> Any:
    def check(value: float) -> float:
        x = Fraction(repr(value))
        if (x * 1000).denominator != 1:
            raise FieldValueError(Message.of("error.schema.decimals"))
        if width and len(format_points(x, width).strip()) > width:
            raise FieldValueError(Message.of("error.schema.width", width=width))
        return value
    return check


def _points(width: int) -> Any:
    return (Field(ge=-10**9, le=10**9), AfterValidator(_fits(width)))


# Points as JSON numbers: exact decimals (at most three) that fit their TRF columns (scoring: any width).
Points4 = Annotated[float, *_points(4)]
Points6 = Annotated[float, *_points(6)]
Scoring = Annotated[float, *_points(0)]
StartNumber = Annotated[int, Field(ge=1, le=9999)]
RoundNumber = Annotated[int, Field(ge=1, le=999)]
TeamNumber = Annotated[int, Field(ge=1, le=999)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


MATCH_GAMES_DOC = ("A round played as a match of several games (seed 002: a best of 3, `match_rule`): the "
                   "games in the order played. The round's result follows from them by the tournament's "
                   "`match_rule` (a result given as well must be the same), its colour is the first game's; "
                   "standings and pairings use the round result, `GPTS` sums the games' points. A TRF holds "
                   "the round result only.")


class PlayerGameSchema(Strict):
    """One game of a match round, from the player's side."""

    colour: ColourName | None = Field(None, description="The player's colour in this game.")
    result: Annotated[str, *one_of([k for k, r in RESULT_BY_NAME.items() if r in GAME_RESULTS_IN_MATCH]
                                   + [k for k in GAME_RESULTS if k != "--"], "the result of a game")] = Field(
        ..., description="The player's result in this game: win, draw, loss (or 1, =, 0), their unrated forms, "
                         "forfeit_win, forfeit_loss (+, -), unknown; not_paired (or \"\") = not played yet. Or the "
                         "game's result from White's side (1-0, 0-1, 1/2-1/2, +-, -+, *), read with `colour`.")


class RoundEntrySchema(Strict):
    """One round of one player (TRF round block)."""

    opponent: int | None = Field(None, ge=0, le=9999, description="Opponent's start number; null for byes.")
    colour: ColourName | None = Field(None, description="Colour, when paired (with `games`: the first game's).")
    result: ResultName = Field("not_paired", description="Result in the domain's words or as a TRF code (with "
                                                         "`games`: the round result, derived when not given).")
    games: list[PlayerGameSchema] = Field(default_factory=list, max_length=99, description=MATCH_GAMES_DOC)


class PlayerSchema(Strict):
    start_number: StartNumber | None = Field(
        None, description="TRF start (pairing) number, by which the service names the player. Give it to every "
                          "player or to none: without it, players are numbered 1, 2, ... in the order of the list.")
    id: ParticipantIdText | None = Field(
        None, description="The participant's own id (any text the site uses, unique in the tournament); games "
                          "in `rounds` may name players by it. Not written to a TRF.")
    name: NameText = ""
    sex: Literal["m", "w"] | None = None
    title: TitleText | None = Field(None, description="GM, IM, WGM, FM, WIM, CM, WFM, WCM (or as written).")
    rating: int | None = Field(None, ge=0, le=MAX_RATING, description="FIDE rating; null or 0 = unrated.")
    federation: FederationText | None = None
    club: ClubText | None = Field(None, description="Club, team or region of the player (not written to a TRF); "
                                                    "pairing can avoid same-club games (`avoid_same=club`).")
    fide_id: Annotated[int | str, *_number_or_text(99_999_999_999, "fide_id", "a FIDE id")] | None = Field(
        None, description="FIDE id (a number or a text).")
    birth_date: DateText | None = Field(None, description="As written; TRF-2026 uses YYYY/MM/DD.")
    declared_points: Points4 | None = Field(None, description="Points column of the TRF (checked, not trusted).")
    declared_rank: int | None = Field(None, ge=0, le=9999)
    withdrawn_after_round: int | None = Field(None, ge=0, le=999)
    rounds: list[RoundEntrySchema] = Field(default_factory=list, max_length=999)


# ---------------------------------------------------------------- rounds as games (a site's database form)

def _number_or_text(maximum: int, limit: str, what: str) -> Any:
    """A JSON number (a whole number from 0 or 1 to `maximum`) or a text of at most TEXT_LIMITS[limit]
    characters; one validator, so that an error names the field itself (not a branch of a union)."""
    n = TEXT_LIMITS[limit]
    least = 1 if limit == "participant_id" else 0

    def check(value: Any) -> int | str:
        if isinstance(value, int) and not isinstance(value, bool):
            if not least <= value <= maximum:
                raise PydanticCustomError("range", "{what} must be from {least} to {maximum}",
                                          {"what": what, "least": least, "maximum": maximum})
            return value
        if isinstance(value, str):
            text = _field_text(value)
            if len(value) > n or (least and not text):
                raise PydanticCustomError("length", "{what} must have {least} to {n} characters",
                                          {"what": what, "least": least, "n": n})
            return text
        raise PydanticCustomError("type", "{what} must be a number or a text", {"what": what})
    return (PlainValidator(check), WithJsonSchema({"anyOf": [{"type": "integer", "minimum": least, "maximum": maximum},
                                                             {"type": "string", "minLength": least, "maxLength": n}]}))


# A player: a start number, or the participant's own `id`.
ParticipantRef = Annotated[int | str, *_number_or_text(9999, "participant_id", "a player")]


class GameBase(Strict):
    """A game: who had White, who had Black, the result from White's side."""

    white: ParticipantRef = Field(..., description="Start number or participant id of the player with White.")
    black: ParticipantRef = Field(..., description="Start number or participant id of the player with Black.")
    result: GameResultText = Field("*", description="From White's side: 1-0, 0-1, 1/2-1/2 (or ½-½), +- and -+ "
                                                    "(forfeits), -- (double forfeit); * = paired, not played yet.")
    unrated: bool = Field(False, description="A game of less than one move: played, not rated (TRF W, D, L).")


class MatchGameSchema(GameBase):
    """One game of a match round: the match's two participants, in this game's colours."""

    white: ParticipantRef | None = Field(  # type: ignore[assignment]
        None, description="The player with White in this game (default: the match's `white`, or the other "
                         "participant when only `black` is given).")
    black: ParticipantRef | None = Field(  # type: ignore[assignment]
        None, description="The player with Black in this game (default: the other participant).")


class GameSchema(GameBase):
    """One board of a round; the service writes both players' entries from it."""

    games: list[MatchGameSchema] = Field(
        default_factory=list, max_length=99,
        description=MATCH_GAMES_DOC + " Each game names the match's two participants as `white` and `black` of "
                    "that game; the match's own `white` and `black` name them (their colours in the round are "
                    "those of the first game), its `result`, when given, is the round result from `white`'s "
                    "side.")


class ByeSchema(Strict):
    """A player not paired in the round, and the bye or absence recorded for him."""

    player: ParticipantRef = Field(..., description="Start number or participant id.")
    type: ByeTypeName = Field("pairing_allocated_bye", description="The bye (or TRF code U, H, F, Z).")


class RoundSchema(Strict):
    """One round as a list of games and byes; players in neither are absent (not paired)."""

    round: RoundNumber | None = Field(None, description="Round number; default: the position in the list, from 1.")
    games: list[GameSchema] = Field(default_factory=list, description="The round's games, each with its two "
                                                                      "players and its result.")
    byes: list[ByeSchema] = Field(default_factory=list, description="The round's byes (pairing-allocated or "
                                                                    "requested), each with its player.")


class ScoringSchema(Strict):
    """Points per result (TRF 162 / XXS). Giving only win/draw/loss derives the rest."""

    win: Scoring | None = None
    draw: Scoring | None = None
    loss: Scoring | None = None
    forfeit_win: Scoring | None = None
    forfeit_loss: Scoring | None = None
    pairing_allocated_bye: Scoring | None = None
    full_point_bye: Scoring | None = None
    half_point_bye: Scoring | None = None
    zero_point_bye: Scoring | None = None
    absent: Scoring | None = None
    unknown: Scoring | None = None
    win_black: Scoring | None = None
    draw_black: Scoring | None = None
    loss_black: Scoring | None = None


class TeamScoringSchema(Strict):
    match_win: Scoring | None = None
    match_draw: Scoring | None = None
    match_loss: Scoring | None = None


class TeamSchema(Strict):
    number: TeamNumber
    name: TeamNameText = ""
    nickname: NicknameText | None = None
    strength: StrengthText | None = None
    club: ClubText | None = Field(None, description="Club or region of the team (not written to a TRF); team "
                                                    "pairing can avoid same-club matches (`avoid_same=club`).")
    federation: FederationText | None = Field(None, description="Federation of the team (not written to a TRF); "
                                                                "for `avoid_same=federation`.")
    declared_match_points: Points6 | None = None
    declared_game_points: Points6 | None = None
    declared_rank: int | None = Field(None, ge=0, le=999)
    members: list[StartNumber] = Field(default_factory=list, description="Start numbers in default board order.")


class LineupSchema(Strict):
    round: RoundNumber
    team: TeamNumber
    opponent_team: int | None = Field(None, ge=0, le=999)
    boards: list[Annotated[int, Field(ge=0, le=9999)] | None] = Field(default_factory=list)


class TeamByesSchema(Strict):
    match_points: Points4 | None = None
    game_points: Points4 | None = None
    team_by_round: dict[RoundNumber, TeamNumber] = Field(default_factory=dict,
                                                         description="Round number -> team number.")


class ForfeitedMatchSchema(Strict):
    round: RoundNumber
    white_team: TeamNumber
    black_team: TeamNumber
    result: Annotated[str, *one_of(FORFEITED_MATCH, "a forfeited match")]


class ByeRequestSchema(Strict):
    kind: ByeKind
    round: RoundNumber
    ids: list[StartNumber] = Field(default_factory=list)


class VirtualPointsSchema(Strict):
    game_points: Points4
    match_points: Points4 | None = None
    first_round: RoundNumber
    last_round: RoundNumber
    first_id: StartNumber
    last_id: StartNumber


class ForbiddenPairsSchema(Strict):
    ids: list[StartNumber]
    first_round: RoundNumber | None = None
    last_round: RoundNumber | None = None


class AbnormalPointsSchema(Strict):
    type: Annotated[str, StringConstraints(pattern=r"^[WDLFHZ+\-]?$")] = Field(
        "", description="The result the points replace: W D L F H Z + - or empty.")
    match_points: Points4 | None = None
    game_points: Points4 | None = None
    round: int | None = Field(None, ge=0, le=999)
    ids: list[StartNumber] = Field(default_factory=list)


def _national_code(value: str) -> str:
    if value in HANDLERS:
        raise FieldValueError(Message.of("error.schema.record-code", value=value))
    return value


class NationalRecordSchema(Strict):
    federation: Annotated[str, StringConstraints(pattern=r"^[A-Z]{3}$"), AfterValidator(_national_code)] = Field(
        ..., description="Three capital letters (the record's code in columns 1-3).")
    start_number: StartNumber
    sex: SexText | None = None
    classification: ClassificationText | None = None
    name: NameText | None = None
    rating: int | None = Field(None, ge=0, le=9999)
    origin: OriginText | None = None
    national_id: NationalIdText | None = None
    birth_date: DateText | None = None


EXAMPLE_TOURNAMENT: dict[str, Any] = {
    "format": "chess-tournament", "version": 1, "name": "Example Open", "type_code": "FIDE_DUTCH_2026",
    "system": "swiss", "total_rounds": 2, "initial_colour": "white",
    "players": [
        {"start_number": 1, "name": "Avery, Alex", "rating": 2100,
         "rounds": [{"opponent": 3, "colour": "w", "result": "win"}, {"opponent": 2, "colour": "b", "result": "draw"}]},
        {"start_number": 2, "name": "Brook, Bea", "rating": 2000,
         "rounds": [{"result": "pairing_allocated_bye"}, {"opponent": 1, "colour": "w", "result": "draw"}]},
        {"start_number": 3, "name": "Carter, Cy", "rating": 1950,
         "rounds": [{"opponent": 1, "colour": "b", "result": "loss"}, {"result": "half_point_bye"}]},
    ],
}


# Seed 002's junqi event (模拟比赛过程（军棋）): every round a best of 3, scored per round 1 / ½ / 0.
EXAMPLE_MATCH_ROUNDS: dict[str, Any] = {
    "format": "chess-tournament", "version": 1, "name": "Junqi Swiss, best of 3", "type_code": "FIDE_DUTCH_2026",
    "system": "swiss",
    "total_rounds": 6, "scoring_preset": "junqi", "match_rule": "best_of_3",
    "players": [{"id": "red", "name": "Red"}, {"id": "blue", "name": "Blue"}, {"id": "green", "name": "Green"},
                {"id": "gold", "name": "Gold"}],
    "rounds": [{"games": [
        {"white": "red", "black": "green", "games": [
            {"white": "red", "black": "green", "result": "1-0"},
            {"white": "green", "black": "red", "result": "1/2-1/2"},
            {"white": "red", "black": "green", "result": "1/2-1/2"}]},
        {"white": "blue", "black": "gold", "games": [
            {"white": "blue", "black": "gold", "result": "1-0"},
            {"white": "gold", "black": "blue", "result": "1-0"},
            {"white": "blue", "black": "gold", "result": "1/2-1/2"}]}]}],
}


class TournamentSchema(Strict):
    """A whole tournament: everything a TRF-16/TRF-2026 file holds (version 1 of the JSON form)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [EXAMPLE_TOURNAMENT, EXAMPLE_MATCH_ROUNDS]})

    format: Literal["chess-tournament"] = "chess-tournament"
    version: Literal[1] = 1
    name: HeaderText = ""
    city: HeaderText | None = None
    federation: HeaderText | None = None
    start_date: HeaderText | None = Field(None, description="As written; TRF-2026 uses YYYY/MM/DD.")
    end_date: HeaderText | None = None
    declared_players: HeaderText | None = None
    declared_rated_players: HeaderText | None = None
    declared_teams: HeaderText | None = None
    type_text: HeaderText | None = Field(None, description="TRF 092 free text, e.g. 'Swiss System (Dutch)'.")
    type_code: HeaderText | None = Field(None, description="TRF 192 ETT26 code, e.g. FIDE_DUTCH_2026, "
                                                               "BERGER_ROUNDROBIN.")
    system: PairingSystem | None = Field(None, description="Explicit system; overrides 192/092.")
    chief_arbiter: HeaderText | None = None
    deputy_arbiters: list[HeaderText] = Field(default_factory=list)
    time_control_text: HeaderText | None = None
    time_control_code: HeaderText | None = None
    round_dates: list[RoundDateText | None] = Field(default_factory=list, max_length=999)
    total_rounds: int | None = Field(None, ge=1, le=999)
    initial_colour: InitialColourName | None = None
    scoring: ScoringSchema | None = None
    scoring_preset: Annotated[str, StringConstraints(max_length=20), AfterValidator(_field_text)] | None = Field(
        None, json_schema_extra={"enum": [*(p.id for p in SCORING_PRESETS), None]}, description="The game's scoring by name (GET /v1/presets, `scoring_presets`); `scoring` may still change "
                          "single values. No TRF record: a TRF gets the values (162/XXS).")
    match_rule: Annotated[str, *one_of(MatchRule, "a match rule")] | None = Field(
        None, description="How the games of a match round give the round result: "
                          + "; ".join(f"`{k}`: {v}" for k, v in MATCH_RULES.items())
                          + " (3局2胜). Default: majority. No TRF record.")
    late_bye_rounds: int | None = Field(
        None, ge=1, le=999, description="Requested byes in the last N rounds (seed 002: the last one, or two in "
                                        "longer events) score 0: H becomes Z. Needs total_rounds.")
    team_scoring: TeamScoringSchema | None = None
    national_rating_method: HeaderText | None = None
    pairing_controller: HeaderText | None = None
    tiebreaks_202: HeaderText | None = None
    tiebreaks_212: HeaderText | None = None
    board_colours: HeaderText | None = None
    pair_by_file_order: bool = False
    players: list[PlayerSchema] = Field(default_factory=list)
    national_records: list[NationalRecordSchema] = Field(default_factory=list)
    teams: list[TeamSchema] = Field(default_factory=list)
    lineups: list[LineupSchema] = Field(default_factory=list)
    team_byes: TeamByesSchema | None = None
    forfeited_matches: list[ForfeitedMatchSchema] = Field(default_factory=list)
    bye_requests: list[ByeRequestSchema] = Field(default_factory=list)
    virtual_points: list[VirtualPointsSchema] = Field(default_factory=list)
    forbidden_pairs: list[ForbiddenPairsSchema] = Field(default_factory=list)
    abnormal_points: list[AbnormalPointsSchema] = Field(default_factory=list)
    comments: list[Line] = Field(default_factory=list)
    other_records: list[UnknownRecord] = Field(default_factory=list)
    rounds: list[RoundSchema] = Field(
        default_factory=list, max_length=999,
        description="The rounds as games and byes (the form a site writes from its database), besides or instead "
                    "of each player's `rounds`; an entry given both ways must agree.")


# Members that only a tournament has (not a request): a body with them, and without `tournament` or
# `trf`, is a tournament posted bare.
_TOURNAMENT_ONLY = frozenset({"format", "version", "players", "teams", "national_records", "rounds"})


def is_bare_tournament(body: dict[str, Any]) -> bool:
    return "tournament" not in body and "trf" not in body and not _TOURNAMENT_ONLY.isdisjoint(body)
