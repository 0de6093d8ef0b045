"""Team matches derived from individual games (app/engine/teams.py)."""

from __future__ import annotations

from fractions import Fraction

from app.engine.model import ForfeitedMatch, Lineup, TeamByes
from app.engine.teams import TeamRoundKind, derive_team_matches
from app.engine.tiebreaks import compute_standings
from tests.tiebreak_helpers import build, teams

ROSTERS = [[1, 2], [3, 4], [5, 6], [7, 8]]


def _event(rounds, rosters=ROSTERS, extra_players=()):  # type: ignore[no-untyped-def]
    ratings = {k: 2000 for k in range(1, 9)} | {k: 1800 for k in extra_players}
    return teams(build(ratings, rounds), rosters)


def test_match_and_game_points_from_the_boards() -> None:
    t = _event([[(1, 3, "1"), (4, 2, "="), (5, 7, "0"), (8, 6, "0")]])
    ev = derive_team_matches(t)
    one, two, three = ev.schedule[1][0], ev.schedule[2][0], ev.schedule[3][0]
    assert (one.kind, one.opponent, one.match_points, one.game_points) == (TeamRoundKind.MATCH, 2, 2, Fraction(3, 2))
    assert (two.match_points, two.game_points) == (0, Fraction(1, 2))
    assert (three.match_points, three.game_points) == (1, 1)  # 0-1 on board 1, 1-0 on board 2
    assert [(b.board, b.player, b.opponent) for b in one.boards] == [(1, 1, 3), (2, 2, 4)]
    assert ev.warnings == []


def test_forfeited_match_without_boards_330() -> None:
    t = _event([[(1, 3, "1"), (2, 4, "1")], [(1, 5, "1"), (2, 6, "1")]])
    t.forfeited_matches.append(ForfeitedMatch(round=2, white_team=2, black_team=4, result="+-"))
    ev = derive_team_matches(t)
    r2 = ev.schedule[2][1]
    assert (r2.kind, r2.opponent, r2.match_points, r2.game_points) == (TeamRoundKind.FORFEIT_WIN, 4, 2, 2)
    four = ev.schedule[4][1]
    assert (four.kind, four.match_points, four.game_points) == (TeamRoundKind.FORFEIT_LOSS, 0, 0)
    # the forfeit win is not a game: BH gives team 2 a dummy opponent for round 2 (16.4)
    st = compute_standings(t, "MPTS BH WON")
    assert "R2 forfeit win: dummy opponent" in st.by_id()[2].tiebreaks[0].explanation


def test_whole_match_forfeited_on_every_board() -> None:
    t = _event([[(1, 3, "+"), (2, 4, "+"), (5, 7, "1"), (6, 8, "1")]])
    r = derive_team_matches(t).schedule[1][0]
    assert (r.kind, r.match_points, r.game_points) == (TeamRoundKind.FORFEIT_WIN, 2, 2)
    st = compute_standings(t, "MPTS WIN WON WIN:GP WON:GP")
    assert [tb.value for tb in st.by_id()[1].tiebreaks] == [1, 0, 2, 0]


def test_inconsistent_rosters_and_boards_give_warnings() -> None:
    # player 1 listed in two teams; player 9 is in no roster but plays player 4
    t = _event([[(1, 3, "1"), (9, 4, "1"), (5, 7, "=")]], rosters=[[1, 2], [3, 4, 1], [5, 6], [7, 8]],
               extra_players=(9,))
    ev = derive_team_matches(t)
    messages = [w.message for w in ev.warnings]
    assert any("player 1 is listed in teams 1 and 2" in m for m in messages)
    assert any("met player 9, who is in no team roster" in m for m in messages)
    st = compute_standings(t, "MPTS GPTS")
    assert {w.code for w in st.warnings} >= {"team-roster", "team-board"}


def test_forfeit_record_that_contradicts_the_boards() -> None:
    t = _event([[(1, 3, "0"), (2, 4, "0"), (5, 7, "1"), (6, 8, "1")]])
    t.forfeited_matches.append(ForfeitedMatch(round=1, white_team=1, black_team=2, result="+-"))
    ev = derive_team_matches(t)
    assert any(w.code == "team-result" and "330" in w.message for w in ev.warnings)
    assert ev.schedule[1][0].match_points == 2  # the 330 result is used


def test_lineup_300_sets_the_boards() -> None:
    t = _event([[(2, 3, "1"), (1, 4, "0"), (5, 7, "1"), (6, 8, "1")]])
    t.lineups.append(Lineup(round=1, team=1, opponent_team=2, boards=[2, 1]))
    r = derive_team_matches(t).schedule[1][0]
    assert [(b.board, b.player, b.points) for b in r.boards] == [(1, 2, 1), (2, 1, 0)]
    st = compute_standings(t, "MPTS BC TBR")
    one = st.by_id()[1]
    assert one.tiebreaks[0].value == 1  # 1 x 1 + 2 x 0: the win is on board 1
    t.lineups.append(Lineup(round=1, team=2, opponent_team=1, boards=[3, 9]))
    assert any(w.code == "team-lineup" for w in derive_team_matches(t).warnings)


