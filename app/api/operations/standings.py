"""Standings with tie-breaks (C.07): the operations behind POST /v1/standings and /v1/standings/compare,
and the catalogue and presets (GET /v1/tiebreaks, /v1/presets).

Runs in an engine process (app.api.worker); the routes are in app.api.routes.standings.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Sequence
from json.encoder import encode_basestring
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, WithJsonSchema, field_validator

from app.api.errors import ProblemException
from app.api.inputs import preferred_language, read_request
from app.api.job import JobAnswer, JobRequest, Limits
from app.api.language import current, say, warning_dict
from app.api.operations.common import SizedChunks, bytes_answer, json_answer
from app.api.schemas import IssueSchema, McMahonIn, OrganiserRulesIn
from app.engine.board_stats import board_statistics
from app.engine.messages import Language
from app.engine.model import Tournament
from app.engine.organiser import apply_organiser_rules
from app.engine.scoring_presets import SCORING_PRESETS
from app.engine.system import PairingSystem
from app.engine.tiebreaks import (
    PRESETS,
    OrderComparison,
    Standings,
    StandingsOptions,
    TiebreakValue,
    catalogue,
    compare_orders,
    compute_standings,
    preset,
)
from app.engine.tiebreaks.editions import Edition
from app.engine.tiebreaks.specifiers import MAX_SPECIFIER_LENGTH
from app.engine.tiebreaks.standings import StandingEntry, TiebreakRow
from app.formats.json_form import jsonable, number
from app.formats.json_schema import one_of

ADVICE = say("advice.standings")

MAX_LIST_TEXT = 4096  # a whole list as one comma- or space-separated text
# A specifier with its modifiers: its limit is documented here and checked by the tie-break parser, whose
# problem (specifier-too-long) names the specifier.
Specifier = Annotated[str, WithJsonSchema({"type": "string", "maxLength": MAX_SPECIFIER_LENGTH})]
TiebreakList = list[Specifier] | Annotated[str, Field(max_length=MAX_LIST_TEXT)]


class StandingsOptionsIn(OrganiserRulesIn, McMahonIn):
    """Options shared by /v1/standings and /v1/standings/compare."""

    preset: str | None = Field(None, max_length=60,
                               description="A preset id from GET /v1/presets (its list and options).")
    edition: Edition | None = Field(
        None, description="C.07 edition; default from the tournament's start date (never today's date).")
    round: int | None = Field(None, ge=0, le=999, description="Standings after round n (default: all played).")
    unrated_rating: int | None = Field(None, ge=0, le=4000,
                                       description="Rating given to unrated players for rating tie-breaks.")
    system: Annotated[str, *one_of([s.value for s in PairingSystem if s is not PairingSystem.KNOCKOUT],
                                   "a system with standings")] | None = Field(
        None, description="Override the tournament's system (else from 192/092 or the JSON field).")
    language: Language | None = Field(None, description="Explanations and warnings; default from Accept-Language.")
    lots_seed: int | None = Field(None, ge=0, le=2**63 - 1, description="Seed for drawing lots (reproducible).")
    ties: Literal["shared", "lots"] = Field("shared", description="Remaining ties: shared ranks or drawn by lot.")
    keep_at_least: int | None = Field(None, ge=1, le=999,
                                      description="Cut/median variants keep at least this many values.")
    exact_averages: bool = Field(False, description="AOB/SSSC exact instead of rounded to 2 decimals.")
    explanations: bool = Field(True, description="Include the plain-language explanation of every value.")
    best_rounds: int | None = Field(None, ge=1, le=999, description="Conrad-style events: the primary score is "
                                                                   "the sum of each participant's N best rounds.")
    reference_quirks: bool = Field(False, description="Reproduce the FIDE reference engine (TieBreakServer "
                                                      "1.9.57) where it departs from C.07 (docs/divergences.md).")


class StandingsRequest(StandingsOptionsIn):
    board_statistics: bool = Field(False, description="Team events: add each player's games, points, percentage "
                                                      "and performance per board (board prizes).")
    tiebreaks: TiebreakList | None = Field(
        None, description="Ordered tie-break specifiers (MTB26), a list or a comma/space separated string; may "
                          "begin with PTS (MPTS/GPTS for teams). Default: the TRF 212/202 record, else the "
                          "recommended order for the tournament type.",
        examples=[["BH/C1", "BH", "SB", "DE"]])


class CompareRequest(StandingsOptionsIn):
    orders: list[TiebreakList] = Field(..., min_length=1, max_length=10,
                                       description="Tie-break lists to compare side by side.",
                                       examples=[[["BH/C1", "BH", "SB"], ["SB", "BH/C1", "BH"]]])

    @field_validator("orders", mode="before")
    @classmethod
    def _one_form_field(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value  # a single multipart field


class TiebreakValueOut(BaseModel):
    code: str = Field(..., description="The tie-break's specifier, as in `tiebreaks` of the answer.", max_length=64)
    value: float | None = Field(..., description="The value as a JSON number; null where undefined.")
    explanation: str | None = Field(None, description="How the value was computed, in the answer's language "
                                                      "(left out with explanations=false).")


class StandingEntryOut(BaseModel):
    rank: int = Field(..., ge=1, description="Rank (equal ranks for shared places with ties=shared).")
    id: int = Field(..., description="Start number (teams: team number).")
    name: str = Field(..., description="The participant's name.", max_length=200)
    points: float = Field(..., description="The primary score (points, or match/game points for teams).")
    tiebreaks: list[TiebreakValueOut] = Field(..., description="One value per tie-break, in the order asked for.")
    decided_by: str | None = Field(..., description="The first criterion of the list (the primary score first) on "
                                                    "which this entry differs from the one ranked just above; "
                                                    "`lots` when only the drawing of lots tells them apart; null "
                                                    "for the first entry and for a shared rank.")
    initial_score: float | None = Field(None, description="McMahon (initial_scores or mcmahon_bands given): the "
                                                          "initial score counted in `points`.")
    points_explanation: str | None = Field(None, description="McMahon: how `points` is made up.")


class BoardPlayerOut(BaseModel):
    id: int = Field(..., description="The player's start number.")
    name: str = Field(..., description="The player's name.", max_length=200)
    team: int = Field(..., description="The player's team number.")
    games: int = Field(..., description="Games played over the board on this board (forfeits excluded).")
    points: float = Field(..., description="Points scored in those games.")
    percentage: float | None = Field(..., description="100 x points / games, rounded to 2 decimals.")
    performance: int | None = Field(..., description="TPR (ARO + dp) over the rated opponents on this board.")


class BoardStatisticsOut(BaseModel):
    board: int = Field(..., ge=1, description="Board number.")
    players: list[BoardPlayerOut] = Field(..., description="Everyone who played on this board, best first.")


class StandingsResponse(BaseModel):
    competitors: Literal["players", "teams"] = Field(..., description="Whether the entries are players or teams.")
    primary: str = Field(..., description="The primary score: PTS (points), MPTS or GPTS (team match or game "
                                          "points).")
    tiebreaks: list[str] = Field(..., description="The tie-break specifiers applied, in order.")
    list_source: str = Field(..., description="Where the list came from: request, 212, 202 or preset:<id>.")
    system: str = Field(..., description="The system the tie-breaks were computed for: swiss, round-robin or "
                                         "double-round-robin.")
    system_source: str = Field(..., description="Where the system came from (request, json, 192, 092, default).")
    edition: str = Field(..., description="The C.07 edition applied: 2026-03, 2024-08 or pre-2023.")
    edition_source: str = Field(..., description="Where the edition came from (request, start date, default).")
    rounds: int = Field(..., ge=0, description="The rounds counted (standings after this round).")
    lots_seed: int | None = Field(..., description="The seed of the lots drawn (ties=lots), else null.")
    standings: list[StandingEntryOut] = Field(..., description="The entries, best first.")
    warnings: list[IssueSchema] = Field(..., description="What the reader, the organiser rules and the tie-breaks "
                                                         "noticed; each with a stable `code`.")
    board_statistics: list[BoardStatisticsOut] | None = Field(None, description="With board_statistics=true "
                                                                                "(team events only).")


class RankChangeOut(BaseModel):
    id: int = Field(..., description="Start number (teams: team number).")
    name: str = Field(..., description="The participant's name.", max_length=200)
    ranks: list[int] = Field(..., description="The participant's rank under each order, in the order of `orders`.")


class CompareResponse(BaseModel):
    orders: list[StandingsResponse] = Field(..., description="The standings under each tie-break list, in the "
                                                             "order of the request.")
    changes: list[RankChangeOut] = Field(..., description="Participants whose rank differs between the orders.")


def _options(params: StandingsOptionsIn, language: str) -> tuple[StandingsOptions, str | None]:
    extra: dict[str, Any] = {}
    specifiers: str | None = None
    if params.preset is not None:
        p = preset(params.preset)
        specifiers = p.specifiers
        extra.update(p.options)
    explicit, bands = params.mcmahon_scores()
    options = StandingsOptions(
        edition=params.edition, after_round=params.round, unrated_rating=params.unrated_rating,
        system=params.system, language=language, lots_seed=params.lots_seed, ties=params.ties,
        keep_at_least=params.keep_at_least, exact_averages=params.exact_averages, best_rounds=params.best_rounds,
        reference_quirks=params.reference_quirks, initial_scores=explicit, mcmahon_bands=bands)
    if extra:
        options = dataclasses.replace(options, **{k: v for k, v in extra.items()
                                                  if getattr(params, k, None) is None})
    return options, specifiers


def _check_length(tiebreaks: TiebreakList | None, limits: Limits, where: str = "tiebreaks") -> None:
    if tiebreaks is None:
        return
    count = len(tiebreaks) if isinstance(tiebreaks, list) else len(tiebreaks.replace(",", " ").split())
    if count > limits.max_tiebreaks:
        raise ProblemException(422, "too-many-tiebreaks", say("too-many-tiebreaks", count=count,
                                                              limit=limits.max_tiebreaks), field=where)


def standings_body(s: Standings, explanations: bool) -> dict[str, Any]:
    """The answer as a dict (compare, tests); `/v1/standings` encodes the same document directly."""
    body = _standings_meta(s)
    body["standings"] = [
        {"rank": e.rank, "id": e.id, "name": e.name, "points": number(e.points),
         "tiebreaks": _tiebreak_values(s.tiebreaks, e.tiebreaks, explanations), "decided_by": e.decided_by,
         **_mcmahon_fields(e, explanations)}
        for e in s.entries
    ]
    return body


def standings_json(s: Standings, explanations: bool, extra: dict[str, Any], limits: Limits) -> bytes:
    """`standings_body(s, explanations) | extra` as JSON, with the standings encoded by hand: a big event has
    tens of thousands of values, and building a dict per value costs more than the computation of some."""
    encode = encode_basestring  # what json.dumps(text, ensure_ascii=False) does with a string, in C
    if s.columns or not s.tiebreaks:  # column by column (see Standings.value_columns)
        values = s.value_columns()
        texts = s.explanation_columns() if explanations else None
    else:  # entries made by hand
        by_row = [_numbers(e.tiebreaks) for e in s.entries]
        values = [[row[k] for row in by_row] for k in range(len(s.tiebreaks))]
        texts_by_row = [_explanations(e.tiebreaks) for e in s.entries] if explanations else None
        texts = None if texts_by_row is None else [[row[k] for row in texts_by_row] for k in range(len(s.tiebreaks))]
    # Every cell '{"code":..,"value":..,"explanation":..}', a column at a time.
    cells: list[list[str]] = []
    for k, code in enumerate(s.tiebreaks):
        head = f'{{"code":{encode(code)},"value":'
        if texts is None:
            cells.append([f'{head}{_json_number(v)}}}' for v in values[k]])
        else:
            cells.append([f'{head}{_json_number(v)},"explanation":{encode(x)}}}'
                          for v, x in zip(values[k], texts[k], strict=True)])
            texts[k] = []  # a big answer keeps one copy of its explanations: the encoded one
    meta = json.dumps({**_standings_meta(s), **extra}, ensure_ascii=False, separators=(",", ":"))
    # The answer is assembled from bytes, row by row: a big answer is not copied again as one string, and one
    # over the response limit is refused as soon as it passes it.
    chunks = SizedChunks(limits, ADVICE)
    chunks.add(meta[:-1].encode())
    chunks.add(b',"standings":[')
    rows: Iterable[tuple[str, ...]] = zip(*cells, strict=True) if cells else [()] * len(s.entries)
    comma = b""
    for e, row in zip(s.entries, rows, strict=True):
        chunks.add(comma + f'{{"rank":{e.rank},"id":{e.id},"name":{encode(e.name)},'
                   f'"points":{_json_number(number(e.points))},"tiebreaks":[{",".join(row)}],'
                   f'"decided_by":{"null" if e.decided_by is None else encode(e.decided_by)}'
                   f'{_mcmahon_json(e, explanations)}}}'.encode())
        comma = b","
    chunks.add(b"]}")
    return chunks.join()


def _mcmahon_fields(e: StandingEntry, explanations: bool) -> dict[str, Any]:
    """McMahon standings: the initial score counted in `points`, and how."""
    if e.initial_score is None:
        return {}
    out: dict[str, Any] = {"initial_score": number(e.initial_score)}
    if explanations and e.points_explanation is not None:
        out["points_explanation"] = e.points_explanation()
    return out


def _mcmahon_json(e: StandingEntry, explanations: bool) -> str:
    fields = _mcmahon_fields(e, explanations)
    return "," + json.dumps(fields, ensure_ascii=False, separators=(",", ":"))[1:-1] if fields else ""


def _json_number(v: int | float | None) -> str:
    return "null" if v is None else repr(v)


def _numbers(row: Sequence[TiebreakValue]) -> list[int | float | None]:
    return row.numbers() if isinstance(row, TiebreakRow) else [number(tb.value) for tb in row]


def _explanations(row: Sequence[TiebreakValue]) -> list[str]:
    return row.explanations() if isinstance(row, TiebreakRow) else [tb.explanation for tb in row]


def _standings_meta(s: Standings) -> dict[str, Any]:
    return {
        "competitors": "teams" if s.team else "players",
        "primary": s.primary,
        "tiebreaks": s.tiebreaks,
        "list_source": s.list_source,
        "system": s.system,
        "system_source": s.system_source,
        "edition": s.edition,
        "edition_source": s.edition_source,
        "rounds": s.rounds,
        "lots_seed": s.lots_seed,
        "warnings": [warning_dict(w, s.language) for w in s.warnings],
    }


def _tiebreak_values(codes: list[str], row: Sequence[TiebreakValue], explanations: bool) -> list[dict[str, Any]]:
    values = _numbers(row)
    if not explanations:
        return [{"code": c, "value": v} for c, v in zip(codes, values, strict=True)]
    return [{"code": c, "value": v, "explanation": x} for c, v, x in zip(codes, values, _explanations(row),
                                                                              strict=True)]




def _standings(t: Tournament, tiebreaks: TiebreakList | None, options: StandingsOptions, explanations: bool,
               reader_warnings: list[Any], with_boards: bool, rules: dict[str, Any], limits: Limits) -> bytes:
    t, rule_warnings = apply_organiser_rules(t, **rules)
    s = compute_standings(t, tiebreaks, options)
    body: dict[str, Any] = {"warnings": [warning_dict(w, s.language) for w in [*reader_warnings, *rule_warnings,
                                                                                  *s.warnings]]}
    if with_boards and s.team:
        body["board_statistics"] = [
            {"board": b.board, "players": [
                {"id": p.id, "name": p.name, "team": p.team, "games": p.games, "points": number(p.points),
                 "percentage": None if p.percentage is None else round(float(p.percentage), 2),
                 "performance": p.performance} for p in b.players]}
            for b in board_statistics(t, after_round=s.rounds, unrated_rating=options.unrated_rating)]
    elif with_boards:
        body["warnings"].append({"code": "board-statistics-ignored", "field": "board_statistics",
                                 "message": say("warning.board-statistics-ignored").render(current())})
    return standings_json(s, explanations, body, limits)


def standings(job: JobRequest) -> JobAnswer:
    params, loaded = read_request(job, StandingsRequest)
    _check_length(params.tiebreaks, job.limits)
    options, preset_list = _options(params, preferred_language(job.accept_language, params.language))
    tiebreaks = params.tiebreaks if params.tiebreaks is not None else preset_list
    body = _standings(loaded.tournament, tiebreaks, options, params.explanations, loaded.warnings,
                      params.board_statistics, params.organiser_rules(), job.limits)
    return bytes_answer(job, body, advice=ADVICE)


def compare(job: JobRequest) -> JobAnswer:
    params, loaded = read_request(job, CompareRequest)
    for k, order in enumerate(params.orders):
        _check_length(order, job.limits, f"orders[{k}]")
    options, _ = _options(params, preferred_language(job.accept_language, params.language))
    t, rule_warnings = apply_organiser_rules(loaded.tournament, **params.organiser_rules())
    result: OrderComparison = compare_orders(t, params.orders, options)
    for s in result.standings:
        s.warnings[:0] = rule_warnings
    body = {"orders": [standings_body(s, params.explanations) for s in result.standings],
            "changes": [{"id": c.id, "name": c.name, "ranks": c.ranks} for c in result.changes]}
    return json_answer(job, body, advice=ADVICE)


class TiebreakFormOut(BaseModel):
    specifier: str = Field(..., description="A form of the tie-break in the canonical specifier syntax, e.g. BH/M1.")
    names: dict[str, str] = Field(..., description="Its name in every language, by language (empty: unnamed).")
    aliases: list[str] = Field(..., description="Words that name this form (seed abbreviations, Chinese terms).")


class TiebreakInfoOut(BaseModel):
    code: str = Field(..., description="The tie-break's code (MTB26), e.g. BH, SB, DE.", max_length=16)
    name_en: str = Field(..., description="Name in English.")
    name_zh: str = Field(..., description="Name in Chinese.")
    type: str = Field(..., description="C.07 type: A, B, C, D or a combination.")
    source: str = Field(..., description="Where it is defined (C.07 article, national regulation).")
    definition_en: str = Field(..., description="Definition in English.")
    definition_zh: str = Field(..., description="Definition in Chinese.")
    names: dict[str, str] = Field(..., description="The name in every language, by language.")
    definitions: dict[str, str] = Field(..., description="The definition in every language, by language.")
    modifiers: list[str] = Field(..., description="Modifiers it takes (`/C1`, `/M1`, `/P`, ...).")
    higher_is_better: bool = Field(..., description="Whether a higher value ranks higher.")
    scope: str = Field(..., description="individual, team or both")
    aliases: list[str] = Field(..., description="Other codes and words accepted for this code.")
    forms: list[TiebreakFormOut] = Field(..., description="Forms with modifiers that have names of their own.")
    matched: str | None = Field(None, description="With `q`: the code or form whose name or alias matched.")
    recursive: bool = Field(..., description="Applied to each still-tied group in turn (like DE).")


class CatalogueResponse(BaseModel):
    tiebreaks: list[TiebreakInfoOut] = Field(..., description="Every tie-break the service computes.")


def catalogue_body(q: str | None = None) -> dict[str, Any]:
    """The catalogue; with `q`, the entries whose code, names, aliases or forms hold the words, best first."""
    return {"tiebreaks": [{k: v for k, v in info.items() if k in TiebreakInfoOut.model_fields}
                          for info in catalogue(q)]}


class PresetOptionsOut(BaseModel):
    """Standings options a preset sets (a request's own option wins)."""

    keep_at_least: int | None = Field(None, ge=1, description="Cut/median variants keep at least this many values.")


class PresetOut(BaseModel):
    id: str = Field(..., description="The preset's id: `preset` of a standings request.", max_length=60)
    name_en: str = Field(..., description="Name in English.")
    name_zh: str = Field(..., description="Name in Chinese.")
    names: dict[str, str] = Field(..., description="The name in every language, by language.")
    tiebreaks: list[str] = Field(..., description="The tie-break specifiers, in order.")
    source: str = Field(..., description="The regulation it comes from.")
    options: PresetOptionsOut = Field(..., description="Standings options the preset sets.")


Number = int | float


class ScoringOut(BaseModel):
    win: Number = Field(..., description="Points for a win.")
    draw: Number | None = Field(..., description="Points for a draw; null: the game has no draws.")
    loss: Number = Field(..., description="Points for a loss.")
    pairing_allocated_bye: Number = Field(..., description="Points for the pairing-allocated bye (PAB).")
    half_point_bye: Number = Field(..., description="Points for a requested half-point bye.")
    forfeit_win: Number = Field(..., description="Points for a win by forfeit.")
    forfeit_loss: Number = Field(..., description="Points for a loss by forfeit.")


class ScoringPresetOut(BaseModel):
    id: str = Field(..., description="The preset's id: `scoring_preset` of a request or the JSON form.",
                    max_length=20)
    name_en: str = Field(..., description="Name in English.")
    name_zh: str = Field(..., description="Name in Chinese.")
    draws: bool = Field(..., description="false: a drawn game is refused (422).")
    scoring: ScoringOut = Field(..., description="Points per result.")
    source: str = Field(..., description="The seed document it comes from.")


class PresetsResponse(BaseModel):
    presets: list[PresetOut] = Field(..., description="FIDE and national tie-break orders.")
    scoring_presets: list[ScoringPresetOut] = Field(
        ..., description="Points per game by name (`scoring_preset` in the JSON form or as a request option).")


def presets_body() -> dict[str, Any]:
    return {"presets": [{"id": p.id, "name_en": p.name("en"), "name_zh": p.name("zh"),
                         "names": p.as_dict()["names"], "tiebreaks": p.specifiers.split(), "source": p.source(),
                         "options": p.options} for p in PRESETS],
            "scoring_presets": [jsonable(p.as_dict()) for p in SCORING_PRESETS]}
