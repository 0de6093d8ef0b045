"""The Dubov System, FIDE C.04.4.1 (approved by the Council on 28/10/2025, applied from 1 February 2026).

The text followed, article by article (docs/swiss-systems.md gives the readings):

* 1.1 every player has a rating (a player without one is refused: the Chief Arbiter assigns
  a provisional rating, 1.1.2); 1.6 colour preferences as in the Dutch system, except that a
  player who has not played has a mild preference for Black (1.6.4); 1.7 ARO, the average
  rating of the opponents met over the board, rounded half up (0 before the first game);
  1.8 a maximum upfloater has been upfloated MaxT = 2 + [rounds / 5] times.
* 3.1 the pairing-allocated bye first: an eligible player ([C2]) whose removal leaves a
  complete pairing ([C4]), the lowest score, the most games played, the largest TPN.
* 3.2 the scoregroups from the top down; each is joined by the fewest upfloaters that let all
  its (remaining) residents be paired legally ([C5]; legal = [C1], [C3], [C4]), of the highest
  scores ([C6]); among those sets, in the order of 4.2, the first whose bracket, paired as
  3.2.3-3.2.6 say, leaves the fewest players without their colour preference ([C7]) and, except
  in the last round, has the fewest maximum upfloaters ([C8]), the fewest upfloats among them
  ([C9]) and the fewest players who upfloated in the previous round ([C10]).
* 3.2.3-3.2.6 the bracket: G1 = the White seekers (the first half by TPN when nobody in the
  bracket has played), G2 = the others; shifts between them (3.2.4) with the best shifters of
  4.3 (sequence numbers from the middle of the list); S1 = G1 by ascending ARO, then TPN; T2 = the
  first transposition of G2 (4.4, TPN order) giving a legal pairing S1[i] - T2[i].
* Art. 5 colours: as Burstein, "higher ranked" meaning more points, then the smaller TPN.

There are no downfloaters. An upfloat is a round in which the player was paired with an
opponent of a higher (pairing) score.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from app.engine.errors import InputError
from app.engine.messages import Message, messages, text
from app.engine.model import Colour, Tournament
from app.engine.numbers import show
from app.engine.pairing.colours import C0404_RULES, allocate_colours_c0404
from app.engine.pairing.handling import higher_of
from app.engine.pairing.matching import max_weight_matching
from app.engine.pairing.state import History, PlayerState, RoundState, Strength
from app.engine.pairing.systems.base import (
    ColourPreference,
    Diagnosis,
    Explanation,
    PreparedRound,
    SwissSystem,
    SystemOutcome,
    SystemPair,
    player_value,
    preference_text,
    show_value,
)
from app.engine.pairing.systems.common import RoundField

# criterion -> message id of its name (the checker's reports)
CRITERIA = {
    "C1": "checker.criterion.C1", "C2": "checker.criterion.C2", "C3": "checker.criterion.C3",
    "C4": "checker.criterion.completion", "C5": "checker.dubov.C5", "C6": "checker.dubov.C6",
    "C7": "checker.criterion.colour-preferences", "C8": "checker.dubov.C8", "C9": "checker.dubov.C9",
    "C10": "checker.dubov.C10", "3.1": "checker.criterion.pab", "4.2": "checker.dubov.4.2",
    "3.2.6": "checker.dubov.3.2.6",
}
SET_BUDGET = 20000  # candidate sets examined in one choice before settling for the best seen (noted)


def max_upfloats(total_rounds: int) -> int:
    """1.8.2: MaxT = 2 + [Rnds / 5]."""
    return 2 + total_rounds // 5


def aro(ratings: Sequence[int]) -> int:
    """1.7.1: the average of the opponents' ratings, rounded to the nearest integer (0.5 up); 0 with none."""
    if not ratings:
        return 0
    total, count = sum(ratings), len(ratings)
    return (2 * total + count) // (2 * count)


