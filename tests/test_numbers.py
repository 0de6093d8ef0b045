"""One helper per small concept: numbers shown as people write them, and JSON numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from app.engine.numbers import json_number, show
from app.formats.trf_writer import format_points


@pytest.mark.parametrize(("value", "text"), [
    (Fraction(3), "3"), (Fraction(5, 2), "2.5"), (Fraction(9, 4), "2.25"), (Fraction(7, 3), "7/3"),
    (Fraction(-1, 2), "-0.5"), (Fraction(2469135, 2), "1234567.5"), (0, "0"), (None, "undefined"),
])
def test_show_writes_exact_values(value: Fraction | int | None, text: str) -> None:
    assert show(value) == text


def test_json_numbers_are_integers_when_whole() -> None:
    assert [json_number(x) for x in (Fraction(4), Fraction(7, 2), None, 5)] == [4, 3.5, None, 5]
    assert type(json_number(Fraction(4))) is int


def test_the_trf_column_form_is_the_writers_own() -> None:
    assert [format_points(x) for x in (Fraction(3), Fraction(11, 2), Fraction(9, 4), None)] == [
        " 3.0", " 5.5", "2.25", "    "]
