"""No shared mutable state: the parse cache gives each request its own tournament; no engine pauses the
garbage collector of the whole process; engine errors say what kind of fault they are, not an HTTP status."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.api import inputs
from app.api.errors import STATUS_OF_KIND
from app.api.job import Limits
from app.config import Settings
from app.engine.errors import ErrorKind, InputError, TrfError
from app.engine.model import Result, RoundEntry
from app.main import app
from tests.conftest import DATA

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = (DATA / "example7.trf").read_bytes()
LIMITS = Limits.from_settings(Settings())


def test_a_cached_tournament_cannot_be_changed_by_the_request_it_served() -> None:
    first = inputs.load_tournament_from_text(EXAMPLE, LIMITS)
    first.tournament.players[1].rounds[0] = RoundEntry(None, None, Result.ZERO_POINT_BYE)  # an engine gone wrong
    first.tournament.players.pop(2)
    first.warnings.append(first.warnings[0] if first.warnings else None)  # type: ignore[arg-type]
    again = inputs.load_tournament_from_text(EXAMPLE, LIMITS)
    assert again.tournament is not first.tournament
    assert again.tournament.players[1].rounds[0].opponent == 5 and 2 in again.tournament.players
    assert again.warnings == []
    assert again == inputs.load_tournament_from_text(EXAMPLE, LIMITS)


def test_the_cache_holds_bytes_only() -> None:
    inputs.load_tournament_from_text(EXAMPLE, LIMITS)
    assert inputs._parsed and all(isinstance(v, bytes) for v in inputs._parsed.values())


def test_no_engine_pauses_the_garbage_collector() -> None:
    callers = [str(p.relative_to(ROOT)) for p in (ROOT / "app").rglob("*.py")
               if re.search(r"\bgc\.disable\(", p.read_text(encoding="utf-8"))]
    assert callers == []


def test_engine_errors_carry_a_kind_not_a_status() -> None:
    error = InputError("x", code="too-many-players", kind=ErrorKind.TOO_LARGE)
    assert not hasattr(error, "status") and not hasattr(TrfError("y"), "status")
    assert STATUS_OF_KIND == {ErrorKind.INVALID: 422, ErrorKind.SYNTAX: 400, ErrorKind.TOO_LARGE: 413}
    assert set(STATUS_OF_KIND) == set(ErrorKind)


@pytest.mark.parametrize(("body", "status", "code"), [
    (b"{not json", 400, "invalid-json"),
    (b'{"tournament": {"players": [{"start_number": 1, "rounds": [{"opponent": 9, "result": "win"}]}]}}',
     422, "unknown-opponent"),
])
def test_the_api_maps_each_kind_to_its_status(body: bytes, status: int, code: str) -> None:
    r = TestClient(app).post("/v1/convert", content=body, headers={"content-type": "application/json"})
    assert (r.status_code, r.json()["code"]) == (status, code)
