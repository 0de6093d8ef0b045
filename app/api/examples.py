"""One JSON request example per engine operation, by operationId: shown in the OpenAPI document and sent by
the tests (every example must be answered 200)."""

from __future__ import annotations

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
