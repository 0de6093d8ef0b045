"""Schemathesis over the checked-in OpenAPI document: every operation in it, in process (ASGI, no network).

The document is the contract (a test keeps it equal to the app), so routes that others add are covered as
soon as they are in it. Checks: all of schemathesis' (no 5xx, status codes, content types, headers and
bodies as documented, schema-invalid requests refused) except that every schema-valid request must succeed:
a well-formed tournament can still be wrong (an unknown opponent, no tournament at all), and 422 says so.
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from app.main import app
from app.openapi_dump import TARGET

pytestmark = pytest.mark.slow  # fuzzing every operation

schema = schemathesis.openapi.from_path(TARGET)
schema.app = app
# Per operation and generation phase; raise it for a deeper run: CHESS_FUZZ_EXAMPLES=1000 pytest tests/test_schemathesis.py
EXAMPLES = int(os.environ.get("CHESS_FUZZ_EXAMPLES", "50"))


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_operation_conforms(case: schemathesis.Case) -> None:
    # A large random tournament (500 players, 20 rounds) takes seconds of CPU: on a loaded machine the client's
    # default 10 s read timeout would fail a correct answer.
    case.call_and_validate(excluded_checks=[positive_data_acceptance], timeout=120)
