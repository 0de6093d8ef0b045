"""HTTP conventions: gzip for answers over a few KB (engine answers compressed in the engine process, the rest
by the middleware), Vary and Content-Language, and the accept-encoding negotiation."""

from __future__ import annotations

import gzip
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from isal import igzip

from app.api.compression import ENGINE_LEVEL, MINIMUM_SIZE, accepts_gzip
from app.main import app
from tests.conftest import SHARED, require_shared

client = TestClient(app)
BIG = SHARED / "real" / "karl-mala-gedenkturnier-2005_284p_7r.trf"


def raw(method: str, path: str, **kwargs: Any) -> tuple[httpx.Response, bytes]:
    """The answer and its body as sent (not decoded)."""
    with client.stream(method, path, **kwargs) as r:
        return r, b"".join(r.iter_raw())


@pytest.mark.parametrize(("header", "expected"), [
    ("gzip", True), ("gzip, deflate, br", True), ("br;q=1, gzip;q=0.5", True), ("gzip;q=0", False),
    ("identity", False), ("", False), ("*", True), ("*;q=0", False), ("gzip;q=0, *", False), ("deflate, *", True),
])
def test_accept_encoding(header: str, expected: bool) -> None:
    assert accepts_gzip(header) is expected


def test_big_standings_are_gzipped_by_the_engine_process() -> None:
    require_shared()
    trf = BIG.read_bytes()
    plain = client.post("/v1/standings", content=trf, headers={"content-type": "text/plain",
                                                                "accept-encoding": "identity"})
    assert plain.status_code == 200 and "content-encoding" not in plain.headers
    assert len(plain.content) > 200_000
    r, body = raw("POST", "/v1/standings", content=trf, headers={"content-type": "text/plain",
                                                                 "accept-encoding": "gzip"})
    assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
    assert len(body) < len(plain.content) / 5 and gzip.decompress(body) == plain.content
    assert igzip.compress(plain.content, ENGINE_LEVEL, mtime=0) == body  # ISA-L's output, read by zlib
    vary = [v.strip() for v in r.headers["vary"].split(",")]
    assert "Accept-Language" in vary and "Accept-Encoding" in vary
    assert r.headers["content-language"] == "en"


def test_small_answers_stay_plain() -> None:
    r, body = raw("GET", "/health", headers={"accept-encoding": "gzip"})
    assert "content-encoding" not in r.headers and len(body) < MINIMUM_SIZE
    r, _ = raw("POST", "/v1/groups", json={"players": 8, "groups": 2}, headers={"accept-encoding": "gzip"})
    assert r.status_code == 200 and "content-encoding" not in r.headers


def test_front_answers_are_gzipped_by_the_middleware() -> None:
    for path in ("/openapi.json", "/v1/tiebreaks", "/docs/assets/swagger-ui.css"):
        r, body = raw("GET", path, headers={"accept-encoding": "gzip"})
        assert r.status_code == 200 and r.headers["content-encoding"] == "gzip", path
        assert "Accept-Encoding" in r.headers["vary"]
        assert client.get(path, headers={"accept-encoding": "identity"}).content == gzip.decompress(body)
    etag = client.get("/v1/tiebreaks").headers["etag"]
    assert etag.startswith("W/")  # the same ETag for the gzip and the identity encodings: weak


def test_language_headers_only_where_the_text_depends_on_it() -> None:
    r = client.post("/v1/round-robin", json={"players": 4}, headers={"accept-language": "zh-CN"})
    assert r.headers["content-language"] == "zh" and "Accept-Language" in r.headers["vary"]
    catalogue = client.get("/v1/tiebreaks", headers={"accept-language": "zh"})
    assert "content-language" not in catalogue.headers  # both languages in one document
    assert "Accept-Language" not in catalogue.headers.get("vary", "")
