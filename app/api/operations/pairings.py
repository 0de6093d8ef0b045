"""Pairings: the operations behind POST /v1/pairings (a registered Swiss system or Berger), /v1/pairings/check and
/v1/tournaments/random. Runs in an engine process; the routes are in app.api.routes.pairings.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from app.api.inputs import preferred_language, read_json_options, read_request
from app.api.job import JobAnswer, JobRequest
from app.api.language import warning_dict
from app.api.operations.common import json_answer, text_answer, wants_text
from app.api.schemas import IssueSchema, McMahonIn, OrganiserRulesIn, StrictJson, TournamentSchema
from app.engine.errors import InputError, Issue
from app.engine.late_byes import late_requested_byes
from app.engine.mcmahon import initial_scores
from app.engine.messages import DEFAULT_LANGUAGE, Language, Message
from app.engine.model import ByeKind, Colour, Result, RoundEntry, ScoringSystem, Tournament
from app.engine.organiser import apply_organiser_rules
from app.engine.pairing import Acceleration, PairingOptions, RoundPairing, apply_pairing, pair_round, systems
from app.engine.pairing.acceleration import METHODS as ACCELERATION_METHODS
from app.engine.pairing.checker import RoundDiscrepancy, check_tournament
from app.engine.pairing.generator import generate_tournament
from app.engine.pairing.lots import draw_pairing_numbers, drawn_note, drawn_numbers, lot_seed
from app.engine.pairing.variants import scores_before_last_round
from app.engine.roundrobin import berger_texts, pair_tournament_round
from app.engine.validation import require_individual_event
from app.formats.json_form import jsonable, number, tournament_to_dict
from app.formats.json_schema import InitialColourOption, one_of
from app.formats.trf_writer import write_trf


class PairingParams(OrganiserRulesIn, McMahonIn):
    total_rounds: int | None = Field(None, ge=1, le=999, description="Number of rounds (else TRF 142/XXR).")
    initial_colour: InitialColourOption | None = Field(
        None, description="Colour of the top player in round 1 (else TRF 152/XXC; else drawn by lot).")
    seed: int | None = Field(None, ge=0, le=2**63 - 1, description="Seed for drawing the initial colour by lot.")
    absent: list[int] = Field(default_factory=list, description="Players not to pair in this round.")
    withdrawn: list[int] = Field(default_factory=list, description="Players who left the tournament.")
    byes: dict[str, ByeKind] = Field(default_factory=dict,
                                                   description="Requested byes: start number -> H, F or Z.")
    forbidden_pairs: list[list[int]] = Field(default_factory=list,
                                             description="Groups of players who may not meet (like XXP).")
    acceleration: Annotated[str, *one_of(ACCELERATION_METHODS, "an acceleration")] = Field(
        "auto", description="auto: the file's 250/XXA records, else Baku if 192 ends in _BAKU, else none.")
    acceleration_group_size: int | None = Field(None, ge=1, le=10_000, description="Accelerated methods: the "
                                                                                   "size of the top group (default: "
                                                                                   "the method's).")
    acceleration_rounds: int | None = Field(None, ge=1, le=999, description="Accelerated rounds (simple method).")
    language: Language | None = Field(None, description="Explanations; default from Accept-Language.")
    pairing_numbers: Literal["start", "lot"] = Field(
        "start", description="lot: pairing numbers drawn by lot (seeded by `seed`; without one a seed is drawn and "
                             "returned) instead of the start numbers (the ranking before the event, C.04.2); give "
                             "the same seed for every round of the event.")
    pairing_scores: Literal["current", "before-last-round"] = Field(
        "current", description="before-last-round: Portland-style, round r is paired on the scores after "
                               "round r-2 (the round before last).")
    avoid_same: Literal["club", "federation"] | None = Field(
        None, description="Club avoidance (seed 002, the weakest principle): avoid boards between two players of "
                          "the same `club` (JSON form) or `federation` (TRF 001 / JSON) where every FIDE criterion "
                          "allows it, as the lowest criterion of the Dutch system (other systems refuse it). Default: "
                          "off (FIDE).")
    avoid_same_rounds: int | None = Field(None, ge=1, le=999, description="With avoid_same: only in rounds 1..N "
                                                                          "(default: every round).")
    strict_colours: bool = Field(False, description="Seed 002: nobody gets the same colour three times in a row or "
                                                    "a colour difference beyond 2, topscorers in the last round "
                                                    "included (the C.04.3 topscorer exception removed). Default: "
                                                    "false (FIDE).")
    maxi_tournament: bool = Field(False, examples=[True], description="Lim (C.04.4.3 3.2.3, 3.8, 5.7): the organiser declares a "
                                                     "Maxi-tournament (the 1988 definition: more than 2^n players for "
                                                     "n rounds), in which a floater or an opponent is chosen for "
                                                     "colours only within 100 rating points of the one chosen "
                                                     "otherwise. Other systems refuse it. Default: false.")


SWISS_IDS: list[Any] = systems.system_ids()
SYSTEM_IDS: list[Any] = [*SWISS_IDS, *systems.ROUND_ROBIN_IDS]
_SYSTEM_FIELD = Field(None, description="Pairing system: " + ", ".join(
    f"{s.id} ({s.name}, {s.article})" for s in systems.REGISTRY.values()) + ", or berger (round robin). Default: the "
    "tournament's (JSON `system`, TRF 192, TRF 092), else dutch with a warning.",
    max_length=20, json_schema_extra={"enum": [*SYSTEM_IDS, None]})


class PairingsRequest(PairingParams):
    system: str | None = _SYSTEM_FIELD
    round: int | None = Field(None, ge=1, le=999, description="Round to pair; default the one after the last "
                                                                  "paired round.")
    format: Literal["json", "trf"] | None = Field(None, description="trf: the TRF with the new round appended "
                                                                    "(also with Accept: text/plain).")


class CheckRequest(PairingParams):
    system: str | None = _SYSTEM_FIELD


class PlayerPairingDetailsOut(BaseModel):
    """A player's values that a Swiss system other than the Dutch pairs by."""

    bsn: int | None = Field(None, description="Burstein: the player's number in Index order (BSN).")
    buchholz: float | None = Field(None, description="Burstein: the Buchholz of the Index.")
    sonneborn_berger: float | None = Field(None, description="Burstein: the Sonneborn-Berger of the Index.")
    rating: int | None = Field(None, description="Dubov: the player's rating.")
    aro: float | None = Field(None, description="Dubov: the average rating of the player's opponents (ARO).")
    upfloats: int | None = Field(None, description="Dubov: the player's upfloats so far.")
    subgroup: str | None = Field(None, description="Dubov: the player's subgroup in the bracket (S1 or T2).")
    due_colour: str | None = Field(None, description="Lim: the colour the player is due.")
    floated_in: bool | None = Field(None, description="Lim: whether the player floated into the group.")
    float_rule: str | None = Field(None, max_length=5, examples=["2.3.4"],
                                   description="Lim: why the player left his scoregroup (the article of C.04.4.3: "
                                               "2.3.1 to 2.3.4; 4.4 when his compatible opponents there were paired "
                                               "with others; 2.6 when his pairing was cracked for the median "
                                               "group).")


