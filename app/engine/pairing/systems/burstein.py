"""The Burstein System, FIDE C.04.4.2 (approved by the Council on 28/10/2025, applied from 1 February 2026).

The text followed, article by article (docs/swiss-systems.md lists where bbpPairings, which
implements an older text, departs from it):

* 1.6 seeding rounds: the first min(rounds // 2, 4) rounds are paired by the FIDE (Dutch)
  System, colours and bye included (the Dutch module does them).
* 1.7-1.8 after them, the players of a bracket are ranked by the opposition Index, Buchholz
  then Sonneborn-Berger (higher first), then TPN; scores are not used in this order.
  1.7.2: a round a player did not play counts as a game against himself with the points
  registered for it; a run of zero-point byes up to the current round counts as draws for
  the player's over-the-board opponents; virtual points (acceleration) never count.
* 3.1 the pairing-allocated bye first: an eligible player ([C2]) whose removal leaves a
  complete pairing ([C4]), with the lowest score, then the most games played, then the
  lowest Index ranking.
* 1.9, 3.2 then bracket by bracket from the top scoregroup: residents plus the incoming
  floaters, paired to maximise the pairs [C5], then minimise the scores of the outgoing
  floaters, highest first [C6], then make the following bracket (floaters + next
  scoregroup) as good as possible on [C5]/[C6] [C7], then minimise the players who do not
  get their colour preference [C8]; among equally good pairings, the first in the order of
  Art. 4 (BSN #1's opponent as large as possible, a floater counting 0, then BSN #2's, ...).
  [C1] (no rematch, nor a forbidden pair) and [C3] (no two players with the same absolute
  colour preference) are never broken, and [C4] (everybody left can still be paired) holds
  at every bracket.
* Art. 5 colours: 5.2.1 the first-round parity rule when neither has played, then both
  preferences, the stronger one, alternation from the latest different round, and the
  preference of the higher-ranked player (by the Index).

How: each bracket is one maximum-weight matching on all the players still to pair, whose
edge weight packs, most significant first, completion, [C5], [C6], [C7], [C8] and the
Art. 4 order (a lexicographic field on the BSNs); the bracket's pairs are read off the
optimum, its unpaired players float to the next bracket. The weighted matching is the
project's own (`matching.py`, written for the Dutch engine; no maintained Python library
gives a maximum-weight matching with arbitrary-precision integer weights fast enough).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from app.engine.messages import Message, messages, text
from app.engine.model import Colour, Result, Tournament
from app.engine.numbers import show
from app.engine.pairing.colours import C0404_RULES, allocate_colours_c0404
from app.engine.pairing.handling import higher_of
from app.engine.pairing.matching import max_weight_matching
from app.engine.pairing.state import PlayerState, RoundState, round_points
from app.engine.pairing.systems.base import (
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
from app.engine.pairing.systems.dutch import DutchSystem

# criterion -> message id of its name (the checker's reports)
CRITERIA = {
    "C1": "checker.criterion.C1", "C2": "checker.criterion.C2", "C3": "checker.criterion.C3",
    "C4": "checker.criterion.completion", "C5": "checker.burstein.C5", "C6": "checker.burstein.C6",
    "C7": "checker.burstein.C7", "C8": "checker.criterion.colour-preferences", "3.1": "checker.criterion.pab",
    "4.3": "checker.burstein.4.3",
}
_WHAT = {"C5": "checker.burstein.what.C5", "C6": "checker.burstein.what.C6", "C7": "checker.burstein.what.C7",
         "C8": "checker.burstein.what.C8", "4.3": "checker.burstein.what.4.3"}  # what the values count


def seeding_rounds(total_rounds: int) -> int:
    """1.6.2: half the rounds (rounded down), at most four."""
    return min(total_rounds // 2, 4)


@dataclass(frozen=True)
class Index:
    """The opposition Index of 1.8.1 (real points only, 1.7.2)."""

    buchholz: Fraction
    sonneborn_berger: Fraction


def _is_zero_point_bye(entry_result: Result, has_opponent: bool) -> bool:
    return not has_opponent and entry_result in (Result.ZERO_POINT_BYE, Result.NOT_PAIRED)


def opposition_indices(t: Tournament, round_number: int) -> dict[int, Index]:
    """Buchholz and Sonneborn-Berger of every player before `round_number` (C.04.4.2 1.7)."""
    scoring = t.scoring
    rounds = range(1, round_number)
    own: dict[int, Fraction] = {}
    as_opponent: dict[int, Fraction] = {}
    for sn, p in t.players.items():
        entries = [p.entry(k) for k in rounds]
        score = sum((round_points(scoring, e) for e in entries), Fraction(0))
        own[sn] = score
        # 1.7.2 exception: a series of zero-point byes up to the current round counts as draws
        # for the benefit of the player's over-the-board opponents
        bonus = Fraction(0)
        for e in reversed(entries):
            if not _is_zero_point_bye(e.result, e.opponent is not None):
                break
            bonus += scoring.draw - round_points(scoring, e)
        as_opponent[sn] = score + bonus
    out: dict[int, Index] = {}
    for sn, p in t.players.items():
        bh = sb = Fraction(0)
        for k in rounds:
            e = p.entry(k)
            pts = round_points(scoring, e)
            if e.is_played_game and e.opponent is not None and e.opponent in as_opponent:
                opp = as_opponent[e.opponent]
            else:
                opp = own[sn]  # 1.7.2: an unplayed round is a game against himself
            bh += opp
            sb += pts * opp
        out[sn] = Index(bh, sb)
    return out


def _bits(x: int) -> int:
    return max(1, int(x).bit_length())


@dataclass
class BursteinBracket:
    """What happened in one bracket (for explanations and the checker)."""

    score: Fraction  # pairing score of the residents
    order: list[int]  # the bracket in BSN order (1.8)
    incoming: list[int]
    pairs: list[tuple[int, int]]  # (lower BSN, higher BSN)
    floaters: list[int]  # outgoing floaters
    colour_misses: int = 0  # players not getting their colour preference ([C8])
    method: str = "matching"


class _Round(RoundField):
    """One round being paired after the seeding rounds."""

    system_name = "pairing.system.burstein"
    article = "C.04.4.2"

    def __init__(self, state: RoundState, index: dict[int, Index], players: list[PlayerState]) -> None:
        super().__init__(state, players)
        self.index = index

    def rank_key(self, p: PlayerState) -> tuple[Fraction, Fraction, int]:
        """1.8: Buchholz, then Sonneborn-Berger (higher first), then TPN."""
        ix = self.index[p.id]
        return -ix.buchholz, -ix.sonneborn_berger, p.rank


class BursteinSystem(SwissSystem):
    id = "burstein"
    name = "Burstein System"
    name_zh = "伯斯坦制"
    article = "C.04.4.2"
    edition = "approved by the Council on 28/10/2025, applied from 1 February 2026"
    trf_code = "FIDE_BURSTEIN"
    trf_text = "Swiss System (FIDE Burstein, C.04.4.2)"
    codes = ("FIDE_BURSTEIN",)
    words = r"burstein|伯斯坦"
    aliases = ("fide-burstein", "fide_burstein", "c.04.4.2")
    colour_rules: ClassVar[dict[str, str]] = C0404_RULES
    criteria = CRITERIA

    def pair(self, prepared: PreparedRound, lang: str) -> SystemOutcome:
        state = prepared.state
        seeding = seeding_rounds(state.total_rounds)
        if state.round_number <= seeding:
            outcome = DutchSystem().pair(prepared, lang)
            note = text(lang, "pairing.burstein.seeding", round=state.round_number, seeding=seeding)
            outcome.notes.insert(0, note)
            return outcome
        if not state.players:
            return SystemOutcome([], None)
        rnd = _Round(state, opposition_indices(prepared.tournament, state.round_number), list(state.players))
        bye = choose_bye(rnd)
        rest = [p for p in rnd.players if p is not bye]
        brackets = pair_brackets(rnd, rest)
        by_id = state.by_id
        pairs: list[SystemPair] = []
        colour_misses = 0
        for rec in brackets:
            bsn = {sn: k for k, sn in enumerate(rec.order, start=1)}
            for a, b in rec.pairs:
                top, other = by_id[a], by_id[b]  # top: the higher ranked by the Index (1.8)
                colour, rule = allocate_colours_c0404(top, other, state.initial_colour)
                white = top if colour is Colour.WHITE else other
                hi, lo = higher_of(top, other)
                explanation = _explain(self, rnd, rec, top, other, white, rule, bsn, lang)
                pairs.append(SystemPair(hi, lo, white, explanation))
                if top.preference is not None and other.preference is top.preference:
                    colour_misses += 1
        summary: dict[str, object] = {}
        floaters = [by_id[f] for rec in brackets for f in rec.floaters]
        if floaters:
            summary["C5"] = len(floaters)
            summary["C6"] = sorted((f.pairing_score for f in floaters), reverse=True)
        if colour_misses:
            summary["C8"] = colour_misses
        reason = ""
        if bye is not None:
            ix = rnd.index[bye.id]
            reason = text(lang, "pairing.burstein.bye", score=show(bye.pairing_score), games=bye.played_games,
                          buchholz=show(ix.buchholz), sonneborn_berger=show(ix.sonneborn_berger))
        return SystemOutcome(pairs, bye, reason, list(brackets), summary)

    def colours_compatible(self, prepared: PreparedRound, a: PlayerState, b: PlayerState) -> bool:
        if prepared.state.round_number <= seeding_rounds(prepared.state.total_rounds):
            return DutchSystem().colours_compatible(prepared, a, b)
        return super().colours_compatible(prepared, a, b)

    def compare(self, prepared: PreparedRound, file_pairs: Sequence[tuple[int, int]], file_pab: int | None,
                engine_pairs: Sequence[tuple[int, int]], engine_pab: int | None) -> Diagnosis:
        state = prepared.state
        if state.round_number <= seeding_rounds(state.total_rounds):
            found = DutchSystem().compare(prepared, file_pairs, file_pab, engine_pairs, engine_pab)
            found.message = Message("checker.burstein.seeding", {"diagnosis": found.message})
            return found
        rnd = _Round(state, opposition_indices(prepared.tournament, state.round_number), list(state.players))
        if file_pab != engine_pab:
            return _compare_bye(rnd, file_pab, engine_pab)
        diff = first_difference(evaluate(rnd, file_pairs, file_pab), evaluate(rnd, engine_pairs, engine_pab))
        if diff is None:
            return Diagnosis("4.3", Message("checker.burstein.order", {}))
        name, score, fx, ey, _better = diff
        return Diagnosis(name, Message("checker.burstein.bracket", {
            "criterion": name, "name": Message(CRITERIA[name], {}), "bracket": show(score), "file": show_value(fx),
            "engine": show_value(ey), "what": Message(_WHAT[name], {})}), fx, ey)


def choose_bye(rnd: _Round) -> PlayerState | None:
    """3.1: eligible ([C2]); leaves a complete pairing ([C4]); lowest score; most games played;
    lowest ranking by 1.8."""
    ranking = {p.id: k for k, p in enumerate(sorted(rnd.players, key=rnd.rank_key))}
    return rnd.choose_bye(lambda p: (p.pairing_score, -p.played_games, -ranking[p.id]))


def pair_brackets(rnd: _Round, rest: list[PlayerState]) -> list[BursteinBracket]:
    """1.9.2 / 3.2: the brackets from the top scoregroup down."""
    groups: list[list[PlayerState]] = []
    for p in sorted(rest, key=lambda q: (-q.pairing_score, q.rank)):
        if groups and groups[-1][0].pairing_score == p.pairing_score:
            groups[-1].append(p)
        else:
            groups.append([p])
    out: list[BursteinBracket] = []
    incoming: list[PlayerState] = []
    for g, residents in enumerate(groups):
        bracket = sorted(incoming + residents, key=rnd.rank_key)
        lower = [p for grp in groups[g + 1:] for p in grp]
        nxt = groups[g + 1] if g + 1 < len(groups) else []
        pairs = _pair_bracket(rnd, bracket, nxt, lower)
        paired = {x for pr in pairs for x in pr}
        floaters = [p for p in bracket if p.id not in paired]
        if not lower and floaters:
            raise rnd.unpairable()
        misses = sum(1 for a, b in pairs if rnd.state.by_id[a].preference is not None
                     and rnd.state.by_id[a].preference is rnd.state.by_id[b].preference)
        out.append(BursteinBracket(residents[0].pairing_score, [p.id for p in bracket], [p.id for p in incoming],
                                   pairs, [p.id for p in floaters], misses))
        incoming = floaters
    return out


def order_value(i: int, j: int, m: int) -> int:
    """Art. 4.3 as a number: the pair of BSNs i < j (0-based) in a bracket of m players adds
    opponent BSN j + 1 at BSN i's place, BSN #1's place most significant; a floater adds 0.
    Summed over a pairing, the larger value comes first in the order of 4.3."""
    kb = _bits(m + 1)
    return (j + 1) << (kb * (m - 1 - i))


def _pair_bracket(rnd: _Round, bracket: list[PlayerState], nxt: list[PlayerState], lower: list[PlayerState]
                  ) -> list[tuple[int, int]]:
    """The bracket's pairs (BSN order inside each pair) by one weighted matching over everybody left."""
    everyone = bracket + lower
    n = len(everyone)
    m = len(bracket)
    in_bracket = set(range(m))
    next_ids = {p.id for p in nxt}
    in_next = {i for i in range(m, n) if everyone[i].id in next_ids}
    scores = sorted({p.pairing_score for p in bracket + nxt}, reverse=True)
    score_pos = {s: k for k, s in enumerate(scores)}
    cw = _bits(n + 1)  # width of a counter field
    kb = _bits(m + 1)
    lex_w = kb * m
    c8_w = cw
    sc_w = cw * len(scores)
    # field offsets, least significant first: lex, C8, C7 scores, C7 pairs, C6 scores, C5 pairs, completion
    off_c8 = lex_w
    off_c7s = off_c8 + c8_w
    off_c7 = off_c7s + sc_w
    off_c6 = off_c7 + cw
    off_c5 = off_c6 + sc_w
    off_k = off_c5 + cw

    def counters(a: PlayerState, b: PlayerState) -> int:
        # highest score in the most significant counter
        top = len(scores) - 1
        return (1 << (cw * (top - score_pos[a.pairing_score]))) + (1 << (cw * (top - score_pos[b.pairing_score])))

    edges: list[tuple[int, int, int]] = []
    adjacency = rnd.adjacency
    pos = rnd.pos
    for i in range(n):
        pi = everyone[i]
        row = adjacency[pos[pi.id]]
        for j in range(i + 1, n):
            pj = everyone[j]
            if not row >> pos[pj.id] & 1:
                continue
            w = 1 << off_k
            if i in in_bracket and j in in_bracket:
                same = pi.preference is not None and pi.preference is pj.preference
                w |= 1 << off_c5
                w += counters(pi, pj) << off_c6
                w += (0 if same else 1) << off_c8
                w += order_value(i, j, m)  # Art. 4.3: BSN i's opponent as large as possible
            elif (i in in_bracket or i in in_next) and j in in_next:
                w += 1 << off_c7
                w += counters(pi, pj) << off_c7s
            edges.append((i, j, w))
    mate = max_weight_matching(n, edges)
    if any(x < 0 for x in mate):
        raise rnd.unpairable()
    return [(everyone[i].id, everyone[mate[i]].id) for i in range(m) if i < mate[i] < m]


