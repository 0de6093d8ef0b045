"""Group tie-breaks: direct encounter (C.07 Art. 6), extended direct encounter for teams
(13.3) with its board steps (EDET, EDEB, EDEBT, EDEBB), top-board result (12.2),
bottom-board elimination (12.3); and the board count (12.1).

A group tie-break only looks at participants still tied on everything before it, and is
applied again to every sub-group it creates (4.2) — so its "value" is a position inside
the tied group: 1..k when it separates the group, 0 when it separates nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from app.engine.messages import messages
from app.engine.tiebreaks import registry as reg
from app.engine.tiebreaks.context import Column, Context, Partition, Resolved
from app.engine.tiebreaks.explain import units, who
from app.engine.tiebreaks.field import GP, MP, Kind
from app.engine.tiebreaks.registry import Scope, define

MAX_PASSES = 30  # passes of the refinement loop (as the reference engine)


@dataclass(frozen=True)
class Step:
    """One criterion of the refinement loop."""

    name: str
    split: Callable[[list[int]], list[list[int]]]
    pairs_only: bool = False  # 13.3.2: only applied when exactly two are still tied
    counts: bool = True  # does a split restart the loop on the same criterion (13.3.3)?


def refine(groups: Sequence[Sequence[int]], steps: list[Step]) -> list[list[list[int]]]:
    """Apply the steps to every tied group until nothing changes (4.2, 6.2, 13.3.3).

    One criterion is applied to all groups per pass; a group that split is passed again
    through the same criterion; when a pass changes nothing the next criterion is tried
    on every group; the loop ends when a whole round of criteria changes nothing.
    """
    parts: list[list[list[int]]] = [[list(g)] for g in groups]
    active = [[True] for _ in groups]
    changed_flags = [True] * len(steps)
    s = 0
    for _ in range(MAX_PASSES):
        step = steps[s]
        changes = 0
        for gi, subgroups in enumerate(parts):
            new_parts: list[list[int]] = []
            new_active: list[bool] = []
            for sub, act in zip(subgroups, active[gi], strict=True):
                if len(sub) > 1 and act and (not step.pairs_only or len(sub) == 2):
                    split = step.split(sub)
                    did = len(split) > 1 and step.counts
                    changes += did
                    new_parts += split
                    new_active += [did] * len(split)
                else:
                    new_parts.append(sub)
                    new_active.append(False)
            parts[gi] = new_parts
            active[gi] = new_active
        changed_flags[s] = changes > 0
        if changes == 0:
            s = (s + 1) % len(steps)
            active = [[True] * len(p) for p in parts]
        else:
            changed_flags = [True] * len(steps)
        if not any(changed_flags):
            break
    return parts


def positions(parts: list[list[list[int]]], n: int) -> list[int]:
    """The value reported for a group tie-break: position inside the tied group (0 if not separated)."""
    values = [0] * n
    for subgroups in parts:
        if len(subgroups) < 2:
            continue
        pos = 1
        for sub in subgroups:
            for i in sub:
                values[i] = pos
            pos += len(sub)
    return values


class Encounters:
    """The games between the members of one group, by pair, with an averaging of repeats (6.1.2)."""

    def __init__(self, ctx: Context, rs: Resolved, members: Sequence[int],
                 points: Callable[[int, int], int]) -> None:
        inside = set(members)
        self.results: dict[int, dict[int, list[int]]] = {}
        self.quirk = ctx.options.reference_quirks
        self.met_count: dict[int, int] = {}
        self.single: dict[int, int] = {}  # the score of a member that met each opponent once (no averaging)
        entrants, game, predetermined = ctx.field.entrants, Kind.GAME, rs.predetermined
        for i in members:
            e = entrants[i]
            kinds = e.kinds
            found = [(r, o) for r, o in enumerate(e.opponents) if o in inside and (kinds[r] is game or predetermined)]
            if not found:  # the common case in a big Swiss group
                self.results[i] = {}
                self.met_count[i] = 0
                self.single[i] = 0
                continue
            met: dict[int, list[int]] = defaultdict(list)
            count = 0
            for r, o in found:
                # reference_quirks: a repeated encounter resets the reference's count to 1
                count = 1 if o in met else count + 1
                met[o].append(points(i, r))
            self.results[i] = dict(met)
            self.met_count[i] = count if self.quirk else len(met)
            if len(met) == len(found):
                self.single[i] = sum([games[0] for games in met.values()])

    def score(self, i: int) -> int | Fraction:
        single = self.single.get(i)
        if single is not None:
            return single
        per_opponent = list(self.results[i].values())
        total = Fraction(0)
        for games in per_opponent:
            if self.quirk:  # the reference averages a third game with the average of the first two
                avg = Fraction(games[0])
                for g in games[1:]:
                    avg = (avg + g) / 2
                total += avg
            else:  # 6.1.2: the average of the games against that opponent
                total += Fraction(sum(games), len(games))
        return total

    def opponents_met(self, i: int) -> int:
        return self.met_count[i]


def encounter_split(ctx: Context, rs: Resolved, group: list[int], points: Callable[[int, int], int], win: int,
                    notes: dict[int, list[Callable[[str], str]]] | None, label: str) -> list[list[int]]:
    """One application of Art. 6 to a group: the mini-table, then 6.2 (everyone met) or
    6.3 (not everyone met: only places that missing games could not change are given)."""
    enc = Encounters(ctx, rs, group, points)
    score = {i: enc.score(i) for i in group}
    k = len(group)
    complete = not rs.swiss_rule and ((enc.quirk and ctx.round_robin)
                                      or all(enc.opponents_met(i) == k - 1 for i in group))
    if complete:
        order = sorted(group, key=lambda i: (-score[i], ctx.field.entrants[i].id))
        split: list[list[int]] = []
        for i in order:
            if split and score[split[-1][0]] == score[i]:
                split[-1].append(i)
            else:
                split.append([i])
        best = {i: score[i] for i in group}
    else:
        best = {i: score[i] + (k - 1 - enc.opponents_met(i)) * win for i in group}
        order = sorted(group, key=lambda i: (-score[i], -best[i], ctx.field.entrants[i].id))
        best_after = [best[order[-1]]] * k  # best_after[pos] = max best of order[pos:]
        for pos in range(k - 2, -1, -1):
            best_after[pos] = max(best[order[pos]], best_after[pos + 1])
        split = [[order[0]]]
        pos = 1
        # 6.3: a place is given while the one above cannot be caught whatever the missing games
        while pos < k and score[order[pos - 1]] > best_after[pos]:
            split.append([order[pos]])
            pos += 1
        split[-1].extend(order[pos:])
    if notes is not None:
        _note_table(ctx, group, score, best, complete, split, notes, label)
    return split


def _note_table(ctx: Context, group: list[int], score: dict[int, int | Fraction], best: dict[int, int | Fraction],
                complete: bool, split: list[list[int]], notes: dict[int, list[Callable[[str], str]]],
                label: str) -> None:
    f = ctx.field

    def render(lang: str) -> str:
        words = messages(lang)
        members = ", ".join(who(f, i, lang) for i in sorted(group, key=lambda i: f.entrants[i].id))
        table = ", ".join(f"{who(f, i, lang)} {units(f, score[i])}" +
                          ("" if complete or best[i] == score[i] else
                           words["explain.encounter.at-most"].format(best=units(f, best[i])))
                          for i in sorted(group, key=lambda i: -score[i]))
        outcome = " > ".join("=".join(who(f, i, lang) for i in sub) for sub in split)
        if len(split) == 1:
            outcome = words["explain.encounter.not-separated"]
        return words["explain.encounter.table"].format(criterion=label, members=members, table=table,
                                                       rule=_rule(words, complete), outcome=outcome)
    if len(group) > _WHOLE_TABLE_UP_TO:
        _note_own_lines(ctx, group, score, best, complete, split, notes, label)
        return
    rendered: dict[str, str] = {}

    def once(lang: str) -> str:  # the same table for every member of the group
        if lang not in rendered:
            rendered[lang] = render(lang)
        return rendered[lang]
    for i in group:
        notes[i].append(once)


# A group up to this size is shown whole in each member's explanation; a bigger one (a big Swiss) gives
# each member its own line only, so that the answer grows with the field, not with the square of a group.
_WHOLE_TABLE_UP_TO = 12


def _rule(words: Mapping[str, str], complete: bool) -> str:
    """Which rule of Art. 6 gave the places: everyone met (6.2), or only the certain places (6.3)."""
    return words["explain.encounter.everyone-met" if complete else "explain.encounter.not-everyone-met"]


def _note_own_lines(ctx: Context, group: list[int], score: dict[int, int | Fraction],
                    best: dict[int, int | Fraction], complete: bool, split: list[list[int]],
                    notes: dict[int, list[Callable[[str], str]]], label: str) -> None:
    """Art. 6 in a big group, in words per member: its score in the mini-table, its best possible
    score (6.3), and the places of the group it shares."""
    f = ctx.field
    k = len(group)
    place: dict[int, tuple[int, int]] = {}  # member -> (first, last) place within the group
    first = 1
    for sub in split:
        for i in sub:
            place[i] = (first, first + len(sub) - 1)
        first += len(sub)

    def line(i: int) -> Callable[[str], str]:
        def render(lang: str) -> str:
            words = messages(lang)
            own = units(f, score[i])
            if not (complete or best[i] == score[i]):
                own += words["explain.encounter.at-most"].format(best=units(f, best[i]))
            low, high = place[i]
            if len(split) == 1:
                outcome = words["explain.encounter.not-separated"]
            elif low == high:
                outcome = words["explain.encounter.place"].format(place=low, size=k)
            else:
                outcome = words["explain.encounter.places"].format(low=low, high=high, size=k)
            return words["explain.encounter.own-line"].format(criterion=label, size=k, participant=who(f, i, lang),
                                                              score=own, rule=_rule(words, complete), outcome=outcome)
        return render
    for i in group:
        notes[i].append(line(i))


def _board_points(ctx: Context, weights: list[int]) -> Callable[[int, int], int]:
    f = ctx.field

    def points(i: int, r: int) -> int:
        return sum(w * p for w, p in zip(weights, f.entrants[i].board_points[r], strict=True))
    return points


def _score_points(ctx: Context, score: int) -> Callable[[int, int], int]:
    f = ctx.field
    return lambda i, r: f.entrants[i].points[score][r]


def direct_encounter(ctx: Context, rs: Resolved, groups: Sequence[Sequence[int]]) -> Partition:
    """DE (Art. 6) and, for teams, EDE and its variants (13.3)."""
    f = ctx.field
    code = rs.code
    notes: dict[int, list[Callable[[str], str]]] = defaultdict(list)
    primary = rs.score
    secondary = GP if primary == MP else MP

    def de_step(score: int, label: str) -> Step:
        def split(g: list[int]) -> list[list[int]]:
            return encounter_split(ctx, rs, g, _score_points(ctx, score), f.win[score], notes, label)
        return Step(label, split)

    def board_step(label: str, weights: list[int], lower_better: bool = False) -> Step:
        points = _board_points(ctx, weights)
        sign = -1 if lower_better else 1

        def split(g: list[int]) -> list[list[int]]:
            return encounter_split(ctx, rs, g, lambda i, r: sign * points(i, r), f.game_win, notes, label)
        return Step(label, split, pairs_only=True, counts=False)

    names = {MP: "MP", GP: "GP"}
    if code == "DE":
        steps = [de_step(primary, "DE")]
    else:
        steps = [de_step(primary, f"EDE {names[primary]}"), de_step(secondary, f"EDE {names[secondary]}")]
        n = f.boards
        if code in ("EDEBT", "EDEBB"):
            steps.append(board_step("BC", list(range(1, n + 1)), lower_better=True))
        if code in ("EDET", "EDEBT"):
            steps += [board_step(f"TBR {b}", [int(j == b - 1) for j in range(n)]) for b in range(1, n + 1)]
        if code in ("EDEB", "EDEBB"):
            steps += [board_step(f"BBE {k}", [int(j < n - k) for j in range(n)]) for k in range(1, n)]
    parts = refine(groups, steps)

    def explain(i: int, lang: str) -> str:
        lines = [render(lang) for render in notes.get(i, [])]
        return "; ".join(lines) if lines else messages(lang)["explain.encounter.not-tied"].format(code=code)
    return Partition(parts, explain)


def lexicographic(groups: Sequence[Sequence[int]], key: Callable[[int], tuple[int, ...]],
                  describe: Callable[[int, str], str]) -> Partition:
    """Compare criterion 1, then 2, ... inside each tied group (higher first)."""
    parts = []
    for g in groups:
        order = sorted(g, key=lambda i: tuple(-x for x in key(i)))
        split: list[list[int]] = []
        for i in order:
            if split and key(split[-1][0]) == key(i):
                split[-1].append(i)
            else:
                split.append([i])
        parts.append(split)
    return Partition(parts, describe)


def top_board_result(ctx: Context, rs: Resolved, groups: Sequence[Sequence[int]]) -> Partition:
    """TBR (12.2): game points on board 1, then board 2, ... over the whole event."""
    f = ctx.field
    per_board = [[sum(rp[b] for rp in e.board_points) for b in range(f.boards)] for e in f.entrants]

    def describe(i: int, lang: str) -> str:
        words = messages(lang)
        board = words["explain.board"]
        return words["explain.top-board"].format(
            boards=", ".join(board.format(board=b + 1, points=units(f, p)) for b, p in enumerate(per_board[i])))
    return lexicographic(groups, lambda i: tuple(per_board[i]), describe)


def bottom_board_elimination(ctx: Context, rs: Resolved, groups: Sequence[Sequence[int]]) -> Partition:
    """BBE (12.3): game points without the last board, then without the last two, ..."""
    f = ctx.field
    n = f.boards
    per_board = [[sum(rp[b] for rp in e.board_points) for b in range(n)] for e in f.entrants]
    keys = [tuple(sum(pb[:n - k]) for k in range(1, n + 1)) for pb in per_board]

    def describe(i: int, lang: str) -> str:
        return messages(lang)["explain.bottom-board"].format(
            sums=", ".join(f"k={k + 1}: {units(f, v)}" for k, v in enumerate(keys[i])))
    return lexicographic(groups, lambda i: keys[i], describe)


def board_count(ctx: Context, rs: Resolved) -> Column:
    """BC (12.1): sum of board number x game points on that board, over all rounds (lower first)."""
    f = ctx.field
    per_board = [[sum(rp[b] for rp in e.board_points) for b in range(f.boards)] for e in f.entrants]
    keys: list[int | Fraction | None] = [sum((b + 1) * p for b, p in enumerate(pb)) for pb in per_board]

    def explain(i: int, lang: str) -> str:
        parts = " + ".join(f"{b + 1}×{units(f, p)}" for b, p in enumerate(per_board[i]))
        return f"BC = {parts} = {units(f, keys[i] or 0)}"
    return Column(keys, f.unit, explain)


define("DE", "A", "C.07 6", modifiers=frozenset({reg.PLAYED, reg.SWISS, reg.SCORE}), higher_is_better=False,
       separate=direct_encounter)
for _code in ("EDE", "EDET", "EDEB", "EDEBT", "EDEBB"):
    define(_code, "A", "C.07 13.3", modifiers=frozenset({reg.PLAYED, reg.SWISS}), higher_is_better=False,
           scope=Scope.TEAM, separate=direct_encounter)
define("TBR", "B", "C.07 12.2", higher_is_better=False, scope=Scope.TEAM, separate=top_board_result)
define("BBE", "B", "C.07 12.3", higher_is_better=False, scope=Scope.TEAM, separate=bottom_board_elimination)
define("BC", "B", "C.07 12.1", higher_is_better=False, scope=Scope.TEAM, compute=board_count)