class ExplanationOut(BaseModel):
    """Why a board is paired as it is: the scores, the floats and the colour rule applied."""

    text: str = Field(..., description="The whole explanation in words, in the answer's language.")
    white_score: float = Field(..., description="White's score before the round.")
    black_score: float = Field(..., description="Black's score before the round.")
    white_pairing_score: float = Field(..., description="White's pairing score (score plus acceleration or "
                                                        "initial score).")
    black_pairing_score: float = Field(..., description="Black's pairing score.")
    bracket_score: float = Field(..., description="The score of the bracket (or group) the pair was made in.")
    floats: dict[str, str] = Field(
        ..., description="Start number -> `up` or `down` for a player floated in this pair (none: not floated).")
    float_history: dict[str, list[str]] = Field(
        ..., description="Start number -> the player's earlier floats in words (Dutch: the previous round and the "
                         "one before, each `down: <why>`, `up: <why>` or `none`).")
    colour_rule: str = Field(..., description="The colour allocation rule applied (its article).")
    colour_rule_text: str = Field(..., description="The colour rule in words.")
    colour_preferences: dict[str, str] = Field(
        ..., description="Start number -> colour preference before the round (absolute, strong or mild, with the "
                         "colour; `none`).")
    details: dict[str, PlayerPairingDetailsOut] | None = Field(
        None, description="Start number -> the system's own values for the player (Burstein Index, Dubov ARO, Lim "
                          "due colour); none for the Dutch system.")


