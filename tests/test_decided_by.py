"""`decided_by` names the first criterion of the list (the primary score first) on which an entry
differs from the entry ranked just above, and is null only for the first entry and a shared rank.

Checked on every run of the tie-break conformance corpus and on every real file against a
computation written from the values of the answer alone.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from app.engine.errors import InputError
from app.engine.model import Tournament
from app.engine.tiebreaks import Standings, StandingsOptions, compute_standings
from app.formats.trf_reader import read_trf
from tests.conftest import sampled, shared_path

CORPUS = shared_path("conformance", "tiebreaks")
REAL = sorted(p for p in shared_path("real").iterdir() if p.suffix in (".trf", ".trfx"))
INDIVIDUAL = "PTS BH/C1 BH SB DE WIN WON BPG ARO TPR PS KS RTNG"
TEAM = "MPTS GPTS EDE BH SB ESB:MG TBR BBE BC WIN"


def expected_decided_by(s: Standings) -> list[str | None]:
    """From the values only: the first criterion whose value differs from the entry above."""
    names = [s.primary, *s.tiebreaks]
    out: list[str | None] = []
    above: list[Fraction | None] | None = None
    above_rank = None
    for e in s.entries:
        row = [e.points, *(tb.value for tb in e.tiebreaks)]
        if above is None:
            out.append(None)
        elif e.rank == above_rank:
            assert row == above, f"entries sharing rank {e.rank} differ: {row} vs {above}"
            out.append(None)
        else:
            first = next((names[k] for k, (a, b) in enumerate(zip(above, row, strict=True)) if a != b), "lots")
            out.append(first)
        above, above_rank = row, e.rank
    return out


def _check(s: Standings) -> None:
    assert [e.decided_by for e in s.entries] == expected_decided_by(s)


@cache
def _tournament(path: str) -> Tournament:
    from pathlib import Path
    return read_trf(Path(path).read_bytes()).tournament


def _corpus_runs() -> list[Any]:
    cases = []
    for path in sorted(CORPUS.glob("*.json")):
        for run in json.loads(path.read_text())["runs"]:
            cases.append(pytest.param(str(path.with_suffix(".trf")), run["tiebreaks"], id=f"{path.stem}:{run['name']}"))
    return cases


@pytest.mark.parametrize(("trf", "tiebreaks"), sampled(_corpus_runs(), every=5))
def test_conformance_runs(trf: str, tiebreaks: list[str]) -> None:
    _check(compute_standings(_tournament(trf), tiebreaks))


@pytest.mark.parametrize("path", REAL, ids=[p.name for p in REAL])
def test_real_files(path: Any) -> None:
    try:
        t = _tournament(str(path))
    except InputError:
        pytest.skip("the file is refused by the reader")
    team = len(t.teams) >= 2
    for specs in (None, TEAM if team else INDIVIDUAL):
        for options in (StandingsOptions(), StandingsOptions(ties="lots", lots_seed=3)):
            _check(compute_standings(t, specs, options))


def test_rank_two_of_a_big_swiss_is_decided_by_points() -> None:
    """Karl Mala 2005 (284 players): the winner has 6.5 points, the second 6 (issue 12: null before)."""
    t = _tournament(str(shared_path("real", "karl-mala-gedenkturnier-2005_284p_7r.trf")))
    s = compute_standings(t, "PTS BH/C1 BH SB")
    first, second = s.entries[0], s.entries[1]
    assert first.decided_by is None and second.rank == 2 and second.points < first.points
    assert second.decided_by == "PTS"
    # every entry with a rank of its own, after the first, names a criterion
    assert all(e.decided_by is not None for k, e in enumerate(s.entries)
               if k and e.rank != s.entries[k - 1].rank)


def test_a_later_split_does_not_overwrite_an_earlier_one() -> None:
    """Players 1 and 6 tie on 1.5 points below player 1's betters; player 6 played Black twice, player 1
    never, so BPG puts 6 first. Player 6 is told apart from the player above by points, player 1 from
    player 6 by BPG (before: null for player 6, the split by points was kept on player 1 and then
    overwritten)."""
    from tests.tiebreak_helpers import build
    t = build({k: 2000 for k in range(1, 9)},
              [[(1, 5, "1"), (2, 6, "1"), (3, 7, "1"), (4, 8, "1")], [(1, 2, "="), (3, 4, "1"), (5, 6, "="), (7, 8, "1")],
               [(1, 3, "0"), (2, 4, "1"), (5, 7, "0"), (6, 8, "1")]])
    s = compute_standings(t, "PTS BPG SB")
    assert [(e.rank, e.id, e.decided_by) for e in s.entries] == [
        (1, 3, None), (2, 2, "PTS"), (3, 7, "PTS"), (4, 6, "PTS"), (5, 1, "BPG"), (6, 4, "PTS"), (7, 5, "PTS"),
        (8, 8, "PTS")]
    _check(s)
