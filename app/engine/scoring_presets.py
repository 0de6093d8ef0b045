"""Scoring presets for the games the seed documents pair with the Swiss system.

Seed 002 says the Swiss system serves "国际象棋、中国象棋、围棋、五子棋、军旗等棋种" (chess, xiangqi, go,
gomoku, junqi, ...). Its own worked examples score every game 1 / ½ / 0 ("赢的积1分，输的积0分，和棋积0.5分",
also for its junqi event, round by round), and it names a 3 / 1 / 0 variant (万智牌, Magic: the
Gathering). Issue 13 adds xiangqi's usual 2 / 1 / 0 and go without draws (a half-point komi leaves
no draw). A preset is a `ScoringSystem` (byes and forfeits follow from win, draw and loss as in
`ScoringSystem.from_win_draw_loss`) plus whether the game knows draws: a draw recorded in a game
without draws is refused, naming the player and the round.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from app.engine.errors import InputError
from app.engine.model import Result, ScoringSystem, Tournament


@dataclass(frozen=True)
class ScoringPreset:
    id: str
    name_en: str
    name_zh: str
    scoring: ScoringSystem
    draws: bool  # False: a drawn game cannot be recorded
    source: str

    def as_dict(self) -> dict[str, object]:
        s = self.scoring
        return {"id": self.id, "name_en": self.name_en, "name_zh": self.name_zh, "draws": self.draws,
                "scoring": {"win": s.win, "draw": s.draw if self.draws else None, "loss": s.loss,
                            "pairing_allocated_bye": s.pairing_allocated_bye, "half_point_bye": s.half_point_bye,
                            "forfeit_win": s.forfeit_win, "forfeit_loss": s.forfeit_loss},
                "source": self.source}


def _wdl(win: int, draw: Fraction | int, loss: int) -> ScoringSystem:
    return ScoringSystem.from_win_draw_loss(Fraction(win), Fraction(draw), Fraction(loss))


HALF = Fraction(1, 2)
SCORING_PRESETS: tuple[ScoringPreset, ...] = (
    ScoringPreset("chess", "Chess", "国际象棋", _wdl(1, HALF, 0), True,
                  "FIDE: win 1, draw ½, loss 0 (seed 002: 赢1分，和0.5分，输0分)"),
    ScoringPreset("xiangqi", "Xiangqi (Chinese chess)", "中国象棋", _wdl(2, 1, 0), True,
                  "issue 13: xiangqi's usual 2 / 1 / 0 (win 2, draw 1, loss 0)"),
    ScoringPreset("go", "Go (no draws)", "围棋（无和棋）", _wdl(1, HALF, 0), False,
                  "issue 13: go without draws (a half-point komi); a win 1, a loss 0, as McMahon scores count "
                  "wins (seed 002, 麦克马洪制); a requested half-point bye is still half a win"),
    ScoringPreset("gomoku", "Gomoku", "五子棋", _wdl(1, HALF, 0), True,
                  "seed 002 lists 五子棋 among the Swiss games and scores its examples 1 / ½ / 0"),
    ScoringPreset("junqi", "Junqi (army chess)", "军棋", _wdl(1, HALF, 0), True,
                  "seed 002, 模拟比赛过程（军棋）: each round won 1, lost 0, drawn 0.5"),
    ScoringPreset("magic", "Magic: the Gathering (3 / 1 / 0)", "万智牌赛制", _wdl(3, 1, 0), True,
                  "seed 002, 万智牌赛制: 胜者获得3分，平局得1分"),
)
_BY_ID = {p.id: p for p in SCORING_PRESETS}
_DRAWS = (Result.DRAW, Result.DRAW_UNRATED)


def scoring_preset(preset_id: str, *, field: str = "scoring_preset") -> ScoringPreset:
    preset = _BY_ID.get(preset_id.strip().lower()) if isinstance(preset_id, str) else None
    if preset is None:
        raise InputError(f"unknown scoring preset {preset_id!r}; choose one of {', '.join(_BY_ID)}", field=field)
    return preset


def check_draws(t: Tournament, preset: ScoringPreset) -> None:
    """A game without draws holds no drawn game (InputError naming the first one)."""
    if preset.draws:
        return
    for p in t.sorted_players():
        for r, e in enumerate(p.rounds, start=1):
            if e.result in _DRAWS:
                raise InputError(f"{preset.name_en} has no draws, but player {p.start_number} has a draw in round {r}",
                                 code="draw-not-allowed",
                                 field=f"tournament.players[start_number={p.start_number}].rounds[{r - 1}]")