class BoardOut(BaseModel):
    board: int = Field(..., ge=1, description="Board number.")
    white: int = Field(..., description="Start number of the player with White.")
    black: int = Field(..., description="Start number of the player with Black.")
    explanation: ExplanationOut | None = Field(None, description="Why this pair and these colours (Dutch system).")


class ByeOut(BaseModel):
    id: int = Field(..., description="Start number.")
    type: Literal["PAB", "HPB", "FPB", "ZPB", "absent", "rest"] = Field(
        ..., description="PAB (pairing-allocated bye), HPB/FPB/ZPB (requested half-, full- or zero-point bye), "
                         "absent, or rest (round robin: the dummy's opponent).")
    points: float = Field(..., description="Points the bye scores.")
    reason: str = Field(..., description="Why, in words.")


class DrawnNumberOut(BaseModel):
    pairing_number: int = Field(..., ge=1, description="The pairing number drawn.")
    start_number: int = Field(..., ge=1, description="The player's start number.")


class PairingNumbersOut(BaseModel):
    method: Literal["lot"] = Field(..., description="How the pairing numbers were given: drawn by lot.")
    seed: int = Field(..., description="The seed of the draw: give it again for every later round.")
    numbers: list[DrawnNumberOut] = Field(..., description="In pairing-number order.")


def _criterion(text: str) -> Any:
    return Field(None, description=text)


class PabScoreOut(BaseModel):
    pab_pairing_score: float = Field(..., description="The PAB receiver's pairing score.")


class PabUnplayedOut(BaseModel):
    pab_unplayed_games: int = Field(..., ge=0, description="Games the PAB receiver has not played so far.")


class PairingSummaryOut(BaseModel):
    """The quality criteria the round's pairing does not fully meet, by the article numbers of its system's
    rules (a criterion that is met is left out; an empty object: every criterion met). The same number means
    different criteria in different systems: Dutch C.04.3 (2025 rules), Burstein C.04.4.2, Dubov C.04.4.1."""

    C5: PabScoreOut | int | None = _criterion("Dutch [C5]: the PAB receiver's pairing score (minimised). Burstein, "
                                              "Dubov: the number of floaters (upfloaters).")
    C6: int | list[float] | None = _criterion("Dutch [C6]: number of downfloaters (the PAB counted). Burstein: the "
                                              "floaters' scores, highest first; Dubov: the upfloaters' scores.")
    C7: list[float] | int | None = _criterion("Dutch [C7]: the downfloaters' pairing scores, highest first. Dubov: "
                                              "colour preferences not granted.")
    C8: int | None = _criterion("Burstein: colour preferences not granted. Dubov: upfloaters who reached the most "
                                "upfloats allowed (MaxT).")
    C9: PabUnplayedOut | int | None = _criterion("Dutch [C9]: unplayed games of the PAB receiver. Dubov: the upfloats "
                                                 "of the C8 players.")
    C10: int | None = _criterion("Dutch [C10]: players whose colour difference goes above +2 or below -2. Dubov: "
                                 "upfloaters who upfloated in the previous round too.")
    C11: int | None = _criterion("Dutch [C11]: players who get the same colour three times in a row.")
    C12: int | None = _criterion("Dutch [C12]: players who do not get their colour preference.")
    C13: int | None = _criterion("Dutch [C13]: players who do not get their strong colour preference.")
    C14: int | None = _criterion("Dutch [C14]: players who downfloated in the previous round and downfloat again.")
    C15: int | None = _criterion("Dutch [C15]: players who upfloated in the previous round and upfloat again.")
    C16: int | None = _criterion("Dutch [C16]: players who downfloated two rounds before and downfloat again.")
    C17: int | None = _criterion("Dutch [C17]: players who upfloated two rounds before and upfloat again.")
    C18: list[float] | None = _criterion("Dutch [C18]: score differences of the C14 downfloats, largest first.")
    C19: list[float] | None = _criterion("Dutch [C19]: score differences of the C15 upfloats, largest first.")
    C20: list[float] | None = _criterion("Dutch [C20]: score differences of the C16 downfloats, largest first.")
    C21: list[float] | None = _criterion("Dutch [C21]: score differences of the C17 upfloats, largest first.")
    floaters: int | None = _criterion("Lim: the number of players floated between groups.")


