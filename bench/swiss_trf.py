"""A deterministic Swiss tournament in TRF-16 layout, for load tests.

Players are rated 2650 downwards; each round is paired by score groups (strongest first, no rematches, no
player three times in a row with one colour, colour difference at most 2) and decided by the Elo
expectation with a fixed seed, so the same arguments always give the same file. (Should the colour rules
leave no pairing within a few steps, that round pairs without them.) Fields up to about 1000 players.

    python bench/swiss_trf.py --players 150 --rounds 9 [--played 8] > swiss.trf
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, field

BYE = 0


@dataclass
class Player:
    number: int
    rating: int
    score: float = 0.0
    games: list[tuple[int, str, str]] = field(default_factory=list)  # (opponent or BYE, colour, result code)

    def colours(self) -> list[str]:
        return [c for _, c, _ in self.games if c in "wb"]

    def can_play(self, colour: str) -> bool:
        history = self.colours() + [colour]
        if history[-3:] == [colour] * 3:
            return False
        return abs(history.count("w") - history.count("b")) <= 2

    def due(self) -> str:
        history = self.colours()
        if not history:
            return "w" if self.number % 2 else "b"
        if history.count("w") != history.count("b"):
            return "w" if history.count("w") < history.count("b") else "b"
        return "b" if history[-1] == "w" else "w"


def _orientations(a: Player, b: Player, strict: bool) -> list[tuple[Player, Player]]:
    """(white, black) in order of preference: the higher-placed player gets the colour due to him."""
    first = (a, b) if a.due() == "w" else (b, a)
    return [(w, k) for w, k in (first, first[::-1]) if not strict or (w.can_play("w") and k.can_play("b"))]


class _OutOfSteps(Exception):
    pass


def _pair(order: list[Player], played: set[tuple[int, int]], strict: bool,
          steps: list[int]) -> list[tuple[Player, Player]] | None:
    """Pairs for the players in `order` (best first): depth-first, nearest acceptable opponent first."""
    if not order:
        return []
    steps[0] -= 1
    if steps[0] < 0:
        raise _OutOfSteps
    top, rest = order[0], order[1:]
    group = [p for p in rest if p.score == top.score]
    # Prefer opponents from the middle of the score group (top half against bottom half), then downwards.
    start = len(group) // 2
    candidates = group[start:] + group[:start][::-1] + rest[len(group):]
    for other in candidates:
        if (top.number, other.number) in played:
            continue
        colours = _orientations(top, other, strict)
        if not colours:
            continue
        tail = _pair([p for p in rest if p is not other], played, strict, steps)
        if tail is not None:
            return [colours[0], *tail]
    return None


def _pair_round(order: list[Player], played: set[tuple[int, int]]) -> list[tuple[Player, Player]]:
    """With the colour rules if a pairing turns up soon enough, else with no rematches as the only rule."""
    for strict in (True, False):
        try:
            pairs = _pair(order, played, strict, [(20 if strict else 2000) * len(order)])
        except _OutOfSteps:
            continue
        if pairs is not None:
            return pairs
    raise RuntimeError("no pairing found; try another seed")


def _result(rng: random.Random, white: Player, black: Player) -> tuple[str, str]:
    expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
    draw = 0.3 * (1 - abs(2 * expected - 1))
    roll = rng.random()
    if roll < draw:
        return "=", "="
    return ("1", "0") if roll < draw + (1 - draw) * expected else ("0", "1")


_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "U": 1.0}


def play(players: int = 150, rounds: int = 9, seed: int = 2026) -> list[Player]:
    rng = random.Random(seed)
    field_ = [Player(n, 2650 - (n - 1) * 1200 // players - rng.randrange(8)) for n in range(1, players + 1)]
    played: set[tuple[int, int]] = set()
    for _ in range(rounds):
        order = sorted(field_, key=lambda p: (-p.score, -p.rating, p.number))
        if len(order) % 2:
            bye = next(p for p in reversed(order) if all(o != BYE for o, _, _ in p.games))
            bye.games.append((BYE, "-", "U"))
            bye.score += 1
            order.remove(bye)
        for white, black in _pair_round(order, played):
            rw, rb = _result(rng, white, black)
            white.games.append((black.number, "w", rw))
            black.games.append((white.number, "b", rb))
            white.score += _POINTS[rw]
            black.score += _POINTS[rb]
            played |= {(white.number, black.number), (black.number, white.number)}
    return field_


def trf(players: int = 150, rounds: int = 9, played: int | None = None, seed: int = 2026) -> str:
    """The tournament as TRF text; with `played` < `rounds`, only the first `played` rounds are written."""
    shown = rounds if played is None else played
    field_ = play(players, rounds, seed)
    points = {p.number: sum(_POINTS[r] for _, _, r in p.games[:shown]) for p in field_}
    ranking = sorted(field_, key=lambda p: (-points[p.number], -p.rating, p.number))
    rank = {p.number: i for i, p in enumerate(ranking, 1)}
    lines = [
        f"012 Load test Swiss {players}p {rounds}r (seed {seed})", "022 Benchtown", "032 FID",
        "042 2026/06/01", "052 2026/06/09", f"062 {players}", f"072 {players}", "092 Swiss System (Dutch)",
        "102 Arbiter, Ann", f"142 {rounds}",
    ]
    for p in field_:
        blocks = "".join(f"  {opponent:4d} {colour} {result}" if opponent else "  0000 - U"
                         for opponent, colour, result in p.games[:shown])
        name = f"Player {p.number:04d}"
        lines.append(f"001 {p.number:4d} m    {name:<33} {p.rating:4d} FID {100000 + p.number:>11} 2000/01/01"
                     f" {points[p.number]:4.1f} {rank[p.number]:4d}{blocks}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--played", type=int, default=None, help="rounds written (default: all)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    sys.stdout.write(trf(args.players, args.rounds, args.played, args.seed))


if __name__ == "__main__":
    main()
