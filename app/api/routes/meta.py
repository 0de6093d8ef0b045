"""Service endpoints: liveness, readiness, version, metrics."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from app import __version__
from app.api import metrics, runner
from app.api.prometheus import CONTENT_TYPE

router = APIRouter(tags=["service"])


class Health(BaseModel):
    status: str


class Ready(BaseModel):
    status: str = Field(description="ready; busy (engine queue full) or stalled (every engine thread is stuck "
                                    "with a timed-out job): both answered 503")
    engine_jobs_in_flight: int
    engine_jobs_overdue: int


class Version(BaseModel):
    name: str
    version: str
    api: str
    rules: dict[str, str]
    formats: list[str]


@router.get("/health", response_model=Health, summary="Liveness probe")
async def health() -> dict[str, Any]:
    return {"status": "ok"}


@router.get("/ready", response_model=Ready, summary="Readiness probe",
            description="503 while this worker cannot take engine work: its queue is full, or every engine "
                        "thread is still busy with a request that has already timed out.",
            responses={503: {"model": Ready, "description": "Not ready"}})
async def ready() -> JSONResponse:
    if runner.stalled():
        status = "stalled"
    elif runner.in_flight() >= runner.capacity():
        status = "busy"
    else:
        status = "ready"
    body = Ready(status=status, engine_jobs_in_flight=runner.in_flight(), engine_jobs_overdue=runner.overdue())
    return JSONResponse(body.model_dump(), status_code=200 if status == "ready" else 503)


@router.get("/metrics", summary="Prometheus metrics", response_class=Response,
            description="Text exposition format 0.0.4; with several workers, the sum over all of them.",
            responses={200: {"content": {CONTENT_TYPE.split(";")[0]: {"schema": {"type": "string"}}},
                             "description": "Metrics"}})
async def metrics_endpoint() -> Response:
    return Response(metrics.exposition(), media_type=CONTENT_TYPE)


@router.get("/version", response_model=Version, summary="Service and rules versions")
async def version() -> dict[str, Any]:
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
