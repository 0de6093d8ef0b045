"""McMahon initial scores (seed 002, 麦克马洪制).

"选手按段位高低得到不同的初始积分……最后的总积分成为麦克马洪分": players start with an initial score by
rank class (here: given per player, or by rating band), and the final total, initial score plus
points, is the McMahon score. When every player is in the same class it is the standard Swiss.

The initial scores serve both the pairing (added to every pairing score, `PairingOptions.
pairing_score_adjustments`) and, when given to the standings, the primary score (PTS becomes the
McMahon score; tie-breaks still sum the opponents' game points, see docs/swiss-variants.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from app.engine.errors import InputError
from app.engine.messages import Message
from app.engine.model import Tournament

Band = tuple[int, Fraction]  # (lowest rating of the band, initial score)


def band_scores(t: Tournament, bands: Sequence[Band]) -> dict[int, Fraction]:
    """By rating: the initial score of the highest band whose lowest rating the player reaches (unrated: 0
    rating); players below every band start from 0."""
    ordered = sorted(bands, key=lambda b: -b[0])
    out: dict[int, Fraction] = {}
    for sn, p in t.players.items():
        rating = p.rating or 0
        out[sn] = next((Fraction(score) for minimum, score in ordered if rating >= minimum), Fraction(0))
    return out


def initial_scores(t: Tournament, explicit: Mapping[int, Fraction] | None = None,
                   bands: Sequence[Band] = ()) -> dict[int, Fraction]:
    """Every player's initial score: the one given for the player, else the band's, else 0.
    Raises InputError for a player who is not in the tournament."""
    explicit = explicit or {}
    unknown = sorted(sn for sn in explicit if sn not in t.players)
    if unknown:
        raise InputError(Message.of("error.mcmahon.unknown", unknown=unknown), field="initial_scores")
    minima = [minimum for minimum, _ in bands]
    if len(set(minima)) != len(minima):
        raise InputError(Message.of("error.mcmahon.bands"), field="mcmahon_bands")
    out = band_scores(t, bands) if bands else dict.fromkeys(t.players, Fraction(0))
    out.update({sn: Fraction(v) for sn, v in explicit.items()})
    return out
