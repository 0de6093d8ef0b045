"""Club avoidance, the exact part: the fewest same-club boards among all round-pairings with the
FIDE criteria values, bracket by bracket (see `clubs` for the definition and the fast part).

A depth-first search over the brackets in C.04.3 order. In each bracket every player, in pairing
order, either meets a later player of the bracket ([C1], [C3] respected, never two moved-down
players) or floats down; a finished bracket must have exactly the criteria fields of the target
(the FIDE pairing's, `DutchPairer.evaluate`), the fields that the next bracket's pairs fill
([C8], and [C9] when the PAB may come from there) being checked when that bracket is finished;
after the last bracket at most one player is left, of the PAB's pairing score and games played
([C5], [C9]). Pruned: a field that already exceeds its target or cannot reach it any more, more
floaters than the target allows, and a partial count of same-club boards that, with the boards
the players left must make (a club with more of them than all the others and the floats), is no
smaller than the best completion already found from the same state. The best completion of
each state is kept (a bracket with the players moved down into it and what the previous bracket
still expects of it; a partial bracket with its players decided, floaters and sums), so a state
reached by two routes is searched once.

The search visits first, for each player, what the fast part chose for it (its partner or its
float), then the other partners in pairing order, floating last: of the pairings with the fewest
same-club boards it returns the first in that order, the one that keeps the longest prefix (in
pairing order) of the fast part's answer.

Bounded: at most NODE_LIMIT states for the round and brackets of at most BRACKET_LIMIT players
(a search in a bracket grows like the number of its pairings); a bigger bracket that every route
is pruned before does not count. Past a bound the search stops and the answer is not proven
minimal (its boards say so): the fast part's brackets are kept down to the last big one and the
brackets below are searched (`_lower_brackets`). Measured: the rounds of the brute-force test
(up to 12 players) need at most 29 states, a 100-player round with 3 clubs 13,276.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.engine.pairing.dutch.pairer import Bracket, DutchPairer

NODE_LIMIT = 30_000  # choices per round (states of a partial bracket searched)
BRACKET_LIMIT = 24  # players of a bracket
SUFFIX_TRIES = 3  # searches of the lower brackets when the whole round is over the bounds
Pairs = list[tuple[int, int]]
_NEXT_FIELDS = ("C8", "C8s", "C9")  # fields of a bracket that the next bracket's pairs fill


class _OverBudget(Exception):
    pass


@dataclass
class BracketChoice:
    """One bracket of the answer: its players (MDPs first), pairs and downfloaters (vertices)."""

    bracket: Bracket
    pairs: Pairs
    downfloaters: list[int]


@dataclass
class _Best:
    clubs: int
    brackets: list[BracketChoice]


class ClubSearch:
    """The exact search of one round, on a pairer of its own (`judge`)."""

    def __init__(self, judge: DutchPairer, club: list[str | None]) -> None:
        self.judge = judge
        self.pool = judge.pool
        self.club = club
        names = [name for name, _w in judge.layout]
        self.width = len(names)
        self.c6 = names.index("C6")
        self.next_idx = [names.index(n) for n in _NEXT_FIELDS]
        self.c9 = names.index("C9")
        self.own_idx = [f for f in range(self.width) if f not in self.next_idx]
        self.nodes = 0
        self._fields: dict[tuple[int, int, bool, bool], tuple[int, ...]] = {}
        self._memo: dict[tuple[object, ...], tuple[_Best | None, int]] = {}
        self.targets: list[tuple[int, ...]] = []
        self.pab: tuple[Fraction, int] | None = None
        self.hint: dict[int, int] = {}  # vertex -> partner in the fast answer (-1: floats there)

    def same_club(self, a: int, b: int) -> bool:
        return self.club[a] is not None and self.club[a] == self.club[b]

    def run(self, pairs: Pairs, pab: int | None) -> tuple[list[BracketChoice] | None, bool]:
        """The brackets of a pairing with fewer same-club boards than `pairs` (the fast answer,
        whose criteria values are the target), or None when none has fewer; and whether the
        search was complete (then the answer's count is the minimum)."""
        judge = self.judge
        partner: dict[int, int] = {}
        for a, b in pairs:
            partner[a], partner[b] = b, a
        self.targets = [tuple(sums) for _score, sums, _n in judge.evaluate(partner)]
        self.hint = partner
        if pab is not None:
            p = self.pool.players[pab]
            self.pab = (p.pairing_score, p.played_games)
        judge.bye.prepare()
        judge.weights.index_signatures()
        current = sum(self.same_club(a, b) for a, b in pairs)
        first = judge.first_bracket()
        flag = judge.bye.single_bye_bracket
        try:
            best = self._solve(0, first, flag, flag, (0,) * len(self.next_idx), current)
        except _OverBudget:
            return self._lower_brackets(partner), False
        return (None if best is None else best.brackets), True

    def _lower_brackets(self, partner: dict[int, int]) -> list[BracketChoice] | None:
        """When the whole round is over the bounds: the fast answer's brackets kept down to the last
        one over BRACKET_LIMIT, and the brackets below searched (each try with its own NODE_LIMIT,
        starting one bracket lower after a try over it, at most SUFFIX_TRIES). The fewest same-club
        boards of that part, not a proven minimum of the round. None when nothing better is found."""
        judge = self.judge
        judge.bye.prepare()
        steps: list[tuple[BracketChoice, bool, bool, tuple[int, ...]]] = []  # bracket, flag, previous flag, residual
        bracket = judge.first_bracket()
        flag = prev_flag = judge.bye.single_bye_bracket
        residual = (0,) * len(self.next_idx)
        while judge.to_pair(bracket) and len(steps) < len(self.targets):
            players, mdps = bracket.players, set(bracket.mdps)
            in_b = set(players)
            pairs = [(a, partner[a]) for a in players if partner.get(a, -1) in in_b and a < partner[a]
                     and not (a in mdps and partner[a] in mdps)]
            paired = {v for pr in pairs for v in pr}
            floats = [v for v in players if v not in paired]
            steps.append((BracketChoice(bracket, pairs, floats), flag, prev_flag, residual))
            own_c9 = sum(self._vector(a, b, True, flag)[self.c9] for a, b in pairs)
            target = self.targets[len(steps) - 1]
            residual = tuple(target[f] - (own_c9 if f == self.c9 else 0) for f in self.next_idx)
            prev_flag = flag
            bracket = judge.next_bracket(bracket, floats)
            flag = judge.bye.single_bye_bracket
        big = [k for k, (choice, *_rest) in enumerate(steps) if len(choice.bracket.players) > BRACKET_LIMIT]
        start = big[-1] + 1 if big else 1
        for k in range(start, min(start + SUFFIX_TRIES, len(steps))):
            choice, flag, prev_flag, residual = steps[k]
            kept = sum(self.same_club(a, b) for c, *_rest in steps[k:] for a, b in c.pairs)
            if not kept:
                return None
            self.nodes = 0
            try:
                best = self._solve(k, choice.bracket, flag, prev_flag, residual, kept)
            except _OverBudget:
                continue
            return None if best is None else [c for c, *_rest in steps[:k]] + best.brackets
        return None

    def _vector(self, hi: int, li: int, in_bracket: bool, flag: bool) -> tuple[int, ...]:
        key = (hi, li, in_bracket, flag)
        v = self._fields.get(key)
        if v is None:
            bye = self.judge.bye
            saved = bye.single_bye_bracket
            bye.single_bye_bracket = flag
            v = tuple(self.judge.weights.pair_fields(hi, li, in_bracket, not in_bracket))
            bye.single_bye_bracket = saved
            if not in_bracket:
                v = tuple(v[f] for f in self.next_idx)
            self._fields[key] = v
        return v

    def _solve(self, k: int, bracket: Bracket, flag: bool, prev_flag: bool, residual: tuple[int, ...], bound: int
               ) -> _Best | None:
        """The completion from bracket k down with the fewest same-club boards, when it has fewer than
        `bound` (None: no completion with the target values has fewer)."""
        key = (bracket.next_group, tuple(bracket.players), prev_flag, residual)
        known = self._memo.get(key)
        if known is not None:
            best, searched = known
            if best is not None:
                return best if best.clubs < bound else None
            if searched >= bound:
                return None
        players = bracket.players
        m = len(players)
        if m > BRACKET_LIMIT:
            raise _OverBudget
        target = self.targets[k]
        need_pairs = target[self.c6]
        allowed_floats = m - 2 * need_pairs
        last = bracket.next_group >= len(self.pool.groups)
        if allowed_floats < 0 or (last and allowed_floats > 1):
            self._memo[key] = (None, 1 << 30)
            return None
        n_mdp = bracket.n_mdp
        compatible = self.pool.compatible
        position = {v: i for i, v in enumerate(players)}
        check_next = k > 0
        # candidate partners (positions in the bracket), the fast answer's first, with their fields
        options: list[list[int]] = []
        fields: dict[tuple[int, int], tuple[int, ...]] = {}
        for i, a in enumerate(players):
            cand = [j for j in range(i + 1, m) if not (i < n_mdp and j < n_mdp) and compatible(a, players[j])]
            hinted = position.get(self.hint.get(a, -1), -1)
            if hinted in cand:
                cand.remove(hinted)
                cand.insert(0, hinted)
            options.append(cand)
            for j in cand:
                nxt = self._vector(a, players[j], False, prev_flag) if check_next else ()
                fields[(i, j)] = self._vector(a, players[j], True, flag) + nxt
        # The checked fields packed into one integer, each field with a guard bit above it: the sum
        # of a partial bracket is then one addition, and "every field at most its bound" one
        # subtraction (the guard bits survive). The own fields (to be met exactly; [C9] at most its
        # target, the next bracket may add to it), then the previous bracket's next fields.
        c9 = self.c9
        n_next = len(residual) if check_next else 0
        source = [*self.own_idx, c9, *range(self.width, self.width + n_next)]
        upper = [target[f] for f in self.own_idx] + [target[c9]] + list(residual)[:n_next]
        lower = [target[f] for f in self.own_idx] + [0] + list(residual)[:n_next]
        most = [max((v[f] for v in fields.values()), default=0) for f in source]
        offsets: list[int] = []
        masks: list[int] = []
        guards = pos = 0
        for f, bound_f in enumerate(upper):
            width = (bound_f + (need_pairs + 1) * most[f]).bit_length() + 1
            offsets.append(pos)
            masks.append(((1 << width) - 1) << pos)
            guards |= 1 << (pos + width)
            pos += width + 1

        def pack(values: list[int]) -> int:
            return sum(v << offsets[f] for f, v in enumerate(values))

        packed = {ij: pack([v[f] for f in source]) for ij, v in fields.items()}
        self.nodes += len(packed) // 4  # the setup counts in the budget too (a bracket's pairs, once per state)
        top, low, step = pack(upper) + guards, pack(lower), pack(most)
        c9_field = len(self.own_idx)
        exact_mask = sum(mask for f, mask in enumerate(masks) if f != c9_field)
        exact_value = pack(upper) & exact_mask

        def feasible(total: int, pairs_left: int) -> bool:
            """Every field at most its bound, and able to reach it with `pairs_left` more pairs."""
            return (top - total) & guards == guards and (total + pairs_left * step + guards - low) & guards == guards

        full = (1 << m) - 1
        hinted_float = [self.hint.get(a, -1) not in position for a in players]
        inner: dict[tuple[object, ...], tuple[tuple[int, object] | None, int]] = {}

        club_masks: dict[str, int] = {}
        for i, a in enumerate(players):
            name = self.club[a]
            if name is not None:
                club_masks[name] = club_masks.get(name, 0) | (1 << i)
        crowded = [mask for mask in club_masks.values() if mask & (mask - 1)]  # two members or more

        def forced(free: int, floats_left: int) -> int:
            """Same-club boards that the players left must make: of a club with more members
            left than all the others and the floats, the excess meets within the club."""
            left = free.bit_count()
            for mask in crowded:
                members = (mask & free).bit_count()
                excess = members - floats_left - (left - members)
                if excess > 0:
                    return (excess + 1) // 2
            return 0

        def finish(floats: tuple[int, ...], total: int, bound: int) -> tuple[int, object] | None:
            if total & exact_mask != exact_value:
                return None
            own_c9 = (total & masks[c9_field]) >> offsets[c9_field]
            want = tuple(target[f] - (own_c9 if f == c9 else 0) for f in self.next_idx)
            nb = self.judge.next_bracket(bracket, list(floats))
            if not self.judge.to_pair(nb):  # the end of the round (as in `DutchPairer.evaluate`)
                return (0, _Best(0, [])) if not any(want) and self._pab_ok(nb.players) else None
            if k + 1 == len(self.targets):
                return None
            rest = self._solve(k + 1, nb, self.judge.bye.single_bye_bracket, flag, want, bound)
            return None if rest is None else (rest.clubs, rest)

        def go(used: int, floats: tuple[int, ...], total: int, bound: int) -> tuple[int, object] | None:
            """The fewest same-club boards (< bound) of the rest of the round from this partial bracket,
            and its choices as a chain ((pair or float), rest) ending in the later brackets."""
            if bound <= 0:
                return None
            state = (used, floats, total)
            known = inner.get(state)
            if known is not None:
                got, searched = known
                if got is not None:
                    return got if got[0] < bound else None
                if searched >= bound:
                    return None
            self.nodes += 1
            if self.nodes > NODE_LIMIT:
                raise _OverBudget
            free = full & ~used
            best: tuple[int, object] | None = None
            if free and forced(free, allowed_floats - len(floats)) >= bound:
                pass  # the players left cannot do with fewer same-club boards
            elif not free:
                best = finish(floats, total, bound)
            else:
                i = (free & -free).bit_length() - 1
                a = players[i]
                pairs_left = need_pairs - (bin(used).count("1") - len(floats)) // 2 - 1
                limit = bound

                def float_down() -> None:
                    nonlocal best, limit
                    if len(floats) < allowed_floats:
                        sub = go(used | (1 << i), (*floats, a), total, limit)
                        if sub is not None:
                            best, limit = (sub[0], (a, sub[1])), sub[0]

                if hinted_float[i]:
                    float_down()
                for j in options[i]:
                    if used >> j & 1:
                        continue
                    total2 = total + packed[(i, j)]
                    if not feasible(total2, pairs_left):
                        continue
                    b = players[j]
                    same = int(self.same_club(a, b))
                    sub = go(used | (1 << i) | (1 << j), floats, total2, limit - same)
                    if sub is not None and same + sub[0] < limit:
                        best, limit = (same + sub[0], ((a, b), sub[1])), same + sub[0]
                if not hinted_float[i]:
                    float_down()
            inner[state] = (best, bound)
            return best

        got = go(0, (), 0, bound)
        result: _Best | None = None
        if got is not None:
            chosen: Pairs = []
            floats: list[int] = []
            chain: object = got[1]
            while isinstance(chain, tuple):
                step, chain = chain
                if isinstance(step, tuple):
                    chosen.append(step)
                else:
                    floats.append(step)
            assert isinstance(chain, _Best)
            result = _Best(got[0], [BracketChoice(bracket, chosen, floats), *chain.brackets])
        self._memo[key] = (result, bound)
        return result

    def _pab_ok(self, left: list[int]) -> bool:
        if len(left) != (self.pab is not None):
            return False
        if not left:
            return True
        p = self.pool.players[left[0]]
        return p.bye_eligible and (p.pairing_score, p.played_games) == self.pab
