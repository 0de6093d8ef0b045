"""The class routes of the Dutch engine (`dutch.straight`, `dutch.moved_down`) give the
pairings of the player-by-player routes: on conformance files with the class routes
forced onto every bracket, on generated fields, and on the bench files' references."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from app.engine.pairing import PairingOptions, generate_tournament, pair_round
from app.engine.pairing.api import tournament_before_round
from app.engine.pairing.dutch import moved_down, straight
from app.engine.pairing.matching import classes
from app.formats.trf_reader import read_trf
from tests.support.replay import DUTCH, SHARED, corpus_files, manifest_colours, replay_file

# files whose brackets are big enough for both routes to be taken and declined
_FILES = [p for p in corpus_files(DUTCH) if p.name in {
    "dutch-p-0049-n236-r13.trf", "dutch-p-0110-n133-r04.trf", "dutch-p-0119-n086-r10.trf",
    "dutch-p-0003-n011-r09.trf", "dutch-p-0001-n016-r10.trf"}]


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> collections.Counter[str]:
    """Class routes on every bracket of two or more players; counts of their answers."""
    monkeypatch.setattr(classes, "SMALLEST", 2)
    seen: collections.Counter[str] = collections.Counter()
    solve_straight = straight.StraightSolver.straight
    solve_moved_down = moved_down.MovedDownSolver.pair

    def counting_straight(self: straight.StraightSolver, *args: object) -> tuple[bool, object]:
        decided, answer = solve_straight(self, *args)  # type: ignore[arg-type]
        seen["straight decided" if decided else "straight declined"] += 1
        return decided, answer

    def counting_moved_down(self: moved_down.MovedDownSolver, *args: object) -> object:
        answer = solve_moved_down(self, *args)  # type: ignore[arg-type]
        seen["mdp decided" if answer is not None else "mdp declined"] += 1
        return answer

    monkeypatch.setattr(straight.StraightSolver, "straight", counting_straight)
    monkeypatch.setattr(moved_down.MovedDownSolver, "pair", counting_moved_down)
    return seen


def test_conformance_rounds_with_the_class_routes_everywhere(counted: collections.Counter[str]) -> None:
    assert len(_FILES) == 5
    colours = manifest_colours(DUTCH)
    failures = [f"{path.name} round {c.round}: {c.detail}"
                for path in _FILES for c in replay_file(path, colours[path.name]) if not c.ok]
    assert failures == []
    # both routes answered, and both declined somewhere (the fallback was exercised)
    assert min(counted[k] for k in ("straight decided", "straight declined", "mdp decided", "mdp declined")) > 0


@pytest.mark.slow  # pairs seven rounds twice
def test_generated_field_same_with_and_without_class_routes(monkeypatch: pytest.MonkeyPatch) -> None:
    t = generate_tournament(90, 7, draw_rate=0.3, forfeit_rate=0.05, bye_rate=0.05, seed=3)
    expected = {}
    monkeypatch.setattr(classes, "SMALLEST", 10**9)  # player by player only
    for r in range(1, 8):
        before = tournament_before_round(t, r)
        opts = PairingOptions(total_rounds=7, initial_colour=t.initial_colour if r == 1 else None)
        expected[r] = (set(pair_round(before, r, opts).as_pairs()), pair_round(before, r, opts).pab)
    monkeypatch.setattr(classes, "SMALLEST", 2)
    for r in range(1, 8):
        before = tournament_before_round(t, r)
        opts = PairingOptions(total_rounds=7, initial_colour=t.initial_colour if r == 1 else None)
        got = pair_round(before, r, opts)
        assert (set(got.as_pairs()), got.pab) == expected[r], f"round {r}"


@pytest.mark.slow
@pytest.mark.parametrize("size", [1000, 2000])
def test_bench_files_match_the_reference(size: int) -> None:
    path = SHARED / "bench" / f"dutch-n{size:04d}-played8-of9.trf"
    numbers = [int(x) for x in Path(str(path).replace(".trf", ".round9-reference.txt")).read_text().split()]
    reference = {(numbers[1 + 2 * i], numbers[2 + 2 * i]) for i in range(numbers[0])}
    assert set(pair_round(read_trf(path.read_bytes()).tournament).as_pairs()) == reference
