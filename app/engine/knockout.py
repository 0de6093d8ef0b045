"""Knockout brackets: seeding, byes, round names, match results and advancement.

A bracket is a list of rounds; a round has a name and matches; a match has an
id and two slots. A slot names who plays there:

* a seed number: ``"1"`` (seeded brackets; in winners-only group tables, the
  winner of group number k, see `app.engine.groups`);
* a group letter and a place: ``"A1"`` (group winner of A), ``"B8"``;
* a match id: ``"H1"`` (the winner of H1), or ``"L:S1"`` (the loser of S1).

Match ids follow the seed document (2013-12-8, 组合赛制): ``H1..H8`` for the
1/8-finals (``M1..M8`` in the document's 8-group round-robin table only),
``Q1..Q4`` quarter-finals, ``S1, S2`` semi-finals, ``F`` final and ``T``
third-place match (between the semi-final losers, listed in the last round with
the final; there is none when a semi-final is a bye). Larger rounds are
``R32-1..R32-16``, ``R64-1``, ... Matches are numbered by their position in the
full bracket, so with byes some numbers are absent (a seed with a bye appears
directly in the next round).

Seeding (the usual knockout draw; no FIDE rule applies): positions follow the
layout of the document's 16-player table (1-16, 8-9, 5-12, 4-13, 3-14, 6-11,
7-10, 2-15), built recursively: seeds 1 and 2 are in different halves (they can
only meet in the final), seeds 1-4 in different quarters, 1-8 in different
eighths, and so on. When the field is not a power of two the missing seeds are
byes, which therefore go to the top seeds.

Output (`Bracket.to_dict`): ``{"rounds": [{"name", "matches": [{"id", "home",
"away"}]}]}``. A side is the participant id once known (a seeded count's
participants are the seed numbers, as integers), otherwise the slot label (a
string). A match with a result also has ``winner`` and ``decided_by``
("games", "tiebreaks", "armageddon" or "declared"), and ``score`` /
``tiebreak_score`` (home, away) when games were given.

A match result is either a declared winner or the games of the mini-match:
regular games, then tie-break stages (each stage is played only if everything
before it is level), then an Armageddon game (a draw counts as a win for
Black). See `MatchResult.from_dict` for the JSON form.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from app.engine.entrants import Entrant, seeded_field
from app.engine.errors import InputError, Issue
from app.engine.messages import Message
from app.engine.numbers import json_number

MAX_KNOCKOUT_PLAYERS = 1024

# ---- slots --------------------------------------------------------------------


@dataclass(frozen=True)
class Seed:
    number: int

    @property
    def label(self) -> str:
        return str(self.number)


@dataclass(frozen=True)
class GroupPlace:
    group: str
    place: int

    @property
    def label(self) -> str:
        return f"{self.group}{self.place}"


@dataclass(frozen=True)
class WinnerOf:
    match: str

    @property
    def label(self) -> str:
        return self.match


@dataclass(frozen=True)
class LoserOf:
    match: str

    @property
    def label(self) -> str:
        return f"L:{self.match}"


Slot = Seed | GroupPlace | WinnerOf | LoserOf


@dataclass(frozen=True)
class MatchSpec:
    """A match of the bracket before any participant is known."""

    id: str
    home: Slot
    away: Slot


@dataclass(frozen=True)
class RoundSpec:
    name: str
    matches: tuple[MatchSpec, ...]


# ---- names and the seeding layout ------------------------------------------------

THIRD_PLACE_ID = "T"
FINAL_ID = "F"


def round_name(size: int) -> str:
    """Name of a round with `size` bracket positions: final, semi-final, quarter-final, 1/8-final, ..."""
    return {2: "final", 4: "semi-final", 8: "quarter-final"}.get(size, f"1/{size // 2}-final")


def match_id(size: int, position: int) -> str:
    """Id of the `position`-th (1-based) match of a round with `size` bracket positions."""
    if size == 2:
        return FINAL_ID
    prefix = {4: "S", 8: "Q", 16: "H"}.get(size)
    return f"{prefix}{position}" if prefix else f"R{size}-{position}"


def bracket_size(n: int) -> int:
    """The smallest power of two holding n players."""
    size = 1
    while size < n:
        size *= 2
    return size


def seeding_layout(size: int) -> list[int]:
    """Seed numbers by bracket position (size a power of two >= 2).

    Built by doubling: each seed s of the smaller layout is paired with
    2m + 1 - s, the pair order alternating, which reproduces the seed
    document's 16-player table 1-16, 8-9, 5-12, 4-13, 3-14, 6-11, 7-10, 2-15
    (as pairs; `seeded_pairs` puts the better seed first).
    """
    if size < 2 or size & (size - 1):
        raise ValueError(f"bracket size must be a power of two >= 2, got {size}")
    layout = [1, 2]
    while len(layout) < size:
        total = 2 * len(layout) + 1
        grown: list[int] = []
        for i, s in enumerate(layout):
            grown += [s, total - s] if i % 2 == 0 else [total - s, s]
        layout = grown
    return layout


def layout_pairs(size: int) -> list[tuple[int, int]]:
    """The first-round pairs of seed numbers in bracket order, as laid out (not reordered)."""
    layout = seeding_layout(size)
    return [(layout[i], layout[i + 1]) for i in range(0, size, 2)]


def build_rounds(first_round: Sequence[tuple[Slot, Slot] | Slot | None], *, third_place: bool = True,
                 first_round_ids: Sequence[str] | None = None) -> tuple[RoundSpec, ...]:
    """All rounds from the first round's bracket positions taken pairwise.

    `first_round` has one entry per pair of positions: a (home, away) match, a
    single slot (that participant has a bye) or None (nobody). Later rounds pair
    the winners in bracket order, the upper match's winner at home; a seed
    coming from a bye is at home (against another such seed, the better one).
    `first_round_ids` overrides the ids of the first round's matches.
    """
    size = 2 * len(first_round)
    if size < 2 or size & (size - 1):
        raise ValueError("the first round must have a power-of-two number of positions")
    rounds: list[RoundSpec] = []
    entries: list[Slot | None] = []
    matches: list[MatchSpec] = []
    for i, entry in enumerate(first_round):
        if isinstance(entry, tuple):
            mid = first_round_ids[i] if first_round_ids else match_id(size, i + 1)
            matches.append(MatchSpec(mid, entry[0], entry[1]))
            entries.append(WinnerOf(mid))
        else:
            entries.append(entry)
    if matches:
        rounds.append(RoundSpec(round_name(size), tuple(matches)))
    size //= 2
    while size >= 2:
        matches = []
        advancing: list[Slot | None] = []
        for i in range(0, size, 2):
            home, away = entries[i], entries[i + 1]
            if home is None or away is None:
                advancing.append(home if away is None else away)
                continue
            if isinstance(away, Seed) and (not isinstance(home, Seed) or away.number < home.number):
                # A seed coming from a bye is the better seed (byes go to the top seeds): at home.
                home, away = away, home
            mid = match_id(size, i // 2 + 1)
            matches.append(MatchSpec(mid, home, away))
            advancing.append(WinnerOf(mid))
        if size == 2 and third_place and rounds and len(rounds[-1].matches) == 2 \
                and rounds[-1].name == round_name(4):
            s1, s2 = rounds[-1].matches
            matches.append(MatchSpec(THIRD_PLACE_ID, LoserOf(s1.id), LoserOf(s2.id)))
        if matches:
            rounds.append(RoundSpec(round_name(size), tuple(matches)))
        entries = advancing
        size //= 2
    return tuple(rounds)


# ---- results --------------------------------------------------------------------

_SCORES: dict[str, Fraction] = {
    "1-0": Fraction(1), "0-1": Fraction(0), "1/2-1/2": Fraction(1, 2), "½-½": Fraction(1, 2),
    "0.5-0.5": Fraction(1, 2), "=": Fraction(1, 2), "=-=": Fraction(1, 2), "draw": Fraction(1, 2),
    "+-": Fraction(1), "-+": Fraction(0), "1-0f": Fraction(1), "0-1f": Fraction(0),
}


def _parse_score(text: object, where: str) -> Fraction:
    """The first-named side's score of one game: 1, 1/2 or 0."""
    if not isinstance(text, str):
        raise InputError(Message.of("error.knockout.result-type", found=text),
                         field=where)
    key = re.sub(r"\s+", "", text).replace("–", "-").replace("—", "-").lower()
    if key not in _SCORES:
        raise InputError(Message.of("error.knockout.result-unknown", found=text), field=where)
    return _SCORES[key]


