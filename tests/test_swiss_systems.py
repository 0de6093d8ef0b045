"""The Swiss-system seam: registry, which system a request or a tournament means, which round is paired."""

from __future__ import annotations

import copy

import pytest
from fastapi.testclient import TestClient

from app.engine.errors import InputError
from app.engine.model import Colour, Result, RoundEntry
from app.engine.pairing import PairingOptions, pair_round, systems
from app.engine.pairing.checker import check_tournament
from app.engine.pairing.generator import generate_tournament
from app.engine.pairing.handling import round_to_pair
from app.formats.trf_reader import read_trf
from app.formats.trf_writer import write_trf
from app.main import app
from tests.conftest import shared_path

client = TestClient(app)


def _event(rounds_played: int = 3, total: int = 5, seed: int = 3):  # type: ignore[no-untyped-def]
    t = generate_tournament(10, total, seed=seed, initial_colour=Colour.WHITE)
    for p in t.players.values():
        p.rounds = p.rounds[:rounds_played]
        p.declared_points = t.points(p)
    t.type_code = None
    t.type_text = None
    return t


# ------------------------------------------------------------------ registry and resolution


def test_registry_lists_each_system_once_with_its_article() -> None:
    ids = systems.system_ids()
    assert ids[0] == "dutch" and len(ids) == len(set(ids))
    for system_id in ids:
        s = systems.get(system_id)
        assert s.id == system_id and s.article.startswith("C.04.") and s.name and s.name_zh and s.edition
        assert systems.get(system_id.upper()) is s
    with pytest.raises(InputError) as err:
        systems.get("monrad")
    assert err.value.issue.code == "unsupported-system" and "dutch (FIDE (Dutch) System, C.04.3)" in str(err.value)


@pytest.mark.parametrize(("code", "text", "expected", "source"), [
    ("FIDE_DUTCH_2026", None, "dutch", "192"),
    ("FIDE_DUTCH_2025_BAKU", None, "dutch", "192"),
    ("fide_dutch", None, "dutch", "192"),
    (None, "Swiss System (Dutch)", "dutch", "092"),
    (None, "FIDE Holländisches System", "dutch", "092"),
])
def test_the_tournament_declares_its_system(code, text, expected, source) -> None:  # type: ignore[no-untyped-def]
    t = _event()
    t.type_code, t.type_text = code, text
    resolved = systems.resolve(t)
    assert (resolved.kind, resolved.system.id if resolved.system else None, resolved.source) == \
        ("swiss", expected, source)
    assert resolved.warnings == ()


@pytest.mark.parametrize(("code", "text", "named"), [
    ("FIDE_DOUBLESWISS", None, "FIDE_DOUBLESWISS"),
    ("FIDE_DUTCH_2017", None, "FIDE_DUTCH_2017"),
    ("CUSTOM_SWISS", "Our club's own rules", "CUSTOM_SWISS"),
    ("SOMETHING_ELSE", None, "SOMETHING_ELSE"),
    (None, "Double Swiss", "Double-Swiss"),
    (None, "Monrad", "Monrad"),
])
def test_a_declared_system_that_cannot_be_paired_is_refused(code, text, named) -> None:  # type: ignore[no-untyped-def]
    t = _event()
    t.type_code, t.type_text = code, text
    with pytest.raises(InputError) as err:
        pair_round(t)
    assert err.value.issue.code == "unsupported-system"
    message = str(err.value)
    assert named in message and "this service can pair: dutch" in message and "berger" in message
    # the request may still choose a system
    assert pair_round(t, options=PairingOptions(system="dutch")).warnings[0].code == "system-overridden"
    # the same through the API: a 422 naming it
    r = client.post("/v1/pairings", json={"trf": write_trf(t)})
    assert r.status_code == 422 and r.json()["code"] == "unsupported-system" and named in r.json()["detail"]


def test_the_assumed_system_is_said_with_a_stable_code() -> None:
    t = _event()
    p = pair_round(t)
    assert p.system == "dutch" and p.system_source == "default"
    assert [w.code for w in p.warnings] == ["system-assumed"]
    t.type_text = "Individual: Swiss-System (Standard)"
    w = pair_round(t).warnings[0]
    assert w.code == "system-assumed" and "Swiss-System (Standard)" in w.message
    t.type_code = "FIDE_DUTCH_2026"
    assert pair_round(t).warnings == []
    body = client.post("/v1/pairings", json={"trf": write_trf(_event())}).json()
    assert body["system"] == "dutch" and [w["code"] for w in body["warnings"]] == ["system-assumed"]


def test_the_json_form_system_and_the_request_choose_it() -> None:
    t = _event()
    t.system = "dutch"
    assert pair_round(t).system_source == "json"
    t.system = "monrad"
    with pytest.raises(InputError):
        pair_round(t)
    t.system = None
    r = client.post("/v1/pairings", json={"trf": write_trf(t), "system": "monrad"})
    assert r.status_code == 422 and r.json()["code"] == "unsupported-system"


def test_a_round_robin_is_paired_from_the_berger_tables_and_a_team_event_is_sent_elsewhere() -> None:
    raw = shared_path("real", "fide-c07-held-exercise-roundrobin_6p_5r.trf").read_bytes()
    t = read_trf(raw).tournament
    t.type_text = "Round Robin"
    for p in t.players.values():
        p.rounds = p.rounds[:2]
    body = client.post("/v1/pairings", json={"trf": write_trf(t)}).json()
    assert body["system"] == "berger" and body["round"] == 3
    team = shared_path("real", "sharly-trf2026-team-test_in-progress_5teams_26p_3r.trf").read_bytes()
    r = client.post("/v1/pairings", files={"file": ("t.trf", team)})
    assert r.status_code == 422 and r.json()["code"] == "team-tournament" and "/v1/team-pairings" in r.json()["detail"]