def middle_out(items: Sequence[int]) -> list[int]:
    """4.3.3: sequence numbers from the (remaining) middle of the list, the higher of two middles first."""
    rest = list(items)
    out = []
    while rest:
        out.append(rest.pop((len(rest) - 1) // 2))
    return out


@dataclass(frozen=True)
class DubovPlayer:
    """What the Dubov rules know of a player beyond the shared state."""

    rating: int
    aro: int
    upfloats: int  # rounds in which the player was upfloated (1.8)
    upfloated_last_round: bool


@dataclass
class DubovBracket:
    """One bracket: its residents, upfloaters and pairs (S1 member first)."""

    score: Fraction
    residents: list[int]
    upfloaters: list[int]
    g1: list[int]  # S1, in its order (3.2.5)
    g2: list[int]  # T2, in its order (3.2.6)
    shifted: list[int]
    pairs: list[tuple[int, int]]
    colour_misses: int
    note: str = ""


def dubov_players(t: Tournament, state: RoundState, history: History) -> dict[int, DubovPlayer]:
    r = state.round_number
    missing = sorted(sn for sn in _rated_needed(t, state) if not (t.players[sn].rating or 0) > 0)
    if missing:
        raise InputError(Message("pairing.dubov.rating-required", {"players": ", ".join(map(str, missing))}),
                         code="rating-required", field="players.rating")
    out: dict[int, DubovPlayer] = {}
    for p in state.players:
        player = t.players[p.id]
        opponents = []
        upfloats = 0
        last = False
        for k in range(1, r):
            e = player.entry(k)
            if e.opponent is None or e.opponent not in t.players:
                continue
            if e.is_played_game:
                opponents.append(t.players[e.opponent].rating or 0)
            mine = history.pairing_score_before(player, k)
            theirs = history.pairing_score_before(t.players[e.opponent], k)
            if theirs > mine:
                upfloats += 1
                last = last or k == r - 1
        out[p.id] = DubovPlayer(player.rating or 0, aro(opponents), upfloats, last)
    return out


def _rated_needed(t: Tournament, state: RoundState) -> set[int]:
    need = {p.id for p in state.players}
    for p in state.players:
        need |= {o for o in p.opponents if o in t.players}
    return need


class _Round(RoundField):
    system_name = "pairing.system.dubov"
    article = "C.04.4.1"

    def __init__(self, state: RoundState, info: dict[int, DubovPlayer]) -> None:
        super().__init__(state)
        self.info = info


class DubovSystem(SwissSystem):
    id = "dubov"
    name = "Dubov System"
    name_zh = "杜波夫制"
    article = "C.04.4.1"
    edition = "approved by the Council on 28/10/2025, applied from 1 February 2026"
    trf_code = "FIDE_DUBOV"
    trf_text = "Swiss System (FIDE Dubov, C.04.4.1)"
    codes = ("FIDE_DUBOV",)
    words = r"dubov|杜波夫"
    aliases = ("fide-dubov", "fide_dubov", "c.04.4.1")
    colour_rules: ClassVar[dict[str, str]] = C0404_RULES
    criteria = CRITERIA

    def colour_preference(self, colours: list[Colour]) -> ColourPreference:
        if not colours:
            return Colour.BLACK, Strength.MILD, None, 0  # 1.6.4
        return super().colour_preference(colours)

    def pair(self, prepared: PreparedRound, lang: str) -> SystemOutcome:
        state = prepared.state
        if not state.players:
            return SystemOutcome([], None)
        rnd = _Round(state, dubov_players(prepared.tournament, state, prepared.history))
        bye = choose_bye(rnd)
        brackets = pair_brackets(rnd, [p for p in rnd.players if p is not bye])
        by_id = state.by_id
        pairs: list[SystemPair] = []
        misses = 0
        upfloaters: list[int] = []
        for rec in brackets:
            misses += rec.colour_misses
            upfloaters += rec.upfloaters
            for a, b in rec.pairs:
                hi, lo = higher_of(by_id[a], by_id[b])  # 5.2.1: more points, then the smaller TPN
                colour, rule = allocate_colours_c0404(hi, lo, state.initial_colour)
                white = hi if colour is Colour.WHITE else lo
                pairs.append(SystemPair(hi, lo, white, _explain(self, rnd, rec, by_id[a], by_id[b], hi, lo, white,
                                                                rule, lang)))
        summary: dict[str, object] = {}
        if upfloaters:
            summary["C5"] = len(upfloaters)
            summary["C6"] = sorted(by_id[u].pairing_score for u in upfloaters)
        if misses:
            summary["C7"] = misses
        if not state.last_round:
            maxt = max_upfloats(state.total_rounds)
            maxed = [u for u in upfloaters if rnd.info[u].upfloats >= maxt]
            if maxed:
                summary["C8"] = len(maxed)
                summary["C9"] = sum(rnd.info[u].upfloats for u in maxed)
            again = [u for u in upfloaters if rnd.info[u].upfloated_last_round]
            if again:
                summary["C10"] = len(again)
        reason = ""
        if bye is not None:
            reason = text(lang, "pairing.dubov.bye", score=show(bye.pairing_score), games=bye.played_games,
                          id=bye.id)
        return SystemOutcome(pairs, bye, reason, list(brackets), summary, [note.render(lang) for note in rnd.notes])

    def compare(self, prepared: PreparedRound, file_pairs: Sequence[tuple[int, int]], file_pab: int | None,
                engine_pairs: Sequence[tuple[int, int]], engine_pab: int | None) -> Diagnosis:
        state = prepared.state
        rnd = _Round(state, dubov_players(prepared.tournament, state, prepared.history))
        if file_pab != engine_pab:
            return Diagnosis("3.1", Message("checker.dubov.pab", {"file": player_value(file_pab),
                                                                  "engine": player_value(engine_pab)}),
                             file_pab, engine_pab)
        mine, theirs = brackets_of(rnd, file_pairs, file_pab), brackets_of(rnd, engine_pairs, engine_pab)
        for f, e in zip(mine, theirs, strict=False):
            score = f[0]
            assert isinstance(score, Fraction)
            for name, x, y in zip(("C5", "C6", "C7", "C8", "C9", "C10", "4.2"), f[1:], e[1:], strict=True):
                if x != y:
                    return Diagnosis(name, Message("checker.bracket", {
                        "criterion": name, "name": Message(CRITERIA[name], {}), "bracket": show(score),
                        "file": show_value(x), "engine": show_value(y)}), x, y)
        return Diagnosis("3.2.6", Message("checker.dubov.order", {}))


# ------------------------------------------------------------------ 3.1 the PAB


def choose_bye(rnd: _Round) -> PlayerState | None:
    """3.1: eligible ([C2]); leaves a complete pairing ([C4]); lowest score; most games played; largest TPN."""
    return rnd.choose_bye(lambda p: (p.pairing_score, -p.played_games, -p.rank))


# ------------------------------------------------------------------ 3.2 the brackets


def pair_brackets(rnd: _Round, left: list[PlayerState]) -> list[DubovBracket]:
    out = []
    remaining = sorted(left, key=lambda p: (-p.pairing_score, p.rank))
    while remaining:
        score = remaining[0].pairing_score
        residents = [p for p in remaining if p.pairing_score == score]
        pool = [p for p in remaining if p.pairing_score < score]  # 4.2.1-4.2.2: by score, then TPN
        rec = _bracket(rnd, residents, pool)
        used = set(rec.residents) | set(rec.upfloaters)
        remaining = [p for p in remaining if p.id not in used]
        out.append(rec)
    return out


def _profiles(pool: list[PlayerState], k: int) -> Iterator[list[list[PlayerState]]]:
    """Upfloater sets of size k, by [C6] (the scores, lowest first, as high as possible), each profile's
    sets in the order of 4.2 (smallest differing sequence number first)."""
    levels: list[list[PlayerState]] = []
    for p in pool:
        if levels and levels[-1][0].pairing_score == p.pairing_score:
            levels[-1].append(p)
        else:
            levels.append([p])

    def counts(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == len(levels):
            if left == 0:
                yield ()
            return
        for c in range(min(left, len(levels[i])), -1, -1):
            for rest in counts(i + 1, left - c):
                yield (c, *rest)

    def ascending(profile: tuple[int, ...]) -> tuple[Fraction, ...]:
        scores = [levels[i][0].pairing_score for i in range(len(levels)) for _ in range(profile[i])]
        return tuple(sorted(scores))

    for profile in sorted(counts(0, k), key=ascending, reverse=True):
        chosen = [list(itertools.combinations(levels[i], c)) for i, c in enumerate(profile)]
        sets = [[p for part in combo for p in part] for combo in itertools.product(*chosen)]
        seq = {p.id: n for n, p in enumerate(pool)}
        sets.sort(key=lambda s: sorted(seq[p.id] for p in s))
        yield sets


def _bracket(rnd: _Round, residents: list[PlayerState], pool: list[PlayerState]) -> DubovBracket:
    state = rnd.state
    pool_ids = {p.id for p in pool}
    outside_base = [p for p in pool]

    def legal(ups: list[PlayerState]) -> bool:
        up_ids = {u.id for u in ups}
        return rnd.completable(residents + ups) and rnd.completable([p for p in outside_base if p.id not in up_ids])

    k = len(residents) % 2
    candidates: list[list[PlayerState]] = []
    while k <= len(pool) and not candidates:
        for sets in _profiles(pool, k):
            candidates = [s for s in sets if legal(s)]
            if candidates:
                break
        else:
            k += 2
            continue
    if not candidates:
        raise rnd.unpairable()
    assert all(u.id in pool_ids for s in candidates for u in s)
    maxt = max_upfloats(state.total_rounds)
    best: tuple[tuple[int, ...], DubovBracket] | None = None
    for n_set, ups in enumerate(candidates):
        if n_set >= SET_BUDGET:
            rnd.notes.append(Message("pairing.dubov.budget.upfloaters", {
                "count": len(candidates), "bracket": show(residents[0].pairing_score), "budget": SET_BUDGET}))
            break
        rec = _pair_bracket(rnd, residents, ups)
        key: tuple[int, ...] = (rec.colour_misses,)
        if not state.last_round:
            maxed = [u for u in ups if rnd.info[u.id].upfloats >= maxt]
            key += (len(maxed), sum(rnd.info[u.id].upfloats for u in maxed),
                    sum(1 for u in ups if rnd.info[u.id].upfloated_last_round))
        if best is None or key < best[0]:
            best = (key, rec)
            if key == (0,) * len(key):
                break
    assert best is not None
    return best[1]


def _pair_bracket(rnd: _Round, residents: list[PlayerState], ups: list[PlayerState]) -> DubovBracket:
    """3.2.3-3.2.6 for the bracket residents + upfloaters."""
    bracket = sorted(residents + ups, key=lambda p: p.rank)
    info = rnd.info
    if all(p.played_games == 0 for p in bracket):
        half = len(bracket) // 2
        g1, g2 = bracket[:half], bracket[half:]
    else:
        g1 = [p for p in bracket if p.preference is Colour.WHITE]
        g2 = [p for p in bracket if p.preference is not Colour.WHITE]
    g1, g2, shifted = _recompose(rnd, bracket, g1, g2)
    s1 = sorted(g1, key=lambda p: (info[p.id].aro, p.rank))  # 3.2.5
    t2 = _first_transposition(rnd, s1, sorted(g2, key=lambda p: p.rank))  # 3.2.6, 4.4
    if t2 is None:
        raise rnd.unpairable()
    pairs = [(a.id, b.id) for a, b in zip(s1, t2, strict=True)]
    misses = sum(1 for a, b in zip(s1, t2, strict=True) if a.preference is b.preference)
    return DubovBracket(residents[0].pairing_score, [p.id for p in residents], [p.id for p in ups],
                        [p.id for p in s1], [p.id for p in t2], [p.id for p in shifted], pairs, misses)


def _shifter_order(group: list[PlayerState], rnd: _Round, whites: bool) -> list[PlayerState]:
    """4.3.2-4.3.3: White seekers by ascending ARO then TPN, Black seekers by TPN; numbered from the middle."""
    key = (lambda p: (rnd.info[p.id].aro, p.rank)) if whites else (lambda p: (0, p.rank))
    ordered = sorted(group, key=key)
    by_pos = middle_out(list(range(len(ordered))))
    return [ordered[i] for i in by_pos]


def _best_cross(rnd: _Round, g1: list[PlayerState], g2: list[PlayerState]) -> int | None:
    """The fewest players without their colour preference over the legal pairings G1 x G2 (None: no legal one)."""
    if len(g1) != len(g2):
        return None
    n = len(g1)
    base = 4 * n + 4
    edges = [(i, n + j, base + (0 if a.preference is b.preference else 1))
             for i, a in enumerate(g1) for j, b in enumerate(g2) if rnd.ok(a, b)]
    mate = max_weight_matching(2 * n, edges)
    if any(m < 0 for m in mate):
        return None
    return sum(1 for i in range(n) if g1[i].preference is g2[mate[i] - n].preference)


def _recompose(rnd: _Round, bracket: list[PlayerState], g1: list[PlayerState], g2: list[PlayerState]
               ) -> tuple[list[PlayerState], list[PlayerState], list[PlayerState]]:
    """3.2.4: shift the players the smaller subgroup must pair among themselves, then equalise the sizes."""
    first_smaller = len(g1) <= len(g2)
    small, large = (g1, g2) if first_smaller else (g2, g1)
    forced = _forced_internal_pairs(rnd, bracket, small)
    best: tuple[int, list[PlayerState], list[PlayerState], list[PlayerState]] | None = None
    examined = 0
    for x in itertools.combinations(_shifter_order(small, rnd, small is g1), forced):
        small1 = [p for p in small if p not in x]
        large1 = large + list(x)
        d = (len(large1) - len(small1)) // 2
        for y in itertools.combinations(_shifter_order(large1, rnd, (large is g1)), d):
            examined += 1
            small2 = small1 + list(y)
            large2 = [p for p in large1 if p not in y]
            new_g1, new_g2 = (small2, large2) if first_smaller else (large2, small2)
            value = _best_cross(rnd, new_g1, new_g2)
            if value is not None and (best is None or value < best[0]):
                best = (value, new_g1, new_g2, list(x) + list(y))
            if best is not None and (best[0] == _floor(bracket) or examined >= SET_BUDGET):
                break
        if best is not None and (best[0] == _floor(bracket) or examined >= SET_BUDGET):
            break
    if best is None:
        raise rnd.unpairable()
    if examined >= SET_BUDGET and best[0] != _floor(bracket):
        rnd.notes.append(Message("pairing.dubov.budget.shifters", {"budget": SET_BUDGET}))
    return best[1], best[2], best[3]


def _floor(bracket: list[PlayerState]) -> int:
    """No pairing of the bracket can leave fewer players without their preference than this."""
    whites = sum(1 for p in bracket if p.preference is Colour.WHITE)
    return abs(len(bracket) - 2 * whites) // 2


def _forced_internal_pairs(rnd: _Round, bracket: list[PlayerState], small: list[PlayerState]) -> int:
    """3.2.4.1: pairs inside the smaller subgroup that every legal pairing of the bracket has."""
    if len(small) < 2:
        return 0
    inside = {p.id for p in small}
    n = len(bracket)
    base = 2 * n + 2
    edges = [(i, j, base + (0 if a.id in inside and b.id in inside else 1))
             for i, a in enumerate(bracket) for j, b in enumerate(bracket) if i < j and rnd.ok(a, b)]
    mate = max_weight_matching(n, edges)
    return sum(1 for i in range(n) if mate[i] > i and bracket[i].id in inside and bracket[mate[i]].id in inside)


def _first_transposition(rnd: _Round, s1: list[PlayerState], g2: list[PlayerState]) -> list[PlayerState] | None:
    """4.4: the first permutation of G2 (players in TPN order) pairing S1[i] with T2[i] legally."""
    chosen: list[PlayerState] = []
    left = list(g2)
    for i, a in enumerate(s1):
        for b in left:
            if not rnd.ok(a, b):
                continue
            rest = [q for q in left if q is not b]
            if _bipartite_perfect(rnd, s1[i + 1:], rest):
                chosen.append(b)
                left = rest
                break
        else:
            return None
    return chosen


def _bipartite_perfect(rnd: _Round, xs: list[PlayerState], ys: list[PlayerState]) -> bool:
    if len(xs) != len(ys):
        return False
    match: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j, b in enumerate(ys):
            if j in seen or not rnd.ok(xs[i], b):
                continue
            seen.add(j)
            if j not in match or augment(match[j], seen):
                match[j] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(xs)))


# ------------------------------------------------------------------ checker


def brackets_of(rnd: _Round, pairs: Sequence[tuple[int, int]], pab: int | None) -> list[tuple[object, ...]]:
    """(score, [C5], [C6], [C7], [C8], [C9], [C10], upfloater sequence numbers) of each bracket of a round."""
    partner: dict[int, int] = {}
    for a, b in pairs:
        partner[a] = b
        partner[b] = a
    by_id = rnd.state.by_id
    maxt = max_upfloats(rnd.state.total_rounds)
    remaining = sorted((p for p in rnd.players if p.id != pab), key=lambda p: (-p.pairing_score, p.rank))
    out: list[tuple[object, ...]] = []
    while remaining:
        score = remaining[0].pairing_score
        residents = [p for p in remaining if p.pairing_score == score]
        pool = [p for p in remaining if p.pairing_score < score]
        seq = {p.id: n for n, p in enumerate(pool, start=1)}
        ups = [by_id[partner[p.id]] for p in residents if partner.get(p.id) in seq]
        misses = sum(1 for p in residents if partner.get(p.id) in by_id and p.preference is by_id[
            partner[p.id]].preference and (partner[p.id] in seq or p.rank < by_id[partner[p.id]].rank))
        maxed = [u for u in ups if rnd.info[u.id].upfloats >= maxt]
        out.append((score, len(ups), sorted(u.pairing_score for u in ups), misses, len(maxed),
                    sum(rnd.info[u.id].upfloats for u in maxed),
                    sum(1 for u in ups if rnd.info[u.id].upfloated_last_round), sorted(seq[u.id] for u in ups)))
        used = {p.id for p in residents} | {u.id for u in ups}
        remaining = [p for p in remaining if p.id not in used]
    return out


# ------------------------------------------------------------------ explanations


def _explain(system: DubovSystem, rnd: _Round, rec: DubovBracket, s1: PlayerState, t2: PlayerState,
             hi: PlayerState, lo: PlayerState, white: PlayerState, rule: str, lang: str) -> Explanation:
    black = lo if white is hi else hi
    up = [p for p in (s1, t2) if p.id in rec.upfloaters]
    floats = {p.id: "up" for p in up}
    a1, r2 = rnd.info[s1.id].aro, rnd.info[t2.id].rating
    rule_text = system.rule_text(rule, lang)
    words = messages(lang)
    where = (words["pairing.dubov.upfloat"].format(player=up[0].id, score=show(up[0].pairing_score),
                                                   bracket=show(rec.score)) if up else
             words["pairing.dubov.bracket"].format(bracket=show(rec.score)))
    said = (words["pairing.dubov.pair"].format(where=where, s1=s1.id, aro=a1, t2=t2.id, rating=r2)
            + words["pairing.colours"].format(rule_text=rule_text, rule=rule))
    details: dict[int, dict[str, object]] = {
        p.id: {"rating": rnd.info[p.id].rating, "aro": rnd.info[p.id].aro, "upfloats": rnd.info[p.id].upfloats,
               "subgroup": "S1" if p is s1 else "T2"} for p in (s1, t2)}

    def hist(p: PlayerState) -> list[str]:
        i = rnd.info[p.id]
        return [words["pairing.dubov.upfloats.last-round" if i.upfloated_last_round else "pairing.dubov.upfloats"]
                .format(count=i.upfloats)]

    return Explanation(
        text=said, white_score=white.score, black_score=black.score, white_pairing_score=white.pairing_score,
        black_pairing_score=black.pairing_score, bracket_score=rec.score, floats=floats,
        float_history={hi.id: hist(hi), lo.id: hist(lo)}, colour_rule=rule, colour_rule_text=rule_text,
        colour_preferences={hi.id: preference_text(hi, lang), lo.id: preference_text(lo, lang)}, details=details)
