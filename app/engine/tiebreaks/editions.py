"""Editions of C.07 that change tie-break values, and how one is chosen.

* `2026-03` (in force from 1 March 2026): the dummy opponent's score is capped (16.4.1 /
  16.4.2).
* `2024-08` (1 Sep 2023 rewrite as clarified up to Aug 2024): dummy opponent without caps.
* `pre-2023` (until 31 Aug 2023): the "virtual opponent" of the older rules for unplayed
  rounds, and ARO cuts that first use up the unplayed rounds.

The edition comes from the request, else from the tournament's start date (TRF 042) —
never from today's date — else the current edition.
"""

from __future__ import annotations

import re
from datetime import date
from enum import StrEnum

from app.engine.errors import InputError
from app.engine.messages import Message


class Edition(StrEnum):
    PRE_2023 = "pre-2023"
    AUG_2024 = "2024-08"
    MAR_2026 = "2026-03"


CURRENT = Edition.MAR_2026
_FROM = [(date(2026, 3, 1), Edition.MAR_2026), (date(2023, 9, 1), Edition.AUG_2024)]
_NAMES = {
    "2026-03": Edition.MAR_2026, "2026": Edition.MAR_2026, "mar-2026": Edition.MAR_2026,
    "2024-08": Edition.AUG_2024, "2024": Edition.AUG_2024, "aug-2024": Edition.AUG_2024, "2023": Edition.AUG_2024,
    "pre-2023": Edition.PRE_2023, "2022": Edition.PRE_2023,
}
# /V modifier numbers: years, and the reference engine's 0/1/2.
_V_NUMBERS = {2022: Edition.PRE_2023, 2024: Edition.AUG_2024, 2026: Edition.MAR_2026,
              0: Edition.PRE_2023, 1: Edition.AUG_2024, 2: Edition.MAR_2026}


def parse_edition(value: str | Edition) -> Edition:
    if isinstance(value, Edition):
        return value
    found = _NAMES.get(value.strip().lower())
    if found is None:
        raise InputError(Message.of("error.tiebreak.edition", found=value), field="edition")
    return found


def edition_from_v(number: int, text: str) -> Edition:
    found = _V_NUMBERS.get(number)
    if found is None:
        raise InputError(Message.of("error.tiebreak.edition-modifier", specifier=text, number=number), field=text)
    return found


def start_date(text: str | None) -> date | None:
    """The 042 date in the forms seen in real files (YYYY/MM/DD, YYYY-MM-DD, DD.MM.YYYY)."""
    if not text:
        return None
    t = text.strip()
    m = re.match(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", t)
    if m:
        y, mo, d = (int(x) for x in m.groups())
    else:
        m = re.match(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", t)
        if not m:
            return None
        d, mo, y = (int(x) for x in m.groups())
    try:
        return date(y, mo, d)
    except ValueError:
        return None


def edition_for(start: str | None) -> tuple[Edition, str]:
    """The edition in force on the tournament's start date, and where the choice came from."""
    day = start_date(start)
    if day is None:
        return CURRENT, "default"
    for since, edition in _FROM:
        if day >= since:
            return edition, "042"
    return Edition.PRE_2023, "042"
