"""Team round robin: round r of the Berger tables (C.05 Annex 1) with teams as participants.

Team numbers are Berger numbers unless a mapping (team number -> Berger number) is
given. The team the Berger table names first (its "White") is the first-named, home
team of the match and plays the board colour pattern of TRF 352 (default W B W B ...);
the other team has the opposite colour on every board. With an odd number of teams the
team drawn against the dummy rests (no match, no points).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from app.engine.errors import InputError
from app.engine.messages import Message, check_language, text
from app.engine.model import Tournament
from app.engine.pairing.team_round import (
    SOURCE_TEXT,
    TeamBye,
    TeamMatch,
    TeamPairing,
    board_count,
    board_pattern,
    lineup_status,
    match_boards,
    pattern_text,
)
from app.engine.roundrobin import berger_round, berger_seeding, played_order
from app.engine.system import PairingSystem, tournament_system
from app.engine.teams import derive_team_matches


def pair_team_round_robin(t: Tournament, round_number: int | None = None, *,
                          berger_numbers: Mapping[int, int] | None = None, double: bool | None = None,
                          boards: int | None = None, swap_last_two: bool = True, language: str = "en") -> TeamPairing:
    """Pairings of round `round_number` (default: the first without games) of a team round robin; the
    explanations, reasons and notes in `language` (a language of app/engine/messages)."""
    lang = check_language(language)
    event = derive_team_matches(t)
    r = round_number if round_number is not None else event.rounds + 1
    ids = berger_seeding([team.number for team in t.teams], berger_numbers, "teams")
    if double is None:
        double = tournament_system(t)[0] is PairingSystem.DOUBLE_ROUND_ROBIN
    rounds = len(played_order(len(ids), double=double, swap_last_two=swap_last_two))
    if not 1 <= r <= rounds:
        raise InputError(Message.of("error.roundrobin.no-round.double" if double else "error.roundrobin.no-round", round=r,
                                    participants=Message.of("what.count.teams", count=len(ids)), last=rounds), field="round")
    rnd = berger_round(ids, r, double=double, swap_last_two=swap_last_two)
    n_boards, source = board_count(t, boards, event)
    pattern = board_pattern(t, n_boards)
    by_number = {team.number: team for team in t.teams}
    matches = []
    for b in rnd.pairings:
        home, away = by_number[int(b.white)], by_number[int(b.black)]
        matches.append(TeamMatch(b.board, home.number, away.number, match_boards(home, away, pattern),
                                 text(lang, "pairing.team.berger.match", pattern=pattern_text(pattern))))
    rests = [TeamBye(int(x), "rest", t.team_scoring.match_loss, Fraction(0), text(lang, "pairing.team.rest"))
             for x in rnd.rest]
    status, notes = lineup_status([by_number[m.home_team] for m in matches]
                                  + [by_number[m.away_team] for m in matches], n_boards, lang)
    mapping = text(lang, "pairing.team.berger.given" if berger_numbers is not None else "pairing.team.berger.equal")
    kind = text(lang, "pairing.team.berger.double" if double else "pairing.team.berger.single")
    notes = [text(lang, "pairing.team.berger.tables", kind=kind, mapping=mapping),
             text(lang, "pairing.team.berger.boards", boards=n_boards, source=text(lang, SOURCE_TEXT[source]),
                  pattern=pattern_text(pattern)), *notes]
    return TeamPairing(r, "team-berger", n_boards, pattern_text(pattern), status, matches, rests, notes,
                       list(event.warnings))
