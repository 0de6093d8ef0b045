"""The Swiss systems this service pairs, and which one a request or a tournament means.

Registry: one line per system below (`register(...)`); a system is one module of this
package implementing `SwissSystem` (`base.py`). `resolve(tournament, requested)` picks
the system: the request's `system`, else the tournament's (the JSON form's `system`,
else the TRF `192` code, else the `092` text), else the Dutch system with a warning
(code `system-assumed`). A system the tournament declares but this service cannot pair
(Double-Swiss, Dutch 2017, a custom or unknown code, ...) is refused with a 422
(code `unsupported-system`) that names it and lists what can be paired.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NamedTuple

from app.engine.errors import InputError, Issue
from app.engine.messages import Message, text, warning
from app.engine.model import Tournament
from app.engine.pairing.systems.base import SwissSystem
from app.engine.pairing.systems.burstein import BursteinSystem
from app.engine.pairing.systems.dubov import DubovSystem
from app.engine.pairing.systems.dutch import DutchSystem
from app.engine.pairing.systems.lim import LimSystem
from app.engine.system import PairingSystem, system_from_code, system_from_text

REGISTRY: dict[str, SwissSystem] = {}


def register(system: SwissSystem) -> SwissSystem:
    REGISTRY[system.id] = system
    return system


register(DutchSystem())
register(BursteinSystem())
register(DubovSystem())
register(LimSystem())

DEFAULT = "dutch"
ROUND_ROBIN_IDS = ("berger",)  # paired from the Berger tables (app.engine.roundrobin), not a Swiss system


def system_ids() -> list[str]:
    return list(REGISTRY)


@dataclass(frozen=True)
class CatalogueEntry:
    """A pairing system as offered to the clients (GET /v1/pairing-systems)."""

    id: str  # the `system` value that asks for it
    name: str
    name_zh: str
    article: str
    kind: str  # "swiss" or "round-robin"
    competitors: str  # "players" (POST /v1/pairings) or "teams" (POST /v1/team-pairings)


_OTHER_SYSTEMS = (
    CatalogueEntry("berger", "Berger tables (round robin)", "贝格尔表（循环赛）", "C.05 Annex 1", "round-robin",
                   "players"),
    CatalogueEntry("team-swiss", "FIDE Swiss Team Pairing System", "国际棋联团体瑞士制", "C.04.6", "swiss", "teams"),
    CatalogueEntry("team-berger", "Berger tables (team round robin)", "贝格尔表（团体循环赛）", "C.05 Annex 1",
                   "round-robin", "teams"),
)


def catalogue() -> list[CatalogueEntry]:
    """Every system this service pairs: the registered Swiss systems, then Berger and the team systems."""
    swiss = [CatalogueEntry(s.id, s.name, s.name_zh, s.article, "swiss", "players") for s in REGISTRY.values()]
    return [*swiss, *_OTHER_SYSTEMS]


def get(system_id: str) -> SwissSystem:
    found = lookup(system_id)
    if found is None:
        raise InputError(Message.of("error.system.unknown", found=system_id, can_pair=can_pair()),
                         code="unsupported-system",
                         field="system")
    return found


def lookup(name: str) -> SwissSystem | None:
    key = name.strip().lower()
    for system in REGISTRY.values():
        if key == system.id or key in system.aliases:
            return system
    return None


class SystemName(NamedTuple):
    """A Swiss system's name in the answer's language (a `Localized` value of a message; the systems hold
    their names)."""

    system_id: str

    def render(self, lang: str = "en") -> str:
        system = REGISTRY[self.system_id]
        return str(getattr(system, f"name_{lang}", None) or system.name)  # name, name_zh: the systems' own names


class CanPair(NamedTuple):
    """What this service can pair, in the answer's language."""

    def render(self, lang: str = "en") -> str:
        swiss = ", ".join(f"{s.id} ({SystemName(s.id).render(lang)}, {s.article})" for s in REGISTRY.values())
        return text(lang, "error.system.can-pair", swiss=swiss)


def can_pair() -> CanPair:
    """What this service can pair, a value of a message (`str(...)` is not its text: render it)."""
    return CanPair()


@dataclass(frozen=True)
class Resolved:
    """The pairing system of a request."""

    kind: str  # "swiss", "round-robin", "knockout" or "team"
    system: SwissSystem | None  # the Swiss system (kind "swiss")
    source: str  # "option", "json", "192", "092" or "default"
    declared: str | None = None  # the words that declared it
    warnings: tuple[Issue, ...] = ()


_GENERIC_SWISS = re.compile(r"swiss|schweizer|suisse|suizo|svizzero|瑞士", re.I)
_UNSUPPORTED_TEXT = (
    (re.compile(r"double[\s_-]*swiss|doppel[\s_-]*schweizer|双轮瑞士", re.I), "what.system.double-swiss"),
    (re.compile(r"monrad", re.I), "what.system.monrad"),
    (re.compile(r"amalfi", re.I), "what.system.amalfi"),
    (re.compile(r"\bus\s*chess\b|\buscf\b", re.I), "what.system.us-chess"),
)


