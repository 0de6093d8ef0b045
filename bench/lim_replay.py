"""Replays generated Lim tournaments (C.04.4.3) and counts what the rules did: rounds, floaters by the article
that sent them on (2.3.1-2.3.4, 4.4 left without an opponent, 2.6 cracking), cracked pairings, and any round breaking an
absolute rule (a rematch, the colour limits of 2.1 outside the last round, a player left out). CPU time is
printed with the counts; the checks themselves are in tests/test_lim.py.

    python -m bench.lim_replay --tournaments 600
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from app.engine.errors import UnpairableError
from app.engine.model import Colour
from app.engine.pairing import PairingOptions, pair_round
from app.engine.pairing.api import prepare_round
from app.engine.pairing.generator import generate_tournament
from app.engine.pairing.handling import tournament_before_round
from app.engine.pairing.systems import lim

LIM = PairingOptions(system="lim")


def replay(tournaments: int, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    reasons: Counter[str] = Counter()
    rounds = pairable = cracked_rounds = cracked = broken = 0
    start = time.process_time()
    for k in range(tournaments):
        n = rng.randint(4, 30)
        total = min(rng.randint(2, 11), n - 1)
        draw, forfeit, bye = rng.choice([0.0, 0.3, 0.6]), rng.choice([0.0, 0.05, 0.2]), rng.choice([0.0, 0.05, 0.2])
        try:
            t = generate_tournament(n, total, draw_rate=draw, forfeit_rate=forfeit, bye_rate=bye, seed=seed + k,
                                    system="lim")
        except UnpairableError:
            continue
        pairable += 1
        for r in range(1, t.rounds_played + 1):
            before = tournament_before_round(t, r)
            state = prepare_round(before, r, LIM).state
            got = pair_round(before, r, LIM)
            rounds += 1
            seen = {got.pab} if got.pab is not None else set()
            for b in got.pairs:
                w, k_ = state.by_id[b.white], state.by_id[b.black]
                limits = r == total or (lim.can_take(w, Colour.WHITE) and lim.can_take(k_, Colour.BLACK))
                if k_.id in w.opponents or not limits:
                    broken += 1
                seen |= {w.id, k_.id}
            if seen != set(state.by_id):
                broken += 1
            groups = [g for g in got.brackets if isinstance(g, lim.LimGroup)]
            for g in groups:
                reasons.update(rule for rule, _ in g.arrived.values())
            c = sum(g.cracked for g in groups)
            cracked += c
            cracked_rounds += int(c > 0)
    return {"tournaments": tournaments, "pairable": pairable, "rounds": rounds, "broken rounds": broken,
            "floaters by rule": dict(sorted(reasons.items())), "rounds with cracking": cracked_rounds,
            "cracked pairings": cracked, "cpu seconds": round(time.process_time() - start, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=600)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for key, value in replay(args.tournaments, args.seed).items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
