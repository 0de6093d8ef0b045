"""Building blocks for explanations: numbers as people write them, and the words every tie-break
shares (participants, rounds, kinds of round, score names), from the message catalogues
(app/engine/messages)."""

from __future__ import annotations

import functools
import math
from fractions import Fraction

from app.engine.messages import messages, text
from app.engine.tiebreaks.field import SCORE_NAMES, Field, Kind


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


def num(x: Fraction | int) -> str:
    """A value as people write it: 3, 2.5, 2.25, 7/3 when it has no finite decimal form."""
    if isinstance(x, int):
        return str(x)
    return ratio(x.numerator, x.denominator)


def units(f: Field, value: int | Fraction, power: int = 1) -> str:
    """A value kept in the field's integer units, as people write it."""
    if isinstance(value, int):
        return ratio(value, f.unit ** power)
    return num(value / f.unit ** power)


def kind_name(lang: str, kind: Kind) -> str:
    return messages(lang)[f"kind.{kind.name.lower()}"]


def who(f: Field, index: int, lang: str) -> str:
    return participant(f.entrants[index].id, lang)


@functools.lru_cache(maxsize=65536)
def participant(start_number: int, lang: str) -> str:
    return text(lang, "explain.participant", start_number=start_number)


def score_name(score: int, lang: str) -> str:
    return messages(lang)[f"score.{SCORE_NAMES[score]}"]


def join_sum(lang: str, parts: list[str]) -> str:
    return " + ".join(parts) if parts else messages(lang)["explain.nothing"]


@functools.lru_cache(maxsize=1024)
def round_label(lang: str, r: int) -> str:
    return text(lang, "explain.round", round=r)
