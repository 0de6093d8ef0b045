"""Examples by operationId, shown in the OpenAPI document: one JSON request per engine operation (sent by the
tests: every example must be answered 200) and one answer per operation (app/api/data/response_examples.json).

The answers are the service's own, made once with `python -m app.api.examples` (through the HTTP app, the
same code path as a request); long lists of the static data are cut to their first entries. A test checks
that every answer still validates against its response model; regenerate them when an answer changes.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from app.formats.json_schema import EXAMPLE_TOURNAMENT

EXAMPLE_TRF = """012 Example Open
042 2026/06/01
092 Swiss System (Dutch)
142 3
001    1 m    Avery, Alex                       2100                             1.5    1     3 w 1     2 b =
001    2 w    Brook, Bea                        2000                             1.5    2  0000 - U     1 w =
001    3 m    Carter, Cy                        1950                             0.5    3     1 b 0  0000 - H
"""

REQUESTS: dict[str, dict[str, Any]] = {
    "convertTournament": {"trf": EXAMPLE_TRF, "to": "json"},
    "getStandings": {"tournament": EXAMPLE_TOURNAMENT, "tiebreaks": ["BH/C1", "BH", "SB", "DE"],
                     "language": "en", "unrated_rating": 1000},
    "compareStandings": {"tournament": EXAMPLE_TOURNAMENT, "orders": [["BH/C1", "SB"], ["SB", "BH/C1"]]},
    "pairNextRound": {"trf": EXAMPLE_TRF, "round": 3, "total_rounds": 3, "language": "en"},
    "checkPairings": {"trf": EXAMPLE_TRF, "total_rounds": 3, "initial_colour": "white"},
    "generateRandomTournament": {"players": 8, "rounds": 3, "seed": 1, "format": "json"},
    "pairTeamRound": {"trf": "012 Team example\n001    1 m    A One                             2000\n"
                             "001    2 m    A Two                             1900\n"
                             "001    3 m    B One                             1950\n"
                             "001    4 m    B Two                             1850\n"
                             "013 Alpha                                 1    2\n"
                             "013 Beta                                  3    4\n",
                      "total_rounds": 1},
    "getRoundRobinTables": {"players": ["Avery", "Brook", "Carter", "Dale"], "double": False},
    "drawVarmaNumbers": {"players": [{"id": k, "federation": fed, "name": f"Player {k}"}
                                     for k, fed in enumerate(["ENG", "ENG", "FRA", "FRA", "GER", "GER", "ITA",
                                                              "NED", "ESP", "POL"], start=1)], "seed": 1},
    "makeGroups": {"players": 16, "groups": 4},
    "makeKnockout": {"stage": "seeded", "players": ["Avery", "Brook", "Carter", "Dale"], "third_place": True},
    "drawOpenings": {"per": "round", "count": 3, "seed": 7},
}

PROBLEM: dict[str, Any] = {
    "type": "/problems/trf-parse-error", "title": "TRF cannot be read", "status": 422,
    "detail": "line 4, column 5: the start number '  x ' is not a number", "code": "trf-parse-error",
    "instance": "/v1/standings", "line": 4, "column": 5, "text": "  x "}

METRICS = ('# HELP chess_http_requests_total HTTP requests answered\n# TYPE chess_http_requests_total counter\n'
           'chess_http_requests_total{method="POST",route="/v1/standings",status="200"} 42.0\n')

# Operations whose request is a query string (GET), by operationId.
QUERIES: dict[str, dict[str, str]] = {"getRoundsAdvice": {"players": "60"}, "getProblem": {"code": "invalid-json"}}
RESPONSES_FILE = Path(__file__).resolve().parent / "data" / "response_examples.json"
MAX_LISTED = 3  # entries kept of a long list in the answers of static data


@cache
def responses() -> dict[str, Any]:
    """operationId -> the answer (a JSON value, or TRF text)."""
    loaded: dict[str, Any] = json.loads(RESPONSES_FILE.read_text(encoding="utf-8"))
    return loaded


def _shortened(value: Any) -> Any:
    if isinstance(value, list):
        return [_shortened(v) for v in value[:MAX_LISTED]]
    if isinstance(value, dict):
        return {k: _shortened(v) for k, v in value.items()}
    return value


def generate() -> dict[str, Any]:
    """Ask the service (in this process) for every operation's answer to its example."""
    from fastapi.testclient import TestClient

    from app.main import app

    out: dict[str, Any] = {}
    with TestClient(app) as client:
        for path, operations in app.openapi()["paths"].items():
            for method, op in operations.items():
                operation_id = op["operationId"]
                if operation_id == "getMetrics":
                    continue
                query = dict(QUERIES.get(operation_id, {}))
                url = path.format(**query)
                if method == "get":
                    r = client.get(url, params={k: v for k, v in query.items() if "{" + k + "}" not in path})
                else:
                    r = client.request(method.upper(), url, json=REQUESTS[operation_id])
                if r.status_code != 200:
                    raise RuntimeError(f"{operation_id}: {r.status_code} {r.text[:300]}")
                body = r.json() if r.headers["content-type"].startswith("application/json") else r.text
                out[operation_id] = _shortened(body) if method == "get" else body
    return out


def main() -> None:
    RESPONSES_FILE.parent.mkdir(parents=True, exist_ok=True)
    RESPONSES_FILE.write_text(json.dumps(generate(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {RESPONSES_FILE}")


if __name__ == "__main__":
    main()