class PairingsResponse(BaseModel):
    round: int = Field(..., ge=1, description="The round paired.")
    system: str = Field(..., description="The pairing system used (a Swiss system's id, or berger).")
    pairings: list[BoardOut] = Field(..., description="The boards, in board order.")
    byes: list[ByeOut] = Field(..., description="Players without an opponent this round, and why.")
    initial_colour: Literal["white", "black"] | None = Field(
        None, description="The colour of the top-ranked player in round 1 (C.04.3 E5).")
    initial_colour_source: str | None = Field(None, description="Where the initial colour came from (request, "
                                                                "152, XXC, lot).")
    seed: int | None = Field(None, description="The seed used for drawing lots (initial colour, pairing numbers).")
    acceleration: str | None = Field(None, description="The acceleration method applied, if any.")
    pairing_numbers: PairingNumbersOut | None = Field(None, description="With pairing_numbers=lot: the numbers "
                                                                        "drawn and the seed.")
    summary: PairingSummaryOut = Field(default_factory=PairingSummaryOut,
                                       description="The system's quality criteria not fully met, with counts.")
    notes: list[str] = Field(default_factory=list, description="Notes on how the round was paired.")
    warnings: list[IssueSchema] = Field(default_factory=list, description="What the reader and the rules noticed.")


class DiscrepancyOut(BaseModel):
    round: int = Field(..., ge=1, description="The round whose pairing differs.")
    criterion: str = Field(..., description="The first criterion (C.04.3 article) that tells the two pairings "
                                            "apart.")
    message: str = Field(..., description="The difference in words.")
    file_pairs: list[list[int]] = Field(..., description="The file's pairs, [white, black] start numbers.")
    engine_pairs: list[list[int]] = Field(..., description="The engine's pairs, [white, black] start numbers.")
    file_pab: int | None = Field(..., description="The file's PAB receiver, if any.")
    engine_pab: int | None = Field(..., description="The engine's PAB receiver, if any.")


class CheckResponse(BaseModel):
    rounds_checked: int = Field(..., ge=0, description="The rounds re-paired and compared.")
    system: str | None = Field(None, description="The Swiss system the rounds were re-paired with.")
    discrepancies: list[DiscrepancyOut] = Field(..., description="The rounds that differ (none: every round "
                                                                 "agrees with the system's rules).")
    warnings: list[IssueSchema] = Field(..., description="What the reader and the rules noticed.")


class SystemOut(BaseModel):
    id: str = Field(..., description="The `system` value of POST /v1/pairings (players) or /v1/team-pairings "
                                     "(teams).")
    name_en: str = Field(..., description="Name in English.")
    name_zh: str = Field(..., description="Name in Chinese.")
    article: str = Field(..., description="The FIDE Handbook article.")
    kind: Literal["swiss", "round-robin"] = Field(..., description="Swiss system or round robin (Berger tables).")
    competitors: Literal["players", "teams"] = Field(..., description="Whether it pairs players or teams.")


