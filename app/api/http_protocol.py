"""uvicorn's httptools protocol with a deadline on the request head.

uvicorn bounds the idle time between requests (keep-alive) but not the time a client takes to send a
request's headers: a client that opens connections and trickles bytes would hold them forever. Here the
head of every request (and a new connection's first request) must arrive within `read_timeout` seconds;
otherwise the connection is answered 408 and closed. The body has its own deadline where it is read
(app.api.front.read_body).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from app.api.errors import PROBLEM_MEDIA_TYPE, encode_problem, problem_document


class TimedHttpToolsProtocol(HttpToolsProtocol):
    read_timeout = 20.0  # set from the settings by app.__main__

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_timer: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.read_timeout, self._head_too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self.transport.is_closing():
            return
        body = encode_problem(problem_document(408, "request-timeout", f"the request headers did not arrive "
                                               f"within {self.read_timeout:g} s (CHESS_READ_TIMEOUT)"))
        self.transport.write(b"HTTP/1.1 408 Request Timeout\r\ncontent-type: " + PROBLEM_MEDIA_TYPE.encode()
                             + b"\r\ncontent-length: " + str(len(body)).encode() + b"\r\nconnection: close\r\n\r\n"
                             + body)
        self.transport.close()
