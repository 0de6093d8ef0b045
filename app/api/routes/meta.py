"""Service endpoints: liveness, readiness, version."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel

from app import __version__
from app.api.runner import in_flight
from app.config import settings

router = APIRouter(tags=["service"])


class Health(BaseModel):
    status: str


class Ready(BaseModel):
    status: str
    engine_jobs_in_flight: int


class Version(BaseModel):
    name: str
    version: str
    api: str
    rules: dict[str, str]
    formats: list[str]


@router.get("/health", response_model=Health, summary="Liveness probe")
def health() -> dict[str, Any]:
    return {"status": "ok"}


@router.get("/ready", response_model=Ready, summary="Readiness probe")
def ready() -> dict[str, Any]:
    busy = in_flight() >= settings.max_concurrent_jobs + settings.max_queued_jobs
    return {"status": "busy" if busy else "ready", "engine_jobs_in_flight": in_flight()}


@router.get("/version", response_model=Version, summary="Service and rules versions")
def version() -> dict[str, Any]:
    return {
        "name": "chess-tournament-service",
        "version": __version__,
        "api": "v1",
        "rules": {
            "tiebreaks": "FIDE C.07, edition 2026-03 (2024-08 and pre-2023 selectable)",
            "swiss": "FIDE C.04.3 Dutch system, 2026 text (2025 rules)",
            "round_robin": "FIDE C.05 Annex 1 Berger tables",
            "trf": "TRF-16 and TRF-2026 (C.02.03 Annexure A), JaVaFo TRF(x), bbpPairings TRF(bx)",
        },
        "formats": ["trf-2026", "trf-16", "trf-x", "json-v1"],
    }
