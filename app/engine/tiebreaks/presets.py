"""Named tie-break orders: FIDE-style recommendations per tournament type and the national
orders named in the seed documents. Each preset says where it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from app.engine.errors import InputError
from app.engine.messages import DEFAULT_LANGUAGE, LANGUAGES, Message, in_every_language, messages
from app.engine.system import PairingSystem
from app.engine.tiebreaks.context import StandingsOptions


@dataclass(frozen=True)
class Preset:
    """A named order. Its name and source are in the message catalogues (`preset.<id>.name`,
    `preset.<id>.source`)."""

    id: str
    specifiers: str  # the list, primary score first
    options: dict[str, Any] = field(default_factory=dict)  # StandingsOptions fields the preset implies

    def name(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return messages(lang)[f"preset.{self.id}.name"]

    def source(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return messages(lang)[f"preset.{self.id}.source"]

    def options_for(self, options: StandingsOptions | None = None) -> StandingsOptions:
        """`options` with what the preset implies (e.g. keep at least 7 rounds)."""
        return replace(options or StandingsOptions(), **self.options)

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, **{f"name_{lang}": self.name(lang) for lang in LANGUAGES},
                "names": in_every_language(f"preset.{self.id}.name"), "specifiers": self.specifiers.split(),
                "source": self.source(), "options": dict(self.options)}


PRESETS: tuple[Preset, ...] = (
    Preset("fide-swiss", "PTS BH/C1 BH WIN DE RTNG"),
    Preset("fide-swiss-rapid", "PTS BH/C1 BH ARO WIN"),
    Preset("fide-round-robin", "PTS DE SB KS WIN"),
    Preset("fide-team-swiss", "MPTS GPTS BH DE"),
    Preset("fide-team-round-robin", "MPTS GPTS EDE ESB:MG"),
    Preset("junior-school", "PTS WIN DE RTNG LOT"),
    Preset("c02-swiss-ratings-inconsistent", "PTS BH/C1 BH SB PS DE WIN BWG"),
    Preset("c02-swiss-ratings-consistent", "PTS BH/C1 BH DE ARO/C1 WIN BWG BPG SB"),
    Preset("tec-team-swiss", "MPTS EDET/P EMGSB/C1/P BH:MP/C1/P MPVGP"),
    Preset("cn-national-swiss", "PTS DE BH BH/M1 WIN LOT", {"keep_at_least": 7}),
    Preset("cn-national-round-robin", "PTS DE SB WIN LOT"),
    Preset("cn-zhisai-swiss-1", "PTS DE WIN BPG BH/C1 BH SB", {"keep_at_least": 7}),
    Preset("cn-zhisai-swiss-2", "PTS DE BH BH/M1 WIN", {"keep_at_least": 7}),
    Preset("cn-team", "MPTS GPTS DE BH"),
    Preset("cn-mostly-unrated", "PTS SOLK SOLK/M1 SOLKC"),
    Preset("mcmahon", "PTS BH SB"),
)


def preset(preset_id: str) -> Preset:
    for p in PRESETS:
        if p.id == preset_id:
            return p
    raise InputError(Message.of("error.tiebreak.preset", found=preset_id), field="preset")


def default_preset(team: bool, system: PairingSystem) -> Preset:
    if team:
        return preset("fide-team-round-robin" if system.is_round_robin else "fide-team-swiss")
    return preset("fide-round-robin" if system.is_round_robin else "fide-swiss")
