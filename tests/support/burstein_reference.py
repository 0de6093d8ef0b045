"""A literal, brute-force reading of the Burstein System (C.04.4.2, 2026) for small rounds.

Written from the text, independently of the engine's matching formulation: every bracket's
pairings are generated in the order of Art. 4.3 and the first one that is best on the quality
criteria is chosen, with [C4] and [C7] evaluated by trying the brackets below. Exponential:
for tests on a dozen players at most.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from app.engine.model import Tournament
from app.engine.pairing.state import PlayerState, RoundState


def index(t: Tournament, r: int) -> dict[int, tuple[Fraction, Fraction]]:
    """(Buchholz, Sonneborn-Berger) by 1.7: unplayed rounds against oneself; trailing zero-point byes
    count as draws for the opponents; real points only."""
    s = t.scoring
    score = {sn: sum((s.points(p.entry(k).result, p.entry(k).colour) for k in range(1, r)), Fraction(0))
             for sn, p in t.players.items()}
    seen_as = {}
    for sn, p in t.players.items():
        extra = Fraction(0)
        for k in range(r - 1, 0, -1):
            e = p.entry(k)
            if e.opponent is None and e.result.value in ("Z", " "):
                extra += s.draw - s.points(e.result, e.colour)
            else:
                break
        seen_as[sn] = score[sn] + extra
    out = {}
    for sn, p in t.players.items():
        bh = sb = Fraction(0)
        for k in range(1, r):
            e = p.entry(k)
            got = s.points(e.result, e.colour)
            opp = seen_as[e.opponent] if e.is_played_game and e.opponent is not None else score[sn]
            bh += opp
            sb += got * opp
        out[sn] = (bh, sb)
    return out


def pair(state: RoundState, ix: dict[int, tuple[Fraction, Fraction]]
         ) -> tuple[set[frozenset[int]], int | None]:
    players = list(state.players)

    def ok(a: PlayerState, b: PlayerState) -> bool:
        if b.id in a.opponents or b.id in state.forbidden.get(a.id, ()) or a.id in state.forbidden.get(b.id, ()):
            return False
        return not (a.absolute and b.absolute and a.preference is b.preference)

    by_id = {p.id: p for p in players}

    @cache
    def perfect(ids: frozenset[int]) -> bool:
        if not ids:
            return True
        if len(ids) % 2:
            return False
        first = min(ids)
        rest = ids - {first}
        return any(ok(by_id[first], by_id[o]) and perfect(rest - {o}) for o in rest)

    def rank(p: PlayerState) -> tuple[Fraction, Fraction, int]:
        return -ix[p.id][0], -ix[p.id][1], p.rank

    # 3.1 the PAB
    bye = None
    everyone = frozenset(p.id for p in players)
    if len(players) % 2:
        order = sorted(players, key=rank)
        pos = {p.id: k for k, p in enumerate(order)}
        for p in sorted((q for q in players if q.bye_eligible),
                        key=lambda q: (q.pairing_score, -q.played_games, -pos[q.id])):
            if perfect(everyone - {p.id}):
                bye = p
                break
        assert bye is not None
    left = [p for p in players if p is not bye]
    scores = sorted({p.pairing_score for p in left}, reverse=True)

    def pairings(bracket: list[PlayerState]):  # type: ignore[no-untyped-def]
        """All pairings of the bracket in the order of 4.3 (lists of (a, b) and floaters)."""
        def rec(i: int, used: frozenset[int]):  # type: ignore[no-untyped-def]
            while i < len(bracket) and bracket[i].id in used:
                i += 1
            if i == len(bracket):
                yield [], []
                return
            p = bracket[i]
            for j in range(len(bracket) - 1, i, -1):  # the largest BSN first
                q = bracket[j]
                if q.id not in used and ok(p, q):
                    for pairs, floats in rec(i + 1, used | {p.id, q.id}):
                        yield [(p.id, q.id), *pairs], floats
            for pairs, floats in rec(i + 1, used | {p.id}):  # BSN 0: p floats
                yield pairs, [p.id, *floats]
        yield from rec(0, frozenset())

    def bracket_of(g: int, incoming: tuple[int, ...]) -> list[PlayerState]:
        residents = [p for p in left if p.pairing_score == scores[g]]
        return sorted([by_id[i] for i in incoming] + residents, key=rank)

    def below(g: int) -> frozenset[int]:
        return frozenset(p.id for p in left if p.pairing_score < scores[g])

    def quality(bracket: list[PlayerState], pairs, floats):  # type: ignore[no-untyped-def]
        c5 = len(floats)
        c6 = tuple(sorted((by_id[f].pairing_score for f in floats), reverse=True))
        return c5, c6

    def legal(g: int, floats: list[int]) -> bool:  # [C4]
        return perfect(frozenset(floats) | below(g))

    @cache
    def best_c5_c6(g: int, incoming: tuple[int, ...]) -> tuple[int, tuple[Fraction, ...]] | None:
        """The best [C5]/[C6] the bracket of scoregroup g can reach (for [C7] of the bracket above)."""
        if g >= len(scores):
            return (0, ()) if not incoming else None
        bracket = bracket_of(g, incoming)
        best = None
        for pairs, floats in pairings(bracket):
            if not legal(g, floats):
                continue
            q = quality(bracket, pairs, floats)
            if best is None or q < best:
                best = q
        return best

    chosen: set[frozenset[int]] = set()
    incoming: tuple[int, ...] = ()
    for g in range(len(scores)):
        bracket = bracket_of(g, incoming)
        best_key = None
        best = None
        for pairs, floats in pairings(bracket):
            if not legal(g, floats):
                continue
            c5, c6 = quality(bracket, pairs, floats)
            nxt = best_c5_c6(g + 1, tuple(sorted(floats))) if g + 1 < len(scores) else (0, ())
            if nxt is None:
                continue
            c8 = sum(1 for a, b in pairs if by_id[a].preference is not None
                     and by_id[a].preference is by_id[b].preference)
            key = (c5, c6, nxt, c8)
            if best_key is None or key < best_key:  # strictly better: the first in 4.3 order wins ties
                best_key, best = key, (pairs, floats)
        assert best is not None
        for a, b in best[0]:
            chosen.add(frozenset((a, b)))
        incoming = tuple(sorted(best[1]))
    return chosen, bye.id if bye is not None else None
