"""POST /v1/convert: TRF -> JSON form, JSON form -> TRF-2026 text."""

from __future__ import annotations

from typing import Any

from app.api.inputs import read_request
from app.api.job import JobAnswer, JobRequest
from app.api.operations.common import json_answer, text_answer
from app.api.schemas import ConvertRequest
from app.formats.json_form import tournament_to_dict
from app.formats.trf_writer import write_trf


def convert(job: JobRequest) -> JobAnswer:
    params, loaded = read_request(job, ConvertRequest)
    target = params.to or ("json" if loaded.source == "trf" else "trf")
    if target == "trf":
        return text_answer(job, write_trf(loaded.tournament, javafo_extensions=params.javafo_extensions))
    body: dict[str, Any] = {
        "tournament": tournament_to_dict(loaded.tournament),
        "warnings": [w.as_dict() for w in loaded.warnings],
        "encoding": loaded.encoding,
    }
    return json_answer(job, body)
