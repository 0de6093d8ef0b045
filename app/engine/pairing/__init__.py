"""FIDE Dutch Swiss pairing engine (C.04.3, 2026 text), reproducing bbpPairings v6."""

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

__all__ = [
    "Acceleration",
    "Board",
    "Bye",
    "Explanation",
    "PairingOptions",
    "RoundPairing",
    "apply_pairing",
    "pair_round",
]