@dataclass(frozen=True)
class Game:
    """One game of a mini-match: `result` from the home side's view, or from White's if colours are named."""

    result: Fraction  # score of White if `white` is given, else of the home side
    white: Entrant | None = None
    black: Entrant | None = None

    def home_score(self, home: Entrant, away: Entrant, where: str) -> Fraction:
        if self.white is None:
            return self.result
        if {self.white, self.black} != {home, away}:
            raise InputError(Message.of("error.knockout.game-players", white=self.white, black=self.black, home=home, away=away), field=where)
        return self.result if self.white == home else 1 - self.result


@dataclass(frozen=True)
class Armageddon:
    """The deciding game: either the winner, or the game itself (a draw is a win for Black)."""

    winner: Entrant | None = None
    game: Game | None = None

    def decide(self, home: Entrant, away: Entrant, where: str) -> Entrant:
        if self.winner is not None:
            if self.winner not in (home, away):
                raise InputError(Message.of("error.knockout.armageddon-winner", winner=self.winner),
                                 field=where)
            return self.winner
        assert self.game is not None and self.game.white is not None and self.game.black is not None
        self.game.home_score(home, away, where)  # checks the players
        return self.game.white if self.game.result == 1 else self.game.black


@dataclass(frozen=True)
class MatchResult:
    """The outcome of one knockout match, as much as is known."""

    winner: Entrant | None = None
    games: tuple[Game, ...] = ()
    tiebreaks: tuple[tuple[Game, ...], ...] = ()  # tie-break stages, in order
    armageddon: Armageddon | None = None

    @classmethod
    def from_dict(cls, data: object, where: str = "result") -> MatchResult:
        """JSON form::

            {"winner": id}
            {"games": ["1-0", "1/2-1/2"],                       # from the home side's view
             "tiebreaks": [["1/2-1/2", "1/2-1/2"], ["1-0", "1/2-1/2"]],  # stages (or one flat list)
             "armageddon": {"winner": id}}                      # or {"white": id, "black": id, "result": "1/2-1/2"}

        A game may also be {"white": id, "black": id, "result": "1-0"}.
        """
        if isinstance(data, MatchResult):
            return data
        if not isinstance(data, Mapping):
            raise InputError(Message.of("error.knockout.match-result-type"),
                             field=where)
        unknown = sorted(set(data) - {"winner", "games", "tiebreaks", "armageddon"})
        if unknown:
            raise InputError(Message.of("error.knockout.unknown-fields", fields=", ".join(map(str, unknown))),
                             field=where)
        winner = _entrant_or_none(data.get("winner"), f"{where}.winner")
        games = tuple(_parse_game(g, f"{where}.games[{i}]") for i, g in enumerate(_list(data.get("games"),
                                                                                          f"{where}.games")))
        raw_tb = _list(data.get("tiebreaks"), f"{where}.tiebreaks")
        stages: list[tuple[Game, ...]] = []
        if raw_tb and all(isinstance(s, list | tuple) for s in raw_tb):
            for k, stage in enumerate(raw_tb):
                games_of_stage = _list(stage, f"{where}.tiebreaks[{k}]")
                stages.append(tuple(_parse_game(g, f"{where}.tiebreaks[{k}][{i}]")
                                    for i, g in enumerate(games_of_stage)))
        elif raw_tb:
            stages.append(tuple(_parse_game(g, f"{where}.tiebreaks[{i}]") for i, g in enumerate(raw_tb)))
        armageddon = _parse_armageddon(data.get("armageddon"), f"{where}.armageddon")
        if winner is None and not games and not stages and armageddon is None:
            raise InputError(Message.of("error.knockout.empty-result"), field=where)
        return cls(winner, games, tuple(stages), armageddon)


