"""Chess-JSON (JCH): our writer against the TEC reference's converter, our reader on its files, and
every shared TRF through TRF -> JCH -> model.

tests/data/jch/ holds outputs of the reference converter (TieBreakServer 1.9.57, `convert.py -i FILE`),
re-serialised without indentation; docs/chess-json.md says how they were made and which differences
the tests below allow, and why.
"""

from __future__ import annotations

import copy
import gzip
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from app.engine.errors import InputError, UnpairableError
from app.engine.model import Colour, Player, Result, RoundEntry, Tournament
from app.engine.pairing.generator import generate_tournament
from app.engine.tiebreaks import compute_standings
from app.formats.chess_json import is_chess_json, read_chess_json, write_chess_json
from app.formats.json_form import tournament_to_dict
from app.formats.trf_reader import read_trf
from tests.conftest import DATA, SHARED, examples, require_shared, sampled

SHARED_TRF = sorted(p for p in SHARED.rglob("*") if p.suffix in (".trf", ".trfx"))
JCH = DATA / "jch"

# fixture -> (its TRF in ../shared, the fields where our output differs from the reference's, see
# docs/chess-json.md "Where our output differs from the reference's")
NAME_SPACES = {".event.eventInfo.fullName", ".event.tournaments[].tournamentInfo.fullName"}
NATIONAL_NAMES = {".event.profiles[].lastName", ".event.profiles[].lfirstName"}
SEX = {".event.profiles[].sex"}
EMPTY_132 = {".event.tournaments[].rounds"}
FIXTURES: dict[str, tuple[str, set[str]]] = {
    "fide-c07-held-exercise-swiss_16p_5r.jch": ("real/fide-c07-held-exercise-swiss_16p_5r.trf", set()),
    "fide-c07-held-exercise-roundrobin_6p_5r.jch": ("real/fide-c07-held-exercise-roundrobin_6p_5r.trf", set()),
    "kilkenny-masters-2011_34p_6r.jch": (
        "real/kilkenny-masters-2011_34p_6r.trf",
        SEX | {".event.tournaments[].gameList[].played", ".event.tournaments[].gameList[].rated"}),
    "lichess-swiss-mai-5plus0-2020_13p_10r.jch": ("real/lichess-swiss-mai-5plus0-2020_13p_10r.trf",
                                                  EMPTY_132 | {".event.tournaments[].topColor"}),
    "karl-mala-gedenkturnier-2005_284p_7r.jch.gz": (
        "real/karl-mala-gedenkturnier-2005_284p_7r.trf",
        SEX | EMPTY_132 | {".event.eventInfo.federation", ".event.tournaments[].tournamentInfo.federation"}),
    "fide-trf2026-example-grandmommys-cup_team_50teams_249p_14r.jch.gz": (
        "real/fide-trf2026-example-grandmommys-cup_team_50teams_249p_14r.trf",
        NAME_SPACES | NATIONAL_NAMES | {".event.tournaments[].timeControl.description",
                                        ".event.tournaments[].timeControl.encoded"}),
    "anonymized-swiss-many-unplayed-rounds-2026_15p_7r.jch": (
        "real/anonymized-swiss-many-unplayed-rounds-2026_15p_7r.trf",
        NAME_SPACES | SEX | EMPTY_132 | {".event.eventInfo.site", ".event.tournaments[].tournamentInfo.site"}),
    "vega-sample-tournament-2023_6p_5r.jch": (
        "real/vega-sample-tournament-2023_6p_5r.trfx",
        {".event.eventInfo.startDate", ".event.eventInfo.endDate", ".event.tournaments[].tournamentInfo.startDate",
         ".event.tournaments[].tournamentInfo.endDate"}),
    "p-swiss-033.jch": ("conformance/tiebreaks/p-swiss-033.trf", SEX),
    "p-rr-001.jch": ("conformance/tiebreaks/p-rr-001.trf", SEX),
    "p-drr-001.jch": ("conformance/tiebreaks/p-drr-001.trf", SEX),
    "p-dense-001.jch": ("conformance/tiebreaks/p-dense-001.trf", SEX),
    "p-team-swiss-001.jch": ("conformance/tiebreaks/p-team-swiss-001.trf", set()),
    "p-team-rr-002.jch": ("conformance/tiebreaks/p-team-rr-002.trf", set()),
    "p-team-drr-001.jch": ("conformance/tiebreaks/p-team-drr-001.trf", set()),
    "dutch-p-0114-n006-r03.jch": ("conformance/dutch/dutch-p-0114-n006-r03.trf", set()),
    "baku-p-90014-n028-r05.jch": ("conformance/dutch-baku/baku-p-90014-n028-r05.trf", set()),
}
# The reference reads DD/MM/YYYY as 20DD-MM-YYYY: the event date, hence the C.07 edition, differs.
DATE_MISREAD = {"vega-sample-tournament-2023_6p_5r.jch"}
INDIVIDUAL_TIEBREAKS = "PTS BH/C1 BH SB DE WIN BPG ARO"
TEAM_TIEBREAKS = "PTS BH BH:GP SB ESB:GM DE EDET MPvGP"


