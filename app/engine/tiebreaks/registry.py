"""The catalogue of tie-breaks: every code with its metadata and its implementation.

Each tie-break module registers its codes with `register(...)`. Two shapes exist:

* a *value* tie-break (`compute`) gives one value per participant, compared across a
  tied group (BH, SB, WIN, ARO, ...);
* a *group* tie-break (`separate`, C.07 type A and the recursive board/national
  criteria) orders one tied group at a time and is recomputed on every sub-group that
  is still tied (DE, EDE, TBR, BBE, iterated Solkoff, ...).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from app.engine.messages import DEFAULT_LANGUAGE, messages

if TYPE_CHECKING:
    from app.engine.tiebreaks.context import Column, Context, Partition, Resolved


class Scope(StrEnum):
    INDIVIDUAL = "individual"
    TEAM = "team"
    BOTH = "both"


# Modifier letters a tie-break may accept (see specifiers.py).
CUT = "C"
MEDIAN = "M"
LIMIT = "L"
DIVISOR = "K"
PLAYED = "P"  # forfeits count as played against the scheduled opponent
FORE = "F"
REVERSE = "R"
SWISS = "S"
UNRATED = "U"
EDITION = "V"
SCORE = ":"  # :MP / :GP
SCORE_PAIR = "::"  # ESB :MM :MG :GM :GG
# Each modifier's name in the catalogues (`modifier.<name>`).
MODIFIER_IDS = {CUT: "cut", MEDIAN: "median", LIMIT: "limit", DIVISOR: "divisor", PLAYED: "played", FORE: "fore",
                REVERSE: "reverse", SWISS: "swiss", UNRATED: "unrated", EDITION: "edition", SCORE: "score",
                SCORE_PAIR: "score-pair"}


@dataclass(frozen=True)
class TiebreakInfo:
    """A catalogue entry. Its names and definition are in the message catalogues
    (`tiebreak.<code>.name`, `tiebreak.<code>.definition`), in every language."""

    code: str
    type: str  # C.07 4.3 type: A, B, C, D and combinations; "N" = national variant
    source: str  # article of C.07, or the seed document
    modifiers: frozenset[str] = frozenset()
    higher_is_better: bool = True
    scope: Scope = Scope.INDIVIDUAL
    aliases: tuple[str, ...] = ()
    compute: Callable[[Context, Resolved], Column] | None = None
    separate: Callable[[Context, Resolved, Sequence[Sequence[int]]], Partition] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def recursive(self) -> bool:
        return self.separate is not None

    @property
    def national(self) -> bool:
        return bool(self.extra.get("national"))

    def name(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return messages(lang)[f"tiebreak.{self.code}.name"]

    def definition(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return messages(lang)[f"tiebreak.{self.code}.definition"]


REGISTRY: dict[str, TiebreakInfo] = {}
ALIASES: dict[str, str] = {}


def register(info: TiebreakInfo) -> TiebreakInfo:
    if info.code in REGISTRY or info.code in ALIASES:
        raise ValueError(f"tie-break {info.code} registered twice")
    REGISTRY[info.code] = info
    for alias in info.aliases:
        ALIASES[alias] = info.code
    return info


def define(code: str, type: str, source: str, *, modifiers: frozenset[str] = frozenset(),
           higher_is_better: bool = True, scope: Scope = Scope.BOTH, aliases: tuple[str, ...] = (),
           compute: Callable[[Context, Resolved], Column] | None = None,
           separate: Callable[[Context, Resolved, Sequence[Sequence[int]]], Partition] | None = None,
           national: bool = False) -> TiebreakInfo:
    """Register a tie-break: its metadata and either `compute` (value) or `separate` (group)."""
    if (compute is None) == (separate is None):
        raise ValueError(f"{code}: give exactly one of compute and separate")
    return register(TiebreakInfo(code, type, source, modifiers, higher_is_better, scope, aliases, compute, separate,
                                 {"national": True} if national else {}))


def lookup(code: str) -> TiebreakInfo | None:
    code = code.upper()
    return REGISTRY.get(ALIASES.get(code, code))
