"""The FIDE Dutch system (C.04.3, 2026 text): bracket-by-bracket pairing.

How the rules become matchings
------------------------------
Brackets are paired from the top scoregroup down (C.04.3 1.9). For a bracket B
(moved-down players M first, then the residents R) and the next scoregroup N,
every criterion is a field of one integer edge weight, most significant first
(`weights`):

  completion [C4] and PAB eligibility [C2]/[C5] (only in the global problem)
  > pairs in B [C6] > scores of the paired MDPs [C7] > pairs and scores in the
  next bracket [C8] > PAB receiver's unplayed games [C9] > colours [C10]-[C13]
  > repeated floats [C14]-[C17] > score-weighted repeated floats [C18]-[C21]
  > the generation order of Art. 3-4 (tie-break fields).

A maximum-weight matching therefore optimises the criteria lexicographically, and
the tie-break fields pick, among equally good pairings, the one the Art. 4
generation order meets first: the smallest set of paired MDPs (4.4), their
highest-ranked opponents (4.2), the fewest and smallest exchanges (4.3), and the
lexicographically first transposition (4.2).

Modules
-------
- `pool`: the players, [C1]/[C3] compatibility and the completion checks [C4];
- `bye`: the PAB score [C5] and the [C9] state;
- `weights`: the criteria fields and their packing;
- `phase`: one phase solved on the bracket, bracket + next scoregroup, or everybody;
- `pairer`: the bracket loop and the MDP phase (`DutchPairer`);
- `remainder`: the homogeneous remainder (exchanges, transpositions);
- `transposition`: the transposition order on the certified optimal pairings;
- `clubs`, `club_search`: club avoidance (an option of seed 002), below every criterion:
  the fewest same-club boards among the round-pairings with the FIDE criteria values
  bracket by bracket (a fast part re-matching brackets, then a bounded exact search);
- `straight`, `moved_down`: the remainder without exchanges and the MDP phase of
  big brackets solved on classes of interchangeable players (`matching.classes`),
  with the player-by-player routes above as the fallback when the classes cannot
  decide. They give the same pairings; they make the cost grow about linearly
  with the bracket instead of cubically.
"""

from app.engine.pairing.dutch.pairer import BracketRecord, DutchOutcome, DutchPairer

__all__ = ["BracketRecord", "DutchOutcome", "DutchPairer"]
