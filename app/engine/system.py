"""Which pairing system a tournament uses: Swiss or round robin (never guessed from counts).

Order of precedence: the explicit `system` field (JSON or request option), then the
TRF-2026 `192` code (ETT26), then the `092` free text. Without any of them the
tournament is treated as a Swiss event and the caller is told so.
"""

from __future__ import annotations

import re
from enum import StrEnum

from app.engine.model import Tournament


class PairingSystem(StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    DOUBLE_ROUND_ROBIN = "double-round-robin"
    KNOCKOUT = "knockout"

    @property
    def is_round_robin(self) -> bool:
        return self in (PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN)


_ALIASES = {
    "swiss": PairingSystem.SWISS, "dutch": PairingSystem.SWISS, "dubov": PairingSystem.SWISS,
    "burstein": PairingSystem.SWISS, "lim": PairingSystem.SWISS,
    "round-robin": PairingSystem.ROUND_ROBIN, "round_robin": PairingSystem.ROUND_ROBIN,
    "roundrobin": PairingSystem.ROUND_ROBIN, "rr": PairingSystem.ROUND_ROBIN,
    "berger": PairingSystem.ROUND_ROBIN,
    "double-round-robin": PairingSystem.DOUBLE_ROUND_ROBIN, "double_round_robin": PairingSystem.DOUBLE_ROUND_ROBIN,
    "drr": PairingSystem.DOUBLE_ROUND_ROBIN,
    "knockout": PairingSystem.KNOCKOUT, "knock-out": PairingSystem.KNOCKOUT,
}


def parse_system(value: str) -> PairingSystem | None:
    return _ALIASES.get(value.strip().lower())


def system_from_code(code: str) -> PairingSystem | None:
    """ETT26 code of record 192."""
    c = code.strip().upper()
    if not c:
        return None
    if "DOUBLEROUNDROBIN" in c:
        return PairingSystem.DOUBLE_ROUND_ROBIN
    if "ROUNDROBIN" in c:
        return PairingSystem.ROUND_ROBIN
    if "KNOCKOUT" in c:
        return PairingSystem.KNOCKOUT
    if any(k in c for k in ("SWISS", "DUTCH", "DUBOV", "BURSTEIN", "LIM", "FIDE_TEAM")):
        return PairingSystem.SWISS
    return None


def system_from_text(text: str) -> PairingSystem | None:
    """Free text of record 092, in the languages seen in real files."""
    t = text.strip().lower()
    if not t:
        return None
    by_code = system_from_code(text)
    if by_code is not None and "_" in text:
        return by_code
    if re.search(r"double[\s_-]*round[\s_-]*robin|doppelrund|double[\s-]*berger|双循环", t):
        return PairingSystem.DOUBLE_ROUND_ROBIN
    if re.search(r"round[\s_-]*robin|all[\s-]*play[\s-]*all|berger|rundenturnier|scheveningen|"
                 r"schiller|team league|单循环|循环", t):
        return PairingSystem.ROUND_ROBIN
    if re.search(r"knock[\s-]*out|淘汰", t):
        return PairingSystem.KNOCKOUT
    if re.search(r"swiss|schweizer|dutch|dubov|burstein|\blim\b|monrad|瑞士", t):
        return PairingSystem.SWISS
    return None


def tournament_system(t: Tournament, override: str | None = None) -> tuple[PairingSystem, str]:
    """The system and where it came from ("option", "json", "192", "092" or "default")."""
    if override:
        s = parse_system(override)
        if s is not None:
            return s, "option"
    if t.system:
        s = parse_system(t.system)
        if s is not None:
            return s, "json"
    if t.type_code:
        s = system_from_code(t.type_code)
        if s is not None:
            return s, "192"
    if t.type_text:
        s = system_from_text(t.type_text)
        if s is not None:
            return s, "092"
    return PairingSystem.SWISS, "default"