@dataclass(frozen=True)
class BracketQuality:
    """One bracket of a round-pairing measured on the quality criteria of 2.3 and the order of Art. 4."""

    score: Fraction
    floaters: int  # [C5]: outgoing floaters (fewer is better)
    floater_scores: tuple[Fraction, ...]  # [C6]: their scores, highest first (lower is better)
    next_floaters: int  # [C7]: the following bracket's [C5]
    next_floater_scores: tuple[Fraction, ...]  # [C7]: the following bracket's [C6]
    colour_misses: int  # [C8]: players without their colour preference (fewer is better)
    order: tuple[int, ...]  # Art. 4.3: opponents' BSNs of BSN 1, 2, ... (a floater 0; larger comes first)


def evaluate(rnd: _Round, pairs: Sequence[tuple[int, int]], pab: int | None) -> list[BracketQuality]:
    """The brackets of a given round-pairing, as the Burstein procedure forms them."""
    partner: dict[int, int] = {}
    for a, b in pairs:
        partner[a] = b
        partner[b] = a
    groups: list[list[PlayerState]] = []
    for p in sorted((q for q in rnd.players if q.id != pab), key=lambda q: (-q.pairing_score, q.rank)):
        if groups and groups[-1][0].pairing_score == p.pairing_score:
            groups[-1].append(p)
        else:
            groups.append([p])
    rows: list[tuple[Fraction, int, tuple[Fraction, ...], int, tuple[int, ...]]] = []
    incoming: list[PlayerState] = []
    for residents in groups:
        bracket = sorted(incoming + residents, key=rnd.rank_key)
        bsn = {p.id: k for k, p in enumerate(bracket, start=1)}
        floaters = [p for p in bracket if partner.get(p.id) not in bsn]
        misses = 0
        vector = []
        for p in bracket:
            mate = partner.get(p.id, 0)
            vector.append(bsn.get(mate, 0))
            if mate in bsn and bsn[mate] > bsn[p.id]:
                q = rnd.state.by_id[mate]
                misses += int(p.preference is not None and p.preference is q.preference)
        rows.append((residents[0].pairing_score, len(floaters),
                     tuple(sorted((f.pairing_score for f in floaters), reverse=True)), misses, tuple(vector)))
        incoming = floaters
    out = []
    for k, (score, count, scores, misses, order) in enumerate(rows):
        nxt = rows[k + 1] if k + 1 < len(rows) else (score, 0, (), 0, ())
        out.append(BracketQuality(score, count, scores, nxt[1], nxt[2], misses, order))
    return out