class SystemsResponse(BaseModel):
    default: str = Field(..., description="The Swiss system used when neither the request nor the tournament "
                                          "names one.")
    systems: list[SystemOut] = Field(..., description="Every system the service pairs.")


def systems_body() -> dict[str, Any]:
    return {"default": systems.DEFAULT, "systems": [
        {"id": e.id, "name_en": e.name, "name_zh": e.name_zh, "article": e.article, "kind": e.kind,
         "competitors": e.competitors} for e in systems.catalogue()]}


def _options(params: PairingParams, t: Tournament, warnings: list[Issue] | None = None) -> PairingOptions:
    byes: dict[int, ByeKind] = {}
    for key, kind in params.byes.items():
        if not key.isdecimal():
            raise InputError(Message.of("error.not-a-start-number", field="byes", key=key), field=f"byes.{key}")
        byes[int(key)] = ByeKind(kind)
    if t.late_bye_rounds and byes:
        round_number = getattr(params, "round", None) or t.rounds_played + 1
        byes, late = late_requested_byes(byes, round_number, params.total_rounds or t.total_rounds,
                                         t.late_bye_rounds)
        if warnings is not None:
            warnings.extend(late)
    acceleration = Acceleration(params.acceleration, group_size=params.acceleration_group_size,
                                rounds=params.acceleration_rounds)
    explicit, bands = params.mcmahon_scores()  # McMahon: added to the pairing score in every round
    seed, numbers = params.seed, None
    if params.pairing_numbers == "lot":
        seed = lot_seed(params.seed)
        numbers = draw_pairing_numbers(t.players, seed)
    return PairingOptions(total_rounds=params.total_rounds, initial_colour=params.initial_colour, seed=seed,
                          absent=params.absent, byes=byes, withdrawn=params.withdrawn,
                          forbidden_pairs=params.forbidden_pairs, acceleration=acceleration,
                          pairing_score_adjustments=initial_scores(t, dict(explicit), bands),
                          virtual_points_hook=scores_before_last_round(t)
                          if params.pairing_scores == "before-last-round" else None,
                          pairing_numbers=numbers, language=params.language or DEFAULT_LANGUAGE,
                          system=getattr(params, "system", None), avoid_same=params.avoid_same,
                          avoid_same_rounds=params.avoid_same_rounds, strict_colours=params.strict_colours,
                          maxi_tournament=params.maxi_tournament)


def _colour_name(c: Colour | None) -> str | None:
    return None if c is None else ("white" if c is Colour.WHITE else "black")


def _pairing_body(p: RoundPairing, system: str, warnings: list[Issue]) -> dict[str, Any]:
    boards: list[dict[str, Any]] = []
    for b in p.pairs:
        e = b.explanation
        boards.append({"board": b.board, "white": b.white, "black": b.black, "explanation": {
            "text": e.text, "white_score": number(e.white_score), "black_score": number(e.black_score),
            "white_pairing_score": number(e.white_pairing_score),
            "black_pairing_score": number(e.black_pairing_score), "bracket_score": number(e.bracket_score),
            "floats": {str(k): v for k, v in e.floats.items()},
            "float_history": {str(k): v for k, v in e.float_history.items()},
            "colour_rule": e.colour_rule, "colour_rule_text": e.colour_rule_text,
            "colour_preferences": {str(k): v for k, v in e.colour_preferences.items()}}})
        if e.details:
            boards[-1]["explanation"]["details"] = {str(k): jsonable(v) for k, v in e.details.items()}
    return {
        "round": p.round, "system": system, "pairings": boards,
        "byes": [{"id": y.id, "type": y.type, "points": number(y.points), "reason": y.reason} for y in p.byes],
        "initial_colour": _colour_name(p.initial_colour), "initial_colour_source": p.initial_colour_source,
        "seed": p.seed, "acceleration": p.acceleration, "summary": jsonable(p.summary), "notes": p.notes,
        "warnings": [warning_dict(w) for w in [*warnings, *p.warnings]],
    }


