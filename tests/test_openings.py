"""Designated openings (seed 004, 常用指定开局表): the table as data and the draw by lot."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from app.engine.errors import InputError
from app.engine.openings import SEED_TABLE_FILE, draw_openings, seed_table, table_from_dict, table_from_list
from app.main import app
from tests.conftest import SHARED, require_shared
from tests.support.seed_openings import parse_seed_table, seed_text

client = TestClient(app)


def test_the_data_file_is_the_seed_table() -> None:
    require_shared()
    parsed = parse_seed_table(seed_text(SHARED))
    data = json.loads(SEED_TABLE_FILE.read_text(encoding="utf-8"))
    assert data["columns"] == parsed["columns"] == ["I", "II", "III", "IV"]
    assert data["rows"] == parsed["rows"]
    assert data["notes"] == parsed["notes"]
    assert data["name"] == "表一：男子、女子共用开局"


def test_rows_as_printed_in_the_seed() -> None:
    rows = {r["number"]: r["openings"] for r in seed_table().to_dict()["rows"]}  # type: ignore[index, union-attr]
    assert sorted(rows) == list(range(1, 26))
    # row 1 of the seed: "1ab4 ba5 ba3 cb6 gh4 fe5cb4 fg5 ed4 ef61ed4 fe5 df6 eg5 ab4 bc5gf4 fe5 cd4 ec31"
    assert rows[1] == {"I": "ab4 ba5 ba3 cb6 gh4 fe5", "II": "cb4 fg5 ed4 ef6",
                       "III": "ed4 fe5 df6 eg5 ab4 bc5", "IV": "gf4 fe5 cd4 ec3"}
    # row 8: two cells of four moves, two of six; row numbers of two digits from row 10 on
    assert rows[8] == {"I": "ab4 ba5 gh4 hg5", "II": "cd4 ba5 ef4 ab6 fe3 ba7",
                       "III": "ed4 fg5 fe3 gf6", "IV": "gh4 fe5 cd4 ec3 bd4 bc5"}
    assert rows[24]["IV"] == "ab4 hg5 ba5 gh4 cd4 fe5"
    # the seed text stops in row 25, column III: columns III and IV are not invented
    assert rows[25] == {"I": "cb4 bc5 dc3 ab6 ef4 fg5", "II": "cd4 hg5 gf4 gh4 fg5 fe5", "III": None, "IV": None}
    assert len(seed_table().openings) == 24 * 4 + 2
    assert "row 25" in seed_table().notes[0]


def test_one_opening_per_round_without_repetition_and_reproducible() -> None:
    first = draw_openings(seed_table(), count=7, seed=2013)
    again = draw_openings(seed_table(), count=7, seed=2013)
    assert first == again
    ids = [o.id for _, o in first.draws]
    assert ids == ["III-14", "III-2", "IV-13", "IV-11", "I-25", "II-13", "II-19"]  # pinned: same seed, same draw
    assert [label for label, _ in first.draws] == [1, 2, 3, 4, 5, 6, 7]
    assert len(set(ids)) == 7
    d = first.to_dict()
    assert d["pool"] == 98 and d["remaining"] == 91 and d["seed"] == 2013
    assert d["draws"][0] == {"round": 1, "opening": {"id": "III-14", "column": "III", "row": 14,  # type: ignore[index]
                                                     "moves": "ef4 ba5 fe3 ab6 gf2 fg5"}}
    assert draw_openings(seed_table(), count=7, seed=2014) != first


def test_whole_table_drawn_uses_every_opening_once() -> None:
    d = draw_openings(seed_table(), count=98, seed=1)
    assert sorted(o.id for _, o in d.draws) == sorted(o.id for o in seed_table().openings)
    with pytest.raises(InputError) as err:
        draw_openings(seed_table(), count=99, seed=1)
    assert "only 98" in err.value.issue.message


def test_per_match_with_columns_and_exclusions() -> None:
    d = draw_openings(seed_table(), per="match", labels=["H1", "H2"], seed=5, columns=["I"])
    assert [(label, o.id) for label, o in d.draws] == [("H1", "I-20"), ("H2", "I-9")]
    assert d.pool == 25 and d.to_dict()["draws"][0]["match"] == "H1"  # type: ignore[index]
    later = draw_openings(seed_table(), per="match", labels=["Q1"], seed=5, columns=["I"], exclude=["I-20", "I-9"])
    assert later.pool == 23 and later.draws[0][1].id not in ("I-20", "I-9")


def test_a_custom_table() -> None:
    table = table_from_list(["1.e4 e5", "1.d4 d5", "1.c4 e5"])
    d = draw_openings(table, count=3, seed=0)
    assert sorted(o.moves for _, o in d.draws) == ["1.c4 e5", "1.d4 d5", "1.e4 e5"]
    assert {o.id for _, o in d.draws} == {"1-1", "1-2", "1-3"}
    grid = table_from_dict({"columns": ["A", "B"], "rows": [{"number": 3, "openings": {"A": "x", "B": None}}]})
    assert [o.id for o in grid.openings] == ["A-3"]


@pytest.mark.parametrize("kwargs, field", [
    ({}, "count"), ({"count": 2, "labels": [1]}, "count"), ({"labels": [1, 1]}, "labels"),
    ({"count": 1, "columns": ["V"]}, "columns"), ({"count": 1, "exclude": ["V-1"]}, "exclude"),
    ({"count": 1, "per": "game"}, "per"),
])
def test_bad_draws(kwargs: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as err:
        draw_openings(seed_table(), **kwargs)  # type: ignore[arg-type]
    assert err.value.issue.field == field


@pytest.mark.parametrize("table, field", [
    ({"columns": [], "rows": []}, "table.columns"),
    ({"columns": ["A"], "rows": [{"number": 1, "openings": {"B": "x"}}]}, "table.rows[0].openings"),
    ({"columns": ["A"], "rows": [{"number": 1, "openings": {"A": "x"}}, {"number": 1, "openings": {}}]},
     "table.rows[1].number"),
    ({"columns": ["A"], "rows": [{"number": 1, "openings": {"A": "x\ny"}}]}, "table.rows[0].openings.A"),
    ({"columns": ["A"], "rows": [{"number": 1, "openings": {"A": None}}]}, "table"),
])
def test_bad_tables(table: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as err:
        table_from_dict(table)
    assert err.value.issue.field == field


def test_api_lists_the_table_and_draws() -> None:
    listed = client.get("/v1/openings").json()["tables"][0]
    assert listed["id"] == "seed-004-table-1" and len(listed["rows"]) == 25
    assert listed["rows"][0]["openings"]["I"] == "ab4 ba5 ba3 cb6 gh4 fe5"
    r = client.post("/v1/openings/draw", json={"count": 7, "seed": 2013})
    assert r.status_code == 200, r.text
    body = r.json()
    assert [d["opening"]["id"] for d in body["draws"]] == ["III-14", "III-2", "IV-13", "IV-11", "I-25", "II-13",
                                                            "II-19"]
    assert body["draws"][0]["round"] == 1 and "match" not in body["draws"][0]
    assert body["table"]["name"] == "表一：男子、女子共用开局"
    own = client.post("/v1/openings/draw", json={"per": "match", "labels": ["H1", "H2"], "seed": 3,
                                                 "table": ["1.e4", "1.d4"]}).json()
    assert sorted(d["opening"]["moves"] for d in own["draws"]) == ["1.d4", "1.e4"]
    unseeded = client.post("/v1/openings/draw", json={"count": 2}).json()
    replay = client.post("/v1/openings/draw", json={"count": 2, "seed": unseeded["seed"]}).json()
    assert replay["draws"] == unseeded["draws"]


def test_api_problems_name_the_field() -> None:
    r = client.post("/v1/openings/draw", json={"count": 200, "seed": 1})
    assert r.status_code == 422 and r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["field"] == "count"
    r = client.post("/v1/openings/draw", json={"count": 1, "table": {"columns": ["A"], "rows": [
        {"number": 1, "openings": {"B": "x"}}]}})
    assert r.status_code == 422 and r.json()["field"] == "table.rows[0].openings"
