"""Colour allocation for a pair (C.04.3 Art. 5) and colour-history helpers."""

from __future__ import annotations

from collections.abc import Sequence

from app.engine.model import Colour
from app.engine.pairing.state import PlayerState

# The articles of 5.2 and the message ids of their texts (app.engine.messages).
DUTCH_RULES = {
    "5.2.1": "pairing.dutch.rule.5.2.1",
    "5.2.2": "pairing.dutch.rule.5.2.2",
    "5.2.3": "pairing.dutch.rule.5.2.3",
    "5.2.4": "pairing.dutch.rule.5.2.4",
    "5.2.5": "pairing.dutch.rule.5.2.5",
}


def latest_colour_difference(a: Sequence[Colour], b: Sequence[Colour]) -> tuple[Colour | None, Colour | None]:
    """Colours of two colour histories (oldest first, right-aligned, C.04.2 3.4) in the
    latest round in which they differ; (None, None) if there is none."""
    i, j = len(a) - 1, len(b) - 1
    while i >= 0 and j >= 0:
        if a[i] is not b[j]:
            return a[i], b[j]
        i -= 1
        j -= 1
    return None, None


def first_colour_difference(a: PlayerState, b: PlayerState) -> tuple[Colour | None, Colour | None]:
    """Colours of a and b in the latest round (of their played games) in which they differ."""
    return latest_colour_difference(a.colours, b.colours)


def allocate_colours(higher: PlayerState, lower: PlayerState, initial_colour: Colour) -> tuple[Colour, str]:
    """Colour of the higher-ranked player (Art. 1.2 order) and the rule of 5.2 that decided it."""
    hp, lp = higher.preference, lower.preference
    if hp is None or lp is None or hp is not lp:
        if hp is not None:
            return hp, "5.2.1"
        if lp is not None:
            return lp.opposite, "5.2.1"
        return (initial_colour if higher.rank % 2 == 0 else initial_colour.opposite), "5.2.5"
    # Same preference: 5.2.2 the stronger one wins (both absolute: the wider colour difference)
    h_imb, l_imb = abs(higher.colour_difference), abs(lower.colour_difference)
    if higher.absolute and (h_imb > l_imb or not lower.absolute):
        return hp, "5.2.2"
    if lower.absolute and (l_imb > h_imb or not higher.absolute):
        return lp.opposite, "5.2.2"
    if higher.strong and not lower.strong:
        return hp, "5.2.2"
    if lower.strong and not higher.strong:
        return lp.opposite, "5.2.2"
    mine, theirs = first_colour_difference(higher, lower)
    if mine is not None and theirs is not None:
        return theirs, "5.2.3"
    return hp, "5.2.4"


# The colour rules of the other FIDE systems (Dubov C.04.4.1 and Burstein C.04.4.2, Art. 5.2, 2026 texts):
# the same steps as the Dutch 5.2 but the first-round rule comes first, and "higher ranked" is the
# system's own ranking (Burstein: the Index of 1.8; Dubov: score, then TPN).
C0404_RULES = {
    "5.2.1": "pairing.c0404.rule.5.2.1",
    "5.2.2": "pairing.c0404.rule.5.2.2",
    "5.2.3": "pairing.c0404.rule.5.2.3",
    "5.2.4": "pairing.c0404.rule.5.2.4",
    "5.2.5": "pairing.c0404.rule.5.2.5",
}


def allocate_colours_c0404(higher: PlayerState, lower: PlayerState, initial_colour: Colour) -> tuple[Colour, str]:
    """Colour of the higher-ranked player and the article of 5.2 (Dubov / Burstein numbering) that decided it."""
    if higher.played_games == 0 and lower.played_games == 0:
        return (initial_colour if higher.rank % 2 == 0 else initial_colour.opposite), "5.2.1"  # odd TPN
    hp, lp = higher.preference, lower.preference
    if hp is None or lp is None or hp is not lp:
        # 5.2.2; a player with no preference lets the other have his (Burstein 1.5.4)
        if hp is not None:
            return hp, "5.2.2"
        assert lp is not None
        return lp.opposite, "5.2.2"
    if higher.strength.value != lower.strength.value:
        return (hp if higher.strength.value > lower.strength.value else lp.opposite), "5.2.3"
    mine, theirs = latest_colour_difference(higher.colours, lower.colours)
    if mine is not None and theirs is not None:
        return theirs, "5.2.4"
    return hp, "5.2.5"
