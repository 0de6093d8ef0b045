"""Round-by-round replay of the conformance corpora (procedure of their READMEs)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from app.engine.model import Colour, Result, Tournament
from app.engine.pairing import PairingOptions, pair_round
from app.engine.pairing.api import tournament_before_round
from app.formats.trf_reader import read_trf

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
if not SHARED.exists():
    SHARED = Path("/work/shared")
DUTCH = SHARED / "conformance" / "dutch"
BAKU = SHARED / "conformance" / "dutch-baku"


def corpus_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.trf"))


def manifest_colours(folder: Path) -> dict[str, str]:
    data = json.loads((folder / "manifest.json").read_text())
    entries = data["files"] if isinstance(data, dict) else data
    return {e["file"]: e["initial_colour"] for e in entries}


def truncated(t: Tournament, r: int) -> Tournament:
    """Rounds 1..r-1 as played, plus the column-r absences (README step 1)."""
    return tournament_before_round(t, r)


def expected_round(t: Tournament, r: int) -> tuple[set[tuple[int, int]], int | None]:
    pairs = set()
    pab = None
    for sn, p in t.players.items():
        e = p.entry(r)
        if e.result is Result.PAIRING_ALLOCATED_BYE:
            pab = sn
        elif e.opponent is not None and e.colour is Colour.WHITE:
            pairs.add((sn, e.opponent))
    return pairs, pab


@dataclass
class RoundCheck:
    file: str
    round: int
    ok: bool
    detail: str = ""


def replay_file(path: Path, initial_colour: str) -> list[RoundCheck]:
    t = read_trf(path.read_bytes()).tournament
    total = t.recorded_rounds
    out = []
    for r in range(1, total + 1):
        tr = truncated(t, r)
        opts = PairingOptions(total_rounds=total, initial_colour=initial_colour if r == 1 else None)
        want_pairs, want_pab = expected_round(t, r)
        try:
            got = pair_round(tr, r, opts)
        except Exception as exc:  # noqa: BLE001 - reported as a failed round
            out.append(RoundCheck(path.name, r, False, f"error: {exc!r}"))
            continue
        got_pairs = set(got.as_pairs())
        ok = got_pairs == want_pairs and got.pab == want_pab
        detail = ""
        if not ok:
            detail = (f"missing {sorted(want_pairs - got_pairs)} extra {sorted(got_pairs - want_pairs)} "
                      f"pab want {want_pab} got {got.pab}")
        out.append(RoundCheck(path.name, r, ok, detail))
    return out
