"""TRF reader and writer: every shared file parses and round-trips; bad input names the line."""

from __future__ import annotations

from fractions import Fraction

import pytest

from app.engine.errors import InputError, TrfError
from app.engine.model import Colour, Result, ScoringSystem
from app.engine.system import PairingSystem, tournament_system
from app.formats.json_form import tournament_to_dict
from app.formats.loader import load_tournament, load_tournament_json
from app.formats.trf_reader import read_trf
from app.formats.trf_writer import write_trf
from tests.conftest import DATA, SHARED, require_shared, sampled

SHARED_TRF = sorted(p for p in SHARED.rglob("*") if p.suffix in (".trf", ".trfx"))


def test_shared_corpus_is_present() -> None:
    require_shared()
    assert len(SHARED_TRF) >= 250


@pytest.mark.parametrize("path", sampled(SHARED_TRF, ids=lambda p: p.name))
def test_every_shared_file_parses_and_round_trips(path) -> None:
    doc = read_trf(path.read_bytes())
    t = doc.tournament
    assert t.players, "no players read"
    written = write_trf(t)
    again = read_trf(written).tournament
    assert again == t
    assert write_trf(again) == written  # the text too: what the writer writes, it writes again
    assert load_tournament_json(tournament_to_dict(t)).tournament == t


def test_worked_example_fields() -> None:
    doc = load_tournament((DATA / "example7.trf").read_bytes())
    t = doc.tournament
    assert doc.warnings == []
    assert t.name == "Example Open" and t.total_rounds == 4 and t.type_code == "FIDE_DUTCH_2026"
    assert t.tiebreaks_212 == "PTS,BH/C1,BH,SB,DE"
    assert t.round_dates == ["26/04/01", "26/04/02", "26/04/03", "26/04/04"]
    p2 = t.players[2]
    assert (p2.sex, p2.title, p2.rating, p2.federation, p2.fide_id) == ("w", "WFM", 2000, "NOR", "900002")
    p4 = t.players[4]
    assert p4.rounds[0].result is Result.PAIRING_ALLOCATED_BYE and p4.rounds[0].opponent is None
    assert p4.rounds[2].opponent == 6 and p4.rounds[2].colour is Colour.WHITE
    results = {(sn, r): t.players[sn].entry(r).result for sn, r in ((4, 1), (4, 3), (6, 3), (6, 4), (5, 2))}
    assert results == {(4, 1): Result.PAIRING_ALLOCATED_BYE, (4, 3): Result.FORFEIT_WIN,
                       (6, 3): Result.FORFEIT_LOSS, (6, 4): Result.ZERO_POINT_BYE, (5, 2): Result.HALF_POINT_BYE}
    assert [t.points(sn) for sn in range(1, 8)] == [Fraction(x) for x in ("3", "2", "2", "3", "2", "1.5", "1")]
    assert tournament_system(t) == (PairingSystem.SWISS, "192")


def test_three_one_zero_scoring_from_162() -> None:
    text = (DATA / "example7.trf").read_text().replace("142 4\n", "142 4\n162  W 3.0    D 1.0    L 0.0\n")
    t = read_trf(text).tournament
    assert t.scoring == ScoringSystem.three_one_zero()
    assert t.points(1) == 8  # W D W D = 3 + 1 + 3 + 1
    assert t.points(4) == 8  # PAB (a win), draw, forfeit win, draw
    assert write_trf(t).count("162") == 1


def test_line_endings_and_bom_are_accepted() -> None:
    raw = (DATA / "example7.trf").read_bytes()
    for variant in (raw.replace(b"\n", b"\r\n"), raw.replace(b"\n", b"\r"), b"\xef\xbb\xbf" + raw):
        assert read_trf(variant).tournament == read_trf(raw).tournament


def test_latin1_is_decoded_with_a_warning() -> None:
    raw = (DATA / "example7.trf").read_bytes().replace(b"Avery, Alex ", "Åvery, Alex ".encode("latin-1"))
    doc = read_trf(raw)
    assert doc.encoding == "cp1252"
    assert doc.tournament.players[1].name == "Åvery, Alex"
    assert any(w.code == "encoding" for w in doc.warnings)