def first_difference(a: Sequence[BracketQuality], b: Sequence[BracketQuality]
                     ) -> tuple[str, Fraction, object, object, bool] | None:
    """The first criterion (bracket by bracket, [C5] > [C6] > [C7] > [C8] > Art. 4) on which two
    round-pairings differ: (criterion, bracket score, value of a, value of b, a is better)."""
    for x, y in zip(a, b, strict=False):
        checks: tuple[tuple[str, object, object, bool], ...] = (
            ("C5", x.floaters, y.floaters, x.floaters < y.floaters),
            ("C6", x.floater_scores, y.floater_scores, x.floater_scores < y.floater_scores),
            ("C7", (x.next_floaters, x.next_floater_scores), (y.next_floaters, y.next_floater_scores),
             (x.next_floaters, x.next_floater_scores) < (y.next_floaters, y.next_floater_scores)),
            ("C8", x.colour_misses, y.colour_misses, x.colour_misses < y.colour_misses),
            ("4.3", x.order, y.order, x.order > y.order),
        )
        for name, vx, vy, better in checks:
            if vx != vy:
                return name, x.score, vx, vy, better
    return None


def _compare_bye(rnd: _Round, file_pab: int | None, engine_pab: int | None) -> Diagnosis:
    by_id = rnd.state.by_id
    if file_pab is None or engine_pab is None or file_pab not in by_id or engine_pab not in by_id:
        return Diagnosis("3.1", Message("checker.burstein.pab", {"file": player_value(file_pab),
                                                                 "engine": player_value(engine_pab)}),
                         file_pab, engine_pab)
    f, e = by_id[file_pab], by_id[engine_pab]
    if not rnd.completable([p for p in rnd.players if p is not f]):
        return Diagnosis("C4", Message("checker.burstein.pab-unpairable", {"player": file_pab}))
    for what, x, y in (("checker.burstein.pab-score", f.pairing_score, e.pairing_score),
                       ("checker.burstein.pab-games", Fraction(f.played_games), Fraction(e.played_games))):
        if x != y:
            return Diagnosis("3.1", Message(what, {"file": file_pab, "file_value": show(x), "engine": engine_pab,
                                                   "engine_value": show(y)}), file_pab, engine_pab)
    return Diagnosis("3.1", Message("checker.burstein.pab-index", {"file": file_pab, "engine": engine_pab}),
                     file_pab, engine_pab)


