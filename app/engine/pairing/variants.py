"""Swiss variants that change only the scores used for pairing (seed document 002).

They plug into the Dutch engine through `PairingOptions`:

* custom point systems (3/1/0 as in card games): the tournament's `ScoringSystem`;
* McMahon-style initial scores: each player starts with a pairing bonus
  (`pairing_score_adjustments`), e.g. by rank class or rating band (`app.engine.mcmahon`, which
  also counts them in the standings when asked);
* Portland-style "pair on the scores of the round before last": the pairing score of
  round r leaves out the points of round r-1, so round r can be paired before round r-1
  has finished (`virtual_points_hook`).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from app.engine.model import Tournament


def scores_before_last_round(t: Tournament) -> Callable[[int, int], Fraction]:
    """Portland-style lag: the pairing score of round r is the score after round r-2.

    Returned as extra virtual points: minus the points the player scored in round r-1.
    """

    def lag(start_number: int, round_number: int) -> Fraction:
        if round_number < 2:
            return Fraction(0)
        e = t.players[start_number].entry(round_number - 1)
        return -t.scoring.points(e.result, e.colour)

    return lag
