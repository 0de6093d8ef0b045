"""Standings: rank a tournament by a list of tie-break specifiers, with explanations.

    standings = compute_standings(tournament, "PTS BH/C1 BH SB DE", StandingsOptions(language="zh"))

Without a list the TRF `212` record is used, else `202` (the score first), else the
recommended order for the tournament type (see presets.py).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import overload

from app.engine.errors import InputError, Issue
from app.engine.mcmahon import initial_scores
from app.engine.messages import Message, check_language, warning
from app.engine.model import Tournament
from app.engine.system import PairingSystem, tournament_system
from app.engine.tiebreaks.context import Column, Context, Partition, Resolved, StandingsOptions
from app.engine.tiebreaks.editions import Edition, edition_for, parse_edition
from app.engine.tiebreaks.encounter import positions
from app.engine.tiebreaks.field import GP, MP, Field, individual_field, team_field
from app.engine.tiebreaks.ranking import Ranking, decided_by, split_by_keys
from app.engine.tiebreaks.registry import EDITION, UNRATED
from app.engine.tiebreaks.specifiers import Specifier, parse_specifier, parse_specifiers, split_specifiers

LOTS = "lots"


@dataclass(frozen=True, slots=True)
class TiebreakValue:
    """One tie-break of one participant: `code` as requested, `value` (exact; None =
    undefined) and `explanation` (the arithmetic in words, produced on access)."""

    code: str
    value: Fraction | None
    _explain: Callable[[], str] = field(repr=False, compare=False)

    @property
    def explanation(self) -> str:
        return self._explain()

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "value": self.value, "explanation": self.explanation}


class TiebreakRow(Sequence[TiebreakValue]):
    """A participant's tie-breaks in the order requested (values built on access)."""

    __slots__ = ("_codes", "_columns", "_index", "_language")

    def __init__(self, codes: list[str], columns: list[Column], index: int, language: str) -> None:
        self._codes = codes
        self._columns = columns
        self._index = index
        self._language = language

    def __len__(self) -> int:
        return len(self._codes)

    @overload
    def __getitem__(self, k: int) -> TiebreakValue: ...

    @overload
    def __getitem__(self, k: slice) -> list[TiebreakValue]: ...

    def __getitem__(self, k: int | slice) -> TiebreakValue | list[TiebreakValue]:
        if isinstance(k, slice):
            return [self[j] for j in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError(k)
        column, i, lang = self._columns[k], self._index, self._language
        explain = column.explain
        return TiebreakValue(self._codes[k], column.value(i),
                             (lambda: explain(i, lang)) if explain is not None else (lambda: ""))

    def numbers(self) -> list[int | float | None]:
        """The values as plain numbers (int when whole, else the nearest float), without building objects."""
        i = self._index
        return [column.number(i) for column in self._columns]

    def explanations(self) -> list[str]:
        i, lang = self._index, self._language
        return [column.explain(i, lang) if column.explain is not None else "" for column in self._columns]

    def __repr__(self) -> str:
        return repr(list(self))


@dataclass
class StandingEntry:
    rank: int
    id: int  # start number, or team number
    name: str
    points: Fraction  # the primary score
    tiebreaks: Sequence[TiebreakValue]  # aligned with Standings.tiebreaks
    decided_by: str | None  # first criterion on which it differs from the entry just above (None: first, shared)
    initial_score: Fraction | None = None  # McMahon: the initial score counted in `points`
    points_explanation: Callable[[], str] | None = field(default=None, repr=False, compare=False)  # McMahon


@dataclass
class Standings:
    entries: list[StandingEntry]  # in rank order
    primary: str  # PTS, MPTS or GPTS
    tiebreaks: list[str]  # the specifiers after the primary score, as requested
    list_source: str  # "request", "212", "202" or "preset:<id>"
    system: str
    system_source: str
    edition: str
    edition_source: str
    rounds: int
    team: bool
    lots_seed: int | None  # the seed used when lots were drawn
    warnings: list[Issue]
    # The tie-break columns and, per entry, its participant's index in them (see `value_columns`).
    columns: list[Column] = field(default_factory=list, repr=False, compare=False)
    order: list[int] = field(default_factory=list, repr=False, compare=False)
    language: str = "en"

    def by_id(self) -> dict[int, StandingEntry]:
        return {e.id: e for e in self.entries}

    def value_columns(self) -> list[list[int | float | None]]:
        """Every tie-break value as a plain number (int when whole, else the nearest float), column by
        column (as `tiebreaks`), each in rank order: what `entries[k].tiebreaks[j].value` gives, without
        building an object per value."""
        return [column.numbers(self.order) for column in self.columns]

    def explanation_columns(self) -> list[list[str]]:
        """Every explanation, laid out as `value_columns`. A column is explained participant after
        participant, which keeps what its explanations share at hand."""
        return [column.explanations(self.order, self.language) for column in self.columns]


@dataclass
class RankChange:
    id: int
    name: str
    ranks: list[int]  # rank under each order


@dataclass
class OrderComparison:
    standings: list[Standings]
    changes: list[RankChange]  # participants whose rank is not the same under every order


def _tiebreak_list(t: Tournament, specifiers: str | Iterable[str] | None, team: bool,
                   system: PairingSystem) -> tuple[list[Specifier], str]:
    requested = split_specifiers(specifiers) if isinstance(specifiers, str) else \
        [tok for s in specifiers or () for tok in split_specifiers(s)]
    if requested:  # an empty request means "the tournament's own list"
        return parse_specifiers(requested), "request"
    if t.tiebreaks_212 and t.tiebreaks_212.strip():
        return parse_specifiers(t.tiebreaks_212), "212"
    if t.tiebreaks_202 and t.tiebreaks_202.strip():
        return parse_specifiers(t.tiebreaks_202), "202"
    from app.engine.tiebreaks.presets import default_preset
    preset = default_preset(team, system)
    return parse_specifiers(preset.specifiers), f"preset:{preset.id}"


def _field(t: Tournament, options: StandingsOptions) -> Field:
    rounds = t.rounds_played
    if options.after_round is not None:
        if not 0 <= options.after_round <= t.recorded_rounds:
            raise InputError(Message.of("error.standings.after-round", last=t.recorded_rounds), field="after_round")
        rounds = options.after_round
    return team_field(t, rounds) if t.is_team_tournament else individual_field(t, rounds)


def compute_standings(tournament: Tournament, specifiers: str | Iterable[str] | None = None,
                      options: StandingsOptions | None = None) -> Standings:
    """Rank `tournament` by the specifiers (see specifiers.py), C.07 4.2."""
    return _compute_standings(tournament, specifiers, options or StandingsOptions())


def _compute_standings(tournament: Tournament, specifiers: str | Iterable[str] | None,
                       options: StandingsOptions) -> Standings:
    check_language(options.language)
    if options.ties not in ("shared", LOTS):
        raise InputError(Message.of("error.standings.ties", found=options.ties), field="ties")
    t = tournament
    team = t.is_team_tournament
    system, system_source = tournament_system(t, options.system)
    if options.system and system_source != "option":
        raise InputError(Message.of("error.standings.system", found=options.system), field="system")
    specs, list_source = _tiebreak_list(t, specifiers, team, system)
    if not specs[0].is_primary or (not team and specs[0].code == "GPTS"):  # GPTS: a tie-break of match rounds
        specs.insert(0, parse_specifier("MPTS" if team else "PTS"))
    primary_code = specs[0].code
    if not team and primary_code != "PTS":
        raise InputError(Message.of("error.standings.individual-score", specifier=specs[0].text), field=specs[0].text)
    primary = GP if primary_code == "GPTS" or not team else MP
    if options.edition is not None:
        edition, edition_source = parse_edition(options.edition), "option"
    else:
        edition, edition_source = edition_for(t.start_date)
    f = _field(t, options)
    needs_lots = options.ties == LOTS or any(s.code == "LOT" for s in specs)
    seed = options.lots_seed if options.lots_seed is not None else (secrets.randbits(32) if needs_lots else 0)
    ctx = Context(t, f, options, system, edition, primary, seed)
    if options.mcmahon:
        if team:
            raise InputError(Message.of("error.standings.mcmahon-individual"), field="initial_scores")
        ctx.initial_scores = initial_scores(t, dict(options.initial_scores), options.mcmahon_bands)
    ctx.warnings.extend(f.warnings)
    if t.teams and not team:
        ctx.warnings.append(warning("team-records-ignored", "warning.team-records-ignored", field="013/310"))
    if system_source == "default":
        ctx.warnings.append(warning("system-default", "warning.system-default", field="system"))
    if f.rounds < t.rounds_played:
        ctx.warnings.append(warning("after-round", "warning.after-round", after=f.rounds, played=t.rounds_played))
    if edition_source == "default":
        ctx.warnings.append(_default_edition(t.start_date, edition))
    ctx.warnings += [warning("edition-ignored", "warning.edition-ignored", specifier=s.canonical, field=s.canonical)
                     for s in specs if s.edition is not None and EDITION not in s.info.modifiers]
    resolved = [ctx.resolve(s) for s in specs]
    ranking, columns = _rank(ctx, resolved)
    ctx.warnings += _undefined_for_everyone(f, specs, columns)
    if options.ties == LOTS:
        ranking.draw_lots(seed)
    ranks = ranking.ranks()
    names = [s.canonical for s in specs] + [LOTS]
    codes, tb_columns = names[1:-1], columns[1:]
    order = [i for g in ranking.groups for i in sorted(g, key=lambda i: f.entrants[i].id)]
    separated = decided_by([c.keys for c in columns], order, ranks)  # C.07 4.2: the first criterion that differs
    entries = []
    unit = f.unit
    scores: dict[int, Fraction] = {}  # few distinct scores: one Fraction each
    for i, decided in zip(order, separated, strict=True):
        e = f.entrants[i]
        total = e.totals[primary]
        score = columns[0].value(i) if options.best_rounds is not None or ctx.initial_scores else (
            scores.get(total) or scores.setdefault(total, Fraction(total, unit)))
        entry = StandingEntry(ranks[i], e.id, e.name, score,  # type: ignore[arg-type]
                              TiebreakRow(codes, tb_columns, i, options.language),
                              names[decided] if decided is not None else None)
        if ctx.initial_scores:
            entry.initial_score = ctx.initial_scores.get(e.id, Fraction(0))
            entry.points_explanation = _explainer(columns[0], i, options.language)
        entries.append(entry)
    return Standings(entries, primary_code, names[1:-1], list_source, system.value, system_source,
                     edition.value, edition_source, f.rounds, team, seed if needs_lots else None, ctx.warnings,
                     tb_columns, order, options.language)


def _default_edition(start: str | None, edition: Edition) -> Issue:
    """The C.07 edition was not chosen by the request nor read from a start date (042)."""
    if start and start.strip():
        return warning("edition-default", "warning.edition-default.unreadable", start=start.strip(),
                       edition=edition.value, field="042", text=start.strip())
    return warning("edition-default", "warning.edition-default.no-date", edition=edition.value, field="042")


# How many participants a warning names before it says how many more there are.
_NAMED_AT_MOST = 10


def _undefined_for_everyone(f: Field, specs: Sequence[Specifier], columns: Sequence[Column]) -> list[Issue]:
    """A criterion without a value for any participant ranks nobody: say which, and why."""
    if not f.entrants:
        return []
    undefined = [s for s, c in zip(specs, columns, strict=True) if c.keys.count(None) == len(c.keys)]
    unrated = [e.id for e in f.entrants if e.rating is None]
    # C.07 10: the rating tie-breaks (those taking /U) are undefined for all while an unrated player has none
    rating_based = [s for s in undefined if UNRATED in s.info.modifiers] if unrated else []
    others = [s.canonical for s in undefined if s not in rating_based]
    out = []
    if rating_based:
        more = len(unrated) - _NAMED_AT_MOST
        out.append(warning("unrated-players", "warning.unrated-players.more" if more > 0 else "warning.unrated-players",
                           specifiers=", ".join(s.canonical for s in rating_based), count=len(unrated),
                           players=", ".join(map(str, unrated[:_NAMED_AT_MOST])), more=more,
                           example=f"{rating_based[0].code}/U1000", field="unrated_rating"))
    if others:
        out.append(warning("tiebreak-undefined", "warning.tiebreak-undefined", specifiers=", ".join(others),
                           field="tiebreaks"))
    return out


def _explainer(column: Column, i: int, language: str) -> Callable[[], str]:
    explain = column.explain
    return (lambda: explain(i, language)) if explain is not None else (lambda: "")


def _rank(ctx: Context, resolved: Sequence[Resolved]) -> tuple[Ranking, list[Column]]:
    n = len(ctx.field.entrants)
    ranking = Ranking.start(n)
    columns: list[Column] = []
    done: dict[tuple[object, ...], Column] = {}  # a value criterion asked twice (REP and its alias GE)
    for rs in resolved:
        info = rs.spec.info
        tied = ranking.tied_groups()
        if info.separate is not None:
            part: Partition = info.separate(ctx, rs, tied)
            columns.append(Column(list(positions(part.groups, n)), 1, part.explain))
            if tied:
                ranking.apply(part.groups)
            continue
        assert info.compute is not None
        same = (rs.spec.canonical, rs.score, rs.own_score, rs.edition, rs.predetermined, rs.swiss_rule, rs.unrated,
                ctx.fore_seen)
        column = done.get(same) or done.setdefault(same, info.compute(ctx, rs))
        columns.append(column)
        if tied:
            higher_first = info.higher_is_better != rs.spec.reverse
            ranking.apply([split_by_keys(g, column.keys, higher_first) for g in tied])
    return ranking, columns


def compare_orders(tournament: Tournament, orders: Sequence[str | Iterable[str]],
                   options: StandingsOptions | None = None) -> OrderComparison:
    """The standings under several tie-break lists, and who changes rank between them."""
    if not orders:
        raise InputError(Message.of("error.standings.no-orders"), field="orders")
    options = options or StandingsOptions()
    if options.lots_seed is None and options.ties == LOTS:  # the same draw for every order
        options = replace(options, lots_seed=secrets.randbits(32))
    results = [compute_standings(tournament, order, options) for order in orders]
    per_order = [s.by_id() for s in results]
    changes = []
    for entry in results[0].entries:
        ranks = [m[entry.id].rank for m in per_order]
        if len(set(ranks)) > 1:
            changes.append(RankChange(entry.id, entry.name, ranks))
    changes.sort(key=lambda c: (min(c.ranks), c.id))
    return OrderComparison(results, changes)
