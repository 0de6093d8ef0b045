"""The interface of a Swiss pairing system, and what it hands back.

A system (one module in this package, registered in `systems/__init__.py`) says

* who it is: `id`, names in English and Chinese, its FIDE article and edition, the TRF
  `192` codes and `092` words that declare it;
* its colour rules: the colour preference of a colour history (`colour_preference`) and
  the texts of its colour-allocation articles (`colour_rules`);
* its bye eligibility (`bye_eligible`, C.04.1 Art. 4 unless the system says more);
* how it pairs a round: `pair(prepared, lang)` gets the round state built by the shared
  C.04.2 rules (`handling.py`) and returns the pairs (with the higher-ranked player of
  each, the White player and an explanation in `lang`, a language of the catalogues in
  app.engine.messages) and the PAB;
* how it audits a recorded round (`diagnose`): the first of its criteria that tells the
  file's pairing from its own.

Board order, byes, absences and the initial colour are not a system's business: the
caller applies C.04.2 to what `pair` returns.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar

from app.engine.messages import DEFAULT_LANGUAGE, Message, messages
from app.engine.model import Colour, RoundEntry, ScoringSystem, Tournament
from app.engine.numbers import show
from app.engine.pairing.state import (
    History,
    PlayerState,
    RoundState,
    Strength,
    bye_eligible,
    colour_preference,
)

ColourPreference = tuple[Colour | None, Strength, Colour | None, int]  # preference, strength, repeated, difference


@dataclass
class Explanation:
    """Why a pair was made and how its colours were chosen."""

    text: str
    white_score: Fraction
    black_score: Fraction
    white_pairing_score: Fraction
    black_pairing_score: Fraction
    bracket_score: Fraction  # pairing score of the bracket where the pair was made
    floats: dict[int, str]  # player -> "down"/"up" for a float made in this pair
    float_history: dict[int, list[str]]  # player -> floats the system looks back on, with the reason
    colour_rule: str  # the article of the colour rules that decided, e.g. "5.2.1"
    colour_rule_text: str
    colour_preferences: dict[int, str]
    details: dict[int, dict[str, object]] = field(default_factory=dict)  # system-specific values per player


@dataclass
class PreparedRound:
    """The round as the shared rules see it, ready for a system to pair."""

    tournament: Tournament
    state: RoundState
    history: History
    unavailable: dict[int, str]
    initial_colour_source: str
    seed: int | None
    acceleration: str


@dataclass
class SystemPair:
    higher: PlayerState  # the higher-ranked player by C.04.2 (score, then TPN): board order
    lower: PlayerState
    white: PlayerState
    explanation: Explanation

    @property
    def black(self) -> PlayerState:
        return self.lower if self.white is self.higher else self.higher


@dataclass
class SystemOutcome:
    pairs: list[SystemPair]
    bye: PlayerState | None
    bye_reason: str = ""
    brackets: list[object] = field(default_factory=list)  # the system's own bracket records
    summary: dict[str, object] = field(default_factory=dict)  # quality criteria not fully met
    notes: list[str] = field(default_factory=list)


@dataclass
class Diagnosis:
    """The first criterion that tells a recorded round from the system's pairing of it; `message` is a
    catalogue message, rendered by the checker in the language asked."""

    criterion: str
    message: Message
    file_value: object = None
    engine_value: object = None


def show_value(value: object) -> str:
    """A criterion's value in a checker report: numbers as `numbers.show` writes them, lists and tuples
    item by item."""
    if isinstance(value, list):
        return "[" + ", ".join(show_value(v) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + ", ".join(show_value(v) for v in value) + ")"
    if isinstance(value, Fraction):
        return show(value)
    return str(value)


def player_value(player: int | None) -> object:
    """A player in a checker report: the start number, or the catalogue's word for nobody."""
    return NOBODY if player is None else player


NOBODY = Message("checker.no-player", {})


_COLOUR_IDS = {Colour.WHITE: "pairing.colour.white", Colour.BLACK: "pairing.colour.black"}
_STRENGTH_IDS = {Strength.ABSOLUTE: "pairing.strength.absolute", Strength.STRONG: "pairing.strength.strong",
                 Strength.MILD: "pairing.strength.mild", Strength.NONE: "pairing.strength.none"}


