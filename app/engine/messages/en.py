"""English messages: every text the engine produces, by message id (see app/engine/messages/__init__.py)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # Words every explanation shares
    "explain.participant": "#{start_number}",
    "explain.round": "R{round}",
    "explain.nothing": "nothing",
    "explain.none": "none",
    "explain.points": "points",
    "score.GP": "game points",
    "score.MP": "match points",
    # Kinds of round (C.07 16.2)
    "kind.game": "game",
    "kind.pairing_allocated_bye": "pairing-allocated bye",
    "kind.full_point_bye": "full-point bye",
    "kind.forfeit_win": "forfeit win",
    "kind.forfeit_loss": "forfeit loss",
    "kind.half_point_bye": "half-point bye",
    "kind.zero_point_bye": "zero-point bye / absence",
    # Buchholz-type sums (BH, FB, SB, ESB) and their cuts (C.07 8, 9, 14, 16)
    "explain.sum": "{specifier} = {total}{note}: {terms}",
    "explain.sum.cut": "{specifier} = {total}{note}: {terms} = {uncut}; cut: {cut}",
    "explain.cut.vur": " (voluntarily unplayed round, cut first, 16.5)",
    "explain.cut.least": " (least significant)",
    "explain.cut.most": " (most significant)",
    "explain.slot.opponent": "vs {opponent}: {score}{note}",
    "explain.slot.counted": "{round} vs {opponent}: {value} ({kind} counted as played){note}",
    "explain.slot.round-robin-zero": "{round} {kind}: 0 (round robin, unplayed game, 15.2)",
    "explain.slot.virtual": "{round} {kind}: virtual opponent {value} (pre-2023 rules)",
    "explain.slot.own": "{round} {kind}: dummy opponent {value} (own score, 16.4)",
    "explain.slot.cap-forfeit":
        "{round} {kind}: dummy opponent {value} (own score {own}, capped at {value} = the adjusted score of the "
        "scheduled opponent {opponent}, 16.4.1)",
    "explain.slot.cap-half":
        "{round} {kind}: dummy opponent {value} (own score {own}, capped at {value} = half the maximum score, 16.4.2)",
    "explain.adjusted.pre-2023": " (score {score}; its unplayed round(s) {rounds} count as draws, pre-2023 rules)",
    "explain.adjusted.fore": " (score {score}; its final-round game counted as a draw for Fore Buchholz, 8.3)",
    "explain.adjusted.after-last-game":
        " (score {score}; its unplayed round(s) {rounds} after its last game count as draws, 16.3)",
    "explain.note.fore-modifier": " (Fore Buchholz: final round counted as drawn)",
    "explain.note.fore": " (final round counted as drawn)",
    "explain.note.team-products": " ({opponent_score} of the opponent × own {own_score})",
    "explain.note.by-contribution": " (lowest contributions cut, seed 003)",
    "explain.undefined.no-game": "{code} undefined: no game played over the board",
    "explain.rounded": ", rounded to {value}",
    "explain.aob": "AOB = ({terms}) / {count} = {value}{rounded}",
    "explain.koya.game": "{round} vs {opponent} ({opponent_score}): {points}",
    "explain.koya": "KS = {value}: limit {limit} ({percent}% of {rounds} rounds{shift}); {terms}",
    "explain.sssc":
        "SSSC = {secondary} ({secondary_name}) + {buchholz} ({buchholz_name} on {primary_name}) / {divisor}",
    # Own results (C.07 7)
    "explain.count": "{what}: {count} (round(s) {rounds})",
    "explain.count.rounds-won": "rounds won (played or not)",
    "explain.count.boards-won": "boards won (forfeits and byes included)",
    "explain.count.boards-won-otb": "boards won over the board",
    "explain.count.games-won": "games won over the board",
    "explain.count.black-games": "games played with Black",
    "explain.count.black-wins": "games won with Black",
    "explain.count.rounds-elected": "rounds elected to play",
    "explain.mcmahon": "McMahon score {total} = initial score {initial} + ({rest})",
    "explain.best-rounds": "best {best} rounds: {terms}",
    "explain.progressive.left-out": " (running scores after round(s) {rounds} left out)",
    "explain.pairing-number": "pairing number {number}",
    "explain.lot": "lot {lot} (seed {seed})",
    # Direct encounter and the board criteria (C.07 6, 12, 13.3)
    "explain.encounter.at-most": " (at most {best})",
    "explain.encounter.not-separated": "not separated",
    "explain.encounter.everyone-met": "everyone met (6.2)",
    "explain.encounter.not-everyone-met": "not everyone met: only certain places are given (6.3)",
    "explain.encounter.table": "{criterion} among {members}: {table}; {rule} → {outcome}",
    "explain.encounter.place": "place {place} of {size}",
    "explain.encounter.places": "places {low}-{high} of {size}, shared",
    "explain.encounter.own-line":
        "{criterion} among the {size} tied here: {participant} scored {score} against them; {rule} → {outcome}",
    "explain.encounter.not-tied": "{code}: not tied",
    "explain.top-board": "game points by board: {boards}",
    "explain.board": "board {board} {points}",
    "explain.bottom-board": "game points without the last k boards: {sums}",
    # Rating tie-breaks (C.07 10)
    "explain.undefined.unrated": "undefined: there are unrated players and no rating was given to them",
    "explain.undefined.no-performance": "{code} undefined: no opponent with a performance",
    "explain.aro": "opponents {opponents}; ARO = {total} / {count} = {aro}",
    "explain.aro.cut": " (cut: rounds {rounds})",
    "explain.tpr": "; score {score}/{count} = {percent}% → dp {dp}; TPR = {tpr}",
    "explain.ptp": "; PTP = {ptp}: the lowest rating whose expected score reaches {score}",
    "explain.rating": "rating {rating}",
    "explain.rating.unrated": "unrated, counted as {rating}",
    # National variants (seeds 000, 001, 004)
    "explain.solkoff.cut": "; cut: {cut}",
    "explain.solkoff-iterated": "opponents' scores without the lowest 1, 2, ...: {sums}",
    "explain.progressive-iterated": "progressive score, then without round 1, rounds 1-2, ...: {sums}",
    # Modifiers of a specifier (MTB26)
    "modifier.cut": "/Cn (cut)",
    "modifier.median": "/Mn (median)",
    "modifier.limit": "/L (limit)",
    "modifier.divisor": "/Kx (divisor)",
    "modifier.played": "/P (forfeits as played)",
    "modifier.fore": "/F (Fore Buchholz)",
    "modifier.reverse": "/R (reverse order)",
    "modifier.swiss": "/S (Swiss rules)",
    "modifier.unrated": "/Un (rating of unrated players)",
    "modifier.edition": "/V (rules edition)",
    "modifier.score": ":MP / :GP",
    "modifier.score-pair": ":MM / :MG / :GM / :GG",
    # Warnings (the stable code is the part after 'warning.' up to the next dot)
    "warning.no-result": "player {player}, round {round}: paired with {opponent} but no result; counted as an absence",
    "warning.team-records-ignored": "only one team record: the event is ranked as an individual tournament",
    "warning.system-default":
        "the tournament does not say whether it is a Swiss or a round robin (no 192/092 record): Swiss rules are used",
    "warning.after-round": "standings after round {after} of {played}",
    "warning.team-lineup.unknown-team": "300 record for round {round} names team {team}, which does not exist; ignored",
    "warning.team-opponent.not-mirrored":
        "round {round}: team {team} met team {opponent}, but team {opponent} is not recorded as meeting team {team}",
    "warning.team-short":
        "round {round}: team {team} has results on {boards} of {board_count} boards against team {opponent}; the "
        "other boards count as empty",
    "warning.team-roster.no-player": "team {team} lists player {player}, who has no 001 record",
    "warning.team-board.no-team":
        "round {round}: player {player} (team {team}) met player {opponent}, who is in no team roster",
    "warning.team-board.same-team":
        "round {round}: players {player} and {opponent} of team {team} were paired against each other",
    "warning.team-opponent.several":
        "round {round}: the players of team {team} met several teams ({teams}); team {opponent} is taken as the "
        "opponent",
    "warning.team-roster.two-teams": "player {player} is listed in teams {first} and {second}; team {first} is used",
    "warning.team-boards.declared":
        "record 352 gives {declared} boards, but a team fielded {most} players in one match",
    "warning.team-lineup.no-game":
        "round {round}: the 300 line-up of team {team} names player {player}, who has no game for the team in that "
        "round",
    "warning.team-lineup.not-listed":
        "round {round}: players {players} of team {team} played but are not in its 300 line-up; they are put on the "
        "following boards",
    "warning.team-boards.too-many": "round {round}: team {team} fielded more players than the {boards} boards",
    "warning.team-result.forfeit-played":
        "round {round}: the match of teams {white} and {black} is recorded as forfeited (330) but boards were played",
    "warning.team-result.mismatch":
        "round {round}: the 330 result {result} of teams {white}-{black} does not match the board results "
        "{points}-{opponent_points}; the 330 result is used",
    "warning.team-board.no-opponent":
        "round {round}: team {team} has board results but no opposing team; they count as an absence",
    "warning.team-points.match": "team {team}: 310 says {declared} match points, the matches give {computed}",
    "warning.team-points.game": "team {team}: 310 says {declared} game points, the boards give {computed}",
    "warning.edition-ignored": "{specifier}: the C.07 editions do not differ for this tie-break; /V changes nothing",
    "warning.edition-default.unreadable":
        "the start date \"{start}\" (042) is not a date the service reads: the current C.07 edition, {edition}, is "
        "used; give the edition, or write the date as YYYY/MM/DD",
    "warning.edition-default.no-date":
        "no start date (042): the current C.07 edition, {edition}, is used; give the edition or the start date",
    "warning.unrated-players":
        "{specifiers}: undefined for every participant, because {count} player(s) have no rating (start numbers "
        "{players}); give them one with the option unrated_rating (for example unrated_rating=1000) or the modifier "
        "/U (for example {example})",
    "warning.unrated-players.more":
        "{specifiers}: undefined for every participant, because {count} players have no rating (start numbers "
        "{players} and {more} more); give them one with the option unrated_rating (for example unrated_rating=1000) "
        "or the modifier /U (for example {example})",
    "warning.tiebreak-undefined": "{specifiers}: undefined for every participant, so it separates nobody",
    # Team pairing (app.engine.pairing.team_swiss, team_berger, team_round): C.04.6 and the Berger tables
    "pairing.team.bracket": "bracket of the {score}-point scoregroup",
    "pairing.team.bracket.upfloaters": " with upfloaters {teams}",
    "pairing.team.bracket.upfloater": "{team} ({score})",
    "pairing.team.first-team":
        "{bracket}; team {team} is the first team (4.2) and gets {colour} on board 1: rule {rule}, {rule_text}",
    "pairing.team.white": "White",
    "pairing.team.black": "Black",
    "pairing.team.rule.4.3.1": "neither team has played a match: the first team's TPN parity and the initial colour decide",
    "pairing.team.rule.4.3.2": "only one team has a colour preference: it is granted",
    "pairing.team.rule.4.3.3": "the teams prefer opposite colours: both are granted",
    "pairing.team.rule.4.3.4": "only one team has a strong preference (Type B): it is granted",
    "pairing.team.rule.4.3.5": "the team with the lower colour difference gets White",
    "pairing.team.rule.4.3.6": "colours alternate from the last match in which the teams had different colours",
    "pairing.team.rule.4.3.7": "the first team's colour preference is granted",
    "pairing.team.rule.4.3.8": "the first team's colour alternates from its last played match",
    "pairing.team.rule.4.3.9": "the other team's colour alternates from its last played match",
    "pairing.team.pab":
        "pairing-allocated bye (3.4): lowest score, most matches played, largest TPN among the teams that may have it",
    "pairing.team.bye.requested": "requested bye ({code}) in round {round}",
    "pairing.team.bye.absent": "absent: not paired",
    "pairing.team.bye.withdrawn": "withdrawn: not paired",
    "pairing.team.rest": "rests: opponent of the dummy in the Berger table (odd number of teams)",
    "pairing.team.berger.match":
        "Berger table: the team named first is the home team and plays the board colours {pattern}",
    "pairing.team.berger.tables": "pairings from the FIDE Berger tables (C.05 Annex 1), {kind} round robin; {mapping}",
    "pairing.team.berger.double": "double",
    "pairing.team.berger.single": "single",
    "pairing.team.berger.given": "given Berger numbers",
    "pairing.team.berger.equal": "Berger number = team number",
    "pairing.team.berger.boards": "{boards} boards (from {source}); the first-named team plays {pattern}",
    "pairing.team.swiss.system": "FIDE Swiss Team Pairing System (C.04.6, 2026) on {primary}; colour preferences: {kind}",
    "pairing.team.swiss.boards":
        "{boards} boards (from {source}); the team with White on board 1 has the pattern {pattern} when it is the "
        "first-named team",
    "pairing.team.swiss.unfulfilled": "{n} colour preference(s) not fulfilled ([C8])",
    "pairing.team.swiss.budget": "upfloater choice: stopped after {n} candidate sets (best found kept)",
    "pairing.team.score.match-points": "match points",
    "pairing.team.score.game-points": "game points",
    "pairing.team.preferences.A": "Type A",
    "pairing.team.preferences.B": "Type B",
    "pairing.team.preferences.none": "none",
    "pairing.team.source.request": "request",
    "pairing.team.source.352": "352",
    "pairing.team.source.games": "games",
    "pairing.team.source.rosters": "rosters",
    "pairing.team.lineup.default":
        "players on boards 1..{boards} are each team's first {boards} members (default board order); the captains "
        "may field other line-ups",
    "pairing.team.lineup.unknown":
        "line-ups unknown for teams {teams} (fewer members than the {boards} boards): their boards show only the "
        "colours (team vs team and the 352 pattern)",
    # Rounds advice (seed 002)
    "advice.usual.local": "Small local events: 5 rounds is usual, 4 at the least; 3 rounds are hardly ever seen.",
    "advice.usual.national": "Larger events such as national individual championships: 7 to 9 rounds.",
    "advice.usual.international": "Beyond 9 rounds: international events.",
    "advice.clear-winner":
        "A clear winner needs as many rounds as a knockout, log2 of the number of players rounded up: {rounds} rounds "
        "for {players} players (8 players: 3 rounds, 16 players: 4). With fewer rounds several players may finish "
        "with a perfect score.",
    "advice.round-robin":
        "A round robin of {players} players takes {round_robin} rounds, a double round robin "
        "{double_round_robin}.{odd}",
    "advice.round-robin.odd": " With an odd number of players everyone rests once per cycle.",
    "advice.fixed-in-advance":
        "Fix the number of rounds in the regulations before entries open; it is not set from the number of entries "
        "(internal club events aside).",
    "advice.round-word.one": "round",
    "advice.round-word.many": "rounds",
    "advice.sole-winner":
        "{rounds} {rounds_word} for a sole winner: after ceil(log2 {players}) = {rounds} {rounds_word} at most one "
        "player can have won every game, as in a knockout of {players} players (seed 002).",
    "advice.all-places":
        "{rounds} {rounds_word} to separate all places: the seed (002) takes the smallest number of rounds after "
        "which every player's place can be decided, {why}.",
    # Errors of the readers (problem details), and what they read
    "error.invalid-json": "the {what} is not valid JSON: {error}",
    "error.json-too-deep": "the {what} is nested deeper than {depth} levels",
    "error.json-too-deep.recursion": "the {what} is nested too deeply",
    "what.file": "file",
    "what.request-body": "request body",
    "what.trf": "trf text",
    "what.alternatives": "{items} or {last}",
    "warning.colour-without-opponent": "round {round}: a colour without an opponent was ignored",
    "warning.result-without-opponent": "round {round}: result {result!r} without an opponent read as {read_as!r} ({name})",
    "warning.bye-with-opponent": "round {round}: bye {bye!r} with opponent {opponent}; the opponent was ignored",
    "warning.swiss-group-count": "the seed document sets up 2 or 4 Swiss groups before the knockout, not {groups}",
    "warning.round-robin-group-count":
        "after round-robin groups the seed document wants as many groups as qualifiers or half as many ({qualifiers} or "
        "{half} for {qualifiers} qualifiers), not {groups}",
    "warning.late-bye-scores-zero": "player {player}, round {round}: a requested bye in {span} scores 0 (late-bye rule): zero-point "
                        "bye Z instead of H",
    "what.last-round": "the last round",
    "what.last-rounds": "the last {count} rounds",
    "error.not-a-start-number": "{field}: {key!r} is not a start number",
    "error.not-a-team-number": "{field}: {key!r} is not a team number",
    "error.team.needs-teams": "team pairings need a team tournament (310 or 013 records, or teams in the JSON form)",
    "error.pairing.team-tournament": "this is a team tournament: pair it with POST /v1/team-pairings",
    "error.pairing.knockout": "the tournament declares a knockout ({source}: {declared}): use POST /v1/knockout; {can_pair}",
    "error.pairing.berger-numbers": "Berger numbers are the start numbers; draw them with POST /v1/round-robin/varma",
    "error.pairing.checker-round-robin":
        "the tournament is a round robin ({source}: {declared}): the checker audits Swiss systems; {can_pair}",
    "error.generator.ratings": "lowest_rating must not exceed highest_rating",
    "error.generator.rematches": "{rounds} rounds cannot be paired without rematches for {players} players",
    "error.lone-surrogate": "{what} holds a lone surrogate (U+{number} at character {position}), which is not text",
    "error.unknown-opponent": "player {player}, round {round}: opponent {opponent} does not exist",
    "error.self-pairing.round": "player {player}, round {round}: a player cannot meet himself",
    "error.team-tournament":
        "this is a team tournament ({teams} teams): its players would be paired as individuals; pair the teams with "
        "{operation}",
    "error.unpairable.team-bye":
        "no team can receive the pairing-allocated bye and leave the others pairable ([C1], [C2]; C.04.6 3.3.3: the "
        "chief arbiter decides)",
    "error.unpairable.team-remaining": "the remaining teams cannot be paired ([C3])",
    "error.unpairable.team-bracket": "a bracket of the team Swiss cannot be paired ([C1])",
    "error.unpairable.team-rematch": "the teams cannot all be paired without a rematch or a forbidden pair ([C1])",
    "error.team.no-teams": "the tournament has no teams (310/013 records)",
    "error.team.colour-preferences": "colour_preferences must be one of {allowed}",
    "error.team.primary-score": "primary_score must be one of {allowed}",
    "error.team.acceleration-game-points": "acceleration on game points is not defined (C.04.7: match points)",
    "error.team.boards-contradict": "boards={requested} contradicts record 352, which gives {declared} boards",
    "error.team.boards-unknown": "the number of boards is unknown (no 352 record, no games, no rosters): give boards",
    "error.team.board-colours": "record 352 must contain only W and B, not {found!r}",
    "error.team.bye-unknown": "byes: team {team} does not exist",
    "error.team.unknown": "team {team} does not exist",
    "error.pairing.beyond-total": "round {round} is beyond the {total} rounds of the tournament",
    "error.pairing.avoid-same": "avoid_same must be one of {allowed}, not {found!r}",
    "error.pairing.total-needed": "the total number of rounds is needed (last-round rules): give total_rounds",
    "error.pairing.acceleration-lots":
        "acceleration groups follow the ranked start list; they cannot be used with pairing numbers drawn by lot",
    "error.pairing.not-swiss": "the tournament is a {kind} ({source}: {declared}), not a Swiss; {can_pair}",
    "error.pairing.no-club-avoidance":
        "avoid_same: the {system} ({article}) does not offer club avoidance; pair with the Dutch system (system=dutch) "
        "or leave avoid_same out",
    "error.pairing.no-maxi-tournament":
        "maxi_tournament: the {system} ({article}) has no Maxi-tournament rules (only the Lim system, C.04.4.3, has "
        "them); pair with system=lim or leave maxi_tournament out",
    "error.acceleration.unknown": "unknown acceleration {found!r}; expected one of {methods}",
    "error.acceleration.baku": "the Baku method needs a win worth two draws and a loss worth nothing (game points)",
    "error.acceleration.baku.teams":
        "the Baku method needs a win worth two draws and a loss worth nothing (match points)",
    "error.generator.size": "need at least 2 players and 1 round",
    "error.generator.rate": "{name} must be between 0 and 1",
    "error.generator.played": "played must be between 0 and the number of rounds",
    "error.system.unknown": "unknown pairing system {found!r}; {can_pair}",
    "error.system.can-pair": "this service can pair: {swiss}; and round robins: berger (FIDE Berger tables, C.05 Annex 1)",
    "error.system.declares": "the tournament declares {what} ({where}), which this service cannot pair",
    "error.system.unsupported": "{declares}; {can_pair}. Give `system` to pair it with one of them anyway",
    "what.system.double-swiss": "the Double-Swiss system (C.04.5)",
    "what.system.monrad": "the Monrad system",
    "what.system.amalfi": "the Amalfi system",
    "what.system.us-chess": "the US Chess Swiss system",
    "what.system.named": "the system {name!r}",
    "what.system.code": "the system {code}",
    "what.where.field-system": "field system",
    "what.where.record-text": "record {record}: {text!r}",
    "warning.system-assumed.json":
        "the tournament's system {system!r} names a Swiss system without saying which: paired with the {name} "
        "({article}); give `system` to choose another",
    "warning.system-assumed.092.generic":
        "record 092 ({words!r}) names a Swiss system without saying which: paired with the {name} ({article}); give "
        "`system` (or a 192 code) to choose another",
    "warning.system-assumed.092":
        "record 092 ({words!r}) does not name a pairing system: paired with the {name} ({article}); give `system` (or a "
        "192 code) to choose another",
    "warning.system-assumed.none":
        "the tournament does not say which pairing system it uses (no 192 code, no 092 text, no `system`): paired with "
        "the {name} ({article})",
    "warning.system-overridden.unsupported": "{declares}; paired with {name} as requested",
    "warning.system-overridden": "the tournament declares {what} ({source}: {declared}); paired with {name} as requested",
    "warning.pairing-without-result": "player {player}, round {round}: paired with {opponent} but no result yet",
    "warning.opponent-symmetry": "player {player}, round {round}, opponent {opponent}: {problems}",
    "warning.opponent-symmetry.other-opponent": "player {player} has {other} in that round",
    "warning.opponent-symmetry.no-opponent": "player {player} has no opponent in that round",
    "warning.opponent-symmetry.colours": "colours {mine}/{theirs} do not mirror",
    "warning.opponent-symmetry.results": "results {mine!r}/{theirs!r} do not mirror",
    "warning.opponent-symmetry.games": "the games of the match do not mirror",
    "warning.opponent-symmetry.games-one-side": "the games of the match are given for player {player} only",
    "warning.points-mismatch": "player {player}: points column says {declared}, the results give {computed}",
    "warning.several-pabs": "round {round}: {count} pairing-allocated byes (players {players}); at most one is expected",
    "warning.declared-players": "the declared number of players (062) is {declared}, the tournament lists {count} players",
    "warning.start-numbers-gap": "start numbers run to {last} for {count} players (missing: {missing})",
    "warning.birth-date":
        "{count} birth date(s) not in the YYYY/MM/DD form, e.g. {date!r} of player {player}; kept as written",
    "warning.date": "{what} {value!r} is not in a date form the reader knows (TRF-2026: YYYY/MM/DD); kept as written",
    "what.start-date": "start date",
    "what.end-date": "end date",
    "warning.title": "player {player}: unknown title {title!r} kept as written",
    "warning.bye-placeholder":
        "player {player} {name!r} (unrated) looks like a placeholder for byes, not a participant: it is paired and "
        "ranked like any other player; remove it and record the byes as such (pairing-allocated bye U, or H/F/Z)",
    "error.expected-list": "expected a list",
    "error.participant-id": "a participant id must be an integer or a string, got {found!r}",
    "error.participant-id.player": "player id {found!r} is neither an integer nor a string",
    "error.entrants.type": "'{field}' must be a number of players or a list of ids",
    "error.entrants.at-most": "at most {maximum} players are supported, got {count}",
    "error.entrants.at-least": "at least {minimum} players are needed, got {count}",
    "error.entrants.repeated": "player id {found!r} appears more than once",
    "error.knockout.result-type": "a game result must be a text such as \"1-0\", \"0-1\" or \"1/2-1/2\", got {found!r}",
    "error.knockout.result-unknown": "unknown game result {found!r}: use \"1-0\", \"0-1\" or \"1/2-1/2\"",
    "error.knockout.game-players": "the game is between {white!r} and {black!r}, but the match is {home!r} - {away!r}",
    "error.knockout.armageddon-winner": "the Armageddon winner {winner!r} does not play in this match",
    "error.knockout.match-result-type":
        "a match result must be an object such as {{\"winner\": id}} or {{\"games\": [...]}}",
    "error.knockout.unknown-fields": "unknown field(s) in the match result: {fields}",
    "error.knockout.empty-result": "the match result is empty: give a winner or the games",
    "error.knockout.game-needs-players": "a game needs both 'white' and 'black' (two different players) or neither",
    "error.knockout.armageddon-players": "an Armageddon game needs 'white' and 'black' (or give its 'winner')",
    "error.knockout.tiebreaks-not-needed": "tie-break games are given although the regular games decided the match",
    "error.knockout.stage-not-needed": "tie-break stage {stage} is given although an earlier stage decided the match",
    "error.knockout.armageddon-not-needed": "an Armageddon game is given although the tie-break games decided the match",
    "error.knockout.winner-not-playing": "the winner {winner!r} does not play in this match ({home!r} - {away!r})",
    "error.knockout.winner-contradicts": "the declared winner {winner!r} contradicts the games (won by {games_winner!r})",
    "error.knockout.no-match": "there is no match {match!r} in this bracket (matches: {matches})",
    "error.knockout.players-unknown": "match {match} has a result, but its players are not known yet ({home} - {away})",
    "error.groups.count": "the number of groups must be 2, 4, 8 or 16, got {found!r}",
    "error.groups.stage": "unknown stage {found!r}: use 'swiss-groups', 'round-robin-groups' or 'seeded'",
    "error.groups.qualifiers-type": "the number of qualifiers must be an integer of at least 2, got {found!r}",
    "error.groups.qualifiers-at-most": "at most {maximum} qualifiers are supported, got {count}",
    "error.groups.qualifiers-share":
        "{groups} groups cannot share {qualifiers} qualifiers equally: the number of groups must divide the number of "
        "qualifiers",
    "error.groups.qualifiers-power": "the number of qualifiers must be a power of two (4, 8, 16, 32, ...), got {qualifiers}",
    "error.groups.seeded-crossover": "a seeded knockout has no group crossover",
    "error.groups.standings-type": "the standings must map each group letter to its ranked ids",
    "error.groups.unknown": "unknown group(s) {unknown}: the groups are {groups}",
    "error.groups.no-standings": "no standings for group {group}",
    "error.groups.ranked-twice": "player {player!r} is ranked in groups {first} and {second}",
    "error.groups.seeded-needs-players":
        "a seeded knockout needs the players (a count or ids in seeding order) or the number of qualifiers",
    "error.groups.players-vs-qualifiers": "{count} players are listed but qualifiers is {qualifiers}",
    "error.groups.groups-required": "the number of groups is required after a group stage",
    "error.groups.qualifiers-required": "the number of qualifiers is required after a group stage",
    "error.openings.string": "{field} must be a non-empty string",
    "error.openings.one-line": "{field} must be one line of at most {maximum} characters",
    "error.openings.table": "{field} must be an object with columns and rows",
    "error.openings.columns": "{field} must list the column names",
    "error.openings.column-twice": "{field}: a column name is used twice",
    "error.openings.rows": "{field} must list the rows",
    "error.openings.row": "{field} must be an object with number and openings",
    "error.openings.row-number": "{field} must be a whole number from 1 to {maximum}",
    "error.openings.row-twice": "{field}: row {row} appears twice",
    "error.openings.row-openings": "{field} must map column names to moves",
    "error.openings.unknown-columns": "{field}: unknown column(s) {columns}",
    "error.openings.too-many": "{field}: more than {maximum} openings",
    "error.openings.none": "{field} holds no opening",
    "error.openings.per": "per must be 'round' or 'match', not {found!r}",
    "error.openings.count.match": "give the number of matches",
    "error.openings.count.round": "give the number of rounds",
    "error.openings.count-labels": "count is {count} but {labels} labels are given",
    "error.openings.nothing": "nothing to draw: give at least one round or match",
    "error.openings.at-most": "at most {maximum} openings can be drawn at once",
    "error.openings.twice.match": "a match is listed twice",
    "error.openings.twice.round": "a round is listed twice",
    "error.openings.columns-unknown": "unknown column(s) {unknown}; the table has {columns}",
    "error.openings.exclude": "exclude: no opening {openings} in the table",
    "error.openings.pool": "{needed} openings are needed but only {available} can be drawn without repetition",
    "error.roundrobin.no-round": "round {round!r} does not exist: a round robin of {participants} has rounds 1 to {last}",
    "error.roundrobin.no-round.double":
        "round {round!r} does not exist: a double round robin of {participants} has rounds 1 to {last}",
    "what.count.players": "{count} players",
    "what.count.teams": "{count} teams",
    "error.roundrobin.too-few.players": "a round robin needs at least 2 players, the tournament has {count}",
    "error.roundrobin.too-few.teams": "a round robin needs at least 2 teams, the tournament has {count}",
    "error.roundrobin.not-berger.players":
        "the start numbers are not 1..n, so they cannot serve as Berger numbers: give the Berger number of every player",
    "error.roundrobin.not-berger.teams":
        "the team numbers are not 1..n, so they cannot serve as Berger numbers: give the Berger number of every team",
    "error.roundrobin.berger-unknown.players": "Berger numbers given for players not in the tournament: {unknown}",
    "error.roundrobin.berger-unknown.teams": "Berger numbers given for teams not in the tournament: {unknown}",
    "error.roundrobin.berger-missing.players": "no Berger number for players {missing}",
    "error.roundrobin.berger-missing.teams": "no Berger number for teams {missing}",
    "error.roundrobin.berger-range": "the Berger numbers must be 1..{count}, each used once",
    "error.roundrobin.varma": "Varma tables are available for {minimum} to {maximum} players got {found!r}",
    "error.roundrobin.varma-id": "every player needs an 'id' (and a 'federation')",
    "error.roundrobin.federation": "the federation must be a text code",
    "error.language": "unknown language {found!r}; use {languages}",
    "error.tiebreak.individual-in-team": "{specifier}: {code} is an individual tie-break, this is a team event",
    "error.tiebreak.team-in-individual": "{specifier}: {code} is a team tie-break, this is an individual event",
    "error.tiebreak.team-score": "{specifier}: :{score} chooses a team score, this is an individual event",
    "error.tiebreak.edition": "unknown C.07 edition {found!r}; use 2026-03, 2024-08 or pre-2023",
    "error.tiebreak.edition-modifier": "{specifier}: /V{number} is not a C.07 edition (use /V2026, /V2024 or /V2022)",
    "error.tiebreak.preset": "unknown tie-break preset {found!r}",
    "error.tiebreak.empty-specifier": "empty tie-break specifier",
    "error.tiebreak.too-long": "{specifier}: a tie-break specifier has at most {maximum} characters, this one has {length}",
    "error.tiebreak.too-many-modifiers":
        "{specifier}: a tie-break specifier has at most {maximum} modifiers, this one has {count}",
    "error.tiebreak.other": "{specifier}: self-defined tie-breaks (OTHER_...) cannot be computed",
    "error.tiebreak.names-scores": "{specifier}: {name} already names its scores; drop :{score}",
    "error.tiebreak.unknown-code": "{specifier}: unknown tie-break code {code!r}",
    "error.tiebreak.unknown-score": "{specifier}: unknown score {score!r} (use :MP or :GP)",
    "error.tiebreak.unknown-modifier": "{specifier}: unknown modifier /{modifier}",
    "error.tiebreak.repeated-modifier": "{specifier}: /{modifier} repeats a modifier already given",
    "error.tiebreak.divisor": "{specifier}: the divisor /K must be at least 1",
    "error.tiebreak.meaningless": "{specifier}: {names} means nothing for {code}",
    "error.tiebreak.empty-list": "the tie-break list is empty",
    "error.standings.after-round": "after_round must be between 0 and {last}",
    "error.standings.ties": "ties must be 'shared' or 'lots', not {found!r}",
    "error.standings.system": "unknown system {found!r}",
    "error.standings.individual-score": "{specifier}: this is an individual event; its score is PTS",
    "error.standings.mcmahon-individual": "McMahon initial scores are for individual events",
    "error.standings.no-orders": "give at least one tie-break list",
    "error.advice.integer": "the number of players must be an integer",
    "error.advice.at-least": "advice needs at least 2 players, got {count}",
    "error.mcmahon.unknown": "initial scores for unknown player(s) {unknown}",
    "error.mcmahon.bands": "two McMahon bands start at the same rating",
    "error.late-byes.total": "the late-bye rule needs the number of rounds: give total_rounds (TRF 142)",
    "error.late-byes.rounds": "late_bye_rounds counts the final rounds without points for a bye: 1 or more",
    "error.scoring.unknown": "unknown scoring preset {found!r}; choose one of {presets}",
    "error.scoring.no-draws": "{preset} has no draws, but player {player} has a draw in round {round}",
    "error.schema.invalid": "{field}: invalid",
    "error.schema.other": "{field}: {message}",
    "error.schema.value-error": "Value error, {problem}",
    "error.schema.record-line":
        "a line the TRF reader reads as a record (or skips); other_records holds only lines it keeps as written",
    "error.schema.decimals": "at most three decimals",
    "error.schema.width": "does not fit the {width} columns of its TRF field",
    "error.schema.record-code": "{value} is a TRF record code, not a federation",
    "error.schema.missing": "Field required",
    "error.schema.extra-forbidden": "Extra inputs are not permitted",
    "error.schema.int-parsing": "Input should be a valid integer, unable to parse string as an integer",
    "error.schema.int-type": "Input should be a valid integer",
    "error.schema.int-from-float": "Input should be a valid integer, got a number with a fractional part",
    "error.schema.float-parsing": "Input should be a valid number, unable to parse string as a number",
    "error.schema.float-type": "Input should be a valid number",
    "error.schema.string-type": "Input should be a valid string",
    "error.schema.bool-parsing": "Input should be a valid boolean, unable to interpret input",
    "error.schema.bool-type": "Input should be a valid boolean",
    "error.schema.list-type": "Input should be a valid list",
    "error.schema.dict-type": "Input should be a valid dictionary",
    "error.schema.model-type": "Input should be a valid dictionary or instance of {class_name}",
    "error.schema.model-attributes-type": "Input should be a valid dictionary or object to extract fields from",
    "error.schema.literal": "Input should be {expected}",
    "error.schema.greater-than-equal": "Input should be greater than or equal to {ge}",
    "error.schema.less-than-equal": "Input should be less than or equal to {le}",
    "error.schema.greater-than": "Input should be greater than {gt}",
    "error.schema.less-than": "Input should be less than {lt}",
    "error.schema.too-long": "{field_type} should have at most {items} after validation, not {actual_length}",
    "error.schema.too-short": "{field_type} should have at least {items} after validation, not {actual_length}",
    "error.schema.string-too-long": "String should have at most {characters}",
    "error.schema.string-too-short": "String should have at least {characters}",
    "error.schema.pattern": "String should match pattern '{pattern}'",
    "error.schema.multiple-of": "Input should be a multiple of {multiple_of}",
    "error.schema.string-unicode": "Input should be a valid string, unable to parse raw data as a unicode string",
    "error.schema.finite-number": "Input should be a finite number",
    "error.schema.union-tag-invalid":
        "Input tag '{tag}' found using {discriminator} does not match any of the expected tags: {expected_tags}",
    "error.schema.union-tag-not-found": "Unable to extract tag using discriminator {discriminator}",
    "error.schema.one-of": "{what} must be one of {allowed}",
    "error.schema.range": "{what} must be from {least} to {maximum}",
    "error.schema.length": "{what} must have {least} to {n} characters",
    "error.schema.number-or-text": "{what} must be a number or a text",
    "error.schema.invalid-text":
        "the character {character} at position {position} is not allowed (no control characters, line breaks or lone "
        "surrogates)",
    "what.a-result": "a result",
    "what.a-colour": "a colour",
    "what.the-initial-colour": "the initial colour",
    "what.a-game-result": "a game result",
    "what.a-bye": "a bye",
    "what.the-result-of-a-game": "the result of a game",
    "what.a-fide-id": "a FIDE id",
    "what.a-player": "a player",
    "what.a-forfeited-match": "a forfeited match",
    "what.a-match-rule": "a match rule",
    "what.an-acceleration": "an acceleration",
    "what.a-colour-preference-type": "a colour preference type",
    "what.a-primary-score": "a primary score",
    "what.a-system-with-standings": "a system with standings",
    "what.collection.list": "List",
    "what.collection.dictionary": "Dictionary",
    "what.count.item": "{count} item",
    "what.count.items": "{count} items",
    "what.count.character": "{count} character",
    "what.count.characters": "{count} characters",
    "error.at": "{field}: {problem}",
    "error.field.number": "{field} must be a number",
    "error.field.number-found": "{field} must be a number, found {found!r}",
    "error.field.out-of-range": "{field} is out of range",
    "error.rounds-exceed": "{rounds} rounds exceed the limit of {limit}",
    "error.players-exceed": "{count} players exceed the limit of {limit}",
    "error.more-rounds": "{field}: more than {limit} rounds",
    "error.duplicate-start-number": "{field}: start number {start_number} is used twice",
    "error.unknown-participant": "{field}: no participant {ref!r} (a start number, or the id of a player)",
    "error.self-pairing": "{field}: player {player} cannot meet himself",
    "error.json.start-numbers-all-or-none":
        "{field}: give a start number to every player or to none (then the players are numbered in the order of the list)",
    "error.json.duplicate-id": "{field}: id {id!r} is also the id of {other}",
    "error.json.already-in-round": "{field}: player {player} is already in round {round} ({other})",
    "error.json.entry-differs": "{field}: player {player}'s entry for round {round} differs from the one in {other}",
    "error.json.round-limit": "{field}: round {round} exceeds the limit of {limit} rounds",
    "error.match.no-opponent": "{field}: a match needs an opponent",
    "error.match.result-mismatch": "{field}: {result!r} is not the round result of its games under the {rule} rule ({outcome})",
    "error.match.result-mismatch.player":
        "{field}: {result!r} is not the round result of its games under the {rule} rule ({outcome} for player {player})",
    "error.match.colour": "{field}: the colour of a match round is the first game's ({colour})",
    "error.match.white-side-result":
        "{field}: {result!r} is a result from White's side: give the player's colour, or his result (win, draw, loss, ...)",
    "error.match.players":
        "{field}: a game of the match of players {first} and {second} must be played by them, not by {white} and {black}",
    "error.match.double-forfeit":
        "{field}: a double forfeit is not a game of a match; record the round as a double forfeit ('--') without games",
    "warning.match-unfinished":
        "round {round}: the match is not finished ({unfinished}); the round is paired without a result",
    "warning.match-game-after-decision":
        "round {round}: {count} game(s) played after the best of 3 was decided; they count in the game points only",
    "error.match.unknown-rule": "{field}: unknown match rule {rule!r}; choose one of {rules}",
    "error.match.no-games": "{field}: a match needs at least one game",
    "error.match.not-a-game": "{field}: {result} is not the result of a game",
    "error.match.best-of-3": "{field}: {count} games; a best of 3 has at most three",
    "error.match.forfeits-only":
        "{field}: every game is a forfeit and neither side won more: record the round as a forfeit or a double forfeit "
        "without games",
    "error.match.rule-player-round": "match_rule {rule}: player {player}, round {round}: {problem}",
    "what.match.undecided": "{played} of 3 games played and not decided",
    "what.match.pending": "{pending} game(s) not played yet",
    "warning.match-unfinished.player":
        "player {player}, round {round}: the match is not finished ({unfinished}); the round is paired without a result",
    "error.field.required": "{field} is required",
    "error.field.object": "{field} must be an object",
    "error.field.list": "{field} must be a list",
    "error.field.whole-range": "{field} must be a whole number from {minimum} to {maximum}",
    "error.field.string": "{field} must be a string",
    "error.field.boolean": "{field} must be true or false",
    "error.jch.result": "{field}: unknown result {letter!r} (W, D, L, Z, P, A, F, H or U)",
    "error.jch.no-tournament": "event.tournaments is empty: no tournament to read",
    "error.jch.tournament-number": "event.tournaments has no tournamentNo {number}",
    "error.jch.status": "the Chess-JSON file reports an error: status {status} {errors}",
    "error.jch.profile": "{field}: no profile with id {id!r}",
    "error.jch.rating": "{field}: {rating} is out of range",
    "error.jch.not-competitor": "{field}: {start_number} is not a competitor",
    "error.jch.no-result": "{field}: neither wResult nor bResult",
    "warning.jch-result.bye-with-opponent": "{where}: a pairing-allocated bye with an opponent; read as a win",
    "warning.jch-result.unplayed-draw": "{where}: an unplayed draw has no TRF result; read as a half-point bye without opponent",
    "warning.jch-tournaments": "the event has {count} tournaments; the first is read",
    "warning.jch-duplicate-game": "{where}: player {player} has two games in round {round}; the first ({first}) is kept",
    "error.trf.number": "{what} must be a number, found {found!r}",
    "error.trf.missing": "{what} is missing",
    "error.trf.whole-number": "{what} must be a whole number, found {found!r}",
    "error.trf.not-start-number": "{what}: {found!r} is not a start number",
    "warning.tab-replaced": "{what} holds a tab character, replaced by spaces (no TRF field may hold a tab)",
    "warning.text-cut": "{what} has {length} characters; cut to {limit}",
    "error.trf.round-misaligned": "round {round}: the round block is misaligned",
    "error.trf.opponent": "round {round}: opponent must be a start number, found {found!r}",
    "error.trf.colour": "round {round}: colour must be w, b or -, found {found!r}",
    "error.trf.result-code": "round {round}: {found!r} is not a TRF result code",
    "error.trf.start-number-zero": "start number must be at least 1",
    "error.trf.rating-range": "rating {rating} is out of range (at most {maximum})",
    "error.trf.too-many-round-columns": "the line has {blocks} round columns; the limit is {limit}",
    "warning.misaligned":
        "player line is misaligned (maybe a bad encoding); columns after the name were shifted to fit",
    "warning.sex": "unknown sex {found!r} ignored",
    "warning.rank": "rank {found!r} is not a number; ignored",
    "what.start-number": "start number",
    "what.rating": "rating",
    "what.points": "points",
    "what.name": "the name",
    "what.federation": "the federation",
    "what.fide-id": "the FIDE id",
    "what.birth-date": "the birth date",
    "what.national.start-number": "national record start number",
    "what.national.rating": "national rating",
    "what.national.sex": "the national sex",
    "what.national.classification": "the national classification",
    "what.national.name": "the national name",
    "what.national.origin": "the national origin",
    "what.national.national-id": "the national national id",
    "what.national.birth-date": "the national birth date",
    "error.trf.too-many-rounds": "{record}: {rounds} rounds; the limit is {limit}",
    "error.trf.152": "152: initial colour must be W or B",
    "error.trf.162": "162 record: expected symbol/value pairs such as 'W 1.0'",
    "error.trf.xxs": "XXS: cannot read {token!r}",
    "error.trf.240": "240: expected 'H|F|Z round id...'",
    "error.trf.xxa": "XXA: expected a start number and points per round",
    "error.trf.260": "260: expected 'first-round last-round id...'",
    "error.trf.310": "310: expected strength, match points, game points and rank after the nickname",
    "error.trf.300": "300: expected 'round team opponent-team board ids'",
    "error.trf.320": "320: more than {limit} rounds",
    "error.trf.330": "330: expected '+-|-+|-- round team team'",
    "warning.repeated-record": "record {record} repeated; the last one is used",
    "warning.rounds-disagree": "{record} says {rounds} rounds, an earlier record said {earlier}; {rounds} is used",
    "warning.xxc": "XXC: unknown word {word!r} ignored",
    "what.record.text": "record {record}",
    "what.record.rounds": "{record} number of rounds",
    "what.record.match-points": "{record} match points",
    "what.record.game-points": "{record} game points",
    "what.record.first-round": "{record} first round",
    "what.record.last-round": "{record} last round",
    "what.record.first-id": "{record} first id",
    "what.record.last-id": "{record} last id",
    "what.record.round": "{record} round",
    "what.record.team-number": "{record} team number",
    "what.record.members": "{record} members",
    "what.record.virtual-points": "{record} virtual points",
    "what.record.team-of-round": "{record} team of round {round}",
    "what.round-date": "a round date",
    "what.team.name": "the team name",
    "what.team.nickname": "the team nickname",
    "what.team.strength": "the team strength",
    "error.trf.empty": "the file is empty",
    "error.trf.binary": "this is a binary file, not a TRF text file",
    "error.trf.control-character":
        "the line holds the character {character} (a control character, line separator or lone surrogate), which no TRF "
        "field may hold",
    "error.trf.number-too-long": "the line has a number with more than 1000 digits",
    "error.trf.too-many-players": "more than {limit} players; the limit is {limit}",
    "error.trf.not-trf": "no TRF records found: this does not look like a TRF file",
    "error.trf.duplicate-start-number": "start number {start_number} is used twice (lines {first} and {second}) with "
                                        "different data",
    "warning.encoding": "the file is not UTF-8; decoded as {encoding}",
    "warning.unknown-record": "line not understood and kept as is: {found!r}",
    "warning.013-and-310": "both 013 and 310 team records: 310 is used",
    "warning.duplicate-player":
        "start number {start_number} is listed twice (identical lines {first} and {second}); one is used",
    "what.comment": "the comment",
    "what.line": "the line",
    "advice.all-places.round-robin":
        "a round robin of {players} players ({round_robin} {round_robin_word}) already places everybody",
    "advice.all-places.one-more":
        "one round more than a sole winner needs ({rounds} + 1), as in the seed's example: 60 players need 7 rounds",
    # Club avoidance in pairing (seed 002, app.engine.pairing.avoidance)
    "pairing.same-club":
        "; same club ({club}): not avoidable without worsening a FIDE pairing criterion or changing the floaters "
        "(club avoidance)",
    "pairing.same-club.fewest":
        "; same club ({club}): not avoidable without worsening a FIDE pairing criterion: no pairing of the round "
        "with the same criteria values has fewer same-club boards (club avoidance)",
    "pairing.same-club.unproven":
        "; same club ({club}): kept; the search for a pairing of the round with the same FIDE criteria values and "
        "fewer same-club boards stopped at its limit (club avoidance)",
    # Scoring presets of the games (app.engine.scoring_presets)
    "scoring.chess.name": "Chess",
    "scoring.chess.source": "FIDE: win 1, draw ½, loss 0 (seed 002: 赢1分，和0.5分，输0分)",
    "scoring.xiangqi.name": "Xiangqi (Chinese chess)",
    "scoring.xiangqi.source": "issue 13: xiangqi's usual 2 / 1 / 0 (win 2, draw 1, loss 0)",
    "scoring.go.name": "Go (no draws)",
    "scoring.go.source":
        "issue 13: go without draws (a half-point komi); a win 1, a loss 0, as McMahon scores count wins (seed 002, "
        "麦克马洪制); a requested half-point bye is still half a win",
    "scoring.gomoku.name": "Gomoku",
    "scoring.gomoku.source": "seed 002 lists 五子棋 among the Swiss games and scores its examples 1 / ½ / 0",
    "scoring.junqi.name": "Junqi (army chess)",
    "scoring.junqi.source": "seed 002, 模拟比赛过程（军棋）: each round won 1, lost 0, drawn 0.5",
    "scoring.magic.name": "Magic: the Gathering (3 / 1 / 0)",
    "scoring.magic.source": "seed 002, 万智牌赛制: 胜者获得3分，平局得1分",
    # The tie-break catalogue: names and definitions
    "tiebreak.AOB.name": "Average of Opponents' Buchholz",
    "tiebreak.AOB.definition": "Average Buchholz (or Fore Buchholz with /F) of the opponents met over the board.",
    "tiebreak.APPO.name": "Average perfect performance of opponents",
    "tiebreak.APPO.definition": "Mean PTP of the opponents met over the board, rounded half up.",
    "tiebreak.APRO.name": "Average performance rating of opponents",
    "tiebreak.APRO.definition": "Mean TPR of the opponents met over the board, rounded half up.",
    "tiebreak.ARO.name": "Average rating of opponents",
    "tiebreak.ARO.definition": "Mean rating of the opponents met over the board, rounded half up.",
    "tiebreak.BBE.name": "Bottom board elimination",
    "tiebreak.BBE.definition": "Game points without the last board; if equal without the last two boards, and so on.",
    "tiebreak.BC.name": "Board count",
    "tiebreak.BC.definition": "Sum over all rounds of board number times the game points on that board (lower first).",
    "tiebreak.BH.name": "Buchholz",
    "tiebreak.BH.definition": "Sum of the opponents' scores (adjusted for unplayed rounds, Art. 16).",
    "tiebreak.BPG.name": "Games played with Black",
    "tiebreak.BPG.definition": "Games played over the board with the black pieces.",
    "tiebreak.BWG.name": "Games won with Black",
    "tiebreak.BWG.definition": "Games won over the board with Black.",
    "tiebreak.DE.name": "Direct encounter",
    "tiebreak.DE.definition":
        "Points scored in the games among the tied participants, applied again to every sub-group still tied; in a "
        "Swiss event a place is only given if games never played could not change it.",
    "tiebreak.EDE.name": "Extended direct encounter",
    "tiebreak.EDE.definition":
        "Direct encounter on the primary score, then on the secondary score, repeated until stable.",
    "tiebreak.EDEB.name": "Extended direct encounter (B)",
    "tiebreak.EDEB.definition":
        "Direct encounter on the primary score, then on the secondary score, repeated until stable; then, for two "
        "teams still tied, their match(es) without the last board, the last two, ....",
    "tiebreak.EDEBB.name": "Extended direct encounter (BB)",
    "tiebreak.EDEBB.definition":
        "Direct encounter on the primary score, then on the secondary score, repeated until stable; then board count "
        "and bottom-board elimination of their match(es).",
    "tiebreak.EDEBT.name": "Extended direct encounter (BT)",
    "tiebreak.EDEBT.definition":
        "Direct encounter on the primary score, then on the secondary score, repeated until stable; then board count "
        "and top-board results of their match(es).",
    "tiebreak.EDET.name": "Extended direct encounter (T)",
    "tiebreak.EDET.definition":
        "Direct encounter on the primary score, then on the secondary score, repeated until stable; then, for two "
        "teams still tied, board 1, board 2, ... of their match(es).",
    "tiebreak.ESB.name": "Extended Sonneborn-Berger",
    "tiebreak.ESB.definition":
        "Sum over the matches of the opponent's score times the own score in that match (:MM, :MG, :GM, :GG choose "
        "match or game points for each factor).",
    "tiebreak.FB.name": "Fore Buchholz",
    "tiebreak.FB.definition": "Buchholz computed as if every game of the final round had been drawn.",
    "explain.GPTS.match-games": " (points of the games of each match; a round without games counts its own points)",
    "tiebreak.GPTS.name": "Game points",
    "tiebreak.GPTS.definition": ("Game points of a team (sum of the board points); of a player whose rounds are "
                                 "matches of several games (seed 002, best of 3), the sum of the points of every "
                                 "game (a round without games counts its own points)."),
    "tiebreak.KS.name": "Koya system",
    "tiebreak.KS.definition":
        "Points scored against the opponents who finished with at least 50% of the maximum score.",
    "tiebreak.LOT.name": "Drawing of lots",
    "tiebreak.LOT.definition": "A reproducible drawing of lots from a seed; the lowest lot first.",
    "tiebreak.MPTS.name": "Match points",
    "tiebreak.MPTS.definition": "Match points of a team.",
    "tiebreak.MPVGP.name": "Match points or game points",
    "tiebreak.MPVGP.definition":
        "The score that is not the primary one: game points when ranking by match points, and vice versa.",
    "tiebreak.OPS.name": "Cumulative opponents' progressive score",
    "tiebreak.OPS.definition": "Sum of the progressive scores of the opponents met.",
    "tiebreak.PS.name": "Progressive scores",
    "tiebreak.PS.definition": "Sum of the running scores after each round (/Cn: the first n running scores left out).",
    "tiebreak.PSI.name": "Progressive score, first rounds removed one by one",
    "tiebreak.PSI.definition": "Progressive score; if still tied, without round 1, then without rounds 1-2, and so on.",
    "tiebreak.PTP.name": "Perfect tournament performance",
    "tiebreak.PTP.definition":
        "The lowest rating whose expected score against the opponents met reaches the score obtained.",
    "tiebreak.PTS.name": "Points",
    "tiebreak.PTS.definition": "The score (the primary score in team events).",
    "tiebreak.RBH.name": "Recursive Buchholz",
    "tiebreak.RBH.definition": "Sum of the Buchholz scores of the opponents met.",
    "tiebreak.REP.name": "Rounds one elected to play",
    "tiebreak.REP.definition": "Number of rounds minus requested byes, forfeit losses and rounds after a withdrawal.",
    "tiebreak.RTNG.name": "Rating",
    "tiebreak.RTNG.definition": "The participant's own rating, highest first (/R: lowest first).",
    "tiebreak.SB.name": "Sonneborn-Berger",
    "tiebreak.SB.definition":
        "Sum over the rounds of the opponent's score times the points scored against that opponent.",
    "tiebreak.SBC.name": "Sonneborn-Berger, lowest contributions cut",
    "tiebreak.SBC.definition":
        "Sonneborn-Berger whose cut (/C1, /C2, /M1) drops the lowest (and highest) contributions, opponent's score "
        "times own result, as seed 003 does; C.07 (SB/C1) drops the contributions of the lowest-scored opponents.",
    "tiebreak.SOLK.name": "Solkoff",
    "tiebreak.SOLK.definition":
        "Plain sum of the final scores of the opponents met; unplayed rounds add nothing (/M1: Solkoff median).",
    "tiebreak.SOLKC.name": "Iterated Solkoff cut",
    "tiebreak.SOLKC.definition":
        "Drop the lowest-scoring opponent and compare; if still tied drop the next lowest, and so on.",
    "tiebreak.SSSC.name": "Score and Schedule Strength Combination",
    "tiebreak.SSSC.definition": "Secondary score plus the Buchholz on the primary score divided by K, two decimals.",
    "tiebreak.STD.name": "Standard points",
    "tiebreak.STD.definition":
        "1 for each round with more points than a draw, ½ for exactly a draw's points, 0 otherwise.",
    "tiebreak.TBR.name": "Top board result",
    "tiebreak.TBR.definition": "Game points on board 1 over the event; if equal board 2, and so on.",
    "tiebreak.TPN.name": "Tournament pairing number",
    "tiebreak.TPN.definition": "The final pairing number, lowest first (/R: highest first).",
    "tiebreak.TPR.name": "Tournament performance rating",
    "tiebreak.TPR.definition": "ARO plus the FIDE rating difference for the percentage score over the board.",
    "tiebreak.WIN.name": "Number of wins",
    "tiebreak.WIN.definition": "Rounds in which the participant obtained a win's points, with or without playing.",
    "tiebreak.WON.name": "Number of games won",
    "tiebreak.WON.definition": "Games won over the board.",
    # Named forms of the tie-breaks (catalogue)
    "form.BH/C1": "Buchholz Cut-1",
    "form.BH/C2": "Buchholz Cut-2",
    "form.BH/M1": "Median Buchholz",
    "form.BH/M2": "Median Buchholz 2",
    "form.FB/C1": "Fore Buchholz Cut-1",
    "form.FB/C2": "Fore Buchholz Cut-2",
    "form.FB/M1": "Median Fore Buchholz",
    "form.FB/M2": "Median Fore Buchholz 2",
    "form.SB/C1": "Sonneborn-Berger Cut-1",
    "form.SB/C2": "Sonneborn-Berger Cut-2",
    "form.SB/M1": "Median Sonneborn-Berger",
    "form.SB/M2": "Median Sonneborn-Berger 2",
    "form.SBC/C1": "Sonneborn-Berger Cut-1 by contribution (seed 003)",
    "form.SBC/C2": "Sonneborn-Berger Cut-2 by contribution (seed 003)",
    "form.SBC/M1": "Median Sonneborn-Berger by contribution",
    "form.PS/C1": "Progressive score Cut-1",
    "form.PS/C2": "Progressive score Cut-2",
    "form.PS/M1": "Progressive score median",
    "form.PS/M2": "Progressive score median 2",
    "form.ARO/C1": "ARO Cut-1",
    "form.ARO/C2": "ARO Cut-2",
    "form.ARO/M1": "ARO median",
    "form.ARO/M2": "ARO median 2",
    "form.SOLK/C1": "Solkoff Cut-1",
    "form.SOLK/M1": "Solkoff median",
    "form.DE/P": "Direct encounter, forfeits included",
    # Presets: names and sources
    "preset.fide-swiss.name": "Individual Swiss (FIDE recommended reference order)",
    "preset.fide-swiss.source":
        "seed 000 (tie-break guide): Buchholz Cut-1, Buchholz, wins, direct encounter, pre-event FIDE rating",
    "preset.fide-swiss-rapid.name": "Rapid / blitz Swiss",
    "preset.fide-swiss-rapid.source": "seed 000, table of recommended orders by tournament type",
    "preset.fide-round-robin.name": "Individual round robin",
    "preset.fide-round-robin.source":
        "seed 000, table of recommended orders by tournament type (no Buchholz family: C.07 8, 2026)",
    "preset.fide-team-swiss.name": "Team Swiss",
    "preset.fide-team-swiss.source":
        "seed 000, table of recommended orders: match points, game points, team Buchholz, direct encounter",
    "preset.fide-team-round-robin.name": "Team round robin",
    "preset.fide-team-round-robin.source": "C.07 13.3 and 13.2 (practical default, no Buchholz family in round robins)",
    "preset.junior-school.name": "Junior / school events",
    "preset.junior-school.source":
        "seed 000, table of recommended orders: wins, direct encounter, initial rating, lots",
    "preset.c02-swiss-ratings-inconsistent.name": "Swiss, ratings not consistent (old C.02 13.16)",
    "preset.c02-swiss-ratings-inconsistent.source":
        "FIDE C.02 13.16 (in force until the 2023 rewrite), as quoted in spec/tiebreaks.md 7",
    "preset.c02-swiss-ratings-consistent.name": "Swiss, ratings consistent (old C.02 13.16)",
    "preset.c02-swiss-ratings-consistent.source":
        "FIDE C.02 13.16 (in force until the 2023 rewrite), as quoted in spec/tiebreaks.md 7",
    "preset.tec-team-swiss.name": "Team Swiss (TEC sample file)",
    "preset.tec-team-swiss.source": "FIDE TEC TRF-2026 sample file, record 202",
    "preset.cn-national-swiss.name": "Chinese national rated events, Swiss",
    "preset.cn-national-swiss.source": "seed 001: 直胜、对手分、中间对手分、胜局数、抽签 (cut/median keep at least 7 rounds)",
    "preset.cn-national-round-robin.name": "Chinese national rated events, round robin",
    "preset.cn-national-round-robin.source": "seed 001: 直胜、索伯分、胜局数、抽签",
    "preset.cn-zhisai-swiss-1.name": "Zhisai recommendation ① (Swiss)",
    "preset.cn-zhisai-swiss-1.source": "seed 001: 直胜、胜局数、后手局数、扣除对手分1型、对手分、索伯分 (keep at least 7 rounds)",
    "preset.cn-zhisai-swiss-2.name": "Zhisai recommendation ② (Swiss)",
    "preset.cn-zhisai-swiss-2.source": "seed 001: 直胜、对手分、中间对手分1型、胜局数 (keep at least 7 rounds)",
    "preset.cn-team.name": "Chinese team events (Li Cup)",
    "preset.cn-team.source": "seed 001: 场分→局分→直胜→对手分",
    "preset.cn-mostly-unrated.name": "Events where most players are unrated",
    "preset.cn-mostly-unrated.source": "seed 004: Solkoff, Solkoff median, Solkoff cut (iterated)",
    "preset.mcmahon.name": "McMahon (initial scores counted in the score)",
    "preset.mcmahon.source":
        "seed 002, 麦克马洪制: the final total, initial score plus points, is the McMahon score (give initial_scores "
        "or mcmahon_bands; without them it is the standard Swiss); Buchholz and Sonneborn-Berger in the place of "
        "go's SOS and SODOS, over the opponents' game points",
    # Pairing (app/engine/pairing): colours, colour rules, byes
    "pairing.colour.white": "White",
    "pairing.colour.black": "Black",
    "pairing.preference.none": "no preference",
    "pairing.preference": "{strength} {colour}",
    "pairing.strength.absolute": "absolute",
    "pairing.strength.strong": "strong",
    "pairing.strength.mild": "mild",
    "pairing.strength.none": "none",
    "pairing.bye.requested": "requested bye",
    "pairing.bye.absent": "not available",
    "pairing.dutch.rule.5.2.1": "both players get their colour preference",
    "pairing.dutch.rule.5.2.2": "the stronger colour preference is granted",
    "pairing.dutch.rule.5.2.3": "colours alternate from the last round in which the players had different colours",
    "pairing.dutch.rule.5.2.4": "the higher-ranked player gets his colour preference",
    "pairing.dutch.rule.5.2.5": "the higher-ranked player's pairing number parity decides (initial colour)",
    "pairing.c0404.rule.5.2.1":
        "neither player has played a game: the higher-ranked player's TPN parity decides (initial colour)",
    "pairing.c0404.rule.5.2.2": "both colour preferences are granted",
    "pairing.c0404.rule.5.2.3": "the stronger colour preference is granted",
    "pairing.c0404.rule.5.2.4":
        "colours alternate from the most recent round in which one player had White and the other Black",
    "pairing.c0404.rule.5.2.5": "the higher-ranked player gets his colour preference",
    "pairing.lim.rule.5.1":
        "the only colour the colour limits allow (never three times in a row, never three more of one colour)",
    "pairing.lim.rule.5.2": "both players get their due colour (equalisation, else alternation)",
    "pairing.lim.rule.5.3":
        "a player who had the same colour in the previous two rounds must be given the alternating colour",
    "pairing.lim.rule.5.6": "the player due a colour by equalisation gets it (players level after even rounds)",
    "pairing.lim.rule.5.4": "colours alternate from the latest round in which the two players had different colours",
    "pairing.lim.rule.5.4a":
        "identical histories, at or above the median: the higher-ranked player gets his due colour",
    "pairing.lim.rule.5.4b": "identical histories, below the median: the lower-ranked player gets his due colour",
    "pairing.lim.rule.7.2":
        "neither player has played: the higher-ranked player's TPN parity and the colour drawn for #1 decide",
    "pairing.colours": "; colours: {rule_text} (Art. {rule})",
    "pairing.dutch.bye":
        "left unpaired after the last bracket (pairing score {score}, {games} games played); eligible for the "
        "pairing-allocated bye",
    "pairing.dutch.float": "{high} ({high_score}) floats down to meet {low} ({low_score}) in the {bracket} bracket",
    "pairing.dutch.same": "{high} and {low} meet in their scoregroup ({score})",
    "pairing.dubov.bye":
        "pairing-allocated bye (3.1): the lowest score among the eligible players ({score}), {games} games "
        "played, the largest TPN ({id}), leaving everybody else pairable",
    "pairing.dubov.upfloat": "{player} ({score}) upfloats to the {bracket} bracket",
    "pairing.dubov.bracket": "in the {bracket} bracket",
    "pairing.dubov.pair": "{where}: {s1} of S1 (ARO {aro}) meets {t2} of T2 (rating {rating})",
    "pairing.burstein.seeding":
        "round {round} is a seeding round (Burstein 1.6: the first {seeding} rounds are paired by the FIDE "
        "(Dutch) System)",
    "pairing.burstein.bye":
        "pairing-allocated bye (3.1): the lowest score among the eligible players ({score}), {games} games "
        "played, the lowest Index (Buchholz {buchholz}, Sonneborn-Berger {sonneborn_berger}) that leaves "
        "everybody else pairable",
    "pairing.burstein.float": "{high} ({high_score}) floats down to meet {low} in the {bracket} bracket",
    "pairing.burstein.same": "{top} and {other} meet in the {bracket} bracket",
    "pairing.burstein.pair":
        "{where} (BSN {bsn_top} v {bsn_other} in Index order: Buchholz {buchholz_top} / {buchholz_other}, "
        "Sonneborn-Berger {sb_top} / {sb_other})",
    "pairing.lim.bye":
        "pairing-allocated bye (1.1): the lowest-ranked eligible player of the lowest scoregroup ({score}), "
        "leaving everybody else pairable",
    "pairing.lim.median": "the median scoregroup",
    "pairing.lim.group": "the {score} scoregroup (paired {direction})",
    "pairing.lim.direction.down": "downward",
    "pairing.lim.direction.up": "upward",
    "pairing.lim.meet": "{a} meets {b} in {kind}",
    "pairing.lim.floated": " ({players} floated in)",
    "pairing.lim.float-reason": "; {id} left the {score} scoregroup: {reason} (Art. {rule})",
    "pairing.lim.rule.2.3.1": "he had played all its other players",
    "pairing.lim.rule.2.3.2":
        "he has two more games with one colour and nobody there could give him the other colour",
    "pairing.lim.rule.2.3.3":
        "he had the same colour in the last two rounds and nobody there could give him the other colour",
    "pairing.lim.rule.2.3.4": "one player had to leave to make the number of its players even",
    "pairing.lim.rule.4.4": "his compatible opponents there were paired with others, which left him without one",
    "pairing.lim.rule.2.6":
        "the median scoregroup could not be paired otherwise, so his pairing in that group was undone (cracked)",
    "pairing.player": "{id}",
    "pairing.list-separator": ", ",
    # Pairing: float histories, notes, rounds no pairing satisfies, the round to pair, the checker's reports
    "pairing.float.pab": "pairing-allocated bye in round {round}",
    "pairing.float.forfeit-win": "forfeit win in round {round}",
    "pairing.float.half-point-bye": "half-point bye in round {round}",
    "pairing.float.full-point-bye": "full-point bye in round {round}",
    "pairing.float.unplayed": "unplayed round in round {round}",
    "pairing.float.down": "played {opponent} on a lower score in round {round}",
    "pairing.float.up": "played {opponent} on a higher score in round {round}",
    "pairing.float-history.down": "down: {reason}",
    "pairing.float-history.up": "up: {reason}",
    "pairing.float-history.none": "none",
    "pairing.dubov.upfloats": "upfloated {count} times",
    "pairing.dubov.upfloats.last-round": "upfloated {count} times, last round too",
    "pairing.dubov.budget.upfloaters":
        "{count} upfloater sets for the {bracket} bracket: the first {budget} were compared",
    "pairing.dubov.budget.shifters": "shifters: the first {budget} sets were compared",
    "pairing.dubov.rating-required":
        "the Dubov system needs a rating for every player (C.04.4.1 1.1.1; the Chief Arbiter assigns a provisional "
        "one, 1.1.2): no rating for player(s) {players}",
    "pairing.lim.note":
        "Lim: Art. 1.1, 2.1-2.5, 3.2.1, 4.1, 5.1, 5.3, the exchange order of the 4.2 example and the round-one "
        "and round-two examples follow the text of C.04.4.3 or of its 1999 edition; 2.6, the floater choice, the "
        "other exchanges, the other colour rules and the Maxi-tournament rules follow its published summaries "
        "(docs/swiss-systems.md)",
    "pairing.lim.cracked":
        "the median scoregroup could not be paired as it stood: {count} pairing(s) of its neighbouring groups were "
        "undone (cracked), the last made first, and their players paired in it (C.04.4.3 2.6)",
    "pairing.lim.maxi":
        "Maxi-tournament (declared by the organiser): a floater or an opponent is chosen for colours only within "
        "{band} rating points of the one chosen otherwise (C.04.4.3 3.2.3, 3.8, 5.7)",
    "pairing.berger.rest": "rests: opponent of the dummy in the Berger table (odd number of players)",
    "pairing.berger.tables": "pairings from the FIDE Berger tables (C.05 Annex 1); Berger number = start number",
    "pairing.lots.drawn": "pairing numbers drawn by lot (seed {seed}); pair the later rounds with the same seed",
    "pairing.system.dubov": "Dubov system",
    "pairing.system.burstein": "Burstein system",
    "pairing.system.lim": "Lim system",
    "pairing.unpairable": "no pairing satisfies the absolute criteria",
    "pairing.unpairable.dutch":
        "no pairing of the {count} players to pair satisfies the absolute criteria ([C1] no rematch or forbidden "
        "pair, [C2] PAB eligibility, [C3] absolute colour preferences){isolated}{odd}. The chief arbiter has to "
        "decide (C.04.3 1.9).",
    "pairing.unpairable.isolated": "; no possible opponent for player(s) {players}",
    "pairing.unpairable.odd": "; the number of players is odd and nobody may receive the pairing-allocated bye",
    "pairing.unpairable.system":
        "no pairing of the {count} players to pair satisfies the absolute criteria of the {system} ([C1] no "
        "rematch or forbidden pair, [C2] PAB eligibility, [C3] absolute colour preferences). The Chief Arbiter "
        "has to decide ({article} 1.9.3).",
    "pairing.round.start": "round numbers start at 1",
    "pairing.round.out-of-sequence":
        "round {round} cannot be paired: the file pairs rounds up to {last}, so the next round to pair is round "
        "{next}",
    "pairing.round.without-results":
        "round {last} is already paired in the file and {missing} of its games have no result yet: enter the "
        "results of round {last} before pairing round {next}, or ask for round={last} to pair round {last} again",
    "pairing.round.repaired":
        "round {last} is already paired in the file (no result yet): this answer pairs it again from the rounds "
        "before it and replaces the file's pairing",
    "pairing.round.already-paired":
        "round {round} is already paired in the file ({why}): it is not paired again; the pairing checker audits "
        "the recorded rounds",
    "pairing.round.has-results": "it has results",
    "pairing.round.paired-up-to": "the file pairs rounds up to {last}",
    "pairing.unknown-players": "unknown player(s) {players} in the byes/absences",
    "pairing.initial-colour": "initial colour must be W or B, not {value!r}",
    "checker.cannot-pair": "the engine cannot pair round {round}: {error}",
    "checker.colours": "same pairs, different colours: [Art. 5] colour allocation",
    "checker.not-to-be-paired": "[C1] the file pairs {white}-{black}, but one of them was not to be paired",
    "checker.rematch": "[C1] no rematches / forbidden pairs: the file pairs {white}-{black}",
    "checker.absolute-colours": "[C3] absolute colour preferences: the file pairs {white}-{black}",
    "checker.pab-eligibility": "[C2] PAB eligibility: {player} may not receive the PAB",
    "checker.order":
        "[{article}] the file's pairing meets the absolute criteria but is not the one the system produces first",
    "checker.no-player": "none",
    "checker.bracket": "[{criterion}] {name} in the {bracket} bracket: file {file}, engine {engine}",
    "checker.criterion.C1": "no rematches / forbidden pairs",
    "checker.criterion.C2": "PAB eligibility",
    "checker.criterion.C3": "absolute colour preferences",
    "checker.criterion.completion": "completion",
    "checker.criterion.colour-preferences": "colour preferences",
    "checker.criterion.pab": "choice of the PAB",
    "checker.dutch.C5": "score of the PAB receiver",
    "checker.dutch.C6": "number of downfloaters",
    "checker.dutch.C7": "scores of the downfloaters",
    "checker.dutch.C8": "pairs in the next bracket",
    "checker.dutch.C8s": "scores paired in the next bracket",
    "checker.dutch.C9": "unplayed games of the PAB receiver",
    "checker.dutch.C10": "topscorers' colour difference",
    "checker.dutch.C11": "topscorers' three colours in a row",
    "checker.dutch.C13": "strong colour preferences",
    "checker.dutch.C14": "downfloaters with a downfloat in the previous round",
    "checker.dutch.C15": "MDP opponents with an upfloat in the previous round",
    "checker.dutch.C16": "downfloaters with a downfloat two rounds before",
    "checker.dutch.C17": "MDP opponents with an upfloat two rounds before",
    "checker.dutch.C18": "score differences of repeated downfloaters (previous round)",
    "checker.dutch.C19": "score differences of MDP opponents' repeated upfloats (previous round)",
    "checker.dutch.C20": "score differences of repeated downfloaters (two rounds before)",
    "checker.dutch.C21": "score differences of MDP opponents' repeated upfloats (two rounds before)",
    "checker.dutch.Art.4": "generation order (all criteria equal)",
    "checker.dutch.Art.5": "colour allocation",
    "checker.dutch.pab": "[C5] score of the PAB receiver: file {file}, engine {engine}",
    "checker.dutch.bracket": "[{criterion}] {name} in the {bracket} bracket: file {file} {what}, engine {engine}",
    "checker.dutch.violations": "violations",
    "checker.dutch.pairs": "pairs",
    "checker.dutch.weighted": "(weighted value, larger is better)",
    "checker.dutch.larger": "(larger is better)",
    "checker.dutch.order": "[Art. 4] same criteria values: the engine's pairing comes first in the generation order",
    "checker.dubov.C5": "number of upfloaters",
    "checker.dubov.C6": "scores of the upfloaters",
    "checker.dubov.C8": "maximum upfloaters among the upfloaters",
    "checker.dubov.C9": "upfloats of the maximum upfloaters",
    "checker.dubov.C10": "upfloaters who upfloated in the previous round",
    "checker.dubov.4.2": "order of the upfloater sets",
    "checker.dubov.3.2.6": "transposition of G2",
    "checker.dubov.pab":
        "[3.1] pairing-allocated bye: file {file}, engine {engine} (lowest score, most games played, largest TPN, "
        "among those leaving the rest pairable)",
    "checker.dubov.order":
        "[3.2.6] the same upfloaters and criteria: the engine's pairing is the first transposition of G2 (4.4) that "
        "gives a legal pairing",
    "checker.burstein.C5": "pairs in the bracket (outgoing floaters)",
    "checker.burstein.C6": "scores of the outgoing floaters",
    "checker.burstein.C7": "the following bracket ([C5]-[C6])",
    "checker.burstein.4.3": "order of pairings (all criteria equal)",
    "checker.burstein.what.C5": "outgoing floaters",
    "checker.burstein.what.C6": "scores of the outgoing floaters, highest first",
    "checker.burstein.what.C7": "the following bracket's outgoing floaters and their scores",
    "checker.burstein.what.C8": "players without their colour preference",
    "checker.burstein.what.4.3": "opponents of BSN 1, 2, ... (a floater counts 0)",
    "checker.burstein.bracket":
        "[{criterion}] {name} in the {bracket} bracket: file {file}, engine {engine} ({what})",
    "checker.burstein.seeding": "seeding round (1.6, paired by the Dutch system): {diagnosis}",
    "checker.burstein.order":
        "[4.3] the brackets are equally good: the engine's pairing comes first in the order of Article 4",
    "checker.burstein.pab": "[3.1] pairing-allocated bye: file {file}, engine {engine}",
    "checker.burstein.pab-unpairable": "[C4] with the PAB to {player} the other players cannot all be paired",
    "checker.burstein.pab-score":
        "[3.1] pairing-allocated bye: {file} (score {file_value}) instead of {engine} (score {engine_value})",
    "checker.burstein.pab-games":
        "[3.1] pairing-allocated bye: {file} (games played {file_value}) instead of {engine} (games played "
        "{engine_value})",
    "checker.burstein.pab-index": "[3.1.5] pairing-allocated bye: {file} is ranked above {engine} by the Index (1.8)",
    "checker.lim.C3": "colour limits (2.1: three in a row, three more of one colour)",
    "checker.lim.1.1": "the PAB",
    "checker.lim.2.3": "floaters of the scoregroup",
    "checker.lim.5": "colours",
    "checker.lim.4": "exchanges",
    "checker.lim.pab":
        "[1.1] pairing-allocated bye: file {file}, engine {engine} (the lowest-ranked eligible player of the lowest "
        "scoregroup)",
    "checker.lim.floats": "[2.3] pairs between different scores: file {file}, engine {engine}",
    "checker.lim.colours": "[5.2] pairs of players due the same colour: file {file}, engine {engine}",
    "checker.lim.order":
        "[4] the same floaters and colours: the engine's pairing is nearer the proposed pairings in the order of "
        "scrutiny",
}

# Words of this language that name a tie-break or one of its forms, as written (case-insensitive in specifiers).
ALIASES: dict[str, str] = {
    # the abbreviations and names of the seed documents (000: tie-break guide, 003: catalogue, 004: Solkoff)
    "W": "WIN",  # 000: 胜局数 (W)
    "MB": "BH/M1",  # 000: 中间布赫霍尔兹 (MB), Median Buchholz
    "AROC": "ARO/C1",  # 003: ARO Cut-1（AROC）
    "Koya": "KS",  # 000: 科亚系统 (Koya)
    "Cumulative": "PS",  # 000: 累进得分 (Cumulative)
    "Solkoff": "SOLK",  # 000, 004: Solkoff
    "Buchholz": "BH",
    "Sonneborn-Berger": "SB",
}
