"""Re-pair every round of a tournament and report where the file differs from the engine.

For each round the system pairs the round again from the history before it (with the
absences recorded in that round). When the file's pairing differs, the shared absolute
criteria are checked first ([C1] rematches and forbidden pairs, [C2] PAB eligibility,
[C3] colours), then the system compares both round-pairings on its own criteria and the
first criterion that tells them apart is reported (e.g. for the Dutch system "[C12]
colour preferences: file 3 violations, engine 2").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.engine.errors import InputError, UnpairableError
from app.engine.messages import Message, check_language, text
from app.engine.model import Colour, Result, Tournament
from app.engine.pairing import systems
from app.engine.pairing.api import PairingOptions, pair_round, prepare_round
from app.engine.pairing.handling import infer_initial_colour, pairing_order, tournament_before_round

__all__ = ["RoundDiscrepancy", "check_tournament", "file_round"]


@dataclass
class RoundDiscrepancy:
    round: int
    criterion: str  # the system's criterion ("C1".."C21" for Dutch), "Art.5" (colours), "error", ...
    message: str  # in the language of the options
    file_pairs: list[tuple[int, int]] = field(default_factory=list)  # (white, black)
    engine_pairs: list[tuple[int, int]] = field(default_factory=list)
    file_pab: int | None = None
    engine_pab: int | None = None
    file_value: object = None
    engine_value: object = None


def file_round(t: Tournament, r: int) -> tuple[list[tuple[int, int]], int | None]:
    """The recorded pairs (white, black) of round r and its PAB."""
    pairs = []
    pab = None
    for sn, p in t.players.items():
        e = p.entry(r)
        if e.result is Result.PAIRING_ALLOCATED_BYE and e.opponent is None:
            pab = sn
        elif e.opponent is not None:
            if e.colour is Colour.WHITE or (e.colour is None and sn < e.opponent):
                pairs.append((sn, e.opponent))
    return sorted(pairs), pab


def check_tournament(tournament: Tournament, options: PairingOptions | None = None) -> list[RoundDiscrepancy]:
    """Rounds whose recorded pairing differs from the system's (options.system, else the
    tournament's), with the reason in `options.language`."""
    opts = options or PairingOptions()
    lang = check_language(opts.language)
    resolved = systems.resolve(tournament, opts.system)
    if resolved.system is None:
        raise InputError(Message.of("error.pairing.not-swiss", kind=resolved.kind, source=resolved.source, declared=resolved.declared,
                                    can_pair=systems.can_pair()), code="not-a-swiss-tournament", field="system")
    system = resolved.system
    played = tournament.rounds_played
    total = opts.total_rounds or tournament.total_rounds or played
    initial = opts.initial_colour or tournament.initial_colour or infer_initial_colour(
        tournament, played + 1, pairing_order(tournament, opts.pairing_numbers))
    out: list[RoundDiscrepancy] = []
    for r in range(1, played + 1):
        before = tournament_before_round(tournament, r)
        round_opts = PairingOptions(total_rounds=total, initial_colour=initial,
                                    acceleration=opts.acceleration, forbidden_pairs=opts.forbidden_pairs,
                                    pairing_score_adjustments=opts.pairing_score_adjustments,
                                    virtual_points_hook=opts.virtual_points_hook, system=system.id,
                                    pairing_numbers=opts.pairing_numbers, avoid_same=opts.avoid_same,
                                    avoid_same_rounds=opts.avoid_same_rounds, strict_colours=opts.strict_colours,
                                    maxi_tournament=opts.maxi_tournament)
        file_pairs, file_pab = file_round(tournament, r)
        try:
            got = pair_round(before, r, round_opts)
        except (UnpairableError, InputError) as exc:
            localized = exc.issue.localized
            error = exc.message if localized is None else localized.render(lang)
            out.append(RoundDiscrepancy(r, "error", text(lang, "checker.cannot-pair", round=r, error=error),
                                        file_pairs, [], file_pab, None))
            continue
        engine_pairs = sorted(got.as_pairs())
        if engine_pairs == file_pairs and got.pab == file_pab:
            continue
        d = RoundDiscrepancy(r, "order", "", file_pairs, engine_pairs, file_pab, got.pab)
        if {frozenset(p) for p in engine_pairs} == {frozenset(p) for p in file_pairs} and got.pab == file_pab:
            d.criterion = "Art.5"
            d.message = text(lang, "checker.colours")
        else:
            prepared = prepare_round(before, r, round_opts, system)
            found = system.diagnose(prepared, file_pairs, file_pab, engine_pairs, got.pab)
            d.criterion, d.message = found.criterion, found.message.render(lang)
            d.file_value, d.engine_value = found.file_value, found.engine_value
        out.append(d)
    return out