def _list(value: object, where: str) -> list[object]:
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise InputError(Message.of("error.expected-list"), field=where)
    return list(value)


def _entrant_or_none(value: object, where: str) -> Entrant | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise InputError(Message.of("error.participant-id", found=value), field=where)
    return value


def _parse_game(value: object, where: str) -> Game:
    if isinstance(value, Game):
        return value
    if isinstance(value, Mapping):
        white = _entrant_or_none(value.get("white"), f"{where}.white")
        black = _entrant_or_none(value.get("black"), f"{where}.black")
        if (white is None) != (black is None) or (white is not None and white == black):
            raise InputError(Message.of("error.knockout.game-needs-players"),
                             field=where)
        return Game(_parse_score(value.get("result"), f"{where}.result"), white, black)
    return Game(_parse_score(value, where))


def _parse_armageddon(value: object, where: str) -> Armageddon | None:
    if value is None:
        return None
    if isinstance(value, Armageddon):
        return value
    if isinstance(value, Mapping):
        if "winner" in value:
            return Armageddon(winner=_entrant_or_none(value["winner"], f"{where}.winner"))
        game = _parse_game(value, where)
        if game.white is None:
            raise InputError(Message.of("error.knockout.armageddon-players"), field=where)
        return Armageddon(game=game)
    return Armageddon(winner=_entrant_or_none(value, where))


