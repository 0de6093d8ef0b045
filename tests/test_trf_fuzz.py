"""Property tests: the reader never fails with anything but a TrfError, the loader (reader, then the
consistency checks) with anything but an InputError, on random or mutated input."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.errors import InputError, TrfError
from app.engine.validation import ERROR_CODES
from app.formats.loader import load_tournament
from app.formats.trf_reader import read_trf
from app.formats.trf_writer import write_trf
from tests.conftest import DATA, SHARED

pytestmark = pytest.mark.slow  # fuzzing the TRF reader

SAMPLES = [
    (DATA / "example7.trf").read_bytes(),
    (SHARED / "real" / "fide-trf2026-example-grandmommys-cup_sharly-trf26-variant_50teams_249p_14r.trf").read_bytes()[:6000],
    (SHARED / "real" / "gros-open-2010_py4swiss-variant_shuffled_52p_4of9r.trf").read_bytes(),
    (SHARED / "real" / "lichess-swiss-mai-5plus0-2020_13p_10r.trf").read_bytes(),
]


def _read_or_reject(data: bytes) -> None:
    try:
        doc = read_trf(data)
    except TrfError as exc:
        assert exc.issue.message
        return
    # whatever was accepted must be writable and re-readable to the same model
    assert read_trf(write_trf(doc.tournament)).tournament == doc.tournament
    try:
        loaded = load_tournament(data)
    except InputError as exc:
        assert exc.issue.code in ERROR_CODES
        return
    assert loaded.tournament == doc.tournament


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=4000))
def test_random_bytes(data: bytes) -> None:
    _read_or_reject(data)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SAMPLES), st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=12))
def test_mutated_real_files(sample: bytes, edits: list[tuple[int, int]]) -> None:
    data = bytearray(sample)
    for pos, byte in edits:
        data[pos % len(data)] = byte
    _read_or_reject(bytes(data))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SAMPLES), st.integers(0, 10**6), st.integers(0, 400))
def test_truncated_and_spliced_files(sample: bytes, cut: int, length: int) -> None:
    pos = cut % len(sample)
    _read_or_reject(sample[:pos])
    _read_or_reject(sample[:pos] + sample[pos + length:])


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789 wb-=+HFUZXL.\n")), max_size=600))
def test_random_player_lines(body: str) -> None:
    _read_or_reject(("001    1      A                                 2000                             0.0    1  " + body)
                    .encode())
