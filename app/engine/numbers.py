"""Exact numbers as people read them and as JSON answers carry them: one place for each.

Points are fractions in the engine. `show` writes one in a text (an explanation, a reason, a warning):
3, 2.5, 2.25, or 7/3 when it has no finite decimal form; never a float's rounding (`0.333333`) or
exponent (`1.23457e+06`). `json_number` gives the JSON number of an answer. (The TRF's own fixed-column
form, `11.5` in four columns, is the TRF writer's `format_points`: a file format, not a display.)
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction


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


def show(x: Fraction | int | None) -> str:
    """A value as people write it (`ratio`); "undefined" for None."""
    if x is None:
        return "undefined"
    if isinstance(x, int):
        return str(x)
    return ratio(x.numerator, x.denominator)


def json_number(x: Fraction | int | None) -> int | float | None:
    """A value as a JSON number: an integer when whole, else the nearest float (answers are exact to 1e-15)."""
    if x is None:
        return None
    if isinstance(x, int) or x.denominator == 1:
        return int(x)
    return float(x)
