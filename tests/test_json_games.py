"""The JSON form a site writes from its database: rounds as games and byes, players named by their own ids."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.engine.errors import InputError
from app.engine.model import GAME_RESULTS, UNRATED, Colour, Result, Tournament
from app.formats.json_form import tournament_to_dict
from app.formats.json_schema import BYES_BY_NAME
from app.formats.loader import load_tournament, load_tournament_json
from app.main import app
from tests.conftest import DATA, SHARED, sampled

client = TestClient(app)
EXAMPLE = (DATA / "example7.trf").read_text()
SHARED_TRF = sorted(p for p in SHARED.rglob("*") if p.suffix in (".trf", ".trfx"))
_GAME_OF = {pair: text for text, pair in GAME_RESULTS.items() if text not in ("½-½", "0.5-0.5")}
_GAME_OF.update({(UNRATED.get(w, w), UNRATED.get(b, b)): text + "u" for (w, b), text in list(_GAME_OF.items())})
_BYE_OF = {r: r.name.lower() for r in BYES_BY_NAME.values()}


class NotAsGames(Exception):
    pass


def games_form(t: Tournament) -> dict[str, Any]:
    """The tournament's JSON form with its rounds as games and byes (players' own rounds left out)."""
    form = json.loads(json.dumps(tournament_to_dict(t)))
    rounds: list[dict[str, Any]] = []
    for r in range(1, t.recorded_rounds + 1):
        games, byes = [], []
        for sn, p in t.players.items():
            e = p.entry(r)
            if e.opponent is None:
                if e.result in _BYE_OF:
                    byes.append({"player": f"id-{sn}", "type": _BYE_OF[e.result]})
                elif e.result is not Result.NOT_PAIRED:
                    raise NotAsGames(f"round {r}: {e.result!r} without an opponent")
                continue
            other = t.players[e.opponent].entry(r)
            if e.colour is not Colour.WHITE or other.opponent != sn or other.colour is not Colour.BLACK:
                if e.colour is None or other.colour is not e.colour.opposite or other.opponent != sn:
                    raise NotAsGames(f"round {r}: player {sn}'s entry is not one side of a game")
                continue
            text = _GAME_OF.get((e.result, other.result))
            if text is None:
                raise NotAsGames(f"round {r}: results {e.result!r}/{other.result!r} are not one game's")
            games.append({"white": sn if r % 2 else f"id-{sn}", "black": f"id-{e.opponent}",
                          "result": text.removesuffix("u"), "unrated": text.endswith("u")})
        rounds.append({"round": r, "games": games, "byes": byes})
    for p in form["players"]:
        p["id"] = f"id-{p['start_number']}"
        p["rounds"] = []
    form["rounds"] = rounds
    return form


@pytest.mark.parametrize("path", sampled(SHARED_TRF[::3], every=5, ids=lambda p: p.name))
def test_rounds_as_games_give_the_same_tournament(path: Path) -> None:
    t = load_tournament(path.read_bytes()).tournament
    try:
        form = games_form(t)
    except NotAsGames as why:
        pytest.skip(str(why))
    loaded = load_tournament_json(form).tournament
    for p in loaded.players.values():
        assert p.id == f"id-{p.start_number}"
        p.id = None
    assert loaded == t


@pytest.mark.slow
def test_most_shared_files_can_be_written_as_games() -> None:
    written = 0
    for path in SHARED_TRF:
        try:
            games_form(load_tournament(path.read_bytes()).tournament)
            written += 1
        except (NotAsGames, InputError):
            pass
    assert written >= len(SHARED_TRF) // 2


SITE_FORM: dict[str, Any] = {
    "name": "Club Championship",
    "players": [{"id": "u-17", "name": "Ann", "rating": 1800, "fide_id": 12345678},
                {"id": "u-4", "name": "Ben", "rating": 1750}, {"id": "u-9", "name": "Cy"}],
    "rounds": [{"games": [{"white": "u-17", "black": "u-4", "result": "1-0"}], "byes": [{"player": "u-9"}]},
               {"games": [{"white": "u-9", "black": "u-17", "result": "1/2-1/2"}], "byes": [
                   {"player": "u-4", "type": "H"}]}],
}


def test_a_site_form_numbers_the_players_in_order_and_keeps_their_ids() -> None:
    loaded = load_tournament_json(SITE_FORM)
    t = loaded.tournament
    assert [(p.start_number, p.id, p.fide_id) for p in t.players.values()] == [
        (1, "u-17", "12345678"), (2, "u-4", None), (3, "u-9", None)]
    assert [(e.opponent, e.colour, e.result) for e in t.players[1].rounds] == [
        (2, Colour.WHITE, Result.WIN), (3, Colour.BLACK, Result.DRAW)]
    assert [(e.opponent, e.result) for e in t.players[3].rounds] == [(None, Result.PAIRING_ALLOCATED_BYE),
                                                                      (1, Result.DRAW)]
    assert t.players[2].rounds[1].result is Result.HALF_POINT_BYE
    assert loaded.warnings == []
    back = tournament_to_dict(t)
    assert [p["id"] for p in back["players"]] == ["u-17", "u-4", "u-9"]
    assert load_tournament_json(back).tournament == t


def test_an_entry_given_both_ways_must_agree() -> None:
    same = json.loads(json.dumps(SITE_FORM))
    same["players"][0]["rounds"] = [{"opponent": 2, "colour": "w", "result": "win"}]
    assert load_tournament_json(same).tournament == load_tournament_json(SITE_FORM).tournament
    other = json.loads(json.dumps(SITE_FORM))
    other["players"][0]["rounds"] = [{"opponent": 2, "colour": "w", "result": "loss"}]
    with pytest.raises(InputError) as exc:
        load_tournament_json(other)
    assert (exc.value.issue.code, exc.value.issue.field) == ("conflicting-entries", "tournament.rounds[0].games[0]")
    assert "tournament.players[0].rounds[0]" in exc.value.issue.message


@pytest.mark.parametrize(("change", "code", "field"), [
    (lambda f: f["rounds"][0]["games"].append({"white": "u-9", "black": "u-4", "result": "0-1"}),
     "conflicting-entries", "tournament.rounds[0].games[1]"),
    (lambda f: f["rounds"][1]["byes"].append({"player": "u-17"}), "conflicting-entries",
     "tournament.rounds[1].byes[1]"),
    (lambda f: f["rounds"][0]["games"][0].update(black="nobody"), "unknown-participant",
     "tournament.rounds[0].games[0].black"),
    (lambda f: f["rounds"][0]["games"][0].update(black=17), "unknown-participant",
     "tournament.rounds[0].games[0].black"),
    (lambda f: f["rounds"][0]["games"][0].update(black="u-17"), "self-pairing", "tournament.rounds[0].games[0]"),
    (lambda f: f["players"][2].update(id="u-17"), "duplicate-participant-id", "tournament.players[2].id"),
    (lambda f: f["players"][2].update(start_number=3), "missing-start-number", "tournament.players[0].start_number"),
    (lambda f: f["rounds"][0]["games"][0].update(result="2-0"), "invalid-request",
     "tournament.rounds[0].games[0].result"),
    (lambda f: f["players"][0].update(id="x" * 65), "invalid-request", "tournament.players[0].id"),
])
def test_conflicts_and_unknown_players_are_errors_naming_the_field(change: Any, code: str, field: str) -> None:
    form = json.loads(json.dumps(SITE_FORM))
    change(form)
    with pytest.raises(InputError) as exc:
        load_tournament_json(form)
    assert (exc.value.issue.code, exc.value.issue.field) == (code, field)


def test_unrated_and_unplayed_games() -> None:
    form = {"players": [{"name": "A"}, {"name": "B"}],
            "rounds": [{"games": [{"white": 1, "black": 2, "result": "0-1", "unrated": True}]},
                       {"games": [{"white": 2, "black": 1}]}]}
    loaded = load_tournament_json(form)
    t = loaded.tournament
    assert [e.result for e in t.players[1].rounds] == [Result.LOSS_UNRATED, Result.NOT_PAIRED]
    assert [e.result for e in t.players[2].rounds] == [Result.WIN_UNRATED, Result.NOT_PAIRED]
    assert [(w.code, w.field) for w in loaded.warnings] == [
        ("pairing-without-result", "tournament.rounds[1].games[0]")] * 2


# ---------------------------------------------------------------- through the API


def test_a_bare_tournament_is_refused_with_a_pointer() -> None:
    r = client.post("/v1/standings", json=SITE_FORM)
    assert r.status_code == 422
    assert r.json()["code"] == "bare-tournament" and '{"tournament": {...}}' in r.json()["detail"]
    r = client.post("/v1/standings", json={"tournament": SITE_FORM})
    assert r.status_code == 200, r.text
    points = {e["name"]: e["points"] for e in r.json()["standings"]}
    assert points == {"Ann": 1.5, "Cy": 1.5, "Ben": 0.5}  # win + draw; PAB + draw; loss + half-point bye


def test_the_answer_of_convert_can_be_posted_back_as_it_is() -> None:
    answer = client.post("/v1/convert", content=EXAMPLE, headers={"content-type": "text/plain"}).json()
    assert set(answer) == {"tournament", "warnings", "encoding"}
    back = client.post("/v1/convert", json=answer)
    assert back.status_code == 200 and back.text == client.post("/v1/convert", json={
        "tournament": answer["tournament"]}).text
    assert client.post("/v1/standings", json=answer).status_code == 200
    bad = client.post("/v1/convert", content=b"012 Open\n001    1      A\n001    1      B\n",
                      headers={"content-type": "text/plain"})
    assert bad.status_code == 422


def test_a_withdrawal_survives_the_trf_as_zero_point_byes() -> None:
    """`withdrawn_after_round` has no TRF field: the writer puts 240 Z records for the rounds still to pair,
    so the file read back pairs the next round without the player, as the JSON form does."""
    from app.engine.pairing import pair_round
    from app.formats.trf_writer import write_trf

    t = load_tournament(EXAMPLE).tournament
    last = max(t.players)
    form = json.loads(json.dumps(tournament_to_dict(t)))
    form["total_rounds"] = t.rounds_played + 2
    for p in form["players"]:
        if p["start_number"] == last:
            p["withdrawn_after_round"] = t.rounds_played
    from_json = load_tournament_json(form).tournament
    text = write_trf(from_json)
    rounds = [t.rounds_played + 1, t.rounds_played + 2]
    assert [line for line in text.splitlines() if line.startswith("240 ")] == [
        f"240 Z {r:3d} {last:4d}" for r in rounds]
    again = load_tournament(text).tournament
    for source in (from_json, again):
        pairing = pair_round(source)
        paired = {sn for b in pairing.pairs for sn in (b.white, b.black)}
        assert last not in paired
        absent = [b for b in pairing.byes if b.id == last]
        assert len(absent) == 1 and absent[0].points == 0 and absent[0].type != "pairing_allocated_bye"
        assert paired | {b.id for b in pairing.byes} == set(t.players)
