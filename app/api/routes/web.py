"""The tie-break calculator page: GET / and /calculator serve app/static/index.html; /static/* its assets.

The page is plain HTML, CSS and JavaScript modules that call the /v1 API of the same origin; it loads nothing
from other hosts, which the Content-Security-Policy header enforces.
"""

from __future__ import annotations

import os
from os import PathLike
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response
from starlette.types import Scope

STATIC_DIR = Path(__file__).resolve().parent.parent.parent / "static"
PAGE = STATIC_DIR / "index.html"

# Same origin only: no CDN, no web fonts, no inline script or style.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
PAGE_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}

router = APIRouter(include_in_schema=False)


@router.get("/")
@router.get("/calculator")
async def calculator_page() -> FileResponse:
    return FileResponse(PAGE, media_type="text/html; charset=utf-8", headers=PAGE_HEADERS)


class _StaticAssets(StaticFiles):
    """StaticFiles with explicit JavaScript/CSS types (a slim image may lack /etc/mime.types)."""

    TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
             ".svg": "image/svg+xml", ".html": "text/html; charset=utf-8"}

    def file_response(self, full_path: PathLike[str] | str, stat_result: os.stat_result, scope: Scope,
                      status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        media_type = self.TYPES.get(Path(str(full_path)).suffix.lower())
        if media_type is not None and response.status_code != 304:
            response.headers["content-type"] = media_type
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response


def install(app: FastAPI) -> None:
    """Add the page routes and mount the static assets under /static."""
    app.include_router(router)
    app.mount("/static", _StaticAssets(directory=STATIC_DIR), name="static")
