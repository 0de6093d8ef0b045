"""Organiser rules chosen per tournament, applied once before any engine runs.

A rule comes from the tournament itself (the JSON form's `scoring_preset`, `late_bye_rounds`) or
from the request (its option of the same name wins; `late_bye_rounds=0` turns the tournament's
rule off). The result is a copy of the tournament: the parsed original (which may be cached) is
never changed. Every change the rules make to a recorded round is reported as a warning.

* `scoring_preset`: the game's points (scoring_presets.py); a game without draws refuses a draw.
* `late_bye_rounds`: requested byes in the final rounds score nothing (late_byes.py).
* `match_rule`: how the games of a match round give its result (match_rounds.py).
"""

from __future__ import annotations

import copy

from app.engine.errors import Issue
from app.engine.late_byes import apply_late_bye_rule
from app.engine.match_rounds import apply_match_rule
from app.engine.model import Tournament
from app.engine.scoring_presets import check_draws, scoring_preset


def apply_organiser_rules(t: Tournament, *, scoring: str | None = None, late_bye_rounds: int | None = None,
                          total_rounds: int | None = None, match_rule: str | None = None
                          ) -> tuple[Tournament, list[Issue]]:
    """`t` under its own rules and the request's (`scoring` = a preset id); the warnings they raise."""
    out = t
    issues: list[Issue] = []
    if match_rule is not None and match_rule != t.match_rule:
        out, issues = apply_match_rule(t, match_rule)
    if scoring is not None:
        preset = scoring_preset(scoring)
        out = copy.copy(t)
        out.scoring, out.scoring_preset = preset.scoring, preset.id
    if out.scoring_preset is not None:
        check_draws(out, scoring_preset(out.scoring_preset, field="tournament.scoring_preset"))
    late = late_bye_rounds if late_bye_rounds is not None else out.late_bye_rounds
    if late:
        out, late_issues = apply_late_bye_rule(out, late, total_rounds)
        issues += late_issues
    elif late_bye_rounds == 0 and out.late_bye_rounds is not None:
        out = copy.copy(out)
        out.late_bye_rounds = None
    return out, issues