def _explain(system: BursteinSystem, rnd: _Round, rec: BursteinBracket, top: PlayerState, other: PlayerState,
             white: PlayerState, rule: str, bsn: dict[int, int], lang: str) -> Explanation:
    black = other if white is top else top
    hi, lo = higher_of(top, other)
    floats: dict[int, str] = {}
    if hi.pairing_score > lo.pairing_score:
        floats = {hi.id: "down", lo.id: "up"}
    ix_t, ix_o = rnd.index[top.id], rnd.index[other.id]
    rule_text = system.rule_text(rule, lang)
    words = messages(lang)
    where = (words["pairing.burstein.float"].format(high=hi.id, high_score=show(hi.pairing_score), low=lo.id,
                                                    bracket=show(rec.score)) if floats else
             words["pairing.burstein.same"].format(top=top.id, other=other.id, bracket=show(rec.score)))
    said = (words["pairing.burstein.pair"].format(
        where=where, bsn_top=bsn[top.id], bsn_other=bsn[other.id], buchholz_top=show(ix_t.buchholz),
        buchholz_other=show(ix_o.buchholz), sb_top=show(ix_t.sonneborn_berger), sb_other=show(ix_o.sonneborn_berger))
        + words["pairing.colours"].format(rule_text=rule_text, rule=rule))
    details: dict[int, dict[str, object]] = {
        p.id: {"bsn": bsn[p.id], "buchholz": rnd.index[p.id].buchholz,
               "sonneborn_berger": rnd.index[p.id].sonneborn_berger} for p in (top, other)}
    return Explanation(
        text=said, white_score=white.score, black_score=black.score, white_pairing_score=white.pairing_score,
        black_pairing_score=black.pairing_score, bracket_score=rec.score, floats=floats,
        float_history={top.id: [], other.id: []}, colour_rule=rule, colour_rule_text=rule_text,
        colour_preferences={top.id: preference_text(top, lang), other.id: preference_text(other, lang)},
        details=details)
