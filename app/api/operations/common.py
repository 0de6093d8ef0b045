"""Helpers every operation uses inside an engine process: answers encoded once, within the size limit."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from app.api.errors import ProblemException
from app.api.job import JobAnswer, JobRequest, Limits

JSON = "application/json"
TRF_TEXT = "text/plain; charset=utf-8"


def too_large(size: int | None, limits: Limits, advice: str) -> ProblemException:
    found = f"the answer would have more than {size} bytes" if size else "the answer would be too large"
    return ProblemException(413, "response-too-large", f"{found}; the limit is {limits.max_response_bytes} "
                            f"bytes (CHESS_MAX_RESPONSE_BYTES). {advice}", limit=limits.max_response_bytes)


class SizedChunks:
    """An answer assembled from chunks, refused as soon as it passes the response limit."""

    def __init__(self, limits: Limits, advice: str) -> None:
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


def checked(body: bytes, limits: Limits, advice: str = "") -> bytes:
    if len(body) > limits.max_response_bytes:
        raise too_large(len(body), limits, advice)
    return body


def json_answer(job: JobRequest, value: Any, *, status: int = 200, advice: str = "") -> JobAnswer:
    return JobAnswer(status, JSON, checked(encode_json(value), job.limits, advice))


def bytes_answer(job: JobRequest, body: bytes, media_type: str = JSON, advice: str = "") -> JobAnswer:
    return JobAnswer(200, media_type, checked(body, job.limits, advice))


def text_answer(job: JobRequest, text: str, media_type: str = TRF_TEXT) -> JobAnswer:
    return JobAnswer(200, media_type, checked(text.encode("utf-8"), job.limits))


def wants_text(job: JobRequest, format_option: str | None) -> bool:
    """`format=trf`, or no format and an Accept header that puts text/plain first."""
    if format_option is not None:
        return format_option == "trf"
    return job.accept.split(",")[0].strip().startswith("text/plain")
