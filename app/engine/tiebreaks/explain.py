"""Plain-language building blocks for explanations, in English and Chinese."""

from __future__ import annotations

from fractions import Fraction

from app.engine.tiebreaks.field import KIND_NAMES_EN, KIND_NAMES_ZH, SCORE_NAMES, Field, Kind


def tr(lang: str, en: str, zh: str) -> str:
    return zh if lang == "zh" else en


def num(x: Fraction | int | None) -> str:
    """A value as people write it: 3, 2.5, 2.25, 7/3 when it has no finite decimal form."""
    if x is None:
        return tr("en", "undefined", "")
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    d = x.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:
        text = f"{float(x):.10f}".rstrip("0")
        return text
    return f"{x.numerator}/{x.denominator}"


def units(f: Field, value: int | Fraction, power: int = 1) -> str:
    return num(Fraction(value) / f.unit ** power)


def kind_name(lang: str, kind: Kind) -> str:
    return KIND_NAMES_ZH[kind] if lang == "zh" else KIND_NAMES_EN[kind]


def who(f: Field, index: int, lang: str) -> str:
    e = f.entrants[index]
    return tr(lang, f"#{e.id}", f"{e.id}号")


def score_name(score: int, lang: str) -> str:
    if lang == "zh":
        return {0: "局分", 1: "场分"}[score]
    return {0: "game points", 1: "match points"}[score] if SCORE_NAMES else ""


def join_sum(lang: str, parts: list[str]) -> str:
    return " + ".join(parts) if parts else tr(lang, "nothing", "无")


def round_label(lang: str, r: int) -> str:
    return tr(lang, f"R{r}", f"第{r}轮")
