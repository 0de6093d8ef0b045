"""The Lim System, FIDE C.04.4.3 (approved by the General Assembly of 1987, amended 1988, 1989, 1997, 1998
and 1999; re-approved by the Council on 28/10/2025, applied from 1 February 2026).

Only part of the primary text could be read here (docs/swiss-systems.md, "Lim: sources"): Art. 1.1 and
2.1-2.3 (2026, and the same rules as 8.1, 9.1-9.3 of the 1999 "FIDE Swiss Rules", the Lim system's earlier
name), 2.4, 2.5, 3.2.1, 4.1, 5.1 and 5.3 (the 1999 Rules 9.4, 9.5, 10.2, 11.1, 12.1, 12.3), the 1999 Rule 7 (No. 1 has the *highest* pairing number, so "the lowest numbered player" is the
lowest-ranked) and the brief examples of round one and round two (2026 Art. 7-8). The rest (2.4-2.6, the
floater choice 3.x, the exchanges of Art. 4 beyond the worked example of 4.2, colour details 5.x, Art. 6, the
Maxi-tournament rules 3.2.3, 3.8, 5.7) follows published summaries of that text, and the engine says so.

What the module does:

* 2.1 compatibility: two players who have not met, and a colour for each that gives neither the
  same colour three times in a row nor three more of one colour than the other. In the last round
  the colour limits give way to pairing players of the same score (Art. 6).
* 1.1 the PAB: the lowest-ranked eligible player of the lowest scoregroup whose removal leaves the
  others pairable; in round one the lowest-rated (7.1).
* 2.2 the order of the scoregroups: from the top down to just above the median scoregroup (score =
  half the rounds played), then from the bottom up to just below it, the median group last, paired
  downward. A group paired downward sends its floaters to the next lower group, one paired upward to
  the next higher group; both streams end in the median group.
* 2.3, 2.4, 3, 4 pairing a group: the most pairs ([2.3]: a player without a compatible opponent
  floats, and one floats to make the number even; each floater carries his reason, 2.3.1-2.3.4);
  the floaters are chosen by the types of 3.9 (avoiding, in this order, a floater of this round
  floating on with no compatible opponent in the receiving group, one floating on with one, a
  resident with none), then 3.10 (not a player who floated in the previous round), then 3.2.2 (a
  player due the colour more players of the group are due; in a Maxi-tournament only within 100
  rating points, 3.2.3), then 3.2.4 (pairing downward the lowest-ranked players float, upward the
  highest-ranked).
* 2.6: while the median group cannot be paired, the last pairing made on its lower side (more
  floaters came from above, 2.6.1) or higher side (2.6.2) is cracked and its players join it.
* Art. 4 the players who stay (`scrutinise`): incoming floaters first, in the order of 3.6-3.7
  (`floater_order`), a downfloater with the highest-ranked, an upfloater with the lowest-ranked
  available opponent (3.8); then, again and again, the first of the players left (from the top when
  pairing downward, from the bottom upward, 4.1) takes the first available opponent in the order of
  4.2 (`exchange_order`: 1 v 4, 1 v 5, 1 v 6, 1 v 3, 1 v 2 for six), the first one giving both
  their due colours if any (5.2; in a Maxi-tournament only within 100 points of the first available
  one, 3.8, 5.7); available: the rest can still all be paired (4.4).
* Art. 5 colours: the colour a player must have (absolute limits, 5.1; 5.3 after the same colour
  twice) first; then each player's due colour (equalisation, else alternation, 5.2); equal dues: the
  one due it by equalisation (5.6), then back through the histories to the latest
  round in which their colours differed; identical histories: at or above the median the
  higher-ranked player, below it the lower-ranked player gets his due colour; nobody has played:
  the higher-ranked player's TPN parity and the colour drawn for #1 (7.2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar, TypeVar

from app.engine.messages import Message, messages, text
from app.engine.model import Colour
from app.engine.numbers import show
from app.engine.pairing.colours import latest_colour_difference
from app.engine.pairing.handling import higher_of
from app.engine.pairing.matching import max_weight_matching
from app.engine.pairing.state import Float, PlayerState, RoundState
from app.engine.pairing.systems.base import (
    Diagnosis,
    Explanation,
    PreparedRound,
    SwissSystem,
    SystemOutcome,
    SystemPair,
    player_value,
    preference_text,
)
from app.engine.pairing.systems.common import RoundField

T = TypeVar("T")

RULES = {  # article -> message id of its text (app.engine.messages)
    "5.1": "pairing.lim.rule.5.1",
    "5.2": "pairing.lim.rule.5.2",
    "5.3": "pairing.lim.rule.5.3",
    "5.6": "pairing.lim.rule.5.6",
    "5.4": "pairing.lim.rule.5.4",
    "5.4a": "pairing.lim.rule.5.4a",
    "5.4b": "pairing.lim.rule.5.4b",
    "7.2": "pairing.lim.rule.7.2",
}
FLOAT_REASONS = {  # 2.3: article -> message id of why a floater left his scoregroup
    "4.4": "pairing.lim.rule.4.4",  # left without a compatible opponent once the others were paired
    "2.3.1": "pairing.lim.rule.2.3.1",
    "2.3.2": "pairing.lim.rule.2.3.2",
    "2.3.3": "pairing.lim.rule.2.3.3",
    "2.3.4": "pairing.lim.rule.2.3.4",
    "2.6": "pairing.lim.rule.2.6",  # his pairing was cracked so that the median group could be paired
}


def can_take(p: PlayerState, c: Colour) -> bool:
    """2.1: colour c gives p neither a third colour in a row nor three more of one colour."""
    if len(p.colours) >= 2 and p.colours[-1] is c and p.colours[-2] is c:
        return False
    return abs(p.colour_difference + (1 if c is Colour.WHITE else -1)) < 3


def due_colour(p: PlayerState) -> Colour | None:
    """The colour a player should get: equalisation first, else alternation (5.1)."""
    if not p.colours:
        return None
    if p.colour_difference:
        return Colour.BLACK if p.colour_difference > 0 else Colour.WHITE
    return p.colours[-1].opposite


MAXI_BAND = 100  # 3.2.3, 3.8, 5.7: rating points within which a Maxi-tournament allows a choice for colours


class _Round(RoundField):
    system_name = "pairing.system.lim"
    article = "C.04.4.3"

    def __init__(self, state: RoundState, ratings: dict[int, int] | None = None) -> None:
        super().__init__(state)
        self.ratings = ratings or {}  # start number -> rating (0: unrated): 7.1 and a Maxi-tournament

    def within_band(self, a: PlayerState, b: PlayerState) -> bool:
        """3.2.3, 3.8, 5.7: outside a Maxi-tournament always; in one, ratings at most 100 points apart."""
        if not self.state.maxi_tournament:
            return True
        return abs(self.ratings.get(a.id, 0) - self.ratings.get(b.id, 0)) <= MAXI_BAND

    def compatible(self, a: PlayerState, b: PlayerState) -> bool:
        forbidden = self.state.forbidden
        if b.id in a.opponents or b.id in forbidden.get(a.id, ()) or a.id in forbidden.get(b.id, ()):
            return False
        if self.state.last_round:
            return True  # Art. 6: the same score comes before the colour limits in the last round
        return any(can_take(a, c) and can_take(b, c.opposite) for c in (Colour.WHITE, Colour.BLACK))


@dataclass
class LimGroup:
    """One scoregroup as paired: who came in, who floated on, the pairs (first player: scrutiny order)."""

    score: Fraction
    direction: str  # "down" or "up"
    residents: list[int]
    incoming: list[int]
    pairs: list[tuple[int, int]]
    floaters: list[int]
    median: bool = False
    # 2.3: why each floater left his group (the article) and the score of the group he left, for the players who
    # floated into this group
    arrived: dict[int, tuple[str, Fraction]] = field(default_factory=dict)
    cracked: int = 0  # the median group: pairings of its neighbours undone so that it could be paired (2.6)


def float_reason(p: PlayerState, members: Sequence[PlayerState],
                 compatible: Callable[[PlayerState, PlayerState], bool], stuck: int | None = None) -> str:
    """2.3 (2026 numbering; a-d in the earlier text): why p had to leave his scoregroup. 2.3.1 he has played
    everybody there; 2.3.2 he has two more of one colour and nobody there lets him have the other; 2.3.3 he had
    the same colour in the last two rounds and nobody there lets him alternate; 2.3.4 one player had to go to make
    the number even; "4.4": he had compatible opponents there, but they were paired with others (4.4, from the
    summaries: a player left without an opponent by the scrutiny floats). A group's floaters are labelled
    together by `float_reasons`."""
    others = [q for q in members if q.id != p.id]
    if not others:
        return "2.3.4"  # alone in his group: one player, an odd number
    if any(compatible(p, q) for q in others):
        # 2.3.4: the players left once those without a compatible opponent (2.3.1-2.3.3) are gone are odd
        if stuck is None:
            stuck = stuck_players(members, compatible)
        return "2.3.4" if (len(members) - stuck) % 2 else "4.4"
    if all(q.id in p.opponents for q in others):
        return "2.3.1"
    if abs(p.colour_difference) >= 2:
        return "2.3.2"
    if len(p.colours) >= 2 and p.colours[-1] is p.colours[-2]:
        return "2.3.3"
    return "2.3.1"  # the others are forbidden pairs, which count as games already played ([C1])


def float_reasons(floaters: Sequence[PlayerState], members: Sequence[PlayerState],
                  compatible: Callable[[PlayerState, PlayerState], bool], direction: str) -> dict[int, str]:
    """Why each floater of a group left it. Those with no compatible opponent there: 2.3.1-2.3.3. The others
    come in turns: each one left without an opponent once the rest were paired (4.4) makes the number odd, and
    one more player leaves to make it even (2.3.4), plus one when the group was odd to begin with. The players
    the floater rules would send first (3.2.4: pairing downward the lowest-ranked, upward the highest-ranked)
    are counted as the ones making the number even (4.4.2: 1 v 6 stays, 2 is left without an opponent, and 5,
    the lowest numbered left, floats to make the number even)."""
    if len(members) == 1:
        return {p.id: "2.3.4" for p in floaters}  # alone in his group
    stuck = stuck_players(members, compatible)
    out: dict[int, str] = {}
    free: list[PlayerState] = []
    for p in floaters:
        why = float_reason(p, members, compatible, stuck)
        if why in ("2.3.4", "4.4"):
            free.append(p)
        else:
            out[p.id] = why
    free.sort(key=lambda p: -p.rank if direction == "down" else p.rank)  # the first to be sent first
    odd = (len(members) - stuck) % 2
    evening = (len(free) + 1) // 2 if odd else len(free) // 2
    for k, p in enumerate(free):
        out[p.id] = "2.3.4" if k < evening else "4.4"
    return out


def stuck_players(members: Sequence[PlayerState], compatible: Callable[[PlayerState, PlayerState], bool]) -> int:
    """2.3.1-2.3.3: how many players of a group have no compatible opponent in it."""
    return sum(1 for q in members if not any(compatible(q, x) for x in members if x.id != q.id))


def _bits(x: int) -> int:
    return max(1, int(x).bit_length())


def median_score(state: RoundState) -> Fraction:
    """2.2: the score equal to half the rounds played (half a win per round played)."""
    return Fraction(state.round_number - 1) * state.scoring.win / 2


def group_order(scores: list[Fraction], median: Fraction) -> list[tuple[Fraction, str]]:
    """2.2: the top groups down to just above the median, the bottom groups up to just below it, the
    median group last (paired downward)."""
    above = [s for s in scores if s > median]
    below = [s for s in scores if s < median]
    return [(s, "down") for s in sorted(above, reverse=True)] + [(s, "up") for s in sorted(below)] + \
        [(median, "down")]


def floater_order(floaters: Sequence[PlayerState], score: Fraction, direction: str) -> list[PlayerState]:
    """3.6-3.7 (from the summaries of the text): the order in which the floaters who came into a group are
    paired. Those from the side the pairing came from first (downfloaters into a group paired downward,
    upfloaters into one paired upward): downfloaters the highest score first, then the highest numbered (No. 1
    side); upfloaters the lowest score first, then the lowest numbered. Then those from the other side (only the
    median group has them: its upfloaters), in the mirror order."""
    def down(p: PlayerState) -> tuple[Fraction, int]:
        return -p.pairing_score, p.rank

    def up(p: PlayerState) -> tuple[Fraction, int]:
        return p.pairing_score, -p.rank

    above = [p for p in floaters if p.pairing_score > score]
    below = [p for p in floaters if p.pairing_score <= score]
    if direction == "down":
        return sorted(above, key=down) + sorted(below, key=up)
    return sorted(below, key=up) + sorted(above, key=down)


def _pair_group(rnd: _Round, members: list[PlayerState], direction: str, incoming: set[int],
                receiving: list[PlayerState], score: Fraction) -> list[tuple[int, int]]:
    """The group's pairs: who floats, by one weighted matching over the group (the most pairs, then the float
    costs of 3.9, 3.10, 3.2.2, 3.2.4, then the most due colours); then the players who stay are paired by the
    scrutiny and exchanges of Art. 4 (`scrutinise`)."""
    ordered = sorted(members, key=lambda p: p.rank)  # pairing number order (2.4)
    m = len(ordered)
    place = {p.id: k for k, p in enumerate(ordered)}
    cw = _bits(m + 1)
    pw = _bits(m + 1)  # a count over the group's players
    rw = _bits(m * m + 1)  # a sum of ranks over them
    # least significant first: colours, floaters, pairs
    off_float = cw
    off_pairs = off_float + 5 * pw + rw

    dues = [due_colour(p) for p in ordered]
    whites, blacks = dues.count(Colour.WHITE), dues.count(Colour.BLACK)
    majority = Colour.WHITE if whites > blacks else Colour.BLACK if blacks > whites else None
    # 3.2.3: in a Maxi-tournament the choice for colours (3.2.2) is only among the players rated within 100
    # points of the one 3.2.4 would float (pairing downward the lowest-ranked player of the group, upward the
    # highest-ranked); the others float by rank alone
    by_rank = ordered[-1] if direction == "down" else ordered[0]

    def float_cost(p: PlayerState) -> int:
        """How bad it is for p to float, as counts compared from the most significant (summaries of 3.9,
        3.10, 3.2.2, 3.2.4): 3.9 avoids a floater of type a (a floater of this round floating on, 3.5, with no
        compatible opponent in the receiving group), then b (floating on, with one), then c (a resident with
        none); 3.10 then avoids a player who floated in the previous round; 3.2.2 floats a player due the
        colour more players of the group are due; 3.2.4 floats the lowest numbered player downward and the
        highest numbered upward ("highest numbered" is No. 1, 1999 Rule 7)."""
        on = p.id in incoming
        alone = not any(rnd.ok(p, q) for q in receiving if q.id != p.id)
        type_a, type_b, type_c = int(on and alone), int(on and not alone), int(not on and alone)
        again = int(p.floats[0] is not Float.NONE)
        off_balance = int(not rnd.within_band(p, by_rank) or majority is not None and due_colour(p) is not majority)
        rank_cost = m - 1 - place[p.id] if direction == "down" else place[p.id]  # down: the lowest float
        return (type_a << (4 * pw + rw)) | (type_b << (3 * pw + rw)) | (type_c << (2 * pw + rw)) | \
            (again << (pw + rw)) | (off_balance << rw) | rank_cost

    # Shortcuts of the matching below, with the same answer: nobody floats when the group can be paired
    # completely; one floater when one must go, the cheapest whose leaving lets the others be paired (the costs
    # differ from player to player by their rank part, so there is one such player)
    if m % 2 == 0 and rnd.completable(ordered):
        return scrutinise(rnd, ordered, incoming, score, direction)
    if m % 2 == 1:
        for p in sorted(ordered, key=float_cost):
            others = [q for q in ordered if q is not p]
            if rnd.completable(others):
                return scrutinise(rnd, others, incoming, score, direction)
    # a paired player saves his float cost: reward pairs by the floaters they avoid
    edges: list[tuple[int, int, int]] = []
    for i in range(m):
        a = ordered[i]
        for j in range(i + 1, m):
            b = ordered[j]
            if rnd.ok(a, b):
                w = (1 << off_pairs) + ((float_cost(a) + float_cost(b)) << off_float) + int(_colours_suit(a, b))
                edges.append((i, j, w))
    mate = max_weight_matching(m, edges)
    staying = [ordered[i] for i in range(m) if mate[i] >= 0]
    return scrutinise(rnd, staying, incoming, score, direction)


def _colours_suit(a: PlayerState, b: PlayerState) -> bool:
    """5.2: both players can have their due colour."""
    da, db = due_colour(a), due_colour(b)
    return da is None or db is None or da is not db


def exchange_order(arranged: Sequence[T]) -> list[T]:
    """4.1-4.2: the opponents the first of `arranged` tries, in turn. The proposed pairing is the top half
    against the bottom half (2.4: 1 v n/2+1, 2 v n/2+2, ...); the first player tries his proposed opponent, the
    rest of the bottom half in order, then the top half from its bottom up. For six players: 1 v 4, 1 v 5,
    1 v 6, 1 v 3, 1 v 2, the worked example of 4.2."""
    half = len(arranged) // 2
    return list(arranged[half:]) + list(arranged[half - 1:0:-1])


def scrutinise(rnd: _Round, players: Sequence[PlayerState], incoming: set[int], score: Fraction,
               direction: str) -> list[tuple[int, int]]:
    """Art. 4 (from the summaries of the text beyond the 4.2 example): pairs `players`, who can all be paired
    with each other. The floaters who came in are paired first, in the order of 3.6-3.7, a downfloater with the
    highest-ranked, an upfloater with the lowest-ranked available opponent (3.8). Then, again and again, the
    players left are arranged from the top (pairing downward) or from the bottom (upward, 4.1), proposed top
    half against bottom half (2.4), and the first of them takes the first available opponent in the order of
    `exchange_order` (4.2-4.3). Available: compatible (2.1), and the players left after them can still all be
    paired (4.4). Among the available ones, the first who lets both players have their due colours is taken,
    else the first available (5.2, the scrutiny for colours after the scrutiny for compatibility); in a
    Maxi-tournament only one rated within 100 points of the first available one (3.8, 5.7).
    The first player of each pair returned is the scrutinised one."""
    graph, pos = rnd.graph, rnd.pos
    left = sorted(players, key=lambda p: p.rank if direction == "down" else -p.rank)
    initial = graph.perfect_matching([pos[p.id] for p in left])
    if initial is None:
        raise rnd.unpairable()
    mate: list[int] = initial

    def available(p: PlayerState, q: PlayerState) -> bool:
        nonlocal mate
        if not rnd.ok(p, q):
            return False
        a, b = pos[p.id], pos[q.id]
        if mate[a] == b:
            return True
        others = [pos[x.id] for x in left if x is not p and x is not q]
        found = graph.perfect_matching(others, start=mate)
        if found is None:
            return False
        found[a], found[b] = b, a
        mate = found
        return True

    def take(p: PlayerState, candidates: Sequence[PlayerState]) -> tuple[int, int]:
        first: PlayerState | None = None  # the first available opponent
        chosen: PlayerState | None = None
        for q in candidates:
            suits = _colours_suit(p, q)
            if first is not None and not (suits and rnd.within_band(q, first)):
                continue  # cannot be taken instead of the first available one
            if not available(p, q):
                continue
            if first is None:
                first = q
            if suits:
                chosen = q
                break
        if chosen is None:
            chosen = first
        if chosen is None:
            raise rnd.unpairable()
        left.remove(p)
        left.remove(chosen)
        return p.id, chosen.id

    out: list[tuple[int, int]] = []
    for f in floater_order([p for p in left if p.id in incoming], score, direction):
        if f in left:
            out.append(take(f, [q for q in left if q is not f]))
    while left:
        out.append(take(left[0], exchange_order(left)))
    return out


def colours(p: PlayerState, q: PlayerState, higher: PlayerState, at_or_above_median: bool,
            initial: Colour, last_round: bool) -> tuple[Colour, str]:
    """The colour of `p` (Art. 5) and the rule that decided it."""
    if not p.colours and not q.colours:  # 7.2
        c = initial if higher.rank % 2 == 0 else initial.opposite
        return (c if higher is p else c.opposite), "7.2"
    if not last_round:
        p_ok = [c for c in (Colour.WHITE, Colour.BLACK) if can_take(p, c) and can_take(q, c.opposite)]
        if len(p_ok) == 1:
            # 5.3 (12.3 of the 1999 text): a player who had the same colour in the previous two rounds must be
            # given the alternating colour; else the limit of three more of one colour (5.1) decided
            c = p_ok[0]
            repeated = any(len(x.colours) >= 2 and x.colours[-1] is x.colours[-2] is not mine
                           for x, mine in ((p, c), (q, c.opposite)))
            return c, "5.3" if repeated else "5.1"
    dp, dq = due_colour(p), due_colour(q)
    if dp is None:
        assert dq is not None
        return dq.opposite, "5.2"
    if dq is None or dp is not dq:
        return dp, "5.2"
    # both due the same colour: the one due it by equalisation, then history, then rank (5.3, 5.4)
    ep, eq = p.colour_difference != 0, q.colour_difference != 0
    if ep != eq:
        return (dp if ep else dp.opposite), "5.6"
    mine, theirs = latest_colour_difference(p.colours, q.colours)
    if mine is not None and theirs is not None:
        return theirs, "5.4"
    winner = higher if at_or_above_median else (q if higher is p else p)
    if winner is p:
        return dp, "5.4a" if at_or_above_median else "5.4b"
    return dp.opposite, "5.4a" if at_or_above_median else "5.4b"


class LimSystem(SwissSystem):
    id = "lim"
    name = "Lim System"
    name_zh = "林氏制"
    article = "C.04.4.3"
    edition = ("approved by the General Assembly of 1987 (amended 1988, 1989, 1997, 1998, 1999), approved by the "
               "Council on 28/10/2025, applied from 1 February 2026")
    trf_code = "CUSTOM_SWISS"  # ETT26 has no code for the Lim system
    trf_text = "Swiss System (FIDE Lim, C.04.4.3)"
    codes = ()
    words = r"\blim\b|林氏"
    aliases = ("fide-lim", "fide_lim", "c.04.4.3")
    colour_rules: ClassVar[dict[str, str]] = RULES
    maxi_tournament = True
    criteria = {"C1": "checker.criterion.C1", "C2": "checker.criterion.C2", "C3": "checker.lim.C3",
                "1.1": "checker.lim.1.1", "2.3": "checker.lim.2.3", "5": "checker.lim.5", "4": "checker.lim.4"}

    def colours_compatible(self, prepared: PreparedRound, a: PlayerState, b: PlayerState) -> bool:
        return _Round(prepared.state).compatible(a, b) or b.id in a.opponents

    def pair(self, prepared: PreparedRound, lang: str) -> SystemOutcome:
        state = prepared.state
        if not state.players:
            return SystemOutcome([], None)
        ratings = {sn: prepared.tournament.players[sn].rating or 0 for sn in state.by_id}
        rnd = _Round(state, ratings)
        bye = choose_bye(rnd)
        groups = pair_groups(rnd, [p for p in rnd.players if p is not bye])
        by_id = state.by_id
        median = median_score(state)
        pairs: list[SystemPair] = []
        for g in groups:
            for a, b in g.pairs:
                pa, pb = by_id[a], by_id[b]
                hi, lo = higher_of(pa, pb)
                colour, rule = colours(hi, lo, hi, hi.pairing_score >= median, state.initial_colour, state.last_round)
                white = hi if colour is Colour.WHITE else lo
                pairs.append(SystemPair(hi, lo, white, _explain(self, g, pa, pb, hi, lo, white, rule, lang)))
        floated = [f for g in groups for f in g.floaters]
        summary: dict[str, object] = {}
        if floated:
            summary["floaters"] = len(floated)
        cracked = sum(g.cracked for g in groups)
        if cracked:
            summary["cracked"] = cracked
        reason = ""
        if bye is not None:
            reason = text(lang, "pairing.lim.bye", score=show(bye.pairing_score))
        notes = [text(lang, "pairing.lim.note")]
        if cracked:
            notes.append(text(lang, "pairing.lim.cracked", count=cracked))
        if state.maxi_tournament:
            notes.append(text(lang, "pairing.lim.maxi", band=MAXI_BAND))
        return SystemOutcome(pairs, bye, reason, list(groups), summary, notes)

    def compare(self, prepared: PreparedRound, file_pairs: Sequence[tuple[int, int]], file_pab: int | None,
                engine_pairs: Sequence[tuple[int, int]], engine_pab: int | None) -> Diagnosis:
        if file_pab != engine_pab:
            return Diagnosis("1.1", Message("checker.lim.pab", {"file": player_value(file_pab),
                                                              "engine": player_value(engine_pab)}), file_pab, engine_pab)
        state = prepared.state

        def floats(pairs: Sequence[tuple[int, int]]) -> int:
            return sum(1 for a, b in pairs if state.by_id[a].pairing_score != state.by_id[b].pairing_score)

        def misses(pairs: Sequence[tuple[int, int]]) -> int:
            return sum(not _colours_suit(state.by_id[a], state.by_id[b]) for a, b in pairs)

        fx, ex = floats(file_pairs), floats(engine_pairs)
        if fx != ex:
            return Diagnosis("2.3", Message("checker.lim.floats", {"file": fx, "engine": ex}), fx, ex)
        fm, em = misses(file_pairs), misses(engine_pairs)
        if fm != em:
            return Diagnosis("5", Message("checker.lim.colours", {"file": fm, "engine": em}), fm, em)
        return Diagnosis("4", Message("checker.lim.order", {}))


def choose_bye(rnd: _Round) -> PlayerState | None:
    """1.1: the lowest-ranked player of the lowest scoregroup (among the eligible, [C2]), leaving a legal
    pairing of the others; in round one the lowest-rated player (7.1; an unrated player counts as rated 0, and
    of equal ratings the lowest-ranked)."""
    if rnd.state.round_number == 1:
        return rnd.choose_bye(lambda p: (rnd.ratings.get(p.id, 0), -p.rank))
    return rnd.choose_bye(lambda p: (p.pairing_score, -p.rank))


def pair_groups(rnd: _Round, left: list[PlayerState]) -> list[LimGroup]:
    """2.2: the groups above the median from the top down, those below it from the bottom up, each sending its
    floaters on towards the median (3.2.1); then the median group, paired downward, cracking (2.6) while it
    cannot be paired: the last pairing made on the lower side when more floaters came into it from above than
    from below (2.6.1), else on the higher side (2.6.2), the other side when that one has none left; both players
    of a cracked pairing join the median group as floaters from their side."""
    state = rnd.state
    median = median_score(state)
    scores = sorted({p.pairing_score for p in left}, reverse=True)
    order = group_order(scores, median)
    by_score: dict[Fraction, list[PlayerState]] = {}
    for p in left:
        by_score.setdefault(p.pairing_score, []).append(p)
    pending = {"down": list[PlayerState](), "up": list[PlayerState]()}  # floaters travelling down and up
    made: dict[str, list[tuple[int, tuple[int, int]]]] = {"down": [], "up": []}  # (group, pair), in order
    reasons: dict[int, tuple[str, Fraction]] = {}  # floater -> (2.3 article, the score of the group he left)
    out: list[LimGroup] = []
    sides = order[:-1]  # the median group is the last (2.2)
    for k, (score, direction) in enumerate(sides):
        residents = by_score.get(score, [])  # a group is paired once; its players leave it only as floaters
        incoming_players = pending[direction]
        members = residents + incoming_players
        if not members:
            continue
        incoming = {p.id for p in incoming_players}
        following = [s for s, d in sides[k + 1:] if d == direction]
        target = following[0] if following else median
        # the players a floater would meet there: its residents, and in the median group also the floaters
        # already sent to it from the other side
        receiving = list(by_score.get(target, []))
        if not following:
            receiving += pending["down" if direction == "up" else "up"]
        pairs = _pair_group(rnd, members, direction, incoming, receiving, score)
        paired = {x for pr in pairs for x in pr}
        floaters = [p for p in members if p.id not in paired]
        arrived = {p.id: reasons[p.id] for p in incoming_players if p.id in reasons}
        for pid, why in float_reasons(floaters, members, rnd.ok, direction).items():
            reasons[pid] = (why, score)
        pending[direction] = floaters
        made[direction].extend((len(out), pr) for pr in pairs)
        out.append(LimGroup(score, direction, [p.id for p in residents], sorted(incoming), pairs,
                            [p.id for p in floaters], False, arrived))
    residents = by_score.get(median, [])
    cracked = 0
    while not rnd.completable(residents + pending["down"] + pending["up"]):
        side = "up" if len(pending["down"]) > len(pending["up"]) else "down"  # 2.6.1, 2.6.2
        if not made[side]:
            side = "down" if side == "up" else "up"
        if not made[side]:
            raise rnd.unpairable()
        index, pair = made[side].pop()
        g = out[index]
        g.pairs.remove(pair)
        g.floaters.extend(pair)
        for x in pair:
            reasons[x] = ("2.6", g.score)
            pending[side].append(state.by_id[x])
        cracked += 1
    incoming_players = pending["down"] + pending["up"]
    members = residents + incoming_players
    if members:
        incoming = {p.id for p in incoming_players}
        pairs = _pair_group(rnd, members, "down", incoming, [], median)  # completable: everybody is paired
        arrived = {p.id: reasons[p.id] for p in incoming_players if p.id in reasons}
        out.append(LimGroup(median, "down", [p.id for p in residents], sorted(incoming), pairs, [], True, arrived,
                            cracked))
    return out


def _explain(system: LimSystem, g: LimGroup, a: PlayerState, b: PlayerState, hi: PlayerState, lo: PlayerState,
             white: PlayerState, rule: str, lang: str) -> Explanation:
    black = lo if white is hi else hi
    floats: dict[int, str] = {}
    for p in (a, b):
        if p.id in g.incoming:
            floats[p.id] = "down" if p.pairing_score > g.score else "up"
    rule_text = system.rule_text(rule, lang)
    words = messages(lang)
    kind = words["pairing.lim.median"] if g.median else words["pairing.lim.group"].format(
        score=show(g.score), direction=words["pairing.lim.direction.down" if g.direction == "down"
                                             else "pairing.lim.direction.up"])
    said = words["pairing.lim.meet"].format(a=a.id, b=b.id, kind=kind)
    if floats:
        players = words["pairing.list-separator"].join(words["pairing.player"].format(id=x) for x in floats)
        said += words["pairing.lim.floated"].format(players=players)
        for x in floats:
            if x in g.arrived:
                why, left = g.arrived[x]
                said += words["pairing.lim.float-reason"].format(
                    id=x, score=show(left), reason=words[FLOAT_REASONS[why]], rule=why)
    said += words["pairing.colours"].format(rule_text=rule_text, rule=rule)
    details: dict[int, dict[str, object]] = {}
    for p in (hi, lo):
        due = due_colour(p)
        details[p.id] = {"due_colour": None if due is None else due.value, "floated_in": p.id in g.incoming,
                         "float_rule": g.arrived[p.id][0] if p.id in g.arrived else None}
    return Explanation(
        text=said, white_score=white.score, black_score=black.score, white_pairing_score=white.pairing_score,
        black_pairing_score=black.pairing_score, bracket_score=g.score, floats=floats,
        float_history={hi.id: [], lo.id: []}, colour_rule=rule, colour_rule_text=rule_text,
        colour_preferences={hi.id: preference_text(hi, lang), lo.id: preference_text(lo, lang)}, details=details)
