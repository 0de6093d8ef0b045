"""The bracket procedure (C.04.3 1.9, Art. 3): brackets from the top scoregroup down,
each in two phases, the moved-down players first (Art. 3.2.2, 4.4), then the
remainder (`remainder`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from app.engine.errors import UnpairableError
from app.engine.pairing.dutch.bye import ByeRule
from app.engine.pairing.dutch.clubs import ClubAvoidance
from app.engine.pairing.dutch.moved_down import MovedDownSolver
from app.engine.pairing.dutch.phase import METHODS, PhaseSolver
from app.engine.pairing.dutch.pool import UNPAIRABLE, PlayerPool
from app.engine.pairing.dutch.remainder import RemainderPairer
from app.engine.pairing.dutch.weights import CriteriaWeights, bits
from app.engine.pairing.matching import classes
from app.engine.pairing.state import PlayerState, RoundState


@dataclass
class BracketRecord:
    """What happened in one bracket (for explanations)."""

    score: Fraction  # pairing score of the residents
    residents: list[int]
    moved_down: list[int]  # MDPs entering the bracket
    paired_moved_down: list[int]
    downfloaters: list[int]  # players leaving the bracket
    pairs: list[tuple[int, int]]
    method: str  # "bracket" or "global" (completion needed the whole pool)


@dataclass
class DutchOutcome:
    pairs: list[tuple[PlayerState, PlayerState]]  # (higher-ranked, lower-ranked)
    bye: PlayerState | None
    brackets: list[BracketRecord] = field(default_factory=list)
    bye_score: Fraction | None = None
    clubs_proven: bool = True  # club avoidance: the same-club boards are the fewest possible (`clubs`)


@dataclass
class Bracket:
    """A bracket being paired: MDPs first, then the residents, as vertex lists."""

    players: list[int]
    n_mdp: int
    nxt: list[int]  # the next scoregroup
    lower: list[int]  # everybody below it
    next_group: int  # index of the next scoregroup

    @property
    def mdps(self) -> list[int]:
        return self.players[:self.n_mdp]

    @property
    def residents(self) -> list[int]:
        return self.players[self.n_mdp:]


class DutchPairer:
    """Pairs one round. `pair()` returns the pairs (unordered colours) and the PAB."""

    def __init__(self, state: RoundState) -> None:
        self.state = state
        self.pool = PlayerPool(state)
        self.bye = ByeRule(self.pool)
        self.weights = CriteriaWeights(self.pool, self.bye)
        self.solver = PhaseSolver(self.pool, self.bye, self.weights)
        self.remainder = RemainderPairer(self.pool, self.bye, self.weights, self.solver)
        self.moved_down = MovedDownSolver(self.pool, self.weights, self.solver)
        self.clubs = ClubAvoidance(self.pool, self.weights)
        self.players = self.pool.players
        self.index = self.pool.index
        self.layout = self.weights.layout

    def compatible(self, i: int, j: int) -> bool:
        return self.pool.compatible(i, j)

    def _bracket(self, players: list[int], n_mdp: int, next_group: int) -> Bracket:
        groups = self.pool.groups
        nxt = list(groups[next_group]) if next_group < len(groups) else []
        lower = [v for g in groups[next_group + 1:] for v in g]
        return Bracket(players, n_mdp, nxt, lower, next_group)

    def first_bracket(self) -> Bracket:
        return self._bracket(list(self.pool.groups[0]), 0, 1)

    def next_bracket(self, bracket: Bracket, downfloaters: list[int]) -> Bracket:
        """The downfloaters and the next scoregroup; whether [C9] applies to it."""
        self.bye.single_bye_bracket = self.bye.closed_next_bracket(downfloaters, bracket.nxt, bracket.lower)
        return self._bracket(downfloaters + bracket.nxt, len(downfloaters), bracket.next_group + 1)

    def to_pair(self, bracket: Bracket) -> bool:
        return len(bracket.players) > 1 or bracket.next_group < len(self.pool.groups)

    def pair(self) -> DutchOutcome:
        self.bye.prepare()
        self.weights.index_signatures()
        records, pairs, bracket = self.pair_from(self.first_bracket(), [], self.clubs.searching)
        bye = self.bye_of(bracket)
        proven = True
        if self.clubs.active:
            pab = self.index[bye.id] if bye is not None else None
            found, proven = self.clubs.exact(self, pairs, pab)
            if found is not None:
                methods = [rec.method for rec in records] + [METHODS[0]] * len(found)
                records = [self._record(c.bracket, c.pairs, c.downfloaters, method)
                           for c, method in zip(found, methods, strict=False)]
                pairs = [pr for c in found for pr in c.pairs]
                paired = {v for pr in pairs for v in pr}
                left = [v for v in range(self.pool.n) if v not in paired]
                bye = self.players[left[0]] if left else None
        return DutchOutcome([(self.players[a], self.players[b]) for a, b in pairs], bye, records,
                            self.bye.bye_score, proven)

    def pair_from(self, bracket: Bracket, pairs: list[tuple[int, int]], search_floaters: bool
                  ) -> tuple[list[BracketRecord], list[tuple[int, int]], Bracket]:
        """Pair the brackets from `bracket` down, after the `pairs` made above it; returns the
        records, all pairs, and what is left after the last bracket. With `search_floaters`
        (club avoidance), each bracket may take other floaters when that keeps every criterion
        value of the round (`clubs.ClubAvoidance.other_floaters`)."""
        records: list[BracketRecord] = []
        pairs = list(pairs)
        while self.to_pair(bracket):
            record, bracket_pairs, downfloaters = self._pair_bracket(bracket)
            if search_floaters:
                other = self.clubs.other_floaters(self, bracket, pairs, record, bracket_pairs, downfloaters)
                if other is not None:
                    record, bracket_pairs, downfloaters = other
            records.append(record)
            pairs.extend(bracket_pairs)
            bracket = self.next_bracket(bracket, downfloaters)
        return records, pairs, bracket

    def bye_of(self, bracket: Bracket) -> PlayerState | None:
        """The PAB receiver: whoever is left after the last bracket."""
        if not bracket.players:
            return None
        if len(bracket.players) > 1 or not self.pool.odd:
            raise UnpairableError(UNPAIRABLE)
        return self.players[bracket.players[0]]

    def evaluate(self, partner: dict[int, int], prepare: bool = True) -> list[tuple[Fraction, list[int], int]]:
        """Criteria values of a complete round-pairing, bracket by bracket, as the
        procedure sees them: (bracket score, summed fields of `field_layout`, pairs in
        the bracket). `partner` maps vertex -> vertex for every pair. `prepare=False`
        when this pairer has prepared the round already (the PAB score, the signatures)."""
        if prepare:
            self.bye.prepare()
            self.weights.index_signatures()
        else:
            self.bye.single_bye_bracket = self.bye.single_bye_initial
        pair_fields = self.weights.pair_fields
        ps = self.pool.ps
        out: list[tuple[Fraction, list[int], int]] = []
        bracket = self.first_bracket()
        while self.to_pair(bracket):
            current, n_mdp = bracket.players, bracket.n_mdp
            in_b = set(current)
            mdps = set(bracket.mdps)
            in_n = set(bracket.nxt)
            sums = [0] * len(self.layout)
            paired: set[int] = set()
            for a in current:
                b = partner.get(a, -1)
                if a < b and b in in_b and not (a in mdps and b in mdps):
                    paired.update((a, b))
                    sums = [x + y for x, y in zip(sums, pair_fields(a, b, True, False), strict=True)]
            downfloaters = [v for v in current if v not in paired]
            for a in downfloaters + bracket.nxt:
                b = partner.get(a, -1)
                if b in in_n and a < b:
                    sums = [x + y for x, y in zip(sums, pair_fields(a, b, False, True), strict=True)]
            score = ps[current[n_mdp]] if n_mdp < len(current) else ps[current[0]]
            out.append((score, sums, len(paired) // 2))
            last = not paired and not bracket.nxt
            bracket = self.next_bracket(bracket, downfloaters)
            if last:
                break
        return out

    def _pair_bracket(self, bracket: Bracket) -> tuple[BracketRecord, list[tuple[int, int]], list[int]]:
        mdps, residents = bracket.mdps, bracket.residents
        method: list[str] = []
        mdp_pairs = self._pair_moved_down(bracket, method) if mdps and residents else []
        paired_res = {r for _, r in mdp_pairs}
        paired_mdp = {m for m, _ in mdp_pairs}
        limbo = [m for m in mdps if m not in paired_mdp]
        remainder = [r for r in residents if r not in paired_res]
        remainder_pairs: list[tuple[int, int]] = []
        if len(remainder) >= 2:
            # S1 size = pairs the remainder gives ([C6] with the MDP pairs fixed): try the
            # largest conceivable number, and correct it if the optimum pairs fewer.
            n_pairs = max_pairs = self.pool.max_pairs(remainder)
            while True:
                remainder_pairs = self.remainder.pair(limbo, remainder, n_pairs, max_pairs, bracket.nxt, bracket.lower,
                                                      method)
                if len(remainder_pairs) == n_pairs:
                    break
                n_pairs = len(remainder_pairs)
        # club avoidance (an option, below every C.04.3 criterion): same players paired, same criteria values
        bracket_pairs = self.clubs.improve(mdp_pairs + remainder_pairs, set(mdps))
        paired = {v for pr in bracket_pairs for v in pr}
        downfloaters = [v for v in bracket.players if v not in paired]
        record = self._record(bracket, bracket_pairs, downfloaters,
                              max(method, key=METHODS.index) if method else METHODS[0])
        return record, bracket_pairs, downfloaters

    def _record(self, bracket: Bracket, pairs: list[tuple[int, int]], downfloaters: list[int], method: str
                ) -> BracketRecord:
        ids = [p.id for p in self.players]
        residents = bracket.residents
        paired = {v for pr in pairs for v in pr}
        return BracketRecord(
            score=self.pool.ps[residents[0]] if residents else self.pool.ps[bracket.players[0]],
            residents=[ids[v] for v in residents],
            moved_down=[ids[v] for v in bracket.mdps],
            paired_moved_down=[ids[m] for m in bracket.mdps if m in paired],
            downfloaters=[ids[v] for v in downfloaters],
            pairs=[(ids[a], ids[b]) for a, b in pairs],
            method=method)

    def _pair_moved_down(self, bracket: Bracket, method: list[str]) -> list[tuple[int, int]]:
        """Phase 1 (Art. 3.2.2, 4.4): which MDPs are paired, and against whom. Below the
        criteria, the tie-break field has a bit per MDP, the highest MDP most
        significant (4.4), then for each MDP its resident's rank, the highest resident
        best (4.2)."""
        if len(bracket.players) >= classes.SMALLEST and not (self.bye.c9_active() and bracket.nxt):
            pairs = self.moved_down.pair(bracket.players, bracket.n_mdp, bracket.nxt, bracket.lower, method)
            if pairs is not None:
                return pairs
        mdps, residents = bracket.mdps, bracket.residents
        nm, nr = len(mdps), len(residents)
        kb = bits(nr + 1)
        room: dict[tuple[int, int], int] = {}
        for i, m in enumerate(mdps):
            for j, r in enumerate(residents):
                room[(m, r)] = ((1 << (nm - 1 - i)) << (kb * nm)) | ((nr - j) << (kb * (nm - 1 - i)))
        partner = self.solver.solve(bracket.players, bracket.n_mdp, bracket.nxt, bracket.lower, nm + kb * nm, room,
                                    set(), method)
        in_residents = set(residents)
        pairs = []
        for m in mdps:
            mate = partner.get(m)
            if mate is not None and mate in in_residents:
                pairs.append((m, mate))
        return pairs
