"""The ASGI application: `app.main:app`."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from starlette.middleware.gzip import GZipMiddleware

from app import API_VERSION
from app.api import logs, metrics, problems
from app.api.compression import GZIP_LEVEL, MINIMUM_SIZE
from app.api.middleware import AccessLogMiddleware, RequestIdMiddleware
from app.api.openapi_support import install_openapi
from app.api.problems import install_problem_handlers
from app.api.routes import (
    convert,
    docs,
    formats,
    meta,
    openings,
    pairings,
    problem_pages,
    standings,
    team_pairings,
    web,
)
from app.api.runtime import engine_time_observers, runtime
from app.config import Settings, settings

DESCRIPTION = """
Stateless chess tournament calculations: FIDE TRF (TRF-16, TRF-2026, TRF(x)), the JSON form and Chess-JSON
in and out, the FIDE C.07 tie-break catalogue with explained standings, Dutch Swiss pairings, round robin,
knockout and combined formats.

Every endpoint that takes a tournament accepts it as a multipart upload (`file`), as JSON
(`tournament` = JSON form or Chess-JSON, or `trf` = TRF text) or as a `text/plain` TRF body; options go in
the body, as form fields or in the query string. Errors are RFC 9457 `application/problem+json` documents
that name the line, column or field at fault; their `type` is `/problems/{code}`, which describes the code.
Explanations, warnings and problems in English or Chinese (`language`, or `Accept-Language`).
"""


def _install_observers() -> None:
    hooks: list[tuple[list[Any], Callable[..., None]]] = [
        (engine_time_observers, metrics.observe_engine),
        (engine_time_observers, logs.record_engine_time),
        (problems.problem_observers, metrics.observe_problem),
    ]
    for observers, observer in hooks:
        if observer not in observers:
            observers.append(observer)


@asynccontextmanager
async def lifespan(_: FastAPI) -> AsyncIterator[None]:
    # The loaded application (modules, routes, schemas: ~70,000 objects) lives as long as the process.
    # Moved out of the collector's reach, a full collection no longer walks it: without this, about one
    # request in a hundred waited 100-200 ms for a collection that found nothing to free.
    gc.collect()
    gc.freeze()
    started = await asyncio.to_thread(runtime.start)  # the engine processes, before the first request
    try:
        yield
    finally:
        if started:
            await asyncio.to_thread(runtime.stop)


def create_app(config: Settings = settings) -> FastAPI:
    _install_observers()
    app = FastAPI(
        title="Chess tournament calculation service",
        version=API_VERSION,
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # served from packaged assets (app.api.routes.docs)
        redoc_url=None,
        openapi_tags=[
            {"name": "service", "description": "Probes and version"},
            {"name": "formats", "description": "TRF and JSON conversion"},
            {"name": "standings", "description": "C.07 tie-breaks, standings, presets and comparisons"},
            {"name": "pairings", "description": "FIDE Dutch Swiss pairings, Berger rounds, audits, random events"},
            {"name": "round robin and knockout", "description": "Berger and Varma tables, groups, knockout brackets"},
            {"name": "openings", "description": "Designated openings drawn by lot"},
        ],
    )
    install_problem_handlers(app)
    app.include_router(meta.router)
    app.include_router(convert.router)
    app.include_router(standings.router)
    app.include_router(pairings.router)
    app.include_router(team_pairings.router)
    app.include_router(formats.router)
    app.include_router(openings.router)
    app.include_router(problem_pages.router)
    docs.install(app)  # /docs and /redoc, offline
    web.install(app)  # the calculator page (/, /calculator, /static), not in the OpenAPI document
    install_openapi(app)
    # Outermost last: request id, access log and metrics, CORS.
    if config.cors_origins:
        app.add_middleware(CORSMiddleware, allow_origins=list(config.cors_origins), allow_methods=["GET", "POST"],
                           allow_headers=["*"], expose_headers=["X-Request-ID"], max_age=600)
    app.add_middleware(GZipMiddleware, minimum_size=MINIMUM_SIZE, compresslevel=GZIP_LEVEL)
    app.add_middleware(AccessLogMiddleware)
    app.add_middleware(RequestIdMiddleware)
    return app


app = create_app()
