"""FIDE Swiss pairing engines: the Dutch system (C.04.3, 2026 text, reproducing bbpPairings
v6) and the other FIDE-approved systems, behind one interface (`systems`).

Public API
----------
pair_round(tournament, round_number=None, options=None) -> RoundPairing
    Pair one round (default: the round after the last paired one) with `options.system`,
    else the system the tournament declares.
apply_pairing(tournament, pairing) -> Tournament
    A copy of the tournament with the round appended (games without results yet).
check_tournament(tournament, options=None) -> list[RoundDiscrepancy]
    Re-pair every recorded round and report rounds that differ, with the first
    criterion that tells the two pairings apart.
generate_tournament(players, rounds, draw_rate, forfeit_rate, bye_rate, seed, ...) -> Tournament
    A random complete tournament paired round by round by this engine.

Modules: `state` (what the rules know about each player), `handling` (the C.04.1 /
C.04.2 rules every system shares: round to pair, byes, absences, initial colour,
forbidden pairs, board order), `systems` (the `SwissSystem` interface, the registry and
one module per system), `matching` (every matching routine: weighted blossom matching,
cardinality matching for the completion checks, bipartite alternating paths, classes of
interchangeable players), `dutch` (the Dutch bracket procedure, a package), `colours`
(Dutch Art. 5), `acceleration` (C.04.7 and custom virtual points), `api`, `checker`,
`generator`.
"""

from app.engine.pairing.acceleration import Acceleration
from app.engine.pairing.api import (
    Board,
    Bye,
    Explanation,
    PairingOptions,
    RoundPairing,
    apply_pairing,
    pair_round,
)
from app.engine.pairing.checker import RoundDiscrepancy, check_tournament
from app.engine.pairing.generator import generate_tournament

__all__ = [
    "Acceleration",
    "Board",
    "Bye",
    "Explanation",
    "PairingOptions",
    "RoundDiscrepancy",
    "RoundPairing",
    "apply_pairing",
    "check_tournament",
    "generate_tournament",
    "pair_round",
]