def preference_text(p: PlayerState, lang: str = DEFAULT_LANGUAGE) -> str:
    words = messages(lang)
    if p.preference is None:
        return words["pairing.preference.none"]
    return words["pairing.preference"].format(strength=words[_STRENGTH_IDS[p.strength]],
                                              colour=words[_COLOUR_IDS[p.preference]])


def colour_name(c: Colour, lang: str) -> str:
    return messages(lang)[_COLOUR_IDS[c]]


class SwissSystem(ABC):
    """A FIDE Swiss pairing system (see the module docstring)."""

    id: ClassVar[str]
    name: ClassVar[str]
    name_zh: ClassVar[str]
    article: ClassVar[str]  # "C.04.3"
    edition: ClassVar[str]  # the text followed: approval and application dates
    trf_code: ClassVar[str]  # 192 code written for tournaments paired by this system
    trf_text: ClassVar[str]  # 092 text written with it
    codes: ClassVar[tuple[str, ...]]  # 192 codes (without an optional _BAKU suffix) that declare it
    words: ClassVar[str]  # regular expression matching the 092 text that names it
    aliases: ClassVar[tuple[str, ...]] = ()  # other names accepted for `system`
    colour_rules: ClassVar[dict[str, str]] = {}  # article -> message id of its text
    criteria: ClassVar[dict[str, str]] = {}  # criterion -> message id of its name (for the checker)
    club_avoidance: ClassVar[bool] = False  # pairs with `avoid_same` (seed 002) as its lowest criterion
    maxi_tournament: ClassVar[bool] = False  # knows the Maxi-tournament rules (`maxi_tournament`, Lim only)

    # -- colour rules and bye eligibility -----------------------------------

    def colour_preference(self, colours: list[Colour]) -> ColourPreference:
        """Colour preference of a player from the colours of his played games (oldest first)."""
        return colour_preference(colours)

    def bye_eligible(self, scoring: ScoringSystem, entries: Iterable[RoundEntry]) -> bool:
        """[C2] of every system: C.04.1 Art. 4."""
        return bye_eligible(scoring, entries)

    def rule_text(self, rule: str, lang: str) -> str:
        return messages(lang)[self.colour_rules[rule]]

    # -- pairing ------------------------------------------------------------

    @abstractmethod
    def pair(self, prepared: PreparedRound, lang: str) -> SystemOutcome:
        """Pair the round, its texts in `lang` (a language of app.engine.messages); raises
        `UnpairableError` when no pairing meets the absolute criteria."""

    def diagnose(self, prepared: PreparedRound, file_pairs: Sequence[tuple[int, int]], file_pab: int | None,
                 engine_pairs: Sequence[tuple[int, int]], engine_pab: int | None) -> Diagnosis:
        """Why the file's pairing (white, black) differs from the system's: the absolute criteria
        first (shared), then the system's own comparison (`compare`)."""
        state = prepared.state
        for a, b in file_pairs:
            pair = {"white": a, "black": b}
            if a not in state.by_id or b not in state.by_id:
                return Diagnosis("C1", Message("checker.not-to-be-paired", pair))
            pa, pb = state.by_id[a], state.by_id[b]
            if b in pa.opponents or b in state.forbidden.get(a, ()):
                return Diagnosis("C1", Message("checker.rematch", pair))
            if not self.colours_compatible(prepared, pa, pb):
                return Diagnosis("C3", Message("checker.absolute-colours", pair))
        if file_pab is not None and file_pab in state.by_id and not state.by_id[file_pab].bye_eligible:
            return Diagnosis("C2", Message("checker.pab-eligibility", {"player": file_pab}))
        return self.compare(prepared, file_pairs, file_pab, engine_pairs, engine_pab)

    def colours_compatible(self, prepared: PreparedRound, a: PlayerState, b: PlayerState) -> bool:
        """[C3]: two players with the same absolute colour preference do not meet."""
        return not (a.absolute and b.absolute and a.preference is b.preference)

    def compare(self, prepared: PreparedRound, file_pairs: Sequence[tuple[int, int]], file_pab: int | None,
                engine_pairs: Sequence[tuple[int, int]], engine_pab: int | None) -> Diagnosis:
        """The system's own criteria on two legal round-pairings (default: the order of pairings)."""
        return Diagnosis("order", Message("checker.order", {"article": self.article}))
