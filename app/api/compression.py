"""gzip for answers over a few KB (RFC 9110 8.4: Content-Encoding, negotiated by Accept-Encoding).

Engine answers are compressed in the engine process, right after they are encoded: the front process stays
free for I/O, and the answer crosses the process boundary already small. They are compressed with ISA-L
(the `isal` package, gzip-compatible output) at its level 1: a general-purpose client such as httpx sends
`Accept-Encoding: gzip` by default, so this cost is in the latency budget of issue 11 (no more than 10 % above
the service before the process pool). Everything else the front answers (the OpenAPI document, the docs'
bundles, the catalogue) goes through Starlette's GZipMiddleware (zlib) at level 1, which leaves an answer
alone when it already has a Content-Encoding.

Measured with bench/gzip_levels.py on the issue-11 standings (158 players, 9 rounds, BH/C1 BH SB DE WIN ARO:
a 171 KB answer computed in 14 ms CPU), CPU time, best of 30:
ISA-L level 1 0.38 ms for 17.6 % of the size (level 0 0.35 ms for 20 %, level 3 0.68 ms for 16.6 %);
zlib level 1 1.0-1.6 ms for 19 %, level 5 2.5-3.9 ms for 14.4 % (0.18 x the computation), level 9 16.6 ms.
The end-to-end figures (bench/load_test.py --issue11 --baseline ... --accept-encoding gzip) are in the
README's section on compression.
"""

from __future__ import annotations

import dataclasses

from isal import igzip

from app.api.job import JobAnswer

ENGINE_LEVEL = 1  # ISA-L's levels are 0 to 3
GZIP_LEVEL = 1  # zlib's (Starlette's GZipMiddleware), 1 to 9
MINIMUM_SIZE = 2048  # bytes; below this the headers and a round trip cost more than the bytes saved


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether Accept-Encoding allows gzip (q > 0 for gzip, or for * when gzip is not named)."""
    named: dict[str, float] = {}
    for item in accept_encoding.split(",")[:20]:
        coding, *params = item.strip().lower().split(";")
        q = 1.0
        for param in params:
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        named[coding.strip()] = q
    if "gzip" in named:
        return named["gzip"] > 0
    return named.get("*", 0.0) > 0


def compressed(answer: JobAnswer, accept_encoding: str) -> JobAnswer:
    """`answer` gzip-encoded when the client takes it and it is worth it; else as it is."""
    if len(answer.body) < MINIMUM_SIZE or not accepts_gzip(accept_encoding):
        return answer
    return dataclasses.replace(answer, body=igzip.compress(answer.body, ENGINE_LEVEL, mtime=0),
                               headers=(*answer.headers, ("Content-Encoding", "gzip"), ("Vary", "Accept-Encoding")))