def _unsupported(what: Message, where: Message, field: str) -> InputError:
    declares = Message.of("error.system.declares", what=what, where=where)
    return InputError(Message.of("error.system.unsupported", declares=declares, can_pair=can_pair()),
                      code="unsupported-system", field=field)


def _by_code(code: str) -> SwissSystem | None:
    bare = code.strip().upper()
    if bare.endswith("_BAKU"):
        bare = bare[: -len("_BAKU")]
    for system in REGISTRY.values():
        if bare in system.codes:
            return system
    return None


def _by_text(text: str) -> SwissSystem | None:
    for system in REGISTRY.values():
        if re.search(system.words, text, re.I):
            return system
    return None


def _non_swiss(kind: PairingSystem | None) -> str | None:
    if kind is None or kind is PairingSystem.SWISS:
        return None
    return "knockout" if kind is PairingSystem.KNOCKOUT else "round-robin"


def _hit(system: SwissSystem | None, kind: str | None, source: str, value: str) -> Resolved | None:
    if system is not None:
        return Resolved("swiss", system, source, value)
    if kind is not None:
        return Resolved(kind, None, source, value)
    return None


def declared(t: Tournament) -> Resolved:
    """The system the tournament itself declares (without a request)."""
    if t.is_team_tournament or "TEAM" in (t.type_code or "").upper():
        return Resolved("team", None, "192" if t.type_code else "json", t.type_code)
    if t.system:
        found = lookup(t.system)
        if found is not None:
            return Resolved("swiss", found, "json", t.system)
        if t.system.strip().lower() in ROUND_ROBIN_IDS:
            return Resolved("round-robin", None, "json", t.system)
        from app.engine.system import parse_system

        general = parse_system(t.system)
        if general is PairingSystem.SWISS:  # "swiss": a Swiss system, but which one is not said
            default = REGISTRY[DEFAULT]
            return Resolved("swiss", default, "default", t.system, (warning(
                "system-assumed", "warning.system-assumed.json", field="system", system=t.system,
                name=SystemName(default.id), article=default.article),))
        if general is not None:
            return Resolved(_non_swiss(general) or "round-robin", None, "json", t.system)
        raise _unsupported(Message.of("what.system.named", name=t.system), Message.of("what.where.field-system"),
                           "tournament.system")
    code = (t.type_code or "").strip()
    if code:
        hit = _hit(_by_code(code), _non_swiss(system_from_code(code)), "192", code)
        if hit is not None:
            return hit
        if code.upper().startswith("CUSTOM_SWISS") and t.type_text:
            named = _by_text(t.type_text)
            if named is not None:
                return Resolved("swiss", named, "092", t.type_text)
        raise _unsupported(Message.of("what.system.code", code=code), Message.of("what.record.text", record="192"),
                           "192")
    text = (t.type_text or "").strip()
    if text:
        hit = _hit(_by_text(text), _non_swiss(system_from_text(text)), "092", text)
        if hit is not None:
            return hit
        for pattern, what in _UNSUPPORTED_TEXT:
            if pattern.search(text):
                raise _unsupported(Message.of(what), Message.of("what.where.record-text", record="092", text=text), "092")
        default = REGISTRY[DEFAULT]
        say = "warning.system-assumed.092.generic" if _GENERIC_SWISS.search(text) else "warning.system-assumed.092"
        return Resolved("swiss", default, "default", text, (warning(
            "system-assumed", say, field="system", words=text, name=SystemName(default.id), article=default.article),))
    default = REGISTRY[DEFAULT]
    return Resolved("swiss", default, "default", None, (warning(
        "system-assumed", "warning.system-assumed.none", field="system", name=SystemName(default.id),
        article=default.article),))


def resolve(t: Tournament, requested: str | None = None) -> Resolved:
    """The system of a pairing request: the request's, else the tournament's."""
    if not requested:
        return declared(t)
    name = requested.strip().lower()
    kind = "round-robin" if name in ROUND_ROBIN_IDS else None
    system = None
    if kind is None:
        system = get(requested)
        kind = "swiss"
    warnings: tuple[Issue, ...] = ()
    try:
        own = declared(t)
    except InputError as exc:
        declares = exc.issue.localized.values.get("declares") if isinstance(exc.issue.localized, Message) else None
        warnings = (warning("system-overridden", "warning.system-overridden.unsupported", field="system",
                            declares=declares or exc.message.split(";")[0], name=name),)
    else:
        if own.source != "default" and (own.kind != kind or own.system is not system):
            what = SystemName(own.system.id) if own.system is not None else own.kind
            warnings = (warning("system-overridden", "warning.system-overridden", field="system", what=what,
                                source=own.source, declared=own.declared, name=name),)
    return Resolved(kind, system, "option", requested, warnings)
