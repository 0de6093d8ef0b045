"""Club avoidance (seed 002, 避亲原则: the fourth and weakest principle, "能避则避"): an option,
off by default, below every criterion of C.04.3.

What it guarantees (the definition). Call a round-pairing admissible when it keeps the absolute
criteria [C1]-[C3] and has, bracket by bracket in C.04.3 order, exactly the criteria values
[C6]-[C21] of the FIDE pairing, as the procedure sees them (`DutchPairer.evaluate`: the brackets
follow from the pairing's own floaters, each bracket's values include its [C8] lookahead), and a
PAB receiver of the same pairing score and games played ([C5], [C9]). The answer is an
admissible pairing with the fewest same-club boards; among those, the first in the search order
of `club_search` (the longest prefix, in pairing order, of the fast part's answer below). So no
FIDE criterion value of any bracket changes, and a same-club board stays only when every
admissible pairing has as many. This holds when the exact search completes: rounds whose
brackets all have at most `club_search.BRACKET_LIMIT` players (or whose bigger brackets every
route is pruned before) and that need at most `club_search.NODE_LIMIT` search states (every round of the brute-force test,
tests/test_club_exhaustive.py, which enumerates all pairings of 253 generated rounds of 6-12
players). Beyond those bounds the fast part's answer stays, it is admissible but not proven
minimal (the brackets below the last big one are searched again with the upper ones kept), and
its same-club boards say so (`pairing.same-club.unproven`).

The fast part (it gives the search its starting point, and the answer of big rounds):

A bracket is first paired by the FIDE procedure alone (classes of interchangeable
players included: clubs play no part there). When that pairing holds a same-club board,
the bracket's paired players are paired again, player by player (two players of
different clubs are not interchangeable, so the class routes do not apply here), as a
maximum-weight perfect matching whose weight is, most significant first:

  the criteria fields [C6]-[C21] of the bracket (`CriteriaWeights.base`)
  > boards between different clubs > an order close to Art. 4 (`_generation_order`; in brackets
  of more than ORDER_LIMIT pairs, the most boards of the FIDE pairing kept instead).

The players left unpaired (the downfloaters, and with them the next brackets and the
PAB) stay those of the FIDE pairing, so every bracket after it sees the same players,
and the answer is accepted only when its criteria fields sum to those of the FIDE
pairing.

Other floaters (`other_floaters`, rounds of up to SEARCH_LIMIT players): when a bracket
keeps a same-club board, one other choice of floaters is tried, the best pairing of
bracket + next scoregroup with the club field below the criteria. It is taken only when
the whole round, completed from there by the procedure above, has the same criteria
values bracket by bracket (`DutchPairer.evaluate`) and the same PAB score and [C9] value
as the round completed from the FIDE floaters, and fewer same-club boards.

Then the exact search (`exact`, `club_search.ClubSearch`) looks for an admissible pairing with
fewer same-club boards than that answer, over every choice of floaters in every bracket.
A matching with the club field below the criteria cannot do this alone: the admissible
pairings are those whose criteria sums equal given values bracket by bracket (not the best
possible: other floaters can make a later bracket's best better than the FIDE pairing's, and an
admissible pairing must then meet the FIDE values, not the better ones), an exact-sum condition
that a maximum-weight matching does not express.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from app.engine.errors import UnpairableError
from app.engine.pairing.dutch.club_search import BracketChoice, ClubSearch
from app.engine.pairing.dutch.pool import PlayerPool
from app.engine.pairing.dutch.weights import CriteriaWeights, bits
from app.engine.pairing.matching import max_weight_matching

if TYPE_CHECKING:
    from app.engine.pairing.dutch.pairer import Bracket, BracketRecord, DutchPairer

ORDER_LIMIT = 20  # pairs of a bracket: up to it the Art. 4-like order breaks ties, above it the FIDE boards kept
SEARCH_LIMIT = 1000  # players: above it, no other floaters are tried (each try pairs the rest of the round twice)
Pairs = list[tuple[int, int]]


def _generation_order(half: int, fide: set[tuple[int, int]]) -> tuple[int, Callable[[int, int], int]]:
    """Tie-break fields after the club field, close to the Art. 4 order of a homogeneous bracket of
    2 * `half` players (positions 0.. in pairing order, S1 the first half): the most S1-S2 pairs
    (the fewest exchanges, 4.3), then each S1 player in turn the highest-placed opponent (the
    transpositions of S2 in lexicographic order, 4.2). That field grows with the bracket (and the
    matching with it: measured 5x slower at 1,000 players); above ORDER_LIMIT pairs the most boards
    of the FIDE pairing (`fide`, positions) are kept instead. Returns the width and the field of a pair."""
    if half > ORDER_LIMIT:
        return bits(half), lambda x, y: int((x, y) in fide)
    rank_w = bits(2 * half)
    s1s2_w = bits(half)

    def order(x: int, y: int) -> int:  # x < y: positions of the pair
        s1s2 = int(x < half <= y)
        return (s1s2 << (half * rank_w)) | ((2 * half - y) << (rank_w * (half - 1 - x)) if x < half else 0)

    return s1s2_w + half * rank_w, order


class ClubAvoidance:
    def __init__(self, pool: PlayerPool, weights: CriteriaWeights) -> None:
        self.pool = pool
        self.weights = weights
        self.club = [pool.state.club_key(p.id) for p in pool.players]
        self.active = any(c is not None for c in self.club)
        self.searching = self.active and pool.n <= SEARCH_LIMIT
        self._judge: DutchPairer | None = None

    def count(self, pairs: Pairs) -> int:
        return sum(self.same_club(a, b) for a, b in pairs)

    def same_club(self, a: int, b: int) -> bool:
        return self.club[a] is not None and self.club[a] == self.club[b]

    def improve(self, pairs: list[tuple[int, int]], mdps: set[int]) -> list[tuple[int, int]]:
        """The bracket's pairs (higher-ranked vertex first) with the fewest same-club boards
        among those with the same paired players and the same criteria values."""
        if not self.active or not any(self.same_club(a, b) for a, b in pairs):
            return pairs
        vertices = sorted(v for pr in pairs for v in pr)
        position = {v: k for k, v in enumerate(vertices)}
        half = len(pairs)
        order_w, order = _generation_order(half, {(min(position[a], position[b]), max(position[a], position[b]))
                                                  for a, b in pairs})
        club_w = bits(half)  # boards between different clubs
        base = self.weights.base
        candidates: list[tuple[int, int, int]] = []
        for i, a in enumerate(vertices):
            for b in vertices[i + 1:]:
                if (a in mdps and b in mdps) or not self.pool.compatible(a, b):
                    continue
                w = (base(a, b, True, False, False) << (club_w + order_w)) | (
                    int(not self.same_club(a, b)) << order_w) | order(position[a], position[b])
                candidates.append((a, b, w))
        # a perfect matching first: one bit above the sum of all the other fields
        top = sum(w for _a, _b, w in candidates).bit_length() + 1
        edges = [(position[a], position[b], (1 << top) | w) for a, b, w in candidates]
        mate = max_weight_matching(len(vertices), edges)
        new = [(vertices[k], vertices[m]) for k, m in enumerate(mate) if k < m]
        if len(new) != half:
            return pairs

        def criteria(prs: list[tuple[int, int]]) -> int:
            return sum(base(min(a, b), max(a, b), True, False, False) for a, b in prs)

        if criteria(new) != criteria(pairs):
            return pairs  # the FIDE pairing stays: its criteria values are the ones that count
        if sum(self.same_club(a, b) for a, b in new) >= sum(self.same_club(a, b) for a, b in pairs):
            return pairs
        return new

    # -- other floaters

    def other_floaters(self, pairer: DutchPairer, bracket: Bracket, above: Pairs, record: BracketRecord,
                       pairs: Pairs, downfloaters: list[int]) -> tuple[BracketRecord, Pairs, list[int]] | None:
        """Another pairing of the bracket, with other floaters, when the round completed from it
        keeps every criterion value and has fewer same-club boards (see the module docstring)."""
        if not self.count(pairs):
            return None
        other = self._with_other_floaters(bracket, pairs)
        if other is None or sorted(other[1]) == sorted(downfloaters):
            return None
        other_pairs, other_floaters = other
        saved = pairer.bye.single_bye_bracket
        try:
            fide = self._complete(pairer, bracket, above + pairs, downfloaters)
            pairer.bye.single_bye_bracket = saved
            trial = self._complete(pairer, bracket, above + other_pairs, other_floaters)
        finally:
            pairer.bye.single_bye_bracket = saved
        if fide is None or trial is None or self.count(trial[0]) >= self.count(fide[0]):
            return None
        if trial[1] != fide[1] or self._values(pairer, trial[0]) != self._values(pairer, fide[0]):
            return None
        ids = [p.id for p in self.pool.players]
        paired = {v for pr in other_pairs for v in pr}
        changed = replace(record, pairs=[(ids[a], ids[b]) for a, b in other_pairs],
                          downfloaters=[ids[v] for v in other_floaters],
                          paired_moved_down=[ids[m] for m in bracket.mdps if m in paired])
        return changed, other_pairs, other_floaters

    def _with_other_floaters(self, bracket: Bracket, pairs: Pairs) -> tuple[Pairs, list[int]] | None:
        """The best pairing of bracket + next scoregroup with the club field below the criteria
        (and the FIDE boards kept below it): its pairs in the bracket and the bracket's floaters."""
        vertices = bracket.players + bracket.nxt
        in_bracket = set(bracket.players)
        mdps = set(bracket.mdps)
        fide = {(min(a, b), max(a, b)) for a, b in pairs}
        width = bits(len(vertices))
        base = self.weights.base
        edges: list[tuple[int, int, int]] = []
        for x, a in enumerate(vertices):
            for y in range(x + 1, len(vertices)):
                b = vertices[y]
                hi, li = (a, b) if a < b else (b, a)
                if (hi in mdps and li in mdps) or not self.pool.compatible(hi, li):
                    continue
                in_b = li in in_bracket  # vertices are in pairing order: then hi is in it too
                w = base(hi, li, in_b, not in_b, False)
                w = (w << (2 * width)) | (int(in_b and not self.same_club(hi, li)) << width) | int((hi, li) in fide)
                edges.append((x, y, w))
        mate = max_weight_matching(len(vertices), edges)
        other = [(vertices[x], vertices[m]) for x, m in enumerate(mate)
                 if x < m and vertices[m] in in_bracket]
        if self.count(other) >= self.count(pairs):
            return None
        paired = {v for pr in other for v in pr}
        return other, [v for v in bracket.players if v not in paired]

    @staticmethod
    def _complete(pairer: DutchPairer, bracket: Bracket, pairs: Pairs, downfloaters: list[int]
                  ) -> tuple[Pairs, tuple[object, ...] | None] | None:
        """The round completed by the procedure (without other floaters) after `pairs`, and its
        PAB's [C5] and [C9] values; None when it cannot be completed."""
        try:
            _records, everything, last = pairer.pair_from(pairer.next_bracket(bracket, downfloaters), pairs, False)
            bye = pairer.bye_of(last)
        except UnpairableError:
            return None
        return everything, None if bye is None else (bye.pairing_score, bye.played_games)

    # -- the exact search

    def exact(self, pairer: DutchPairer, pairs: Pairs, pab: int | None) -> tuple[list[BracketChoice] | None, bool]:
        """The brackets of a round-pairing with the FIDE values and fewer same-club boards than
        `pairs` (None: none has fewer), and whether that is proven (`club_search`)."""
        if not self.count(pairs):
            return None, True
        return ClubSearch(type(pairer)(pairer.state), self.club).run(pairs, pab)

    def _values(self, pairer: DutchPairer, pairs: Pairs) -> object:
        """The criteria values of a round-pairing, bracket by bracket (on a pairer of its own)."""
        if self._judge is None:
            self._judge = type(pairer)(pairer.state)
        partner: dict[int, int] = {}
        for a, b in pairs:
            partner[a], partner[b] = b, a
        return self._judge.evaluate(partner)
