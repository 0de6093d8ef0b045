"""Re-pair every round of a tournament and report where the file differs from the engine.

For each round the engine pairs the round again from the history before it (with
the absences recorded in that round). When the file's pairing differs, both
round-pairings are scored on the Dutch criteria, bracket by bracket, and the first
criterion that tells them apart is reported (e.g. "[C12] colour preferences: file 3
violations, engine 2").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from app.engine.errors import InputError, UnpairableError
from app.engine.model import Colour, Result, Tournament
from app.engine.numbers import show
from app.engine.pairing.api import (
    PairingOptions,
    infer_initial_colour,
    pair_round,
    prepare_round,
    tournament_before_round,
)
from app.engine.pairing.dutch import DutchPairer

CRITERIA_NAMES = {
    "C1": "no rematches / forbidden pairs", "C2": "PAB eligibility", "C3": "absolute colour preferences",
    "C5": "score of the PAB receiver", "C6": "number of downfloaters", "C7": "scores of the downfloaters",
    "C8": "pairs in the next bracket", "C8s": "scores paired in the next bracket",
    "C9": "unplayed games of the PAB receiver", "C10": "topscorers' colour difference",
    "C11": "topscorers' three colours in a row", "C12": "colour preferences",
    "C13": "strong colour preferences", "C14": "downfloaters with a downfloat in the previous round",
    "C15": "MDP opponents with an upfloat in the previous round",
    "C16": "downfloaters with a downfloat two rounds before",
    "C17": "MDP opponents with an upfloat two rounds before",
    "C18": "score differences of repeated downfloaters (previous round)",
    "C19": "score differences of MDP opponents' repeated upfloats (previous round)",
    "C20": "score differences of repeated downfloaters (two rounds before)",
    "C21": "score differences of MDP opponents' repeated upfloats (two rounds before)",
    "Art.4": "generation order (all criteria equal)", "Art.5": "colour allocation",
}
_VIOLATION_COUNTS = {"C10", "C11", "C12", "C13", "C15", "C17"}


@dataclass
class RoundDiscrepancy:
    round: int
    criterion: str  # "C1".."C21", "Art.4" (same quality, other order), "Art.5" (colours), "error"
    message: str
    file_pairs: list[tuple[int, int]] = field(default_factory=list)  # (white, black)
    engine_pairs: list[tuple[int, int]] = field(default_factory=list)
    file_pab: int | None = None
    engine_pab: int | None = None
    file_value: object = None
    engine_value: object = None


def _file_round(t: Tournament, r: int) -> tuple[list[tuple[int, int]], int | None]:
    pairs = []
    pab = None
    for sn, p in t.players.items():
        e = p.entry(r)
        if e.result is Result.PAIRING_ALLOCATED_BYE and e.opponent is None:
            pab = sn
        elif e.opponent is not None:
            if e.colour is Colour.WHITE or (e.colour is None and sn < e.opponent):
                pairs.append((sn, e.opponent))
    return sorted(pairs), pab


def check_tournament(tournament: Tournament, options: PairingOptions | None = None) -> list[RoundDiscrepancy]:
    """Rounds whose recorded pairing differs from the engine's, with the reason."""
    opts = options or PairingOptions()
    played = tournament.rounds_played
    total = opts.total_rounds or tournament.total_rounds or played
    initial = opts.initial_colour or tournament.initial_colour or infer_initial_colour(tournament, played + 1)
    out: list[RoundDiscrepancy] = []
    for r in range(1, played + 1):
        before = tournament_before_round(tournament, r)
        round_opts = PairingOptions(total_rounds=total, initial_colour=initial,
                                    acceleration=opts.acceleration, forbidden_pairs=opts.forbidden_pairs,
                                    pairing_score_adjustments=opts.pairing_score_adjustments,
                                    virtual_points_hook=opts.virtual_points_hook)
        file_pairs, file_pab = _file_round(tournament, r)
        try:
            got = pair_round(before, r, round_opts)
        except (UnpairableError, InputError) as exc:
            out.append(RoundDiscrepancy(r, "error", f"the engine cannot pair round {r}: {exc}",
                                        file_pairs, [], file_pab, None))
            continue
        engine_pairs = sorted(got.as_pairs())
        if engine_pairs == file_pairs and got.pab == file_pab:
            continue
        d = RoundDiscrepancy(r, "Art.4", "", file_pairs, engine_pairs, file_pab, got.pab)
        if {frozenset(p) for p in engine_pairs} == {frozenset(p) for p in file_pairs} and got.pab == file_pab:
            d.criterion = "Art.5"
            d.message = "same pairs, different colours: [Art. 5.2] colour allocation"
        else:
            _compare(before, r, round_opts, d)
        out.append(d)
    return out


