"""Requested byes near the end of the event (seed 002).

"你可以在编排配对之前向裁判提出放弃某一轮，这样你可以白得半分。有些赛要求最后一轮（轮数多者为两轮）摆了没分":
a player may ask the arbiter for a bye before a round is paired and scores half a point, but some
events give nothing for a bye in the last round (in longer events, the last two rounds).

The rule is chosen per tournament (`late_bye_rounds` = 1 or 2, the number of final rounds it
covers; off by default, as in the FIDE rules, which leave byes to the regulations). Under it a
requested half-point bye in round r > total_rounds - late_bye_rounds is a zero-point bye: the
round entry (TRF `H` becomes `Z`), the `240` bye requests and the byes requested for the round being
paired. Standings, pairing scores and the TRF written afterwards all see the zero-point bye. A
full-point bye (granted, not requested) and the pairing-allocated bye are left alone.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace

from app.engine.errors import InputError, Issue
from app.engine.messages import Message, warning
from app.engine.model import ByeKind, ByeRequest, Result, RoundEntry, Tournament


def first_late_round(total_rounds: int | None, late_bye_rounds: int) -> int:
    """The first round whose requested byes score nothing."""
    if total_rounds is None:
        raise InputError(Message.of("error.late-byes.total"),
                         field="total_rounds")
    if late_bye_rounds < 1:
        raise InputError(Message.of("error.late-byes.rounds"),
                         field="late_bye_rounds")
    return max(1, total_rounds - late_bye_rounds + 1)


def _issue(sn: int, r: int, late_bye_rounds: int) -> Issue:
    span = Message.of("what.last-round") if late_bye_rounds == 1 else Message.of("what.last-rounds", count=late_bye_rounds)
    return warning("late-bye-scores-zero", "warning.late-bye-scores-zero", field="late_bye_rounds", player=sn, round=r, span=span)


def apply_late_bye_rule(t: Tournament, late_bye_rounds: int, total_rounds: int | None = None
                        ) -> tuple[Tournament, list[Issue]]:
    """A copy of `t` (the original is not changed) whose requested half-point byes in the final rounds
    are zero-point byes, and one warning per bye changed."""
    first = first_late_round(total_rounds if total_rounds is not None else t.total_rounds, late_bye_rounds)
    out = copy.copy(t)
    out.late_bye_rounds = late_bye_rounds
    issues: list[Issue] = []
    players = {}
    for sn, p in t.players.items():
        late = [r for r in range(first, len(p.rounds) + 1) if p.rounds[r - 1].result is Result.HALF_POINT_BYE]
        if late:
            q = copy.copy(p)
            q.rounds = list(p.rounds)
            for r in late:
                e = p.rounds[r - 1]
                q.rounds[r - 1] = RoundEntry(e.opponent, e.colour, Result.ZERO_POINT_BYE)
                issues.append(_issue(sn, r, late_bye_rounds))
            p = q
        players[sn] = p
    out.players = players
    requests: list[ByeRequest] = []
    for req in t.bye_requests:
        if req.kind is ByeKind.HALF_POINT and req.round >= first:
            req = replace(req, kind=ByeKind.ZERO_POINT, ids=list(req.ids))
            issues.extend(_issue(sn, req.round, late_bye_rounds) for sn in req.ids)
        requests.append(req)
    out.bye_requests = requests
    return out, issues


def late_requested_byes(byes: Mapping[int, ByeKind], round_number: int, total_rounds: int | None,
                        late_bye_rounds: int) -> tuple[dict[int, ByeKind], list[Issue]]:
    """The byes requested for the round being paired, under the rule."""
    first = first_late_round(total_rounds, late_bye_rounds)
    out: dict[int, ByeKind] = {}
    issues: list[Issue] = []
    for sn, kind in byes.items():
        if kind is ByeKind.HALF_POINT and round_number >= first:
            kind = ByeKind.ZERO_POINT
            issues.append(_issue(sn, round_number, late_bye_rounds))
        out[sn] = kind
    return out, issues
