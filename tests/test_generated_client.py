"""A Python client generated from the served OpenAPI document with openapi-python-client (test extra) comes
out typed: the board explanation, the pairing summary and the standings are models with typed attributes, not
dicts; and the generated client talks to the service."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from fastapi.testclient import TestClient

from app.api.examples import REQUESTS
from app.main import app

pytestmark = pytest.mark.slow  # runs the client generator in a process

CONFIG = "content_type_overrides:\n  text/plain: application/octet-stream\n"  # TRF bodies as bytes


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    where = tmp_path_factory.mktemp("client")
    client = TestClient(app)
    (where / "openapi.json").write_bytes(client.get("/openapi.json").content)
    (where / "config.yaml").write_text(CONFIG)
    tool = Path(sys.executable).parent / "openapi-python-client"
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    done = subprocess.run([str(tool), "generate", "--path", "openapi.json", "--meta", "none", "--output-path",
                           "chess_client", "--config", "config.yaml"], cwd=where, env=env, capture_output=True,
                          text=True, timeout=300)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "Warning" not in output and "WARNING" not in output, output  # every operation, every body
    sys.path.insert(0, str(where))
    try:
        yield importlib.import_module("chess_client")
    finally:
        sys.path.remove(str(where))
        for name in [n for n in sys.modules if n == "chess_client" or n.startswith("chess_client.")]:
            del sys.modules[name]


def hints(module: ModuleType, model: str) -> dict[str, str]:
    cls = getattr(importlib.import_module(f"{module.__name__}.models"), model)
    return annotations(cls)


def annotations(cls: type) -> dict[str, str]:
    """The attributes' annotations as written (the generated modules import their models for type checking
    only, so they are not resolved)."""
    return {name: str(hint) for name, hint in cls.__annotations__.items()}


def test_board_explanation_and_summary_are_typed_models(generated: ModuleType) -> None:
    explanation = hints(generated, "ExplanationOut")
    assert explanation["text"] == "str" and explanation["bracket_score"] == "float"
    assert "ExplanationOutFloats" in explanation["floats"]
    board = hints(generated, "BoardOut")
    assert "ExplanationOut" in board["explanation"] and board["white"] == "int"
    response = hints(generated, "PairingsResponse")
    assert "PairingSummaryOut" in response["summary"] and "dict" not in response["summary"]
    summary = hints(generated, "PairingSummaryOut")
    assert "int" in summary["c6"] and "list[float]" in summary["c7"] and "PabScoreOut" in summary["c5"]
    standings = hints(generated, "StandingEntryOut")
    assert "TiebreakValueOut" in standings["tiebreaks"]


def test_no_model_is_a_bare_dict(generated: ModuleType) -> None:
    models = importlib.import_module(f"{generated.__name__}.models")
    for name in models.__all__:
        cls = getattr(models, name)
        if not isinstance(cls, type) or not hasattr(cls, "__attrs_attrs__"):
            continue
        for field, hint in annotations(cls).items():
            if field == "additional_properties":
                continue  # the generator's own catch-all of every model
            assert "Any" not in str(hint), (name, field, hint)


def test_generated_client_pairs_a_round_and_gets_typed_answers(generated: ModuleType) -> None:
    client_module = importlib.import_module(f"{generated.__name__}.client")
    models = importlib.import_module(f"{generated.__name__}.models")
    pair = importlib.import_module(f"{generated.__name__}.api.pairings.pair_next_round")
    standings = importlib.import_module(f"{generated.__name__}.api.standings.get_standings")
    client = client_module.Client(base_url="http://testserver").set_httpx_client(TestClient(app))

    answer = pair.sync(client=client, body=models.PairingsRequest.from_dict(REQUESTS["pairNextRound"]))
    assert isinstance(answer, models.PairingsResponse)
    assert isinstance(answer.pairings[0].explanation, models.ExplanationOut)
    assert isinstance(answer.summary, models.PairingSummaryOut)
    direct = TestClient(app).post("/v1/pairings", json=REQUESTS["pairNextRound"]).json()
    assert answer.summary.c6 == direct["summary"]["C6"] and answer.summary.c7 == direct["summary"]["C7"]
    assert answer.pairings[0].explanation.text == direct["pairings"][0]["explanation"]["text"]

    table = standings.sync(client=client, body=models.StandingsRequest.from_dict(REQUESTS["getStandings"]))
    assert isinstance(table, models.StandingsResponse)
    assert isinstance(table.standings[0].tiebreaks[0], models.TiebreakValueOut)

    refused = standings.sync_detailed(client=client, body=models.StandingsRequest.from_dict({"trf": "nonsense"}))
    assert refused.status_code == 422 and isinstance(refused.parsed, models.Problem)
    assert refused.parsed.code == "not-trf"
