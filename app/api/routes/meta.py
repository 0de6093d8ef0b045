"""Service endpoints: liveness, readiness, version, metrics."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from app import API_PREFIX, API_VERSION, __version__
from app.api import metrics
from app.api.runtime import runtime

router = APIRouter(tags=["service"])


class Health(BaseModel):
    status: Literal["ok", "failing"] = Field(description="ok, or failing (503): the engine pool keeps breaking")


class Ready(BaseModel):
    status: Literal["ready", "busy"] = Field(description="ready, or busy (every engine process taken and the queue "
                                                         "full): 503")
    engine_jobs_running: int = Field(ge=0, description="Engine jobs running in a worker process.")
    engine_jobs_long: int = Field(ge=0, description="Running jobs older than CHESS_LONG_JOB_AFTER.")
    engine_jobs_queued: int = Field(ge=0, description="Engine jobs waiting for a process.")
    engine_processes: int = Field(ge=1, description="Engine worker processes in the pool.")


class Rules(BaseModel):
    tiebreaks: str = Field(description="The tie-break regulations followed (FIDE C.07 editions).")
    swiss: str = Field(description="The Swiss pairing rules followed (FIDE C.04.3).")
    round_robin: str = Field(description="The round-robin tables (FIDE C.05).")
    trf: str = Field(description="The TRF versions read and written.")


class Version(BaseModel):
    name: str = Field(description="The service's package name.")
    version: str = Field(description="The service's version (app.__version__).")
    api: str = Field(description="The HTTP API's version (semantic versioning; OpenAPI info.version).")
    api_prefix: str = Field(description="The path prefix of the API's major version, e.g. /v1.")
    rules: Rules = Field(description="The editions of the rules the engines follow.")
    formats: list[str] = Field(description="The tournament formats read and written.")


@router.get("/health", response_model=Health, summary="Liveness probe", operation_id="getHealth",
            description="503 when the engine pool has broken three times within a minute (its processes cannot "
                        "run): restart the service.", responses={503: {"model": Health, "description": "Failing"}})
async def health() -> JSONResponse:
    if runtime.healthy():
        return JSONResponse({"status": "ok"})
    return JSONResponse({"status": "failing"}, status_code=503)


@router.get("/ready", response_model=Ready, summary="Readiness probe", operation_id="getReadiness",
            description="503 while the service cannot take engine work: every engine process is taken and the "
                        "queue is full.",
            responses={503: {"model": Ready, "description": "Not ready"}})
async def ready() -> JSONResponse:
    status = "busy" if runtime.busy() else "ready"
    body = Ready(status=status, engine_jobs_running=runtime.running(), engine_jobs_long=runtime.long_running(),
                 engine_jobs_queued=runtime.queued(), engine_processes=runtime.config.pool_processes)
    return JSONResponse(body.model_dump(), status_code=200 if status == "ready" else 503)


@router.get("/metrics", summary="Prometheus metrics", response_class=Response, operation_id="getMetrics",
            description="Prometheus text exposition format.",
            responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}, "description": "Metrics"}})
async def metrics_endpoint() -> Response:
    return Response(metrics.exposition(), media_type=metrics.CONTENT_TYPE)


@router.get("/version", response_model=Version, summary="Service and rules versions", operation_id="getVersion")
async def version() -> dict[str, Any]:
    return {
        "name": "chess-tournament-service",
        "version": __version__,
        "api": API_VERSION,
        "api_prefix": API_PREFIX,
        "rules": {
            "tiebreaks": "FIDE C.07, edition 2026-03 (2024-08 and pre-2023 selectable)",
            "swiss": "FIDE C.04.3 Dutch system, 2026 text (2025 rules)",
            "round_robin": "FIDE C.05 Annex 1 Berger tables",
            "trf": "TRF-16 and TRF-2026 (C.02.03 Annexure A), JaVaFo TRF(x), bbpPairings TRF(bx)",
        },
        "formats": ["trf-2026", "trf-16", "trf-x", "trf-bx", "json-v1", "chess-json"],
    }