@dataclass(frozen=True)
class Outcome:
    winner: Entrant | None
    decided_by: str | None  # "games", "tiebreaks", "armageddon" or "declared"
    score: tuple[Fraction, Fraction] | None
    tiebreak_score: tuple[Fraction, Fraction] | None


def decide(result: MatchResult, home: Entrant, away: Entrant, where: str) -> Outcome:
    """Who wins the mini-match: regular games, then tie-break stages, then Armageddon."""

    def total(games: Sequence[Game], path: str) -> tuple[Fraction, Fraction]:
        h = sum((g.home_score(home, away, path) for g in games), Fraction(0))
        return h, Fraction(len(games)) - h

    winner: Entrant | None = None
    decided_by: str | None = None
    score = total(result.games, f"{where}.games") if result.games else None
    tb_home = tb_away = Fraction(0)
    if score is not None and score[0] != score[1]:
        winner, decided_by = (home if score[0] > score[1] else away), "games"
        if result.tiebreaks or result.armageddon is not None:
            raise InputError(Message.of("error.knockout.tiebreaks-not-needed"),
                             field=where)
    else:
        for k, stage in enumerate(result.tiebreaks):
            if winner is not None:
                raise InputError(Message.of("error.knockout.stage-not-needed", stage=k + 1),
                                 field=f"{where}.tiebreaks")
            h, a = total(stage, f"{where}.tiebreaks[{k}]")
            tb_home, tb_away = tb_home + h, tb_away + a
            if h != a:
                winner, decided_by = (home if h > a else away), "tiebreaks"
        if result.armageddon is not None:
            if winner is not None:
                raise InputError(Message.of("error.knockout.armageddon-not-needed"),
                                 field=f"{where}.armageddon")
            winner, decided_by = result.armageddon.decide(home, away, f"{where}.armageddon"), "armageddon"
    if result.winner is not None:
        if result.winner not in (home, away):
            raise InputError(Message.of("error.knockout.winner-not-playing", winner=result.winner, home=home, away=away),
                             field=f"{where}.winner")
        if winner is not None and winner != result.winner:
            raise InputError(Message.of("error.knockout.winner-contradicts", winner=result.winner, games_winner=winner),
                             field=f"{where}.winner")
        if winner is None:
            winner, decided_by = result.winner, "declared"
    return Outcome(winner, decided_by, score, (tb_home, tb_away) if result.tiebreaks else None)


# ---- the resolved bracket ---------------------------------------------------------




@dataclass(frozen=True)
class Match:
    id: str
    home_slot: str
    away_slot: str
    home: Entrant | None = None  # the participant, once known
    away: Entrant | None = None
    winner: Entrant | None = None
    decided_by: str | None = None
    score: tuple[Fraction, Fraction] | None = None
    tiebreak_score: tuple[Fraction, Fraction] | None = None

    @property
    def loser(self) -> Entrant | None:
        if self.winner is None:
            return None
        return self.away if self.winner == self.home else self.home

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "id": self.id,
            "home": self.home if self.home is not None else self.home_slot,
            "away": self.away if self.away is not None else self.away_slot,
        }
        if self.winner is not None:
            out["winner"] = self.winner
            out["decided_by"] = self.decided_by
        if self.score is not None:
            out["score"] = [json_number(self.score[0]), json_number(self.score[1])]
        if self.tiebreak_score is not None:
            out["tiebreak_score"] = [json_number(self.tiebreak_score[0]), json_number(self.tiebreak_score[1])]
        return out


