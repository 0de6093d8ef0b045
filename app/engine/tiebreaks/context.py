"""What every tie-break sees: the participants, the options, the resolved specifier.

A `Context` lives for one standings computation. It caches what several specifiers
share (adjusted scores, Buchholz contributions, performance ratings, ...) under a key
that names the configuration, so `BH`, `BH/C1`, `BH/M2`, `AOB` ... are computed from
one pass over the rounds.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar, cast

from app.engine.errors import InputError, Issue
from app.engine.messages import Message
from app.engine.model import Tournament
from app.engine.numbers import json_number
from app.engine.system import PairingSystem
from app.engine.tiebreaks.editions import Edition
from app.engine.tiebreaks.field import GP, MP, Field
from app.engine.tiebreaks.registry import Scope
from app.engine.tiebreaks.specifiers import Specifier

Key = int | Fraction
T = TypeVar("T")


@dataclass(frozen=True)
class StandingsOptions:
    """Options of a standings computation (all optional)."""

    edition: str | Edition | None = None  # C.07 edition; default from the start date (042)
    after_round: int | None = None  # standings after round n
    unrated_rating: int | None = None  # rating given to unrated players for rating tie-breaks
    system: str | None = None  # "swiss" / "round-robin" / "double-round-robin" override
    language: str = "en"  # explanations: "en" or "zh"
    lots_seed: int | None = None  # seed for drawing lots (a fresh one is drawn and returned if None)
    ties: str = "shared"  # remaining ties: "shared" ranks, or "lots"
    keep_at_least: int | None = None  # cut/median variants keep at least this many values (seed 001: 7)
    exact_averages: bool = False  # AOB/SSSC exact instead of rounded to 2 decimals (as the reference)
    # Reproduce two slips of the reference engine (TieBreakServer 1.9.57), see docs/divergences.md:
    # a Fore Buchholz computation changes the adjusted scores used by later specifiers, and a repeated
    # encounter resets the count of opponents met in direct encounter.
    reference_quirks: bool = False
    # Conrad-style events (seed 002): the primary score is the sum of each participant's N best rounds.
    best_rounds: int | None = None
    # McMahon (seed 002): initial scores counted in the primary score, per player (start number, score)
    # and by rating band (lowest rating, score); see app/engine/mcmahon.py.
    initial_scores: tuple[tuple[int, Fraction], ...] = ()
    mcmahon_bands: tuple[tuple[int, Fraction], ...] = ()

    @property
    def mcmahon(self) -> bool:
        return bool(self.initial_scores or self.mcmahon_bands)


@dataclass(frozen=True)
class Resolved:
    """A specifier with its defaults filled in for this tournament."""

    spec: Specifier
    score: int  # score type compared (opponent's score for ESB)
    own_score: int  # score type of the own result (ESB, SB); = score otherwise
    edition: Edition
    predetermined: bool  # forfeits count as played (/P; default in round robins unless /S)
    swiss_rule: bool  # /S: Swiss rules in a round robin (DE 6.3)
    unrated: int | None  # rating of unrated players

    @property
    def code(self) -> str:
        return self.spec.code


@dataclass
class Column:
    """Values of a value tie-break: `keys[i] / scale` is participant i's value (None = undefined)."""

    keys: list[Key | None]
    scale: int = 1
    explain: Callable[[int, str], str] | None = None
    # The explanations of many participants at once (same texts as `explain`), where a column can set
    # up its words once per language rather than once per participant.
    explain_many: Callable[[list[int], str], list[str]] | None = None

    def number(self, i: int) -> int | float | None:
        """The value as a plain number (int when whole, else the nearest float): for JSON answers."""
        k = self.keys[i]
        if k is None:
            return None
        if isinstance(k, int):
            whole, rest = divmod(k, self.scale)
            return whole if rest == 0 else k / self.scale
        return json_number(k / self.scale)

    def numbers(self, indices: list[int]) -> list[int | float | None]:
        """`number(i)` for each i of `indices`."""
        keys = list(map(self.keys.__getitem__, indices))
        if set(map(type, keys)) <= {int}:  # integer units: the common case
            scale = self.scale
            if scale == 1:  # counts, ratings, positions ...
                return cast(list[int | float | None], keys)
            return [k // scale if k % scale == 0 else k / scale for k in cast(list[int], keys)]
        return [self.number(i) for i in indices]

    def explanations(self, indices: list[int], lang: str) -> list[str]:
        """The explanation of each participant of `indices`."""
        if self.explain_many is not None:
            return self.explain_many(indices, lang)
        explain = self.explain
        if explain is None:
            return [""] * len(indices)
        return [explain(i, lang) for i in indices]

    def value(self, i: int) -> Fraction | None:
        k = self.keys[i]
        if k is None:
            return None
        return Fraction(k, self.scale) if isinstance(k, int) else k / self.scale


@dataclass
class Partition:
    """What a group tie-break made of the tied groups: for each group given, its ordered
    sub-groups (best first)."""

    groups: list[list[list[int]]]
    explain: Callable[[int, str], str] | None = None


@dataclass
class Context:
    tournament: Tournament
    field: Field
    options: StandingsOptions
    system: PairingSystem
    edition: Edition
    primary: int  # GP or MP
    lots_seed: int = 0  # seed of the drawing of lots (returned with the standings)
    fore_seen: bool = False  # reference_quirks: a Fore Buchholz computation has run
    initial_scores: dict[int, Fraction] = dataclasses.field(default_factory=dict)  # McMahon, by participant id
    warnings: list[Issue] = dataclasses.field(default_factory=list)
    cache: dict[Any, Any] = dataclasses.field(default_factory=dict)

    @property
    def round_robin(self) -> bool:
        return self.system.is_round_robin

    def cached(self, key: Any, build: Callable[[], T]) -> T:
        if key not in self.cache:
            self.cache[key] = build()
        value: T = self.cache[key]
        return value

    def resolve(self, spec: Specifier) -> Resolved:
        info = spec.info
        team = self.field.is_team
        if team and info.scope is Scope.INDIVIDUAL:
            raise InputError(Message.of("error.tiebreak.individual-in-team", specifier=spec.text, code=info.code),
                             field=spec.text)
        if not team and info.scope is Scope.TEAM:
            raise InputError(Message.of("error.tiebreak.team-in-individual", specifier=spec.text, code=info.code),
                             field=spec.text)
        score = own = self.primary
        if spec.score:
            if not team:
                raise InputError(Message.of("error.tiebreak.team-score", specifier=spec.text, score=spec.score),
                                 field=spec.text)
            if spec.score in ("MP", "GP"):
                score = own = MP if spec.score == "MP" else GP
            else:  # ESB pair: the opponent's score, then the own result
                score, own = (MP if letter == "M" else GP for letter in spec.score)
        elif info.code == "ESB":
            # ESB without a pair: opponent's primary score times own secondary score (13.2).
            own = GP if self.primary == MP else MP
        predetermined = spec.played or (self.round_robin and not spec.swiss)
        return Resolved(spec, score, own, spec.edition or self.edition, predetermined, spec.swiss,
                        spec.unrated if spec.unrated is not None else self.options.unrated_rating)