def _berger(t: Tournament, round_number: int | None, warnings: list[Issue], lang: str
            ) -> tuple[dict[str, Any], Tournament]:
    r = round_number or t.rounds_played + 1
    rnd = pair_tournament_round(t, r)
    note, rest = berger_texts(lang)
    body = {"round": r, "system": "berger",
            "pairings": [{"board": b.board, "white": b.white, "black": b.black} for b in rnd.pairings],
            "byes": [{"id": sn, "type": "rest", "points": 0, "reason": rest} for sn in rnd.rest],
            "notes": [note],
            "warnings": [warning_dict(w) for w in warnings]}
    out = _with_round(t, r, [(int(b.white), int(b.black)) for b in rnd.pairings], [int(x) for x in rnd.rest])
    return body, out


def _with_round(t: Tournament, r: int, pairs: list[tuple[int, int]], rest: list[int]) -> Tournament:
    out = copy.deepcopy(t)
    for p in out.players.values():
        while len(p.rounds) < r:
            p.rounds.append(RoundEntry(None, None, Result.NOT_PAIRED))
    for white, black in pairs:
        out.players[white].rounds[r - 1] = RoundEntry(black, Colour.WHITE, Result.NOT_PAIRED)
        out.players[black].rounds[r - 1] = RoundEntry(white, Colour.BLACK, Result.NOT_PAIRED)
    for sn in rest:
        out.players[sn].rounds[r - 1] = RoundEntry(None, None, Result.ZERO_POINT_BYE)
    return out


def _resolve(t: Tournament, requested: str | None) -> systems.Resolved:
    resolved = systems.resolve(t, requested)
    if resolved.kind == "team":
        raise InputError(Message.of("error.pairing.team-tournament"), code="team-tournament",
                         field="system")
    if resolved.kind == "knockout":
        raise InputError(Message.of("error.pairing.knockout", source=resolved.source, declared=resolved.declared,
                                    can_pair=systems.can_pair()), code="unsupported-system", field="system")
    return resolved


def _pair(t: Tournament, params: PairingsRequest, warnings: list[Issue]) -> tuple[dict[str, Any], Tournament]:
    require_individual_event(t, "POST /v1/team-pairings")
    t, rule_warnings = apply_organiser_rules(t, **params.organiser_rules(), total_rounds=params.total_rounds)
    warnings = warnings + rule_warnings
    resolved = _resolve(t, params.system)
    if resolved.kind == "round-robin":
        warnings = warnings + list(resolved.warnings)
        if params.pairing_numbers == "lot":
            raise InputError(Message.of("error.pairing.berger-numbers"),
                             field="pairing_numbers")
        return _berger(t, params.round, warnings, params.language or DEFAULT_LANGUAGE)
    options = _options(params, t, warnings)
    pairing = pair_round(t, params.round, options)
    body = _pairing_body(pairing, pairing.system, warnings)
    if options.pairing_numbers:
        body["pairing_numbers"] = drawn_numbers(dict(options.pairing_numbers), lot_seed(options.seed))
        body["notes"].append(drawn_note(lot_seed(options.seed), options.language))
    return body, apply_pairing(t, pairing)


def _check(t: Tournament, params: CheckRequest, warnings: list[Issue]) -> dict[str, Any]:
    require_individual_event(t, "POST /v1/team-pairings")
    t, rule_warnings = apply_organiser_rules(t, **params.organiser_rules(), total_rounds=params.total_rounds)
    resolved = _resolve(t, params.system)
    if resolved.system is None:
        raise InputError(Message.of("error.pairing.checker-round-robin", source=resolved.source, declared=resolved.declared,
                                    can_pair=systems.can_pair()), code="not-a-swiss-tournament", field="system")
    warnings = warnings + rule_warnings + list(resolved.warnings)
    found: list[RoundDiscrepancy] = check_tournament(t, _options(params, t))
    return {"rounds_checked": t.rounds_played, "system": resolved.system.id,
            "discrepancies": [{"round": d.round, "criterion": d.criterion, "message": d.message,
                               "file_pairs": [list(p) for p in d.file_pairs],
                               "engine_pairs": [list(p) for p in d.engine_pairs],
                               "file_pab": d.file_pab, "engine_pab": d.engine_pab} for d in found],
            "warnings": [warning_dict(w) for w in warnings]}


