"""The interactive API documentation, served from packaged assets so that it works offline: GET /docs (Swagger
UI) and /redoc (ReDoc), both reading /openapi.json.

The bundles come from `fastapi-offline` (its packaged Swagger UI and ReDoc files, mounted at /docs/assets);
the pages are written here rather than by FastAPI's helpers because those inline their start-up script, and
the pages' Content-Security-Policy allows scripts from this origin only (the start-up script is
app/static/docs/swagger-init.js). Styles may be inline: both bundles set them at run time.
"""

from __future__ import annotations

import html
from pathlib import Path

import fastapi_offline
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS = Path(fastapi_offline.__file__).resolve().parent / "static"
ASSETS_URL = "/docs/assets"
DOCS_CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
HEADERS = {"Content-Security-Policy": DOCS_CONTENT_SECURITY_POLICY, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "Cache-Control": "no-cache"}

router = APIRouter(include_in_schema=False)


def _page(request: Request, title: str, body: str, head: str = "") -> HTMLResponse:
    root = html.escape(request.scope.get("root_path", ""))
    return HTMLResponse(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<link rel="icon" href="{root}{ASSETS_URL}/favicon.png">{head}</head>'
        f'<body data-root="{root}">{body.format(root=root)}</body></html>', headers=HEADERS)


@router.get("/docs")
async def swagger_ui(request: Request) -> HTMLResponse:
    return _page(request, "Chess tournament service - Swagger UI", '<div id="swagger-ui"></div>'
                 '<script src="{root}/docs/assets/swagger-ui-bundle.js"></script>'
                 '<script src="{root}/static/docs/swagger-init.js"></script>',
                 head=f'<link rel="stylesheet" href="{html.escape(request.scope.get("root_path", ""))}'
                      f'{ASSETS_URL}/swagger-ui.css">')


@router.get("/redoc")
async def redoc(request: Request) -> HTMLResponse:
    return _page(request, "Chess tournament service - ReDoc",
                 '<redoc spec-url="{root}/openapi.json"></redoc>'
                 '<script src="{root}/docs/assets/redoc.standalone.js"></script>')


def install(app: FastAPI) -> None:
    """The two pages and the bundles (FastAPI's own CDN pages must be off: docs_url=None, redoc_url=None)."""
    app.include_router(router)
    app.mount(ASSETS_URL, StaticFiles(directory=ASSETS), name="docs-assets")
