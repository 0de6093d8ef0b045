"""Helpers every operation uses inside an engine process: answers encoded once, within the size limit."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from app.api.errors import ProblemException
from app.api.job import JobAnswer, JobRequest, Limits
from app.api.language import Text, say
from app.api.negotiation import choose

JSON = "application/json"
TRF_TEXT = "text/plain; charset=utf-8"


def too_large(size: int | None, limits: Limits, advice: Text | None) -> ProblemException:
    advice = advice or say("advice.none")
    detail = (say("response-too-large", size=size, limit=limits.max_response_bytes, advice=advice) if size else
              say("response-too-large.unsized", limit=limits.max_response_bytes, advice=advice))
    return ProblemException(413, "response-too-large", detail, limit=limits.max_response_bytes)


class SizedChunks:
    """An answer assembled from chunks, refused as soon as it passes the response limit."""

    def __init__(self, limits: Limits, advice: Text | None) -> None:
        self.chunks: list[bytes] = []
        self.size = 0
        self.limits = limits
        self.advice = advice

    def add(self, chunk: bytes) -> None:
        self.size += len(chunk)
        if self.size > self.limits.max_response_bytes:
            raise too_large(self.limits.max_response_bytes, self.limits, self.advice)
        self.chunks.append(chunk)

    def extend(self, chunks: Iterable[bytes]) -> None:
        for chunk in chunks:
            self.add(chunk)

    def join(self) -> bytes:
        return b"".join(self.chunks)


def encode_json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def checked(body: bytes, limits: Limits, advice: Text | None = None) -> bytes:
    if len(body) > limits.max_response_bytes:
        raise too_large(len(body), limits, advice)
    return body


def json_answer(job: JobRequest, value: Any, *, status: int = 200, advice: Text | None = None) -> JobAnswer:
    return JobAnswer(status, JSON, checked(encode_json(value), job.limits, advice))


def bytes_answer(job: JobRequest, body: bytes, media_type: str = JSON, advice: Text | None = None) -> JobAnswer:
    return JobAnswer(200, media_type, checked(body, job.limits, advice))


def text_answer(job: JobRequest, text: str, media_type: str = TRF_TEXT) -> JobAnswer:
    return JobAnswer(200, media_type, checked(text.encode("utf-8"), job.limits))


def wants_text(job: JobRequest, format_option: str | None) -> bool:
    """`format=trf`, or no format and an Accept header that prefers text/plain (app.api.negotiation)."""
    if format_option is not None:
        return format_option == "trf"
    return choose(job.accept, (JSON, "text/plain")) == "text/plain"
