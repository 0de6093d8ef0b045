"""Plain-language building blocks for explanations, in English and Chinese."""

from __future__ import annotations

import functools
from fractions import Fraction

from app.engine.numbers import ratio as ratio  # re-exported: explanations import it from here
from app.engine.numbers import show
from app.engine.tiebreaks.field import KIND_NAMES_EN, KIND_NAMES_ZH, SCORE_NAMES, Field, Kind


def tr(lang: str, en: str, zh: str) -> str:
    return zh if lang == "zh" else en


num = show  # the one helper (app.engine.numbers), under the name the explanations use


def units(f: Field, value: int | Fraction, power: int = 1) -> str:
    """A value kept in the field's integer units, as people write it."""
    if isinstance(value, int):
        return ratio(value, f.unit ** power)
    return num(value / f.unit ** power)


def kind_name(lang: str, kind: Kind) -> str:
    return KIND_NAMES_ZH[kind] if lang == "zh" else KIND_NAMES_EN[kind]


def who(f: Field, index: int, lang: str) -> str:
    return _participant(f.entrants[index].id, lang)


@functools.lru_cache(maxsize=65536)
def _participant(start_number: int, lang: str) -> str:
    return tr(lang, f"#{start_number}", f"{start_number}号")


def score_name(score: int, lang: str) -> str:
    if lang == "zh":
        return {0: "局分", 1: "场分"}[score]
    return {0: "game points", 1: "match points"}[score] if SCORE_NAMES else ""


def join_sum(lang: str, parts: list[str]) -> str:
    return " + ".join(parts) if parts else tr(lang, "nothing", "无")


@functools.lru_cache(maxsize=1024)
def round_label(lang: str, r: int) -> str:
    return tr(lang, f"R{r}", f"第{r}轮")