def pairings(job: JobRequest) -> JobAnswer:
    params, loaded = read_request(job, PairingsRequest)
    params.language = preferred_language(job.accept_language, params.language)  # type: ignore[assignment]
    body, paired = _pair(loaded.tournament, params, loaded.warnings)
    if wants_text(job, params.format):
        return text_answer(job, write_trf(paired))
    return json_answer(job, body)


def check(job: JobRequest) -> JobAnswer:
    params, loaded = read_request(job, CheckRequest)
    params.language = preferred_language(job.accept_language, params.language)  # type: ignore[assignment]
    return json_answer(job, _check(loaded.tournament, params, loaded.warnings))


class RandomTournamentRequest(StrictJson):
    players: int = Field(..., ge=2, le=500, description="Number of players.")
    rounds: int = Field(..., ge=1, le=20, description="Number of rounds (fewer than the players, for no rematch).")
    draw_rate: float = Field(0.3, ge=0, le=1, description="Share of games drawn.")
    forfeit_rate: float = Field(0.0, ge=0, le=1, description="Share of games lost by forfeit.")
    bye_rate: float = Field(0.0, ge=0, le=1, description="Share of players asking for a half-point bye per round.")
    seed: int = Field(0, ge=0, le=2**63 - 1, description="Seed of the generator: the same seed, the same event.")
    win: float = Field(1, ge=0, le=100, description="Points for a win (3 for 3/1/0).")
    draw: float = Field(0.5, ge=0, le=100, description="Points for a draw.")
    lowest_rating: int = Field(1000, ge=0, le=4000, description="Lowest rating drawn.")
    highest_rating: int = Field(2800, ge=0, le=4000, description="Highest rating drawn.")
    initial_colour: Literal["W", "B"] | None = Field(None, description="Colour of the top seed in round 1 (else by "
                                                                       "lot).")
    system: str = Field(systems.DEFAULT, max_length=20, description="Swiss system pairing every round: "
                        + ", ".join(systems.system_ids()) + ".", json_schema_extra={"enum": SWISS_IDS})
    format: Literal["trf", "json"] = Field("trf", description="trf: TRF-2026 text; json: the JSON form.")


class RandomTournamentResponse(BaseModel):
    """`format=json`: the generated tournament in the JSON form."""

    tournament: TournamentSchema = Field(..., description="The generated tournament (JSON form, docs/json-format.md).")


def _generate(body: RandomTournamentRequest) -> Tournament:
    win, draw = Fraction(str(body.win)), Fraction(str(body.draw))
    scoring = ScoringSystem.from_win_draw_loss(win, draw, Fraction(0))
    colour = None if body.initial_colour is None else (Colour.WHITE if body.initial_colour == "W" else Colour.BLACK)
    return generate_tournament(body.players, body.rounds, body.draw_rate, body.forfeit_rate, body.bye_rate,
                               body.seed, scoring=scoring, lowest_rating=body.lowest_rating,
                               highest_rating=body.highest_rating, initial_colour=colour, system=body.system)


def random_tournament(job: JobRequest) -> JobAnswer:
    body = read_json_options(job, RandomTournamentRequest)
    if body.lowest_rating > body.highest_rating:
        raise InputError(Message.of("error.generator.ratings"), field="lowest_rating")
    if body.rounds >= body.players and body.players % 2 == 0 or body.rounds > body.players:
        raise InputError(Message.of("error.generator.rematches", rounds=body.rounds, players=body.players),
                         field="rounds")
    t = _generate(body)
    if body.format == "json":
        return json_answer(job, {"tournament": tournament_to_dict(t)})
    return text_answer(job, write_trf(t))
