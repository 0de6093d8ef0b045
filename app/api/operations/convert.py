"""POST /v1/convert: TRF or Chess-JSON -> JSON form, JSON form -> TRF-2026 text, any -> Chess-JSON."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.api.inputs import read_request
from app.api.job import JobAnswer, JobRequest
from app.api.language import warning_dict
from app.api.operations.common import json_answer, text_answer
from app.api.schemas import ConvertRequest
from app.engine.match_rounds import trf_note
from app.engine.organiser import apply_organiser_rules
from app.formats.chess_json import write_chess_json
from app.formats.json_form import tournament_to_dict
from app.formats.trf_writer import write_trf


def convert(job: JobRequest) -> JobAnswer:
    params, loaded = read_request(job, ConvertRequest)
    target = params.to or ("trf" if loaded.source == "json" else "json")
    t, warnings = apply_organiser_rules(loaded.tournament, **params.organiser_rules())
    if target == "trf":
        answer = text_answer(job, write_trf(t, javafo_extensions=params.javafo_extensions))
        note = trf_note(t)  # match rounds: the TRF holds the round results (and says so in a comment)
        return answer if note is None else replace(answer, headers=(("Warning", f'299 - "match-rounds-in-trf: {note}"'),))
    if target == "jch":
        return json_answer(job, write_chess_json(t))
    body: dict[str, Any] = {
        "tournament": tournament_to_dict(t),
        "warnings": [warning_dict(w) for w in loaded.warnings + warnings],
        "encoding": loaded.encoding,
    }
    return json_answer(job, body)
