"""Building blocks for explanations: numbers as people write them, and the words every tie-break
shares (participants, rounds, kinds of round, score names), from the message catalogues
(app/engine/messages)."""

from __future__ import annotations

import functools
from fractions import Fraction

from app.engine.messages import messages, text
from app.engine.numbers import ratio as ratio  # re-exported: explanations import it from here
from app.engine.numbers import show
from app.engine.tiebreaks.field import SCORE_NAMES, Field, Kind

num = show  # the one helper (app.engine.numbers), under the name the explanations use


def units(f: Field, value: int | Fraction, power: int = 1) -> str:
    """A value kept in the field's integer units, as people write it."""
    if isinstance(value, int):
        return ratio(value, f.unit ** power)
    return num(value / f.unit ** power)


class UnitTexts(dict[int, str]):
    """Values in integer units as people write them (`units`), each written once: a text per round of every
    participant asks for a few dozen distinct values, and a look-up is cheaper than a call."""

    def __init__(self, unit: int) -> None:
        super().__init__()
        self.unit = unit

    def __missing__(self, value: int) -> str:
        text = self[value] = ratio(value, self.unit)
        return text


_KIND_IDS = {kind: f"kind.{kind.name.lower()}" for kind in Kind}  # (an enum member's name is a slow property)


def kind_name(lang: str, kind: Kind) -> str:
    return messages(lang)[_KIND_IDS[kind]]


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
