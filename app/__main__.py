"""`python -m app`: start the service with uvicorn (settings from the environment, see app.config)."""

from __future__ import annotations

import uvicorn

from app.config import settings


def main() -> None:
    uvicorn.run("app.main:app", host=settings.host, port=settings.port, workers=settings.workers,
                log_level=settings.log_level, proxy_headers=True)


if __name__ == "__main__":
    main()