def _compare(before: Tournament, r: int, opts: PairingOptions, d: RoundDiscrepancy) -> None:
    state = prepare_round(before, r, opts).state
    pairer = DutchPairer(state)
    index = pairer.index
    # absolute criteria of the file's pairing
    for a, b in d.file_pairs:
        if a not in index or b not in index:
            d.criterion, d.message = "C1", f"[C1] the file pairs {a}-{b}, but one of them was not to be paired"
            return
        if not pairer.compatible(index[a], index[b]):
            p = state.by_id[a]
            crit = "C1" if b in p.opponents or b in state.forbidden.get(a, ()) else "C3"
            d.criterion = crit
            d.message = f"[{crit}] {CRITERIA_NAMES[crit]}: the file pairs {a}-{b}"
            return
    if d.file_pab is not None and d.file_pab in state.by_id and not state.by_id[d.file_pab].bye_eligible:
        d.criterion, d.message = "C2", f"[C2] PAB eligibility: {d.file_pab} may not receive the PAB"
        return
    file_vec = _vector(pairer, d.file_pairs, index)
    engine_vec = _vector(DutchPairer(state), d.engine_pairs, index)
    if d.file_pab != d.engine_pab and d.file_pab in state.by_id and d.engine_pab in state.by_id:
        fs, es = state.by_id[d.file_pab].pairing_score, state.by_id[d.engine_pab].pairing_score
        if fs != es:
            d.criterion = "C5"
            d.file_value, d.engine_value = fs, es
            d.message = f"[C5] {CRITERIA_NAMES['C5']}: file {show(fs)}, engine {show(es)}"
            return
    names = [name for name, _w in pairer.layout]
    for (score, fv, fpairs), (_s2, ev, epairs) in zip(file_vec, engine_vec, strict=False):
        if fv == ev:
            continue
        for name, x, y in zip(names, fv, ev, strict=True):
            if x == y:
                continue
            if name in _VIOLATION_COUNTS:
                fx, ey = fpairs - x, epairs - y
                what = "violations"
            elif name == "C6":
                fx, ey = fpairs, epairs
                what = "pairs"
            else:
                fx, ey = x, y
                what = "(weighted value, larger is better)" if name in ("C7", "C8s", "C18", "C19", "C20",
                                                                       "C21", "C9") else "(larger is better)"
            d.criterion = name.rstrip("s")
            d.file_value, d.engine_value = fx, ey
            d.message = (f"[{d.criterion}] {CRITERIA_NAMES[name]} in the {show(score)} bracket: "
                         f"file {fx} {what}, engine {ey}")
            return
    d.criterion = "Art.4"
    d.message = "[Art. 4] same criteria values: the engine's pairing comes first in the generation order"


def _vector(pairer: DutchPairer, pairs: list[tuple[int, int]], index: dict[int, int]
            ) -> list[tuple[Fraction, list[int], int]]:
    partner: dict[int, int] = {}
    for a, b in pairs:
        partner[index[a]] = index[b]
        partner[index[b]] = index[a]
    return pairer.evaluate(partner)