@pytest.mark.parametrize(
    ("mutate", "line", "code"),
    [
        (lambda s: s.replace("   5 w 1     4 b =", "   5 w 1     4 b Q"), 14, "trf-parse-error"),
        (lambda s: s.replace("2100 ENG", "21x0 ENG"), 14, "trf-parse-error"),
        (lambda s: s.replace("     5 w 1     4 b =", "    55 w 1     4 b ="), 14, "unknown-opponent"),
        (lambda s: s.replace("001    7", "001    6"), 20, "duplicate-start-number"),
        (lambda s: s.replace(" 3.0    1 ", " 3.x    1 ", 1), 14, "trf-parse-error"),
    ],
)
def test_malformed_lines_are_named(mutate, line, code) -> None:
    text = mutate((DATA / "example7.trf").read_text())
    with pytest.raises(InputError) as exc:
        load_tournament(text)
    assert exc.value.issue.line == line
    assert exc.value.issue.code == code


def test_empty_and_binary_files_are_rejected() -> None:
    with pytest.raises(TrfError, match="empty"):
        read_trf(b"   \n\n")
    with pytest.raises(TrfError, match="binary"):
        read_trf(bytes(range(256)) * 4)


def test_consistency_warnings() -> None:
    text = (DATA / "example7.trf").read_text()
    text = text.replace("Avery, Alex                       2100 ENG      900001 1990/01/01  3.0",
                        "Avery, Alex                       2100 ENG      900001 1990/01/01  3.5")
    text = text.replace("     1 b 0  0000 - H", "     1 w 0  0000 - H")
    codes = {w.code for w in load_tournament(text).warnings}
    assert {"points-mismatch", "opponent-symmetry"} <= codes


def test_declared_data_that_disagrees_is_reported() -> None:
    cork = load_tournament((SHARED / "real" / "cork-congress-majors-2018_swissmaster_23p_6r.trf").read_bytes())
    assert any(w.code == "start-numbers-gap" for w in cork.warnings)
    icu = load_tournament((SHARED / "real" / "bunratty-masters-2011_icu-export_modified_40p_6r.trf").read_bytes())
    assert any(w.code == "declared-players" and "34" in w.message for w in icu.warnings)
    vega = load_tournament((SHARED / "real" / "vega-sample-tournament-2023_6p_5r.trfx").read_bytes())
    assert any(w.code == "birth-date" and "01.01.1987" in w.message for w in vega.warnings)
    clean = load_tournament((DATA / "example7.trf").read_bytes())
    assert clean.warnings == []


def _player_line(sn: int, sex: str, name: str, rating: str, fed: str, fide: str, born: str, points: str,
                 blocks: list[str]) -> str:
    """A 001 line laid out column by column (TRF: name 15-47, rating 49-52, ..., points 81-84, rounds from 92)."""
    head = (f"001 {sn:>4} {sex:1}    {name:<33} {rating:>4} {fed:<3} {fide:>11} {born:<10} {points:>4} {sn:>4}  ")
    return head + "".join(f"{b.split()[0]:>4} {b.split()[1]} {b.split()[2]}  " if b else " " * 10 for b in blocks)


def test_player_texts_points_and_blank_blocks_as_the_reader_takes_them() -> None:
    # the fixed-width texts (a tab in one), declared points written twice, a blank round block
    lines = ["012 Open",
             _player_line(1, "m", "Ann\tLee", "2100", "ENG", "12345678", "2000/01/01", "1.5", ["2 w 1", "0000 - H"]),
             _player_line(2, "w", "Bea Moe", "1900", "FRA", "", "", "1.5", ["1 b 0"]),
             _player_line(3, "", "Cy", "", "", "", "", "0.0", ["", "0000 - Z"])]
    doc = read_trf("\n".join(lines).encode())
    players = doc.tournament.players
    assert players[1].name == "Ann Lee" and players[1].federation == "ENG" and players[1].fide_id == "12345678"
    assert players[1].birth_date == "2000/01/01" and players[2].fide_id is None and players[2].birth_date is None
    assert [w.code for w in doc.warnings] == ["tab-replaced"]
    assert players[1].declared_points == players[2].declared_points == Fraction(3, 2)
    assert players[3].declared_points == 0
    assert [(e.opponent, e.result) for e in players[2].rounds] == [(1, Result.LOSS), (None, Result.NOT_PAIRED)]
    assert [(e.opponent, e.result) for e in players[3].rounds] == [(None, Result.NOT_PAIRED),
                                                                    (None, Result.ZERO_POINT_BYE)]
