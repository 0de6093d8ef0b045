"""Colour allocation for a pair (C.04.3 Art. 5) and colour-history helpers."""

from __future__ import annotations

from collections.abc import Sequence

from app.engine.model import Colour
from app.engine.pairing.state import PlayerState

RULE_TEXT_ZH = {
    "5.2.1": "双方都得到各自的颜色偏好",
    "5.2.2": "满足较强的颜色偏好",
    "5.2.3": "从双方颜色不同的最近一轮起交替颜色",
    "5.2.4": "排名较高的棋手得到其颜色偏好",
    "5.2.5": "由排名较高棋手编号的奇偶决定（初始颜色）",
}
RULE_TEXT = {
    "5.2.1": "both players get their colour preference",
    "5.2.2": "the stronger colour preference is granted",
    "5.2.3": "colours alternate from the last round in which the players had different colours",
    "5.2.4": "the higher-ranked player gets his colour preference",
    "5.2.5": "the higher-ranked player's pairing number parity decides (initial colour)",
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
C0404_RULE_TEXT = {
    "5.2.1": "neither player has played a game: the higher-ranked player's TPN parity decides (initial colour)",
    "5.2.2": "both colour preferences are granted",
    "5.2.3": "the stronger colour preference is granted",
    "5.2.4": "colours alternate from the most recent round in which one player had White and the other Black",
    "5.2.5": "the higher-ranked player gets his colour preference",
}
C0404_RULE_TEXT_ZH = {
    "5.2.1": "双方都未下过棋：由排名较高棋手编号的奇偶决定（初始颜色）",
    "5.2.2": "双方都得到各自的颜色偏好",
    "5.2.3": "满足较强的颜色偏好",
    "5.2.4": "从最近一次一方执白、一方执黑的轮次起交替颜色",
    "5.2.5": "排名较高的棋手得到其颜色偏好",
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
