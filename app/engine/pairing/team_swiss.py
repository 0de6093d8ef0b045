"""Team Swiss pairing: the FIDE Swiss Team Pairing System (C.04.6, in force from 1 February 2026).

Teams are paired on their primary score (match points unless the competition says game
points, 1.2), the other score only deciding which team is named first (4.2.2). The round
is built as C.04.6 Art. 3 describes it (docs/team-pairing.md gives the article list and
where this engine departs from it):

1. the team PAB first (3.4): the lowest score, then the most matches played, then the
   largest TPN, among the teams that may have it ([C2]) and leave the others pairable;
2. then, while teams are left, the top scoregroup joined by the fewest upfloaters ([C4])
   of the highest scores ([C5]), chosen so that the following scoregroup can still be
   paired ([C6]) and avoiding last round's floaters ([C7]), first set in 3.5.4's order;
3. each bracket paired (3.6): among its pairings without rematches ([C1]) the fewest
   unfulfilled colour preferences ([C8], [C9]) and upfloaters' opponents who floated
   last round ([C10]), then the first pairing in identifier order (3.6.2-3.6.3);
4. the colours of every match (Art. 4): the team colour is its board-1 colour.

The weighted matching of the individual Dutch engine (`matching.weighted`) finds the optima
and the maximum-cardinality matching (`matching.cardinality`) answers every "can the rest still
be paired" question ([C3]); the identifier order is then reached greedily, one decision at
a time, each checked by the same matchings.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from app.engine.errors import InputError, UnpairableError
from app.engine.messages import Message, check_language, text
from app.engine.model import ByeKind, Colour, Tournament
from app.engine.numbers import show
from app.engine.pairing.acceleration import Acceleration, virtual_points
from app.engine.pairing.api import initial_colour
from app.engine.pairing.avoidance import club_key, clubs_in_force, same_club_text
from app.engine.pairing.colours import latest_colour_difference
from app.engine.pairing.handling import games_without_result
from app.engine.pairing.matching import MaskGraph, max_weight_matching, maximum_matching
from app.engine.pairing.team_round import (
    SCORE_TEXT,
    SOURCE_TEXT,
    TeamBye,
    TeamHistory,
    TeamMatch,
    TeamPairing,
    board_count,
    board_pattern,
    lineup_status,
    match_boards,
    pab_value,
    pattern_text,
    requested_byes,
    team_histories,
)
from app.engine.teams import TeamRoundKind, derive_team_matches

COLOUR_PREFERENCE_TYPES = ("A", "B", "none")
PRIMARY_SCORES = ("match-points", "game-points")
SET_BUDGET = 5000  # upfloater sets examined for [C6]/[C7] before settling for the best seen

RULE_TEXT = {  # C.04.6 4.3: the colour rules, by message id
    "4.3.1": "pairing.team.rule.4.3.1", "4.3.2": "pairing.team.rule.4.3.2", "4.3.3": "pairing.team.rule.4.3.3",
    "4.3.4": "pairing.team.rule.4.3.4", "4.3.5": "pairing.team.rule.4.3.5", "4.3.6": "pairing.team.rule.4.3.6",
    "4.3.7": "pairing.team.rule.4.3.7", "4.3.8": "pairing.team.rule.4.3.8", "4.3.9": "pairing.team.rule.4.3.9",
}
PREFERENCES_TEXT = {"A": "pairing.team.preferences.A", "B": "pairing.team.preferences.B",
                    "none": "pairing.team.preferences.none"}


@dataclass
class TeamSwissOptions:
    """Options of one team Swiss pairing (all optional)."""

    total_rounds: int | None = None
    boards: int | None = None
    initial_colour: Colour | str | None = None  # colour of board 1 for the first team of odd TPN (4.3.1)
    seed: int | None = None  # for drawing the initial colour by lot (4.1)
    absent: Collection[int] = ()  # team numbers not to pair
    byes: Mapping[int, ByeKind | str] = field(default_factory=dict)  # requested team byes: H/F/Z
    withdrawn: Collection[int] = ()
    forbidden_pairs: Sequence[Collection[int]] = ()  # groups of teams that may not meet
    acceleration: Acceleration | str | None = None  # on match points (C.04.7)
    colour_preferences: str | None = None  # "A" (default), "B" or "none" (1.7); else from 192
    primary_score: str | None = None  # "match-points" (default) or "game-points" (1.2); else from 192
    # Club avoidance (seed 002): "club" or "federation" of the teams, the lowest criterion; None (FIDE): off.
    avoid_same: str | None = None
    avoid_same_rounds: int | None = None  # only in rounds 1..N; None: every round
    language: str = "en"  # of the explanations, reasons and notes (a language of app/engine/messages)


@dataclass(frozen=True)
class _Preference:
    colour: Colour | None
    strong: bool  # Type B strong preference (1.7.2)


def _settings_from_code(t: Tournament) -> tuple[str | None, str | None]:
    """Colour preference type and primary score read from a 192 code such as FIDE_TEAM_TYPEB_GP_MP
    (the first of MP / GP named is the primary score)."""
    tokens = (t.type_code or "").upper().split("_")
    kind = "B" if "TYPEB" in tokens else "A" if "TYPEA" in tokens else None
    scores = [k for k in tokens if k in ("MP", "GP")]
    primary = None if not scores else "match-points" if scores[0] == "MP" else "game-points"
    return kind, primary


def colour_preference(h: TeamHistory, kind: str, last_round: bool) -> _Preference:
    """C.04.6 1.7: Type A (1.7.1), Type B (1.7.2: strong and mild) or none."""
    if kind == "none" or not h.colours:
        return _Preference(None, False)
    cd = h.colour_difference
    repeated = h.colours[-1] if len(h.colours) >= 2 and h.colours[-1] is h.colours[-2] else None
    if cd < -1 or (cd in (0, -1) and repeated is Colour.BLACK):
        return _Preference(Colour.WHITE, True)
    if cd > 1 or (cd in (0, 1) and repeated is Colour.WHITE):
        return _Preference(Colour.BLACK, True)
    if kind == "A":
        return _Preference(None, False)
    if cd == -1:
        return _Preference(Colour.WHITE, False)
    if cd == 1:
        return _Preference(Colour.BLACK, False)
    if not last_round:  # cd == 0: alternate from the last played match
        return _Preference(h.colours[-1].opposite, False)
    return _Preference(None, False)


def first_team(a: TeamHistory, b: TeamHistory, use_secondary: bool = True) -> tuple[TeamHistory, TeamHistory]:
    """C.04.6 4.2: higher primary score, then higher secondary score, then smaller TPN."""
    def key(h: TeamHistory) -> tuple[Fraction, Fraction, int]:
        return (-h.pairing_score, -h.secondary if use_secondary else Fraction(0), h.tpn)
    return (a, b) if key(a) <= key(b) else (b, a)


def allocate_team_colours(first: TeamHistory, other: TeamHistory, pf: _Preference, po: _Preference, kind: str,
                          initial: Colour, parity_number: int) -> tuple[Colour, str]:
    """Board-1 colour of the first team (C.04.6 4.3, first applicable rule) and the rule.

    `parity_number`: the first team's TPN counted among the teams that have arrived (an
    absent team that never played holds no number yet, C.04.2 2.4 as the SPP reads it)."""
    if not first.colours and not other.colours:
        return (initial if parity_number % 2 == 1 else initial.opposite), "4.3.1"
    if (pf.colour is None) != (po.colour is None):
        return (pf.colour if pf.colour is not None else po.colour.opposite), "4.3.2"  # type: ignore[union-attr]
    if pf.colour is not None and po.colour is not None and pf.colour is not po.colour:
        return pf.colour, "4.3.3"
    if kind == "B" and pf.colour is not None and pf.strong != po.strong:
        return (pf.colour if pf.strong else pf.colour.opposite), "4.3.4"
    if first.colour_difference != other.colour_difference:
        return (Colour.WHITE if first.colour_difference < other.colour_difference else Colour.BLACK), "4.3.5"
    _, theirs = latest_colour_difference(first.colours, other.colours)
    if theirs is not None:
        return theirs, "4.3.6"
    if pf.colour is not None:
        return pf.colour, "4.3.7"
    if first.colours:
        return first.colours[-1].opposite, "4.3.8"
    return other.colours[-1], "4.3.9"


@dataclass(frozen=True)
class _PairInfo:
    first: int  # index of the first team (4.2)
    first_colour: Colour
    rule: str
    unfulfilled: int  # [C8]
    strong_unfulfilled: int  # [C9]


class TeamSwissRound:
    """The pairing of one round: teams 0..n-1 in TPN order."""

    def __init__(self, teams: list[TeamHistory], forbidden: Mapping[int, Collection[int]], kind: str,
                 last_round: bool, floats_count: bool, initial: Colour, parity_numbers: Mapping[int, int],
                 use_secondary: bool = True, language: str = "en", clubs: Mapping[int, str] | None = None) -> None:
        self.teams = sorted(teams, key=lambda h: h.tpn)
        self.language = language  # of the notes and bracket texts
        self.parity_numbers = parity_numbers
        self.kind = kind
        self.floats_count = floats_count  # [C7], [C10] apply (not in the last two rounds)
        self.initial = initial
        self.use_secondary = use_secondary
        n = len(self.teams)
        index = {h.team: i for i, h in enumerate(self.teams)}
        self.index = index
        self.prefs = [colour_preference(h, kind, last_round) for h in self.teams]
        adjacency = [0] * n
        for i, a in enumerate(self.teams):
            banned = a.met | set(forbidden.get(a.team, ()))
            for j, b in enumerate(self.teams):
                if i != j and b.team not in banned and a.team not in forbidden.get(b.team, ()):
                    adjacency[i] |= 1 << j
        self.adjacency = adjacency
        self.graph = MaskGraph(adjacency)
        self._pairs: dict[tuple[int, int], _PairInfo] = {}
        # club avoidance (an option): team number -> club as written, compared without case
        self.clubs = dict(clubs or {})
        self._club_keys = [club_key(self.clubs.get(h.team)) for h in self.teams]

    def same_club(self, i: int, j: int) -> bool:
        return self._club_keys[i] is not None and self._club_keys[i] == self._club_keys[j]

    # -- the absolute criteria and [C3]

    def compatible(self, i: int, j: int) -> bool:
        return bool(self.adjacency[i] >> j & 1)

    def pairable(self, vertices: Iterable[int]) -> bool:
        """A legal pairing exists for these teams ([C1], forbidden pairs)."""
        vs = list(vertices)
        return not vs or self.graph.perfect_matching(vs) is not None

    def score(self, i: int) -> Fraction:
        return self.teams[i].pairing_score

    # -- 3.4 the pairing-allocated bye

    def choose_pab(self, vertices: list[int]) -> int:
        eligible = [i for i in vertices if self.teams[i].bye_eligible]
        # 3.4.2 lowest score, 3.4.3 most matches played, 3.4.4 largest TPN
        eligible.sort(key=lambda i: (self.score(i), -self.teams[i].matches_played, -self.teams[i].tpn))
        for i in eligible:
            if self.pairable(v for v in vertices if v != i):  # 3.4.1
                return i
        raise UnpairableError(Message.of("error.unpairable.team-bye"))

    # -- 3.5 upfloaters

    def _min_upfloaters(self, group: list[int], others: list[int], levels: Sequence[Fraction] | None) -> list[int]:
        """An optimal set of upfloaters from `others` for `group` ([C4], then [C5] over the score
        `levels` when given): the L-ends of the group-to-others pairs of a perfect matching of
        group + others with the fewest such pairs, lowest-score ones counted most heavily."""
        vertices = group + others
        in_group = set(group)
        base = len(vertices) + 1
        rank = {s: k for k, s in enumerate(levels or ())}
        depth = len(rank)
        big: int = base ** depth
        card = 2 * len(vertices) * big * base + 1

        def cost(i: int, j: int) -> int:
            if (i in in_group) == (j in in_group):
                return 0
            outsider = j if i in in_group else i
            return big + (int(base ** (depth - 1 - rank[self.score(outsider)])) if depth else 0)

        few = self._at_most_one_upfloater(group, others, levels)
        if few is not None:
            return few
        edges = []
        for x, i in enumerate(vertices):
            for y in range(x + 1, len(vertices)):
                j = vertices[y]
                if self.compatible(i, j):
                    edges.append((x, y, card - cost(i, j)))
        mate = max_weight_matching(len(vertices), edges)
        if any(m < 0 for m in mate):
            raise UnpairableError(Message.of("error.unpairable.team-remaining"))
        return [vertices[y] for x, y in enumerate(mate) if vertices[x] in in_group and vertices[y] not in in_group]

    def _at_most_one_upfloater(self, group: list[int], others: list[int], levels: Sequence[Fraction] | None
                               ) -> list[int] | None:
        """`_min_upfloaters` when its answer has the fewest upfloaters any group could
        need (parity: none for an even group, one for an odd one), or None. No pairing
        can do better, so this is the optimum; with one upfloater, the highest score
        that allows one is the best [C5]. A handful of completion checks instead of a
        weighted matching: measured, this is what keeps fields of hundreds of teams
        fast."""
        if len(group) % 2 == 0:
            return [] if self.pairable(group) and self.pairable(others) else None
        scores = sorted({self.score(i) for i in others}, reverse=True) if levels else [None]
        for s in scores:
            for u in others:
                if (s is None or self.score(u) == s) and self.pairable(group + [u]) and \
                        self.pairable(i for i in others if i != u):
                    return [u]
        return None

    def _c6_excess(self, remaining: list[int], following_score: Fraction) -> int:
        """[C6]: upfloaters the following scoregroup's bracket would need beyond its parity
        minimum; 0 when upfloating emptied that scoregroup."""
        group = [i for i in remaining if self.score(i) == following_score]
        if not group:
            return 0
        others = [i for i in remaining if self.score(i) != following_score]
        parity = len(group) % 2
        if parity == 0 and self.pairable(group) and self.pairable(others):
            return 0
        return len(self._min_upfloaters(group, others, None)) - parity

    def select_upfloaters(self, group: list[int], lower: list[int]) -> tuple[list[int], list[str]]:
        """C.04.6 3.5: the upfloaters joining the top scoregroup `group`."""
        if len(group) % 2 == 0 and self.pairable(group) and self.pairable(lower):
            return [], []
        levels = sorted({self.score(i) for i in lower})
        best = self._min_upfloaters(group, lower, levels)  # [C4] and [C5]
        profile = {s: sum(1 for i in best if self.score(i) == s) for s in levels}
        following = levels[-1]
        # 3.5.3-3.5.4: sets in lexicographic order of their TPNs, listed by descending score
        per_level = [itertools.combinations(sorted(i for i in lower if self.score(i) == s), profile[s])
                     for s in reversed(levels) if profile[s]]
        floaters = {i for i in lower if self.teams[i].floated_last_round} if self.floats_count else set()
        c7_floor = sum(max(0, profile[s] - sum(1 for i in lower if self.score(i) == s and i not in floaters))
                       for s in levels)
        chosen: tuple[tuple[int, int], list[int]] | None = None
        notes: list[str] = []
        for examined, parts in enumerate(itertools.product(*per_level)):
            if examined >= SET_BUDGET:
                notes.append(text(self.language, "pairing.team.swiss.budget", n=SET_BUDGET))
                break
            ups = [i for part in parts for i in part]
            chosen_set = set(ups)
            rest = [i for i in lower if i not in chosen_set]
            if not (self.pairable(group + ups) and self.pairable(rest)):
                continue
            key = (self._c6_excess(rest, following), sum(1 for i in ups if i in floaters))
            if chosen is None or key < chosen[0]:
                chosen = (key, ups)
            if key == (0, c7_floor):
                break
        if chosen is None:  # unreachable: `best` itself has the profile and is legal
            chosen = ((0, 0), best)
        return chosen[1], notes

    # -- 3.6 bracket pairing

    def pair_info(self, i: int, j: int) -> _PairInfo:
        key = (i, j) if i < j else (j, i)
        info = self._pairs.get(key)
        if info is None:
            a, b = self.teams[key[0]], self.teams[key[1]]
            first, other = first_team(a, b, self.use_secondary)
            fi, oi = self.index[first.team], self.index[other.team]
            pf, po = self.prefs[fi], self.prefs[oi]
            colour, rule = allocate_team_colours(first, other, pf, po, self.kind, self.initial,
                                                self.parity_numbers[first.team])
            miss_f = pf.colour is not None and pf.colour is not colour
            miss_o = po.colour is not None and po.colour is not colour.opposite
            strong = self.kind == "B"
            info = _PairInfo(fi, colour, rule, int(miss_f) + int(miss_o),
                             int(strong and miss_f and pf.strong) + int(strong and miss_o and po.strong))
            self._pairs[key] = info
        return info

    def pair_bracket(self, bracket: list[int], upfloaters: Collection[int]) -> list[tuple[int, int]]:
        """C.04.6 3.6: the first pairing, in identifier order, of those with the fewest [C8],
        [C9] and [C10] failures (in that order), then, with club avoidance, the fewest same-club
        matches (seed 002, below every C.04.6 criterion: the upfloaters are chosen without it). Indices
        are in TPN order, so the top member of a pair is its smaller index."""
        members = sorted(bracket)
        n = len(members)
        ups = set(upfloaters)
        floaters = {i for i in members if self.teams[i].floated_last_round} if self.floats_count else set()
        base = n + 1
        cost: dict[tuple[int, int], int] = {}
        for x in range(n):
            for y in range(x + 1, n):
                i, j = members[x], members[y]
                if not self.compatible(i, j):
                    continue
                info = self.pair_info(i, j)
                c10 = int(i in ups and j in floaters) + int(j in ups and i in floaters)
                cost[(x, y)] = ((info.unfulfilled * base + info.strong_unfulfilled) * base + c10) * base + \
                    int(self.same_club(i, j))
        card = (n * base ** 4) + 1
        zero = [0] * n  # neighbours at cost 0, as bitmasks
        for (x, y), c in cost.items():
            if c == 0:
                zero[x] |= 1 << y
                zero[y] |= 1 << x
        # the usual case, a pairing with no failure at all, needs no weighted matching
        perfect_at_zero = all(m >= 0 for m in maximum_matching(n, zero.__getitem__))
        optimum = 0 if perfect_at_zero else self._optimal_cost(n, cost, card)

        def allowed_zero() -> list[int]:
            """For each v, its cost-0 neighbours u with `allowed` (the same graph, as bitmasks)."""
            not_top = not_bottom = fixed_mask = 0
            for u in range(n):
                if role[u] != 1:
                    not_top |= 1 << u
                if role[u] != -1:
                    not_bottom |= 1 << u
                if u in fixed:
                    fixed_mask |= 1 << u
            out = []
            for v in range(n):
                partner = fixed.get(v)
                if partner is not None:
                    x, y = min(v, partner), max(v, partner)
                    out.append(zero[v] & (1 << partner) if role[x] != -1 and role[y] != 1 else 0)
                    continue
                above = ~((2 << v) - 1)
                mask = (above & not_top if role[v] != -1 else 0) | (~above & not_bottom if role[v] != 1 else 0)
                out.append(zero[v] & mask & ~fixed_mask)
            return out

        def solve(allowed: Callable[[int, int], bool]) -> list[int] | None:
            if optimum == 0:
                masks = allowed_zero()
                mate = maximum_matching(n, masks.__getitem__)
                return None if any(m < 0 for m in mate) else mate
            edges = {e: c for e, c in cost.items() if allowed(*e)}
            mate = max_weight_matching(n, [(x, y, card - c) for (x, y), c in edges.items()])
            if any(m < 0 for m in mate):
                return None
            total = sum(edges[(x, mate[x])] for x in range(n) if x < mate[x])
            return mate if total == optimum else None

        role: list[int] = [0] * n  # 1 = top member, -1 = bottom member, 0 = undecided
        fixed: dict[int, int] = {}  # pairs decided so far, both ways

        def allowed(x: int, y: int) -> bool:  # x < y: x would be the top member
            if role[x] == -1 or role[y] == 1:
                return False
            if x in fixed or y in fixed:
                return fixed.get(x) == y
            return True

        witness = solve(allowed)
        if witness is None:
            raise UnpairableError(Message.of("error.unpairable.team-bracket"))
        for x in range(n):  # 3.6.2: the top members, smallest first
            role[x] = 1
            if witness[x] > x:
                continue
            trial = solve(allowed)
            if trial is None:
                role[x] = -1
            else:
                witness = trial
        for x in range(n):  # then the bottom member of each top member, in order
            if role[x] != 1:
                continue
            for y in range(x + 1, witness[x]):
                if role[y] != -1 or y in fixed or (x, y) not in cost:
                    continue
                fixed[x], fixed[y] = y, x
                trial = solve(allowed)
                if trial is not None:
                    witness = trial
                    break
                del fixed[x], fixed[y]
            else:
                fixed[x], fixed[witness[x]] = witness[x], x
        return [(members[x], members[y]) for x, y in sorted(fixed.items()) if x < y]

    @staticmethod
    def _optimal_cost(n: int, cost: Mapping[tuple[int, int], int], card: int) -> int:
        mate = max_weight_matching(n, [(x, y, card - c) for (x, y), c in cost.items()])
        if any(m < 0 for m in mate):
            raise UnpairableError(Message.of("error.unpairable.team-bracket"))
        return sum(cost[(x, mate[x])] for x in range(n) if x < mate[x])

    # -- Art. 3 as a whole

    def pair(self) -> tuple[list[tuple[int, int, str]], int | None, list[str]]:
        """(first team, other team, bracket text) per pair (team indices), the PAB, notes."""
        vertices = list(range(len(self.teams)))
        notes: list[str] = []
        pab = None
        if len(vertices) % 2:
            pab = self.choose_pab(vertices)
            vertices.remove(pab)
        elif not self.pairable(vertices):
            raise UnpairableError(Message.of("error.unpairable.team-rematch"))
        pairs: list[tuple[int, int, str]] = []
        remaining = vertices
        while remaining:
            top = max(self.score(i) for i in remaining)
            group = [i for i in remaining if self.score(i) == top]
            lower = [i for i in remaining if self.score(i) != top]
            ups, set_notes = self.select_upfloaters(group, lower)
            notes.extend(set_notes)
            bracket = group + ups
            lang = self.language
            words = text(lang, "pairing.team.bracket", score=show(top))
            if ups:
                words += text(lang, "pairing.team.bracket.upfloaters", teams=", ".join(
                    text(lang, "pairing.team.bracket.upfloater", team=self.teams[i].team, score=show(self.score(i)))
                    for i in sorted(ups, key=lambda i: (-self.score(i), i))))
            for i, j in self.pair_bracket(bracket, ups):
                info = self.pair_info(i, j)
                other = j if info.first == i else i
                pairs.append((info.first, other, words))
            taken = set(bracket)
            remaining = [i for i in remaining if i not in taken]
        return pairs, pab, notes




def _forbidden(t: Tournament, r: int, extra: Sequence[Collection[int]]) -> dict[int, set[int]]:
    groups: list[Collection[int]] = [fp.ids for fp in t.forbidden_pairs
                                     if (fp.first_round is None or fp.first_round <= r)
                                     and (fp.last_round is None or r <= fp.last_round)]
    groups.extend(extra)
    out: dict[int, set[int]] = {}
    for g in groups:
        for a in g:
            out.setdefault(a, set()).update(b for b in g if b != a)
    return out


def pair_team_swiss(t: Tournament, round_number: int | None = None,
                    options: TeamSwissOptions | None = None) -> TeamPairing:
    """Pair round `round_number` (default: the first round without games) of a team Swiss."""
    opts = options or TeamSwissOptions()
    lang = check_language(opts.language)
    if not t.is_team_tournament:
        raise InputError(Message.of("error.team.no-teams"), field="teams")
    code_kind, code_primary = _settings_from_code(t)
    kind = opts.colour_preferences or code_kind or "A"
    if kind not in COLOUR_PREFERENCE_TYPES:
        raise InputError(Message.of("error.team.colour-preferences", allowed=COLOUR_PREFERENCE_TYPES),
                         field="colour_preferences")
    primary = opts.primary_score or code_primary or "match-points"
    if primary not in PRIMARY_SCORES:
        raise InputError(Message.of("error.team.primary-score", allowed=PRIMARY_SCORES), field="primary_score")
    r = round_number if round_number is not None else derive_team_matches(t).rounds + 1
    missing = games_without_result(t, r - 1) if round_number is None and r > 1 else 0
    if missing:  # as for individuals (handling.round_to_pair): the next round is paired on results
        raise InputError(
            Message.of("pairing.round.without-results", last=r - 1, missing=missing, next=r), code="round-already-paired", field="round")
    if r < 1:
        raise InputError(Message.of("pairing.round.start"), field="round")
    total = opts.total_rounds if opts.total_rounds is not None else t.total_rounds
    if total is not None and r > total:
        raise InputError(Message.of("error.pairing.beyond-total", round=r, total=total), field="round")
    event = derive_team_matches(t, rounds=r - 1)
    n_boards, source = board_count(t, opts.boards, event)
    pattern = board_pattern(t, n_boards)
    acc = Acceleration(opts.acceleration) if isinstance(opts.acceleration, str) else opts.acceleration
    if primary == "game-points" and acc is not None and acc.method not in ("none", "auto"):
        raise InputError(Message.of("error.team.acceleration-game-points"), field="acceleration")
    vp_table, acc_name = virtual_points(t, total or r, acc, teams=True) if primary == "match-points" \
        else ({}, "none")

    def vp(team: int, rnd: int) -> Fraction:
        return vp_table.get((team, rnd), Fraction(0))

    histories = team_histories(event, pattern, {team.number: team.number for team in t.teams},
                               primary == "game-points", vp, r)
    unavailable = requested_byes(t, r, opts.byes, list(opts.absent), list(opts.withdrawn), n_boards, lang)
    initial, source_colour, seed = initial_colour(opts.initial_colour, t, opts.seed)  # 4.1
    last_round = total is not None and r >= total
    floats_count = total is None or r < total - 1  # [C7], [C10]: not in the last two rounds
    teams = [h for number, h in histories.items() if number not in unavailable]
    arrived = [number for number in sorted(histories) if number not in unavailable
               or any(x.kind.has_opponent or x.kind is TeamRoundKind.PAIRING_ALLOCATED_BYE
                      for x in event.schedule[number])]
    clubs = clubs_in_force(((team.number, team.club, team.federation) for team in t.teams), r, opts.avoid_same,
                           opts.avoid_same_rounds)
    engine = TeamSwissRound(teams, _forbidden(t, r, opts.forbidden_pairs), kind, last_round, floats_count, initial,
                            {number: k for k, number in enumerate(arrived, start=1)}, language=lang, clubs=clubs)
    pairs, pab, notes = engine.pair()
    by_number = {team.number: team for team in t.teams}
    ordered = sorted(pairs, key=lambda p: (-max(engine.score(p[0]), engine.score(p[1])),
                                           -min(engine.score(p[0]), engine.score(p[1])),
                                           min(engine.teams[p[0]].tpn, engine.teams[p[1]].tpn)))
    matches = []
    for table, (fi, oi, bracket) in enumerate(ordered, start=1):
        first, other = engine.teams[fi], engine.teams[oi]
        info = engine.pair_info(fi, oi)
        white, black = (first, other) if info.first_colour is Colour.WHITE else (other, first)
        home, away = (white, black) if pattern[0] is Colour.WHITE else (black, white)
        colour = "pairing.team.white" if info.first_colour is Colour.WHITE else "pairing.team.black"
        why = text(lang, "pairing.team.first-team", bracket=bracket, team=first.team, rule=info.rule,
                   colour=text(lang, colour), rule_text=text(lang, RULE_TEXT[info.rule]))
        if engine.same_club(fi, oi):  # club avoidance could not avoid this match
            why += same_club_text(engine.clubs[first.team], lang)
        matches.append(TeamMatch(table, home.team, away.team,
                                 match_boards(by_number[home.team], by_number[away.team], pattern), why))
    byes = []
    if pab is not None:
        mp, gp = pab_value(t, n_boards)
        byes.append(TeamBye(engine.teams[pab].team, "PAB", mp, gp, text(lang, "pairing.team.pab")))
    byes.extend(unavailable[number] for number in sorted(unavailable))
    paired = [by_number[m.home_team] for m in matches] + [by_number[m.away_team] for m in matches]
    status, lineup_notes = lineup_status(paired, n_boards, lang)
    unfulfilled = sum(engine.pair_info(fi, oi).unfulfilled for fi, oi, _ in pairs)
    summary = [text(lang, "pairing.team.swiss.system", primary=text(lang, SCORE_TEXT[primary]),
                    kind=text(lang, PREFERENCES_TEXT[kind])),
               text(lang, "pairing.team.swiss.boards", boards=n_boards, source=text(lang, SOURCE_TEXT[source]),
                    pattern=pattern_text(pattern)),
               text(lang, "pairing.team.swiss.unfulfilled", n=unfulfilled)]
    return TeamPairing(r, "team-swiss", n_boards, pattern_text(pattern), status, matches, byes,
                       summary + lineup_notes + notes, list(event.warnings), initial, source_colour, seed, acc_name)
