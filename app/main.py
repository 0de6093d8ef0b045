"""The ASGI application: `app.main:app`."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware

from app import __version__
from app.api.middleware import BodySizeLimitMiddleware, RequestIdMiddleware
from app.api.openapi_support import install_openapi
from app.api.problems import install_problem_handlers
from app.api.routes import convert, formats, meta
from app.config import settings

DESCRIPTION = """
Stateless chess tournament calculations: FIDE TRF (TRF-16, TRF-2026, TRF(x)) and a JSON form in and
out, the FIDE C.07 tie-break catalogue with explained standings, Dutch Swiss pairings, round robin,
knockout and combined formats.

Every endpoint that takes a tournament accepts it as a multipart upload (`file`), as JSON
(`tournament` = JSON form, or `trf` = TRF text) or as a `text/plain` TRF body. Errors are RFC 9457
`application/problem+json` documents that name the line, column or field at fault.
"""


def create_app() -> FastAPI:
    app = FastAPI(
        title="Chess tournament calculation service",
        version=__version__,
        description=DESCRIPTION,
        openapi_tags=[
            {"name": "service", "description": "Probes and version"},
            {"name": "formats", "description": "TRF and JSON conversion"},
            {"name": "round robin and knockout", "description": "Berger and Varma tables, groups, knockout brackets"},
        ],
    )
    install_problem_handlers(app)
    app.include_router(meta.router)
    app.include_router(convert.router)
    app.include_router(formats.router)
    install_openapi(app)
    if settings.cors_origins:
        app.add_middleware(CORSMiddleware, allow_origins=list(settings.cors_origins), allow_methods=["GET", "POST"],
                           allow_headers=["*"], expose_headers=["X-Request-ID"])
    app.add_middleware(BodySizeLimitMiddleware, max_bytes=settings.max_upload_bytes)
    app.add_middleware(RequestIdMiddleware)
    return app


app = create_app()