# ------------------------------------------------------------------ which round


def test_the_next_round_follows_the_last_paired_one() -> None:
    t = _event(3)
    assert round_to_pair(t, None).round == 4
    assert pair_round(t).round == 4
    for bad in (6, 999):
        with pytest.raises(InputError) as err:
            pair_round(t, bad)
        assert err.value.issue.code == "round-out-of-sequence" and "round 4" in str(err.value)
    r = client.post("/v1/pairings", json={"trf": write_trf(t), "round": 999})
    assert r.status_code == 422 and r.json()["code"] == "round-out-of-sequence"


def test_a_round_paired_but_not_played_is_reported_not_paired_again_under_the_next_number() -> None:
    t = _event(3)
    paired = pair_round(t)
    from app.engine.pairing import apply_pairing

    pending = apply_pairing(t, paired)  # round 4 paired, no results
    for request in (None, 5):
        with pytest.raises(InputError) as err:
            pair_round(pending, request)
        assert err.value.issue.code == "round-already-paired" and "round 4" in str(err.value)
    # asked for explicitly, the unplayed round is paired again from rounds 1-3, and the answer says so
    again = pair_round(pending, 4)
    assert again.round == 4 and again.as_pairs() == paired.as_pairs()
    assert "round-already-paired" in [w.code for w in again.warnings]
    # a round with results is never paired again
    with pytest.raises(InputError) as err:
        pair_round(pending, 3)
    assert err.value.issue.code == "round-already-paired"
    # half played: still reported
    half = copy.deepcopy(pending)
    board = paired.pairs[0]
    half.players[board.white].rounds[3] = RoundEntry(board.black, Colour.WHITE, Result.WIN)
    half.players[board.black].rounds[3] = RoundEntry(board.white, Colour.BLACK, Result.LOSS)
    with pytest.raises(InputError) as err:
        pair_round(half)
    assert err.value.issue.code == "round-already-paired"


def test_the_real_file_in_progress_is_reported() -> None:
    raw = shared_path("real", "bilkent-club-swiss-2024_in-progress_21p_6r.trf").read_bytes()
    r = client.post("/v1/pairings", files={"file": ("b.trf", raw)})
    assert r.status_code == 422 and r.json()["code"] == "round-already-paired"
    assert "round 2" in r.json()["detail"]
    again = client.post("/v1/pairings", files={"file": ("b.trf", raw)}, data={"round": "2"})
    assert again.status_code == 200 and again.json()["round"] == 2
    assert "round-already-paired" in [w["code"] for w in again.json()["warnings"]]


# ------------------------------------------------------------------ checker and generator take the system


def test_checker_and_generator_take_the_system() -> None:
    t = generate_tournament(12, 5, seed=9, system="dutch")
    assert t.type_code == "FIDE_DUTCH_2026"
    assert check_tournament(t, PairingOptions(system="dutch")) == []
    with pytest.raises(InputError):
        check_tournament(t, PairingOptions(system="monrad"))
    body = client.post("/v1/pairings/check", json={"trf": write_trf(t), "system": "dutch"}).json()
    assert body["system"] == "dutch" and body["discrepancies"] == []


# ------------------------------------------------------------------ acceleration with every system


@pytest.mark.parametrize("system_id", ["dutch", "burstein", "dubov", "lim"])
def test_baku_acceleration_applies_to_every_system(system_id: str) -> None:
    """C.04.7: "applicable to any Swiss Pairing System"; the 192 code's _BAKU suffix (or the option) turns it on,
    and the scoregroups use the pairing score (score + virtual points, 1.5)."""
    t = generate_tournament(16, 9, seed=4, system=system_id)
    for p in t.players.values():
        p.rounds = p.rounds[:1]
        p.declared_points = t.points(p)
    r = 2
    system = systems.get(system_id)
    if system.codes:
        t.type_code = system.codes[0] + "_BAKU"
        p = pair_round(t, r)
    else:  # no 192 code for Lim: the option
        p = pair_round(t, r, PairingOptions(system="lim", acceleration="baku"))
    assert p.system == system_id and p.acceleration == "baku"
    # group A = the first 2 * ceil(16 / 4) = 8 players get a win's points in round 2 (C.04.7 1.4)
    for b in p.pairs:
        e = b.explanation
        for sn, score, pairing in ((b.white, e.white_score, e.white_pairing_score),
                                   (b.black, e.black_score, e.black_pairing_score)):
            assert pairing - score == (1 if sn <= 8 else 0)


def test_pairing_systems_catalogue_lists_every_system_the_operations_accept() -> None:
    body = client.get("/v1/pairing-systems").json()
    assert body["default"] == "dutch"
    players = [e["id"] for e in body["systems"] if e["competitors"] == "players"]
    assert players == [*systems.system_ids(), "berger"] and {"dutch", "dubov", "burstein", "lim"} <= set(players)
    assert [e["id"] for e in body["systems"] if e["competitors"] == "teams"] == ["team-swiss", "team-berger"]
    dubov = next(e for e in body["systems"] if e["id"] == "dubov")
    assert (dubov["name_en"], dubov["name_zh"], dubov["article"], dubov["kind"]) == \
        ("Dubov System", "杜波夫制", "C.04.4.1", "swiss")
    t = _event()
    for entry in body["systems"]:  # each id is a `system` its operation pairs with
        if entry["competitors"] == "players":
            r = client.post("/v1/pairings", json={"trf": write_trf(t), "system": entry["id"]})
            assert r.status_code == 200 and r.json()["system"] == entry["id"], r.text
