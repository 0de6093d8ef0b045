"""Named tie-break orders: FIDE-style recommendations per tournament type and the national
orders named in the seed documents. Each preset says where it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from app.engine.errors import InputError
from app.engine.system import PairingSystem
from app.engine.tiebreaks.context import StandingsOptions


@dataclass(frozen=True)
class Preset:
    id: str
    name_en: str
    name_zh: str
    specifiers: str  # the list, primary score first
    source: str
    options: dict[str, Any] = field(default_factory=dict)  # StandingsOptions fields the preset implies

    def options_for(self, options: StandingsOptions | None = None) -> StandingsOptions:
        """`options` with what the preset implies (e.g. keep at least 7 rounds)."""
        return replace(options or StandingsOptions(), **self.options)

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name_en": self.name_en, "name_zh": self.name_zh,
                "specifiers": self.specifiers.split(), "source": self.source, "options": dict(self.options)}


PRESETS: tuple[Preset, ...] = (
    Preset("fide-swiss", "Individual Swiss (FIDE recommended reference order)", "个人瑞士制（FIDE推荐参考顺序）",
           "PTS BH/C1 BH WIN DE RTNG",
           "seed 000 (tie-break guide): Buchholz Cut-1, Buchholz, wins, direct encounter, pre-event FIDE rating"),
    Preset("fide-swiss-rapid", "Rapid / blitz Swiss", "快棋/超快棋瑞士制", "PTS BH/C1 BH ARO WIN",
           "seed 000, table of recommended orders by tournament type"),
    Preset("fide-round-robin", "Individual round robin", "个人循环赛", "PTS DE SB KS WIN",
           "seed 000, table of recommended orders by tournament type (no Buchholz family: C.07 8, 2026)"),
    Preset("fide-team-swiss", "Team Swiss", "团体瑞士制", "MPTS GPTS BH DE",
           "seed 000, table of recommended orders: match points, game points, team Buchholz, direct encounter"),
    Preset("fide-team-round-robin", "Team round robin", "团体循环赛", "MPTS GPTS EDE ESB:MG",
           "C.07 13.3 and 13.2 (practical default, no Buchholz family in round robins)"),
    Preset("junior-school", "Junior / school events", "学校/青少年比赛", "PTS WIN DE RTNG LOT",
           "seed 000, table of recommended orders: wins, direct encounter, initial rating, lots"),
    Preset("c02-swiss-ratings-inconsistent", "Swiss, ratings not consistent (old C.02 13.16)",
           "瑞士制，等级分不可靠（旧C.02 13.16）", "PTS BH/C1 BH SB PS DE WIN BWG",
           "FIDE C.02 13.16 (in force until the 2023 rewrite), as quoted in spec/tiebreaks.md 7"),
    Preset("c02-swiss-ratings-consistent", "Swiss, ratings consistent (old C.02 13.16)",
           "瑞士制，等级分可靠（旧C.02 13.16）", "PTS BH/C1 BH DE ARO/C1 WIN BWG BPG SB",
           "FIDE C.02 13.16 (in force until the 2023 rewrite), as quoted in spec/tiebreaks.md 7"),
    Preset("tec-team-swiss", "Team Swiss (TEC sample file)", "团体瑞士制（TEC示例）",
           "MPTS EDET/P EMGSB/C1/P BH:MP/C1/P MPVGP", "FIDE TEC TRF-2026 sample file, record 202"),
    Preset("cn-national-swiss", "Chinese national rated events, Swiss", "全国等级赛 瑞士制积分编排",
           "PTS DE BH BH/M1 WIN LOT",
           "seed 001: 直胜、对手分、中间对手分、胜局数、抽签 (cut/median keep at least 7 rounds)",
           {"keep_at_least": 7}),
    Preset("cn-national-round-robin", "Chinese national rated events, round robin", "全国等级赛 循环制积分编排",
           "PTS DE SB WIN LOT", "seed 001: 直胜、索伯分、胜局数、抽签"),
    Preset("cn-zhisai-swiss-1", "Zhisai recommendation ① (Swiss)", "智赛网推荐 瑞士制积分编排①",
           "PTS DE WIN BPG BH/C1 BH SB",
           "seed 001: 直胜、胜局数、后手局数、扣除对手分1型、对手分、索伯分 (keep at least 7 rounds)",
           {"keep_at_least": 7}),
    Preset("cn-zhisai-swiss-2", "Zhisai recommendation ② (Swiss)", "智赛网推荐 瑞士制积分编排②",
           "PTS DE BH BH/M1 WIN", "seed 001: 直胜、对手分、中间对手分1型、胜局数 (keep at least 7 rounds)",
           {"keep_at_least": 7}),
    Preset("cn-team", "Chinese team events (Li Cup)", "团体赛（李杯团体赛）", "MPTS GPTS DE BH",
           "seed 001: 场分→局分→直胜→对手分"),
    Preset("cn-mostly-unrated", "Events where most players are unrated", "大部分选手无等级分的比赛",
           "PTS SOLK SOLK/M1 SOLKC",
           "seed 004: Solkoff, Solkoff median, Solkoff cut (iterated)"),
    Preset("mcmahon", "McMahon (initial scores counted in the score)", "麦克马洪制（初始积分计入总分）",
           "PTS BH SB",
           "seed 002, 麦克马洪制: the final total, initial score plus points, is the McMahon score (give "
           "initial_scores or mcmahon_bands; without them it is the standard Swiss); Buchholz and "
           "Sonneborn-Berger in the place of go's SOS and SODOS, over the opponents' game points"),
)


def preset(preset_id: str) -> Preset:
    for p in PRESETS:
        if p.id == preset_id:
            return p
    raise InputError(f"unknown tie-break preset {preset_id!r}", field="preset")


def default_preset(team: bool, system: PairingSystem) -> Preset:
    if team:
        return preset("fide-team-round-robin" if system.is_round_robin else "fide-team-swiss")
    return preset("fide-round-robin" if system.is_round_robin else "fide-swiss")
