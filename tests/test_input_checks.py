"""What the input declares is honoured: a team tournament is not paired as individuals, and a participant
that stands for the byes is pointed out in standings and pairings."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.engine.model import Player
from app.engine.validation import looks_like_bye_placeholder
from app.formats.loader import load_tournament
from app.main import app
from tests.conftest import DATA, shared_path

client = TestClient(app)
TEAM_FILE = shared_path("real", "sharly-trf2026-team-test_in-progress_5teams_26p_3r.trf").read_bytes()
EXAMPLE = (DATA / "example7.trf").read_text()
DUMMY_LINE = "001    8      {name:<33}                                  0.0    8"


@pytest.mark.parametrize("path", ["/v1/pairings", "/v1/pairings/check"])
def test_a_team_tournament_is_refused_by_the_individual_pairings(path: str) -> None:
    r = client.post(path, content=TEAM_FILE, headers={"content-type": "text/plain"})
    assert r.status_code == 422, r.text
    problem = r.json()
    assert problem["code"] == "team-tournament" and "/v1/team-pairings" in problem["detail"]
    assert "5 teams" in problem["detail"]
    # the team operation takes it as the team event it is: its round 2 is paired without results, so the team
    # Swiss asks for them before pairing round 3 (as the individual pairing does), or pairs round 2 again
    team = client.post("/v1/team-pairings", content=TEAM_FILE, headers={"content-type": "text/plain"})
    assert team.status_code == 422 and team.json()["code"] == "round-already-paired", team.text
    again = client.post("/v1/team-pairings", files={"file": ("t.trf", TEAM_FILE)}, data={"round": "2"})
    assert again.status_code == 200 and again.json()["system"] == "team-swiss"


def _with_dummy(name: str, rating: str = "    ") -> str:
    line = DUMMY_LINE.format(name=name)
    return EXAMPLE.rstrip("\n") + "\n" + line[:48] + rating + line[52:] + "\n"


@pytest.mark.parametrize("name", ["spielfrei", "BYE", "Bye", "bye.", "pauze", "Freilos", "free", "轮空", "PAB"])
def test_a_placeholder_for_byes_gets_a_warning(name: str) -> None:
    loaded = load_tournament(_with_dummy(name))
    [w] = [w for w in loaded.warnings if w.code == "bye-placeholder"]
    assert w.line == 21 and w.column == 15 and "player 8" in w.message and name in w.message


def test_a_placeholder_is_named_in_standings_and_pairings() -> None:
    text = _with_dummy("spielfrei")
    for path in ("/v1/standings", "/v1/pairings"):
        r = client.post(path, content=text, headers={"content-type": "text/plain"},
                        params={"total_rounds": 5} if path == "/v1/pairings" else {})
        assert r.status_code == 200, r.text
        assert [w["code"] for w in r.json()["warnings"]].count("bye-placeholder") == 1, path
    form = {"tournament": {"players": [{"name": "Ann", "rating": 1800}, {"name": "BYE"}]}}
    r = client.post("/v1/standings", json=form)
    warning = next(w for w in r.json()["warnings"] if w["code"] == "bye-placeholder")
    assert warning["field"] == "tournament.players[1].name"


@pytest.mark.parametrize(("name", "rating", "expected"), [
    ("Bye", None, True), ("Bye", 1500, False), ("Byers, Tom", None, False), ("Freiburg", None, False),
    ("  spielfrei ", None, True), ("Rest", None, True), ("Frei, Anna", None, False),
])
def test_only_unrated_placeholder_names_are_placeholders(name: str, rating: int | None, expected: bool) -> None:
    assert looks_like_bye_placeholder(Player(1, name=name, rating=rating)) is expected
