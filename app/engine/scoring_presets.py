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
from app.engine.messages import DEFAULT_LANGUAGE, LANGUAGES, Message, messages
from app.engine.model import Result, ScoringSystem, Tournament


@dataclass(frozen=True)
class ScoringPreset:
    """A game's scoring by name. Its name and source are in the message catalogues (`scoring.<id>.name`,
    `scoring.<id>.source`)."""

    id: str
    scoring: ScoringSystem
    draws: bool  # False: a drawn game cannot be recorded

    def name(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return messages(lang)[f"scoring.{self.id}.name"]

    @property
    def name_en(self) -> str:
        return self.name("en")

    def source(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return messages(lang)[f"scoring.{self.id}.source"]

    def as_dict(self) -> dict[str, object]:
        s = self.scoring
        return {"id": self.id, **{f"name_{lang}": self.name(lang) for lang in LANGUAGES}, "draws": self.draws,
                "scoring": {"win": s.win, "draw": s.draw if self.draws else None, "loss": s.loss,
                            "pairing_allocated_bye": s.pairing_allocated_bye, "half_point_bye": s.half_point_bye,
                            "forfeit_win": s.forfeit_win, "forfeit_loss": s.forfeit_loss},
                "source": self.source()}


def _wdl(win: int, draw: Fraction | int, loss: int) -> ScoringSystem:
    return ScoringSystem.from_win_draw_loss(Fraction(win), Fraction(draw), Fraction(loss))


HALF = Fraction(1, 2)
SCORING_PRESETS: tuple[ScoringPreset, ...] = (
    ScoringPreset("chess", _wdl(1, HALF, 0), True),
    ScoringPreset("xiangqi", _wdl(2, 1, 0), True),
    ScoringPreset("go", _wdl(1, HALF, 0), False),
    ScoringPreset("gomoku", _wdl(1, HALF, 0), True),
    ScoringPreset("junqi", _wdl(1, HALF, 0), True),
    ScoringPreset("magic", _wdl(3, 1, 0), True),
)
_BY_ID = {p.id: p for p in SCORING_PRESETS}
_DRAWS = (Result.DRAW, Result.DRAW_UNRATED)


def scoring_preset(preset_id: str, *, field: str = "scoring_preset") -> ScoringPreset:
    preset = _BY_ID.get(preset_id.strip().lower()) if isinstance(preset_id, str) else None
    if preset is None:
        raise InputError(Message.of("error.scoring.unknown", found=preset_id, presets=", ".join(_BY_ID)), field=field)
    return preset


def check_draws(t: Tournament, preset: ScoringPreset) -> None:
    """A game without draws holds no drawn game (InputError naming the first one)."""
    if preset.draws:
        return
    for p in t.sorted_players():
        for r, e in enumerate(p.rounds, start=1):
            if e.result in _DRAWS:
                raise InputError(Message.of("error.scoring.no-draws", preset=Message(f"scoring.{preset.id}.name", {}), player=p.start_number,
                                            round=r),
                                 code="draw-not-allowed",
                                 field=f"tournament.players[start_number={p.start_number}].rounds[{r - 1}]")
