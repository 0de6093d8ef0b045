"""Replays every round of the Dutch conformance corpora (bbpPairings v6, 2025 rules).

Procedure of ../shared/conformance/dutch/README.md: round r is paired from rounds
1..r-1 plus the column-r absences; pairs, colours and the PAB must match.
"""

from __future__ import annotations

import pytest

from tests.conftest import sampled
from tests.support.replay import BAKU, DUTCH, corpus_files, manifest_colours, replay_file

_DUTCH = corpus_files(DUTCH)
_BAKU = corpus_files(BAKU)


def test_corpora_present() -> None:
    assert len(_DUTCH) == 120
    assert len(_BAKU) == 20


@pytest.mark.parametrize("path", sampled(_DUTCH, ids=lambda p: p.name))
def test_dutch_corpus_file(path) -> None:  # type: ignore[no-untyped-def]
    colours = manifest_colours(DUTCH)
    failures = [f"round {c.round}: {c.detail}" for c in replay_file(path, colours[path.name]) if not c.ok]
    assert failures == []


@pytest.mark.parametrize("path", sampled(_BAKU, ids=lambda p: p.name))
def test_baku_corpus_file(path) -> None:  # type: ignore[no-untyped-def]
    colours = manifest_colours(BAKU)
    failures = [f"round {c.round}: {c.detail}" for c in replay_file(path, colours[path.name]) if not c.ok]
    assert failures == []
