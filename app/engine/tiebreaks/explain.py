"""Plain-language building blocks for explanations, in English and Chinese."""

from __future__ import annotations

import functools
import math
from fractions import Fraction

from app.engine.tiebreaks.field import KIND_NAMES_EN, KIND_NAMES_ZH, SCORE_NAMES, Field, Kind


def tr(lang: str, en: str, zh: str) -> str:
    return zh if lang == "zh" else en


@functools.lru_cache(maxsize=65536)
def ratio(n: int, d: int) -> str:
    """n / d as people write it: 3, 2.5, 2.25, or 7/3 when it has no finite decimal form."""
    g = math.gcd(n, d)
    n, d = n // g, d // g
    if d == 1:
        return str(n)
    rest, twos, fives = d, 0, 0
    while rest % 2 == 0:
        rest //= 2
        twos += 1
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    if rest != 1:
        return f"{n}/{d}"
    places = max(twos, fives)
    scaled = abs(n) * 10 ** places // d
    sign = "-" if n < 0 else ""
    return f"{sign}{scaled // 10 ** places}.{scaled % 10 ** places:0{places}d}"


def num(x: Fraction | int | None) -> str:
    """A value as people write it: 3, 2.5, 2.25, 7/3 when it has no finite decimal form."""
    if x is None:
        return "undefined"
    if isinstance(x, int):
        return str(x)
    return ratio(x.numerator, x.denominator)


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
