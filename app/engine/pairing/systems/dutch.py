"""The FIDE (Dutch) System, C.04.3 (approved by the Council on 28/10/2025, applied from 1 February 2026).

The bracket procedure is `app.engine.pairing.dutch.DutchPairer` (reproducing bbpPairings
v6); this module puts it behind the `SwissSystem` interface: colours by Art. 5, the
explanation of every board, the quality criteria [C5]-[C21] not fully met, and the
checker's comparison of a recorded round with the engine's, criterion by criterion.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar

from app.engine.messages import Message, messages, text
from app.engine.model import Colour
from app.engine.numbers import show
from app.engine.pairing.avoidance import same_club_text
from app.engine.pairing.colours import DUTCH_RULES, allocate_colours
from app.engine.pairing.dutch import BracketRecord, DutchPairer
from app.engine.pairing.state import Float, PlayerState, RoundState
from app.engine.pairing.systems.base import (
    Diagnosis,
    Explanation,
    PreparedRound,
    SwissSystem,
    SystemOutcome,
    SystemPair,
    preference_text,
)

# criterion -> message id of its name (the checker's reports)
CRITERIA_NAMES = {
    "C1": "checker.criterion.C1", "C2": "checker.criterion.C2", "C3": "checker.criterion.C3",
    "C5": "checker.dutch.C5", "C6": "checker.dutch.C6", "C7": "checker.dutch.C7", "C8": "checker.dutch.C8",
    "C8s": "checker.dutch.C8s", "C9": "checker.dutch.C9", "C10": "checker.dutch.C10", "C11": "checker.dutch.C11",
    "C12": "checker.criterion.colour-preferences", "C13": "checker.dutch.C13", "C14": "checker.dutch.C14",
    "C15": "checker.dutch.C15", "C16": "checker.dutch.C16", "C17": "checker.dutch.C17", "C18": "checker.dutch.C18",
    "C19": "checker.dutch.C19", "C20": "checker.dutch.C20", "C21": "checker.dutch.C21",
    "Art.4": "checker.dutch.Art.4", "Art.5": "checker.dutch.Art.5",
}
_VIOLATION_COUNTS = {"C10", "C11", "C12", "C13", "C15", "C17"}


class DutchSystem(SwissSystem):
    id = "dutch"
    name = "FIDE (Dutch) System"
    name_zh = "FIDE（荷兰）制"
    article = "C.04.3"
    edition = "approved by the Council on 28/10/2025, applied from 1 February 2026"
    trf_code = "FIDE_DUTCH_2026"
    trf_text = "Swiss System (FIDE Dutch, C.04.3)"
    codes = ("FIDE_DUTCH_2026", "FIDE_DUTCH_2025", "FIDE_DUTCH")
    words = r"\bdutch\b|\bholl[aä]nd|荷兰"
    aliases = ("fide-dutch", "fide_dutch", "c.04.3")
    colour_rules: ClassVar[dict[str, str]] = DUTCH_RULES
    criteria = CRITERIA_NAMES
    club_avoidance = True  # below [C21]: app.engine.pairing.dutch.clubs

    def pair(self, prepared: PreparedRound, lang: str) -> SystemOutcome:
        state = prepared.state
        outcome = DutchPairer(state).pair() if state.players else None
        if outcome is None:
            return SystemOutcome([], None)
        bracket_of: dict[int, BracketRecord] = {}
        for rec in outcome.brackets:
            for a, b in rec.pairs:
                bracket_of[a] = rec
                bracket_of[b] = rec
        pairs: list[SystemPair] = []
        coloured: list[tuple[PlayerState, PlayerState, Colour]] = []
        for hi, lo in outcome.pairs:
            colour, rule = allocate_colours(hi, lo, state.initial_colour)
            white, black = (hi, lo) if colour is Colour.WHITE else (lo, hi)
            explanation = _explain(hi, lo, white, black, rule, bracket_of.get(hi.id), lang)
            club = state.same_club(hi, lo)
            if club is not None:  # club avoidance could not avoid this board (or the search stopped)
                explanation.text += same_club_text(club, lang, "pairing.same-club.fewest" if outcome.clubs_proven
                                                   else "pairing.same-club.unproven")
            pairs.append(SystemPair(hi, lo, white, explanation))
            coloured.append((hi, lo, colour))
        reason = ""
        pab = outcome.bye
        if pab is not None:
            reason = text(lang, "pairing.dutch.bye", score=show(pab.pairing_score), games=pab.played_games)
        return SystemOutcome(pairs, pab, reason, list(outcome.brackets), evaluate_round(state, coloured, pab))

    def colours_compatible(self, prepared: PreparedRound, a: PlayerState, b: PlayerState) -> bool:
        # [C3] binds two non-topscorers only (C.04.3 1.8, final round)
        if a.absolute and b.absolute and a.preference is b.preference:
            return prepared.state.last_round and (a.topscorer or b.topscorer)
        return True

    def compare(self, prepared: PreparedRound, file_pairs: Sequence[tuple[int, int]], file_pab: int | None,
                engine_pairs: Sequence[tuple[int, int]], engine_pab: int | None) -> Diagnosis:
        """Both round-pairings scored on the Dutch criteria, bracket by bracket."""
        state = prepared.state
        pairer = DutchPairer(state)
        index = pairer.index
        file_vec = _vector(pairer, file_pairs, index)
        engine_vec = _vector(DutchPairer(state), engine_pairs, index)
        if file_pab != engine_pab and file_pab in state.by_id and engine_pab in state.by_id:
            assert file_pab is not None and engine_pab is not None
            fs, es = state.by_id[file_pab].pairing_score, state.by_id[engine_pab].pairing_score
            if fs != es:
                return Diagnosis("C5", Message("checker.dutch.pab", {"file": show(fs), "engine": show(es)}), fs, es)
        names = [name for name, _w in pairer.layout]
        for (score, fv, fpairs), (_s2, ev, epairs) in zip(file_vec, engine_vec, strict=False):
            if fv == ev:
                continue
            for name, x, y in zip(names, fv, ev, strict=True):
                if x == y:
                    continue
                fx: object
                ey: object
                if name in _VIOLATION_COUNTS:
                    fx, ey = fpairs - x, epairs - y
                    what = "checker.dutch.violations"
                elif name == "C6":
                    fx, ey = fpairs, epairs
                    what = "checker.dutch.pairs"
                else:
                    fx, ey = x, y
                    what = "checker.dutch.weighted" if name in ("C7", "C8s", "C18", "C19", "C20", "C21",
                                                                "C9") else "checker.dutch.larger"
                criterion = name.rstrip("s")
                return Diagnosis(criterion, Message("checker.dutch.bracket", {
                    "criterion": criterion, "name": Message(CRITERIA_NAMES[name], {}), "bracket": show(score),
                    "file": fx, "engine": ey, "what": Message(what, {})}), fx, ey)
        return Diagnosis("Art.4", Message("checker.dutch.order", {}))


def _vector(pairer: DutchPairer, pairs: Sequence[tuple[int, int]], index: dict[int, int]
            ) -> list[tuple[Fraction, list[int], int]]:
    partner: dict[int, int] = {}
    for a, b in pairs:
        partner[index[a]] = index[b]
        partner[index[b]] = index[a]
    return pairer.evaluate(partner)


_FLOAT_HISTORY = {Float.DOWN: "pairing.float-history.down", Float.UP: "pairing.float-history.up"}


def _explain(hi: PlayerState, lo: PlayerState, white: PlayerState, black: PlayerState, rule: str,
             rec: BracketRecord | None, lang: str) -> Explanation:
    floats: dict[int, str] = {}
    if hi.pairing_score > lo.pairing_score:
        floats = {hi.id: "down", lo.id: "up"}
    bracket_score = rec.score if rec else hi.pairing_score
    words = messages(lang)
    rule_text = words[DUTCH_RULES[rule]]
    if floats:
        said = words["pairing.dutch.float"].format(high=hi.id, high_score=show(hi.pairing_score), low=lo.id,
                                                   low_score=show(lo.pairing_score), bracket=show(bracket_score))
    else:
        said = words["pairing.dutch.same"].format(high=hi.id, low=lo.id, score=show(hi.pairing_score))
    said += words["pairing.colours"].format(rule_text=rule_text, rule=rule)

    def hist(p: PlayerState) -> list[str]:
        """Floats of the previous round and of two rounds before, with the reason."""
        return [words[_FLOAT_HISTORY[f]].format(reason=words[why.id].format_map(why.values))
                if f is not Float.NONE and why is not None else words["pairing.float-history.none"]
                for f, why in zip(p.floats, p.float_reasons, strict=True)]

    return Explanation(
        text=said, white_score=white.score, black_score=black.score,
        white_pairing_score=white.pairing_score, black_pairing_score=black.pairing_score,
        bracket_score=bracket_score, floats=floats,
        float_history={hi.id: hist(hi), lo.id: hist(lo)}, colour_rule=rule, colour_rule_text=rule_text,
        colour_preferences={hi.id: preference_text(hi, lang), lo.id: preference_text(lo, lang)})


def evaluate_round(state: RoundState, pairs: Sequence[tuple[PlayerState, PlayerState, Colour]],
                   bye: PlayerState | None) -> dict[str, object]:
    """Quality criteria of a round-pairing that are not fully met ([C5]..[C21]).

    Counts of players (C6, C10-C17), downfloater scores (C7), score differences
    (C18-C21), and for the PAB its receiver's pairing score (C5) and unplayed
    games (C9). A criterion that is fully met is left out."""
    out: dict[str, object] = {}
    if bye is not None:
        out["C5"] = {"pab_pairing_score": bye.pairing_score}
        out["C9"] = {"pab_unplayed_games": state.round_number - 1 - bye.played_games}
    downfloaters = [(hi, lo) for hi, lo, _ in pairs if hi.pairing_score > lo.pairing_score]
    if downfloaters:
        out["C6"] = len(downfloaters) + (1 if bye is not None else 0)
        out["C7"] = sorted((hi.pairing_score for hi, _ in downfloaters), reverse=True)
    counts = dict.fromkeys(("C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17"), 0)
    diffs: dict[str, list[Fraction]] = {"C18": [], "C19": [], "C20": [], "C21": []}
    # repeated floats: (criterion counted, criterion of its score differences, player, round back, float)
    repeats = (("C14", "C18", 0, 0, Float.DOWN), ("C16", "C20", 0, 1, Float.DOWN),
               ("C15", "C19", 1, 0, Float.UP), ("C17", "C21", 1, 1, Float.UP))
    for hi, lo, colour in pairs:
        for p, c in ((hi, colour), (lo, colour.opposite)):
            if p.preference is not None and c is not p.preference:
                counts["C12"] += 1
                if p.strength.value >= 2:
                    counts["C13"] += 1
            new_diff = p.colour_difference + (1 if c is Colour.WHITE else -1)
            if abs(new_diff) > 2:
                counts["C10"] += 1
            if len(p.colours) >= 2 and p.colours[-1] is c and p.colours[-2] is c:
                counts["C11"] += 1
        if hi.pairing_score > lo.pairing_score:
            diff = hi.pairing_score - lo.pairing_score
            for count_key, diff_key, who, back, kind in repeats:
                if (hi, lo)[who].floats[back] is kind:
                    counts[count_key] += 1
                    diffs[diff_key].append(diff)
    for key in sorted(counts, key=lambda k: int(k[1:])):
        if counts[key]:
            out[key] = counts[key]
    # [C18]-[C21]: score differences of the repeated floats, largest first
    for key, values in diffs.items():
        if values:
            out[key] = sorted(values, reverse=True)
    return out
