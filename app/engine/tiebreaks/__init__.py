"""C.07 tie-breaks: the FIDE catalogue (individual and team), national variants, ranking.

Public API:

* `compute_standings(tournament, specifiers=None, options=None) -> Standings`
* `compare_orders(tournament, [list1, list2, ...], options=None) -> OrderComparison`
* `parse_specifiers(text_or_list) -> list[Specifier]`, `parse_specifier(text)`
* `catalogue() -> list[dict]` (every code with its names and definition in every language, type, modifiers)
* `PRESETS`, `preset(id)`, `default_preset(team, system)`
"""

from __future__ import annotations

from app.engine.tiebreaks import encounter, national, opponents, own_results, ratings  # noqa: F401  (registration)
from app.engine.tiebreaks.catalogue import catalogue
from app.engine.tiebreaks.context import StandingsOptions
from app.engine.tiebreaks.editions import Edition
from app.engine.tiebreaks.presets import PRESETS, Preset, default_preset, preset
from app.engine.tiebreaks.registry import TiebreakInfo, lookup
from app.engine.tiebreaks.specifiers import Specifier, parse_specifier, parse_specifiers
from app.engine.tiebreaks.standings import (
    OrderComparison,
    RankChange,
    StandingEntry,
    Standings,
    TiebreakValue,
    compare_orders,
    compute_standings,
)

__all__ = [
    "PRESETS", "Edition", "OrderComparison", "Preset", "RankChange", "Specifier", "StandingEntry", "Standings",
    "StandingsOptions", "TiebreakInfo", "TiebreakValue", "catalogue", "compare_orders", "compute_standings",
    "default_preset", "lookup", "parse_specifier", "parse_specifiers", "preset",
]
