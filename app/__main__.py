"""`python -m app`: start the service (settings from the environment, see app.config); with a command
(`python -m app standings FILE`, see app.cli), run it on the command line instead.

One asyncio front process serves HTTP (uvicorn with uvloop and httptools); the engine work runs in its
pool of worker processes (app.api.runtime). See the README for why this layout, with figures.
"""

from __future__ import annotations

import logging
import logging.config
import sys

import uvicorn

from app.api.http_protocol import TimedHttpToolsProtocol
from app.api.logs import logging_config
from app.config import settings


def serve_with(host: str | None = None, port: int | None = None) -> None:
    log_config = logging_config(settings.log_level)
    logging.config.dictConfig(log_config)
    TimedHttpToolsProtocol.read_timeout = settings.read_timeout
    uvicorn.run("app.main:app", host=host or settings.host, port=port or settings.port,
                log_level=settings.log_level, log_config=log_config, access_log=False, proxy_headers=True,
                http=TimedHttpToolsProtocol, timeout_keep_alive=int(settings.keep_alive),
                limit_concurrency=settings.max_connections,
                timeout_graceful_shutdown=int(settings.request_timeout) + 5)


def serve() -> None:
    serve_with()


def main() -> None:
    if len(sys.argv) > 1:
        from app.cli import main as cli

        sys.exit(cli(sys.argv[1:]))
    serve()


if __name__ == "__main__":
    main()
