"""Tie-break specifiers: the FIDE MTB26 grammar and the spellings seen in practice.

`NAME[:MP|:GP][/Cn|/Mn][/L±n][/Kx][/P][/F][/R][/Un][/V…][/S]`, case-insensitive, e.g.
`BH/C1`, `SB/C1/P`, `BH:MP/M1`, `KS/L-2` (limit lowered by two half points), `KS/L40`
(limit at 40 %), `SSSC/F/K4`, `ESB:MG/C1`, `TPN/R`, `ARO/U1400`, `BH/V2024`, `DE/S`.
Also accepted: the handbook's `BH-C1` / `BH-M1`, `#` or `!` instead of `/`, the
two-letter ESB pairs `ESB:MM`, `:MG`, `:GM`, `:GG` (or the names EMMSB, EMGSB, EGMSB,
EGGSB), `/V` on every code as the reference engine does (the standings warn where the
editions do not differ for that code), and the words of the message catalogues
(`ALIASES`: the seeds' abbreviations `AROC`, `MB`, ... and Chinese terms `小分`,
`扣除对手分1型`, ...), alone or followed by more modifiers (`MB/P`). A list is separated by
commas, spaces, semicolons or 、. An unknown code, or a modifier that means nothing for that
tie-break, is an `InputError` naming the specifier. `Specifier.canonical` is the form the
answers echo: upper case, MTB26 order, aliases expanded (`bh-c1` -> `BH/C1`, `MB` -> `BH/M1`,
`EMGSB/P/C1` -> `ESB:MG/C1/P`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from app.engine.errors import InputError
from app.engine.messages import ALIASES, Joined, Message
from app.engine.tiebreaks import registry as reg
from app.engine.tiebreaks.editions import Edition, edition_from_v

PRIMARY_CODES = frozenset({"PTS", "MPTS", "GPTS"})
# Bounds of one specifier (issue 11): the longest meaningful one, ESB:MG/C1/L+1.5/K10/P/F/R/U1400/V2026/S,
# has 40 characters and 10 modifiers, each letter at most once.
MAX_SPECIFIER_LENGTH = 48
MAX_MODIFIERS = 10
_ESB_NAMES = {"EMMSB": "MM", "EMGSB": "MG", "EGMSB": "GM", "EGGSB": "GG"}
# The order of the modifiers in the canonical form (MTB26): /Cn or /Mn, /L, /K, /P, /F, /R, /U, /V, /S.
_ORDER = "CMLKPFRUVS"
_V_YEARS = {Edition.PRE_2023: 2022, Edition.AUG_2024: 2024, Edition.MAR_2026: 2026}


@dataclass(frozen=True)
class Specifier:
    """One parsed specifier. `text` is the request as written; `code` the canonical code;
    `canonical` the whole specifier in the canonical form (what the answers echo)."""

    text: str
    code: str
    canonical: str = ""
    score: str | None = None  # "MP" / "GP", or an ESB pair such as "MG"
    cut_low: int = 0
    cut_high: int = 0
    limit_percent: Fraction | None = None  # /L40
    limit_shift: Fraction = Fraction(0)  # /L+n, /L-n (points)
    divisor: int | None = None  # /Kx
    played: bool = False  # /P
    fore: bool = False  # /F
    reverse: bool = False  # /R
    swiss: bool = False  # /S
    unrated: int | None = None  # /Un
    edition: Edition | None = None  # /V

    @property
    def info(self) -> reg.TiebreakInfo:
        found = reg.lookup(self.code)
        assert found is not None
        return found

    @property
    def is_primary(self) -> bool:
        return self.code in PRIMARY_CODES


_MOD = re.compile(r"^(?:(?P<c>C)(?P<cn>\d+)|(?P<m>M)(?P<mn>\d+)|L(?P<lp>\d+(?:\.\d+)?)|"
                  r"L(?P<ls>[+-])(?P<lv>\d+(?:\.\d+)?)|K(?P<k>\d+)|U(?P<u>\d+)|V(?P<v>\d+)|(?P<flag>[PFRS]))$")


def parse_specifier(text: str) -> Specifier:
    """Parse one specifier; raises `InputError` naming it when it is not understood."""
    raw = text.strip()
    if not raw:
        raise InputError(Message.of("error.tiebreak.empty-specifier"), field="tiebreaks")
    if len(raw) > MAX_SPECIFIER_LENGTH:
        shown = _shown(raw)
        raise InputError(Message.of("error.tiebreak.too-long", specifier=shown, maximum=MAX_SPECIFIER_LENGTH, length=len(raw)), field=shown, code="specifier-too-long")
    upper = raw.upper()
    s = ALIASES.get(upper, upper).replace("#", "/").replace("!", "/")  # a word for a whole form: 中间布赫霍尔兹-2
    head, *mods = s.split("/")
    if len(mods) > MAX_MODIFIERS:
        raise InputError(Message.of("error.tiebreak.too-many-modifiers", specifier=raw, maximum=MAX_MODIFIERS, count=len(mods)), field=raw, code="specifier-too-long")
    if head.strip() in ALIASES:  # a word followed by more modifiers: MB/P
        head, *implied = ALIASES[head.strip()].split("/")
        mods = implied + mods
    if "-" in head:  # handbook spelling BH-C1, BH-M1
        head, *hyphen = head.split("-")
        mods = hyphen + mods
    name, _, score = head.partition(":")
    name = name.strip()
    if name in ALIASES and not score:  # a word with a score: 小分:MP
        name, *implied = ALIASES[name].split("/")
        mods = implied + mods
    if name.startswith("OTHER_"):
        raise InputError(Message.of("error.tiebreak.other", specifier=raw), field=raw)
    pair = _ESB_NAMES.get(name)
    if pair is not None:
        if score:
            raise InputError(Message.of("error.tiebreak.names-scores", specifier=raw, name=name, score=score),
                             field=raw)
        name, score = "ESB", pair
    info = reg.lookup(name)
    if info is None:
        raise InputError(Message.of("error.tiebreak.unknown-code", specifier=raw, code=name), field=raw)
    used: set[str] = set()
    kw: dict[str, object] = {}
    written: dict[str, str] = {}  # modifier slot -> its canonical text
    if score:
        if score in ("MP", "GP"):
            used.add(reg.SCORE)
        elif re.fullmatch(r"[MG]{2}", score):
            used.add(reg.SCORE_PAIR)
        else:
            raise InputError(Message.of("error.tiebreak.unknown-score", specifier=raw, score=score), field=raw)
        kw["score"] = score
    given: set[str] = set()
    for mod in mods:
        mod = mod.strip()
        m = _MOD.match(mod)
        if m is None:
            raise InputError(Message.of("error.tiebreak.unknown-modifier", specifier=raw, modifier=mod), field=raw)
        slot = "C" if m["c"] or m["m"] else mod[0]  # /Cn and /Mn set the same cut
        if slot in given:
            raise InputError(Message.of("error.tiebreak.repeated-modifier", specifier=raw, modifier=mod), field=raw)
        given.add(slot)
        written[slot] = mod
        if m["c"]:
            used.add(reg.CUT)
            kw["cut_low"] = int(m["cn"])
        elif m["m"]:
            used.add(reg.MEDIAN)
            kw["cut_low"] = kw["cut_high"] = int(m["mn"])
        elif m["lp"] is not None:
            used.add(reg.LIMIT)
            kw["limit_percent"] = Fraction(m["lp"])
        elif m["ls"]:
            used.add(reg.LIMIT)
            # MTB26: the limit moves in half points; a decimal value is read as points.
            value = Fraction(m["lv"]) if "." in m["lv"] else Fraction(int(m["lv"]), 2)
            kw["limit_shift"] = value if m["ls"] == "+" else -value
        elif m["k"]:
            used.add(reg.DIVISOR)
            kw["divisor"] = int(m["k"])
            if kw["divisor"] == 0:
                raise InputError(Message.of("error.tiebreak.divisor", specifier=raw), field=raw)
        elif m["u"]:
            used.add(reg.UNRATED)
            kw["unrated"] = int(m["u"])
        elif m["v"]:  # accepted on every code (the standings warn where the editions agree)
            edition = edition_from_v(int(m["v"]), raw)
            kw["edition"] = edition
            written[slot] = f"V{_V_YEARS[edition]}"
        else:
            flag = m["flag"]
            used.add(flag)
            kw[{"P": "played", "F": "fore", "R": "reverse", "S": "swiss"}[flag]] = True
    meaningless = sorted(used - info.modifiers - {reg.EDITION})
    if meaningless:
        names = Joined(tuple(Message(f"modifier.{reg.MODIFIER_IDS[x]}", {}) for x in meaningless))
        raise InputError(Message.of("error.tiebreak.meaningless", specifier=raw, code=info.code, names=names),
                         field=raw)
    canonical = info.code + (f":{score}" if score else "") + "".join(
        f"/{written[slot]}" for slot in sorted(written, key=_ORDER.index))
    return Specifier(text=raw, code=info.code, canonical=canonical, **kw)  # type: ignore[arg-type]


def _shown(raw: str) -> str:
    """A specifier too long to echo whole: its beginning."""
    return raw[:MAX_SPECIFIER_LENGTH] + "…"


def split_specifiers(text: str) -> list[str]:
    return [tok for tok in _SEPARATORS.split(text.strip()) if tok]


_SEPARATORS = re.compile(r"[\s,;\uff0c\uff1b\u3001]+")  # also the full-width comma and semicolon, and 、


def parse_specifiers(specs: str | Iterable[str]) -> list[Specifier]:
    """Parse a list (a comma/space separated string, or a sequence of strings)."""
    tokens = split_specifiers(specs) if isinstance(specs, str) else [t for s in specs for t in split_specifiers(s)]
    if not tokens:
        raise InputError(Message.of("error.tiebreak.empty-list"), field="tiebreaks")
    return [parse_specifier(tok) for tok in tokens]