def test_team_pairing_allocated_bye_320() -> None:
    # five teams: team 5 (players 9, 10) has the PAB in round 1
    t = teams(build({k: 2000 for k in range(1, 11)}, [[(1, 3, "1"), (2, 4, "1"), (5, 7, "="), (6, 8, "=")]]),
              ROSTERS + [[9, 10]])
    t.team_byes = TeamByes(match_points=Fraction(2), game_points=Fraction(2), team_by_round={1: 5})
    r = derive_team_matches(t).schedule[5][0]
    assert (r.kind, r.match_points, r.game_points) == (TeamRoundKind.PAIRING_ALLOCATED_BYE, 2, 2)
    st = compute_standings(t, "MPTS GPTS WIN:GP BC")
    five = st.by_id()[5]
    assert [tb.value for tb in five.tiebreaks] == [2, 2, 1 * 1 + 2 * 1]  # a PAB counts as a win on every board


def test_extended_direct_encounter_board_steps() -> None:
    # A (1, 2) and B (3, 4) end on 4 MP and 4 GP; their match was 1-1: A won board 1, B board 2.
    t = _event([[(1, 3, "1"), (4, 2, "1"), (5, 7, "1"), (8, 6, "0")],
                [(1, 5, "="), (6, 2, "="), (3, 7, "="), (8, 4, "=")],
                [(1, 7, "1"), (8, 2, "0"), (3, 5, "1"), (6, 4, "0")]])
    st = compute_standings(t, "MPTS GPTS EDE EDET EDEB EDEBT EDEBB")
    a, b = st.by_id()[1], st.by_id()[2]
    assert (a.points, b.points) == (4, 4)
    values = lambda e: [tb.value for tb in e.tiebreaks]  # noqa: E731
    assert values(a)[:3] == [4, 0, 1] and values(b)[:3] == [4, 0, 2]  # EDE: drawn match; EDET: board 1
    assert "TBR 1 among #1, #2" in a.tiebreaks[2].explanation
    for k in (3, 4, 5):  # EDEB (board 1 without the last), EDEBT / EDEBB (board count first, lower better)
        st_k = compute_standings(t, ["MPTS", "GPTS", st.tiebreaks[k]])
        assert [e.id for e in st_k.entries[:2]] == [1, 2] and st_k.entries[1].decided_by == st.tiebreaks[k]
    tbr = compute_standings(t, "MPTS GPTS TBR BBE")
    assert [tb.value for tb in tbr.by_id()[1].tiebreaks] == [4, 1, 0]  # board 1: A 2.5, B 1.5


# ---- board statistics (board prizes)


def _board_event():  # type: ignore[no-untyped-def]
    ratings = {1: 2200, 2: 2000, 3: 2100, 4: 1900, 5: 2300, 6: 1800, 7: 2000, 8: None}
    return teams(build(ratings, [[(1, 3, "1"), (4, 2, "="), (5, 7, "="), (8, 6, "0")],
                                 [(1, 5, "="), (6, 2, "+"), (3, 7, "1"), (8, 4, "1")]]), ROSTERS)


def test_board_statistics_hand_computed() -> None:
    from app.engine.board_stats import board_statistics

    one, two = board_statistics(_board_event())
    rows = lambda b: [(p.id, p.team, p.games, p.points, p.percentage, p.performance) for p in b.players]  # noqa: E731
    # board 1: player 1 beat 3 (2100) and drew 5 (2300): 1.5/2 = 75 %, ARO 2200 + dp(75) 193
    assert rows(one) == [(1, 1, 2, Fraction(3, 2), 75, 2393), (3, 2, 2, 1, 50, 2100), (5, 3, 2, 1, 50, 2100),
                         (7, 4, 2, Fraction(1, 2), 25, 2200 - 193)]
    # board 2: the forfeit of round 2 is no game; 8 is unrated, so 6's only game has no performance
    # and 4's performance counts the draw against 2 only
    assert rows(two) == [(6, 3, 1, 1, 100, None), (8, 4, 2, 1, 50, 1850), (2, 1, 1, Fraction(1, 2), 50, 1900),
                         (4, 2, 2, Fraction(1, 2), 25, 2000)]
    _, two = board_statistics(_board_event(), unrated_rating=1600)
    assert two.players[0].performance == 1600 + 800
    one_round = board_statistics(_board_event(), after_round=1)
    assert [(p.id, p.games, p.performance) for p in one_round[0].players] == [  # equal %: better TPR first
        (1, 1, 2100 + 800), (7, 1, 2300), (5, 1, 2000), (3, 1, 2200 - 800)]