def _fixture(name: str) -> Any:
    raw = (JCH / name).read_bytes()
    return json.loads(gzip.decompress(raw) if name.endswith(".gz") else raw)


def _source(name: str) -> Tournament:
    return read_trf((SHARED / FIXTURES[name][0]).read_bytes()).tournament


def _through_json(doc: Any) -> Any:
    return json.loads(json.dumps(doc))


# ---------------------------------------------------------------- comparing documents

_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def _values(v: Any) -> Any:
    """Numbers and the reference's quoted decimals as exact fractions, so that 3.5 == "3.5"."""
    if isinstance(v, bool) or v is None:
        return v
    if isinstance(v, (int, float)):
        return Fraction(str(v))
    if isinstance(v, str) and _NUMBER.fullmatch(v):
        return Fraction(v)
    if isinstance(v, dict):
        return {k: _values(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_values(x) for x in v]
    return v


def _canonical_ids(doc: Any) -> Any:
    """Ids replaced by what they stand for (a profile by its start number, a game by round and players),
    lists of games and profiles sorted: for a TRF whose lines are not in start-number order."""
    doc = copy.deepcopy(doc)
    event = doc["event"]
    tournament = event["tournaments"][0]
    name: dict[Any, Any] = {}
    for c in tournament["competitors"]:
        for p in c.get("cplayers", [c]):
            name[p["profileId"]] = ("player", p["cid"])
    for g in tournament["gameList"]:
        name[g["id"]] = ("game", g["round"], g["white"], g["black"])
    for k, p in enumerate(event["profiles"]):
        name.setdefault(p["id"], ("person", k))
    for p in event["profiles"]:
        p["id"] = name[p["id"]]
    arbiters = event["eventInfo"].get("arbiters")
    if arbiters:
        arbiters["chiefArbiter"] = name.get(arbiters["chiefArbiter"], 0)
        arbiters["arbiters"] = [name[a] for a in arbiters["arbiters"]]
    for c in tournament["competitors"]:
        for p in c.get("cplayers", [c]):
            p["profileId"] = name[p["profileId"]]
    for g in tournament["gameList"]:
        g["id"] = name[g["id"]]
    for m in tournament["matchList"]:
        m["games"] = [name[g] for g in m["games"]]
    event["profiles"].sort(key=lambda p: str(p["id"]))
    tournament["gameList"].sort(key=lambda g: str(g["id"]))
    return doc


def _differences(ours: Any, theirs: Any, path: str = "", out: set[str] | None = None) -> set[str]:
    """The fields (list indexes written []) where two documents differ."""
    out = set() if out is None else out
    where = re.sub(r"\[\d+\]", "[]", path)
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in set(ours) | set(theirs):
            if key not in ours or key not in theirs:
                out.add(f"{where}.{key}")
            else:
                _differences(ours[key], theirs[key], f"{path}.{key}", out)
    elif isinstance(ours, list) and isinstance(theirs, list):
        if len(ours) != len(theirs):
            out.add(where)
        for i, (a, b) in enumerate(zip(ours, theirs, strict=False)):
            _differences(a, b, f"{path}[{i}]", out)
    elif ours != theirs:
        out.add(where)
    return out


def _ours_as_reference(t: Tournament) -> Any:
    doc = _through_json(write_chess_json(t))
    doc["event"]["tournaments"][0].pop("other", None)  # our extension: the reference has none
    return doc


# ---------------------------------------------------------------- comparing models


def _words(text: str | None) -> list[str]:
    return sorted(re.sub(r"[()]", " ", text or "").split())


def _date(text: str | None) -> str | None:
    """Dates compared as year, month and day, whatever the separators."""
    if not text:
        return None
    m = re.fullmatch(r"(\d{4})[/.-](\d\d)[/.-](\d\d)", text.strip()) or \
        re.fullmatch(r"(\d\d)\.(\d\d)\.(\d{4})", text.strip())
    if m is None:
        return text.strip()
    parts = m.groups()
    return "-".join(parts if len(parts[0]) == 4 else parts[::-1])


def _comparable(t: Tournament) -> dict[str, Any]:
    """The model with the normalisations docs/chess-json.md lists for the reference's files (what its
    Chess-JSON does not carry, or carries in another form)."""
    d = tournament_to_dict(t)
    team_event = bool(t.teams)
    for key in ("declared_players", "declared_rated_players", "declared_teams", "comments", "other_records",
                "national_records", "national_rating_method", "pair_by_file_order", "time_control_text",
                "time_control_code", "total_rounds", "initial_colour", "lineups", "forfeited_matches"):
        d.pop(key)
    d["name"] = d["name"].strip()
    d["start_date"], d["end_date"] = _date(d["start_date"]), _date(d["end_date"])
    d["round_dates"] = [x for x in d["round_dates"] if x]
    d["chief_arbiter"] = _words(d["chief_arbiter"])
    d["deputy_arbiters"] = [_words(x) for x in d["deputy_arbiters"]]
    tiebreaks = d.pop("tiebreaks_212") or ("PTS," + d["tiebreaks_202"] if d["tiebreaks_202"] else None)
    d.pop("tiebreaks_202")
    d["tiebreaks"] = tiebreaks.replace(" ", ",").split(",") if tiebreaks else None
    for v in d["virtual_points"]:
        v["match_points"] = v["match_points"] or 0
    for team in d["teams"]:
        team.pop("nickname"), team.pop("strength")
    # One request per bye, in order; in a team event the 240 zero-point byes look like any absent team.
    d["bye_requests"] = sorted((b["kind"], b["round"], sn) for b in d["bye_requests"] for sn in b["ids"]
                               if not (team_event and b["kind"] == "Z"))
    width = max((len(p["rounds"]) for p in d["players"]), default=0)
    for p in d["players"]:
        p["name"] = p["name"].strip()
        p["birth_date"] = _date(p["birth_date"])
        p["fide_id"] = None if p["fide_id"] in (None, "0") else str(int(p["fide_id"]))
        p["declared_rank"] = p["declared_rank"] or None
        rounds = p["rounds"] + [{"opponent": None, "colour": None, "result": "not_paired"}] * (width - len(p["rounds"]))
        p["rounds"] = [_entry(e, team_event) for e in rounds]
    return d


def _entry(e: dict[str, Any], team_event: bool) -> tuple[Any, ...]:
    result = e["result"]
    forfeit = result in ("forfeit_win", "forfeit_loss")
    if forfeit and (e["opponent"] is None or team_event):
        # a forfeit without opponent is a full- or zero-point bye there; in a team event the reference
        # pairs two unopposed boards of a match into one forfeit
        return (None, None, "full_point_bye" if result == "forfeit_win" else "zero_point_bye")
    if result == "not_paired":
        return (None, None, "zero_point_bye")
    return (e["opponent"], e["colour"] if not forfeit else None, result)


def _standings(t: Tournament) -> list[tuple[int, int, list[Fraction | None]]]:
    st = compute_standings(t, TEAM_TIEBREAKS if t.teams else INDIVIDUAL_TIEBREAKS)
    return [(e.id, e.rank, [tb.value for tb in e.tiebreaks]) for e in st.entries]


# ---------------------------------------------------------------- the reference's files


def test_fixtures_are_present() -> None:
    require_shared()
    assert sorted(p.name for p in JCH.iterdir()) == sorted(FIXTURES)


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_our_output_equals_the_reference_output(name: str) -> None:
    """Field by field, after numbers compare as numbers; ids compare by what they name when the TRF's
    lines are not in start-number order. The allowed differences are the documented ones."""
    theirs, ours = _fixture(name), _ours_as_reference(_source(name))
    assert ours["origin"].startswith("chess-tournament-service ")
    ours["origin"] = theirs["origin"]
    a, b = _values(ours), _values(theirs)
    if name.startswith("fide-c07-held-exercise-swiss"):  # TRF lines in rank order
        a, b = _canonical_ids(a), _canonical_ids(b)
    assert _differences(a, b) == FIXTURES[name][1]


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_reference_output_reads_to_the_trf_model(name: str) -> None:
    ref = read_chess_json(_fixture(name)).tournament
    trf = _source(name)
    assert ref.scoring == trf.scoring
    assert ref.team_scoring == trf.team_scoring
    a, b = _comparable(ref), _comparable(trf)
    if name in DATE_MISREAD:
        assert (a.pop("start_date"), a.pop("end_date")) == ("2029-12-2023", "2029-12-2023")
        b.pop("start_date"), b.pop("end_date")
    assert a == b
    if name not in DATE_MISREAD:
        assert _standings(ref) == _standings(trf)


# ---------------------------------------------------------------- every shared TRF


def test_shared_corpus_is_present() -> None:
    require_shared()
    assert len(SHARED_TRF) >= 250


@pytest.mark.parametrize("path", sampled(SHARED_TRF, ids=lambda p: p.name))
def test_every_shared_trf_goes_through_chess_json_unchanged(path: Path) -> None:
    """TRF -> JCH -> model gives the model of the TRF: players, games, results, scoring, everything."""
    t = read_trf(path.read_bytes()).tournament
    doc = _through_json(write_chess_json(t))
    assert is_chess_json(doc)
    back = read_chess_json(doc).tournament
    assert back.scoring == t.scoring
    assert tournament_to_dict(back) == tournament_to_dict(t)


# ---------------------------------------------------------------- by hand


def _small() -> Tournament:
    """Five players, two rounds: a PAB, a forfeit, a half-point bye."""
    t = Tournament(name="Small", start_date="2026/06/01")
    for sn, rating in zip(range(1, 6), (2000, 1900, 1800, 1700, 1600), strict=True):
        t.players[sn] = Player(sn, f"Player{sn}, A", rating=rating)
    e = RoundEntry
    t.players[1].rounds = [e(3, Colour.WHITE, Result.WIN), e(5, Colour.WHITE, Result.FORFEIT_WIN)]
    t.players[2].rounds = [e(4, Colour.WHITE, Result.DRAW), e(3, Colour.BLACK, Result.WIN)]
    t.players[3].rounds = [e(1, Colour.BLACK, Result.LOSS), e(2, Colour.WHITE, Result.LOSS)]
    t.players[4].rounds = [e(2, Colour.BLACK, Result.DRAW), e(None, None, Result.HALF_POINT_BYE)]
    t.players[5].rounds = [e(None, None, Result.PAIRING_ALLOCATED_BYE), e(1, Colour.BLACK, Result.FORFEIT_LOSS)]
    for p, pts in zip(t.players.values(), (2, 1.5, 0, 1, 1), strict=True):
        p.declared_points = Fraction(pts)
    return t


def test_a_small_swiss_by_hand() -> None:
    doc = _through_json(write_chess_json(_small()))
    event = doc["event"]
    tournament = event["tournaments"][0]
    # Ids in the reference's order: each player's profile, then the games first met on his line.
    assert [p["id"] for p in event["profiles"]] == [1, 4, 7, 8, 10]
    assert [c["profileId"] for c in tournament["competitors"]] == [1, 4, 7, 8, 10]
    assert tournament["gameList"] == [
        {"id": 2, "round": 1, "white": 1, "black": 3, "played": True, "rated": True, "wResult": "W",
         "bResult": "L", "board": 1},
        {"id": 3, "round": 2, "white": 1, "black": 5, "played": False, "rated": False, "wResult": "W",
         "bResult": "Z", "board": 1},
        {"id": 5, "round": 1, "white": 2, "black": 4, "played": True, "rated": True, "wResult": "D",
         "bResult": "D", "board": 2},
        # Round 2 board 2: White 3 has 0 points, Black 2 has 1/2; board 1 (1 and 5) has 1 and 1.
        {"id": 6, "round": 2, "white": 3, "black": 2, "played": True, "rated": True, "bResult": "W",
         "wResult": "L", "board": 2},
        {"id": 9, "round": 2, "white": 4, "black": 0, "played": False, "rated": False, "wResult": "D",
         "board": 3},
        # The reference counts the PAB as played (TRF `U`), not rated.
        {"id": 11, "round": 1, "white": 5, "black": 0, "played": True, "rated": False, "wResult": "P",
         "board": 3},
    ]
    assert tournament["competitors"][1] == {"cid": 2, "profileId": 4, "present": True, "gamePoints": 1.5,
                                            "rank": 0, "rating": 1900}
    assert (tournament["numRounds"], tournament["currentRound"]) == (2, 2)
    assert tournament["scoreSystem"] == {
        "game": {"W": 1, "D": 0.5, "L": 0, "F": "W", "H": "D", "Z": 0, "P": "W", "A": "D", "U": "Z"}, "match": {}}
    # Points have a decimal point: the reference reads only those as decimals (whole numbers break it).
    assert '"W": 1.0' in json.dumps(tournament["scoreSystem"]) and '"gamePoints": 2.0' in json.dumps(tournament)
    assert event["profiles"][0] == {"id": 1, "lastName": "Player1", "firstName": "A", "sex": " ",
                                    "birth": " " * 10, "federation": "", "fideId": 0, "fideName": "Player1, A",
                                    "rating": [2000], "fideTitle": ""}
    assert event["eventInfo"] == {"fullName": "Small", "startDate": "2026-06-01"}
    # Nothing the standard fields miss but the total number of rounds, which the model does not know.
    assert tournament["other"] == {"chess-tournament": {"tournament": {"total_rounds": None}}}
    back = read_chess_json(doc).tournament
    assert tournament_to_dict(back) == tournament_to_dict(_small())


def test_a_forfeit_without_opponent_is_kept_in_the_extension() -> None:
    t = _small()
    t.players[4].rounds[1] = RoundEntry(None, None, Result.FORFEIT_WIN)  # TRF "0000 - +"
    doc = _through_json(write_chess_json(t))
    tournament = doc["event"]["tournaments"][0]
    bye = next(g for g in tournament["gameList"] if g["white"] == 4 and g["round"] == 2)
    assert (bye["black"], bye["played"], bye["wResult"]) == (0, False, "W")  # as the reference writes it
    extension = tournament["other"]["chess-tournament"]
    assert extension["players"] == [{"start_number": 4, "rounds": [
        {"opponent": 2, "colour": "b", "result": "draw"}, {"opponent": None, "colour": None, "result": "forfeit_win"}]}]
    assert read_chess_json(doc).tournament.players[4].rounds[1] == RoundEntry(None, None, Result.FORFEIT_WIN)
    del tournament["other"]  # another tool's file: a win without opponent is a full-point bye
    assert read_chess_json(doc).tournament.players[4].rounds[1] == RoundEntry(None, None, Result.FULL_POINT_BYE)


def test_a_game_given_by_one_side_only() -> None:
    """A game with only White's result: Black's is the mirror (as the reference reads it)."""
    doc = _through_json(write_chess_json(_small()))
    tournament = doc["event"]["tournaments"][0]
    del tournament["other"]
    del tournament["gameList"][0]["bResult"]
    t = read_chess_json(doc).tournament
    assert t.players[3].rounds[0] == RoundEntry(1, Colour.BLACK, Result.LOSS)


def test_points_may_be_quoted_as_the_reference_writes_them() -> None:
    doc = _through_json(write_chess_json(_small()))
    tournament = doc["event"]["tournaments"][0]
    tournament["scoreSystem"]["game"].update({"W": "3.0", "D": "1.0", "L": "0.0", "Z": "0.0"})
    tournament["competitors"][0]["gamePoints"] = "6.0"
    t = read_chess_json(doc).tournament
    assert (t.scoring.win, t.scoring.draw, t.scoring.pairing_allocated_bye) == (3, 1, 3)
    assert t.players[1].declared_points == 6


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d["event"]["tournaments"][0]["gameList"][0].update(white=99),
     "body.event.tournaments[0].gameList[0].white"),
    (lambda d: d["event"]["tournaments"][0]["gameList"][0].update(wResult="Q"),
     "body.event.tournaments[0].gameList[0].wResult"),
    (lambda d: d["event"]["tournaments"][0]["gameList"][1].update(round="two"),
     "body.event.tournaments[0].gameList[1].round"),
    (lambda d: d["event"]["tournaments"][0]["competitors"][2].update(profileId=77),
     "body.event.tournaments[0].competitors[2].profileId"),
    (lambda d: d["event"].update(tournaments=[]), "event.tournaments"),
    (lambda d: d["event"]["tournaments"][0]["scoreSystem"]["game"].update(W=[1]),
     "body.event.tournaments[0].scoreSystem.game.W"),
])
def test_bad_chess_json_names_the_field(change: Any, field: str) -> None:
    doc = _through_json(write_chess_json(_small()))
    del doc["event"]["tournaments"][0]["other"]
    change(doc)
    with pytest.raises(InputError) as caught:
        read_chess_json(doc)
    assert caught.value.issue.field == field


