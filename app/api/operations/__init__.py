"""The operations an engine process runs, by name: each takes a JobRequest and returns a JobAnswer.

Adding an operation is one function here (and its route in app.api.routes)."""

from __future__ import annotations

from collections.abc import Callable

from app.api.job import JobAnswer, JobRequest
from app.api.operations import convert, openings, pairings, standings, tables, team_pairings

HANDLERS: dict[str, Callable[[JobRequest], JobAnswer]] = {
    "convert": convert.convert,
    "standings": standings.standings,
    "compare": standings.compare,
    "pairing": pairings.pairings,
    "check": pairings.check,
    "generate": pairings.random_tournament,
    "team-pairing": team_pairings.team_pairings,
    "round-robin": tables.round_robin,
    "varma": tables.varma,
    "groups": tables.groups,
    "knockout": tables.knockout,
    "advice": tables.advice,
    "openings-draw": openings.draw,
}
