"""The fast paths of the cut machinery (running sums, the column-wise table, the Buchholz shortcut for
voluntarily unplayed rounds) against the plain C.07 14 / 16.5 algorithm, `unplayed.cut`."""

from __future__ import annotations

import random

from app.engine.tiebreaks.unplayed import Terms, TermsTable, cut, totals_after_cut


def _random_terms(rng: random.Random, n: int, buchholz: bool) -> Terms:
    values = [rng.randint(0, 20) for _ in range(n)]
    order = values if buchholz else [rng.randint(0, 20) for _ in range(n)]
    vur = [rng.random() < 0.2 for _ in range(n)] if rng.random() < 0.5 else [False] * n
    return Terms(values, order, vur)


def test_after_cut_agrees_with_the_plain_algorithm() -> None:
    rng = random.Random(14)
    for _ in range(20000):
        n = rng.randint(0, 12)
        t = _random_terms(rng, n, rng.random() < 0.6)
        low, high = rng.randint(0, 4), rng.randint(0, 4)
        keep = rng.choice([None, None, 7, 3])
        expected = cut(t.values, t.order, t.vur, low, high, keep)
        assert t.after_cut(low, high, keep) == expected.total
        assert t.cut(low, high, keep) == expected


def test_a_table_cuts_every_participant_as_each_would_alone() -> None:
    rng = random.Random(16)
    for _ in range(300):
        usual = rng.randint(0, 11)
        rows = [_random_terms(rng, usual if rng.random() < 0.8 else rng.randint(0, 12), rng.random() < 0.6)
                for _ in range(rng.randint(0, 30))]
        table = TermsTable(rows)
        for low, high in ((1, 0), (2, 0), (1, 1), (2, 2), (0, 3), (5, 5)):
            for keep in (None, 7):
                assert totals_after_cut(table, low, high, keep) == [t.after_cut(low, high, keep) for t in rows]