def test_an_error_status_is_refused() -> None:
    doc = _through_json(write_chess_json(_small()))
    doc["status"] = {"code": 502, "error": ["Incorrect score for player 7"]}
    with pytest.raises(InputError, match="Incorrect score for player 7"):
        read_chess_json(doc)


def test_the_json_form_is_not_chess_json() -> None:
    assert not is_chess_json(tournament_to_dict(_small()))
    assert is_chess_json(write_chess_json(_small()))


# ---------------------------------------------------------------- the service


def test_convert_trf_to_chess_json_and_back() -> None:
    from fastapi.testclient import TestClient

    from app.main import app

    client = TestClient(app)
    path = SHARED / FIXTURES["p-team-rr-002.jch"][0]
    r = client.post("/v1/convert?to=jch", files={"file": (path.name, path.read_bytes())})
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/json")
    assert r.json() == _through_json(write_chess_json(read_trf(path.read_bytes()).tournament))
    jch = r.content
    # Chess-JSON in, whichever way it comes: the JSON form out, as from the TRF.
    expected = client.post("/v1/convert", files={"file": (path.name, path.read_bytes())}).json()["tournament"]
    for response in (client.post("/v1/convert", files={"file": ("t.jch", jch)}),
                     client.post("/v1/convert", content=jch, headers={"content-type": "application/json"}),
                     client.post("/v1/convert", json={"tournament": r.json(), "to": "json"})):
        assert response.status_code == 200, response.text
        assert response.json()["tournament"] == expected
    # The reference's own file: standings as from the TRF.
    ref = (JCH / "p-team-rr-002.jch").read_bytes()
    by_ref = client.post("/v1/standings?tiebreaks=PTS,BH:GP,SB", content=ref,
                         headers={"content-type": "application/json"})
    by_trf = client.post("/v1/standings?tiebreaks=PTS,BH:GP,SB", files={"file": (path.name, path.read_bytes())})
    assert by_ref.status_code == 200, by_ref.text
    assert len(by_ref.json()["standings"]) == 6
    assert by_ref.json()["standings"] == by_trf.json()["standings"]