@dataclass(frozen=True)
class KnockoutRound:
    name: str
    matches: tuple[Match, ...]

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "matches": [m.to_dict() for m in self.matches]}


@dataclass(frozen=True)
class Bracket:
    rounds: tuple[KnockoutRound, ...]
    _by_id: dict[str, Match] = field(default_factory=dict, compare=False, repr=False)
    warnings: tuple[Issue, ...] = ()  # where the format departs from the seed document's advice

    def __post_init__(self) -> None:
        self._by_id.update({m.id: m for r in self.rounds for m in r.matches})

    def match(self, match_id: str) -> Match:
        return self._by_id[match_id]

    @property
    def champion(self) -> Entrant | None:
        final = self._by_id.get(FINAL_ID)
        return final.winner if final else None

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"rounds": [r.to_dict() for r in self.rounds]}
        if self.warnings:
            out["warnings"] = [w.as_dict() for w in self.warnings]
        return out


Seat = Callable[[Seed | GroupPlace], Entrant | None]
Results = Mapping[str, MatchResult | Mapping[str, object]]  # match id -> result (object or its JSON form)


def resolve(rounds: Sequence[RoundSpec], seat: Seat,
            results: Results | None = None) -> Bracket:
    """Fill the slots with participants and advance the winners of the matches with results."""
    results = dict(results or {})
    known_ids = {m.id for r in rounds for m in r.matches}
    for key in results:
        if key not in known_ids:
            raise InputError(Message.of("error.knockout.no-match", match=key, matches=", ".join(sorted(known_ids))),
                             field=f"results.{key}")
    decided: dict[str, Match] = {}

    def who(slot: Slot) -> Entrant | None:
        if isinstance(slot, WinnerOf):
            return decided[slot.match].winner
        if isinstance(slot, LoserOf):
            return decided[slot.match].loser
        return seat(slot)

    out_rounds: list[KnockoutRound] = []
    for rnd in rounds:
        matches: list[Match] = []
        for spec in rnd.matches:
            home, away = who(spec.home), who(spec.away)
            match = Match(spec.id, spec.home.label, spec.away.label, home, away)
            raw = results.get(spec.id)
            if raw is not None:
                where = f"results.{spec.id}"
                if home is None or away is None:
                    raise InputError(Message.of("error.knockout.players-unknown", match=spec.id, home=spec.home.label, away=spec.away.label), field=where)
                outcome = decide(MatchResult.from_dict(raw, where), home, away, where)
                match = Match(spec.id, spec.home.label, spec.away.label, home, away, outcome.winner,
                              outcome.decided_by, outcome.score, outcome.tiebreak_score)
            decided[spec.id] = match
            matches.append(match)
        out_rounds.append(KnockoutRound(rnd.name, tuple(matches)))
    return Bracket(tuple(out_rounds))


# ---- seeded brackets ------------------------------------------------------------------


def seeded_rounds(n: int, *, third_place: bool = True) -> tuple[RoundSpec, ...]:
    """The bracket of n seeds: standard positions, byes (missing seeds) to the top seeds."""
    size = bracket_size(n)
    first: list[tuple[Slot, Slot] | Slot | None] = []
    for a, b in layout_pairs(size):
        better, worse = min(a, b), max(a, b)
        if worse <= n:
            first.append((Seed(better), Seed(worse)))
        else:
            first.append(Seed(better) if better <= n else None)
    return build_rounds(first, third_place=third_place)


def seeded_knockout(players: int | Sequence[Entrant], *,
                    results: Results | None = None,
                    third_place: bool = True) -> Bracket:
    """A knockout of a seeded field: a count (participants are the seed numbers) or ids, best seed first."""
    ids = seeded_field(players, minimum=2, maximum=MAX_KNOCKOUT_PLAYERS)

    def seat(slot: Seed | GroupPlace) -> Entrant | None:
        return ids[slot.number - 1] if isinstance(slot, Seed) else None

    return resolve(seeded_rounds(len(ids), third_place=third_place), seat, results)
