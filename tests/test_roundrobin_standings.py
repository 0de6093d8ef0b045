"""A generated 16-player round robin through the standings: the tie-break engine's round-robin rules.

No Buchholz by default for round robins (C.07 2026 note); SB (9.1) and Koya (9.2) values equal to an
independent computation from the crosstable.
"""

from __future__ import annotations

import random
from fractions import Fraction

from fastapi.testclient import TestClient

from app.engine.model import Colour, Player, Result, RoundEntry, Tournament
from app.engine.roundrobin import round_robin_schedule
from app.formats.trf_writer import write_trf
from app.main import app

client = TestClient(app)
RESULTS = [(Result.WIN, Result.LOSS), (Result.DRAW, Result.DRAW), (Result.LOSS, Result.WIN)]


def _round_robin(n: int = 16, seed: int = 16) -> tuple[Tournament, dict[int, dict[int, Fraction]]]:
    rng = random.Random(seed)
    t = Tournament(name="Generated round robin", type_text="Round Robin", type_code="FIDE_ROUNDROBIN",
                   start_date="2026/06/01", total_rounds=n - 1)
    for sn in range(1, n + 1):
        t.players[sn] = Player(start_number=sn, name=f"Player {sn}", rating=2400 - 10 * sn)
    scored: dict[int, dict[int, Fraction]] = {sn: {} for sn in t.players}
    for rnd in round_robin_schedule(n).rounds:
        for b in rnd.pairings:
            white, black = int(b.white), int(b.black)
            rw, rb = rng.choices(RESULTS, weights=[4, 3, 3])[0]
            t.players[white].rounds.append(RoundEntry(black, Colour.WHITE, rw))
            t.players[black].rounds.append(RoundEntry(white, Colour.BLACK, rb))
            scored[white][black] = rw.game_score or Fraction(0)
            scored[black][white] = rb.game_score or Fraction(0)
    return t, scored


def test_default_order_for_a_round_robin_has_no_buchholz() -> None:
    t, _ = _round_robin()
    body = client.post("/v1/standings", json={"trf": write_trf(t)}).json()
    assert body["system"] == "round-robin" and body["list_source"].startswith("preset:")
    assert not any(code.split("/")[0] in ("BH", "FB", "AOB") for code in body["tiebreaks"])
    assert "SB" in body["tiebreaks"]


def test_sonneborn_berger_and_koya_equal_an_independent_computation() -> None:
    t, scored = _round_robin()
    totals = {sn: sum(row.values(), Fraction(0)) for sn, row in scored.items()}
    limit = Fraction(15, 2)  # 50 % of the maximum, 15 games of 1 point
    expected_sb = {sn: sum(totals[o] * r for o, r in row.items()) for sn, row in scored.items()}
    expected_ks = {sn: sum(r for o, r in row.items() if totals[o] >= limit) for sn, row in scored.items()}
    body = client.post("/v1/standings", json={"trf": write_trf(t), "tiebreaks": ["SB", "KS"]}).json()
    assert len(body["standings"]) == 16
    for e in body["standings"]:
        sb, ks = (tb["value"] for tb in e["tiebreaks"])
        assert e["points"] == totals[e["id"]]
        assert Fraction(str(sb)) == expected_sb[e["id"]]
        assert Fraction(str(ks)) == expected_ks[e["id"]]
    ranked = [(e["points"], e["tiebreaks"][0]["value"]) for e in body["standings"]]
    assert ranked == sorted(ranked, reverse=True)