def test_bad_chess_json_is_a_problem_naming_the_field() -> None:
    from fastapi.testclient import TestClient

    from app.main import app

    doc = _through_json(write_chess_json(_small()))
    doc["event"]["tournaments"][0]["gameList"][2]["black"] = 42
    r = TestClient(app).post("/v1/convert", json=doc)
    assert r.status_code == 422
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["field"] == "body.event.tournaments[0].gameList[2].black"


# ---------------------------------------------------------------- properties

_MUTATION_VALUES = [None, True, False, 0, -1, 1, 2, 10**9, 1.5, -0.5, "", "x", "W", "3.5", "P", [], {}, [1],
                    {"a": 1}]
_SEEDS = [_through_json(write_chess_json(read_trf((SHARED / FIXTURES[name][0]).read_bytes()).tournament))
          for name in ("p-team-rr-002.jch", "lichess-swiss-mai-5plus0-2020_13p_10r.jch")] + \
    [_fixture("fide-c07-held-exercise-swiss_16p_5r.jch")]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(_SEEDS) - 1), st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 20)),
                                                   min_size=1, max_size=3))
def test_mutated_chess_json_is_read_or_refused_with_the_field(seed: int, edits: list[tuple[int, int]]) -> None:
    """Never anything but an InputError; what is accepted writes and reads back to the same model."""
    doc = copy.deepcopy(_SEEDS[seed])
    paths = _paths(doc)[1:]
    for where, what in edits:
        *parents, last = paths[where % len(paths)]
        node = doc
        try:
            for key in parents:
                node = node[key]
            if what == len(_MUTATION_VALUES):
                del node[last]
            else:
                node[last] = _MUTATION_VALUES[what % len(_MUTATION_VALUES)]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier edit removed the way there
    try:
        t = read_chess_json(doc, max_players=10000, max_rounds=99).tournament
    except InputError as exc:
        assert exc.issue.message
        return
    compute_standings(t, "PTS BH SB")
    assert tournament_to_dict(read_chess_json(_through_json(write_chess_json(t))).tournament) == tournament_to_dict(t)


def _generated(players: int, rounds: int, seed: int, forfeits: float) -> Tournament:
    try:
        return generate_tournament(players, rounds, draw_rate=0.35, forfeit_rate=forfeits, bye_rate=0.1, seed=seed,
                                   initial_colour=Colour.WHITE)
    except UnpairableError:
        reject()


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.builds(_generated, players=st.integers(5, 30), rounds=st.integers(1, 7), seed=st.integers(0, 10**6),
                 forfeits=st.sampled_from([0.0, 0.15])))
def test_generated_tournaments_go_through_chess_json_unchanged(t: Tournament) -> None:
    back = read_chess_json(_through_json(write_chess_json(t))).tournament
    assert tournament_to_dict(back) == tournament_to_dict(t)
    assert _standings(back) == _standings(t)
