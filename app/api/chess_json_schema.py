"""The Chess-JSON file that POST /v1/convert writes (`to=jch`), as typed models for the OpenAPI document.

The layout is the FIDE TEC reference converter's (app.formats.chess_json writes it; docs/chess-json.md maps
it field by field). These models describe what the writer produces, so that a generated client gets typed
objects; what the format cannot hold travels in `other["chess-tournament"]` as parts of the JSON form.
A test checks every shared file's Chess-JSON validates against them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from app.formats.json_schema import PlayerSchema, TournamentSchema

Points = float | str  # a number, or a formula the reference writes as text ("W", "D", ...)


class _Jch(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class JchArbiters(_Jch):
    chiefArbiter: int | None = Field(None, description="Profile id of the chief arbiter.")
    arbiters: list[int] = Field(default_factory=list, description="Profile ids of the deputy arbiters.")


class JchEventInfo(_Jch):
    fullName: str | None = Field(None, description="The event's name.")
    site: str | None = Field(None, description="Where it is held (TRF 022).")
    federation: str | None = Field(None, description="Organising federation (TRF 032).")
    startDate: str | None = Field(None, description="Start date (TRF 042).")
    endDate: str | None = Field(None, description="End date (TRF 052).")
    arbiters: JchArbiters | None = Field(None, description="The arbiters, by profile id.")
    typeOfTournament: str | None = Field(None, description="TRF 092 text.")


class JchRatingList(_Jch):
    listName: str = Field(..., description="Name of a rating list the ratings refer to.")


class JchProfile(_Jch):
    id: int = Field(..., description="Profile id (the start number for players).")
    lastName: str | None = Field(None, description="Family name.")
    firstName: str | None = Field(None, description="Given names.")
    sex: str | None = Field(None, description="m or w.")
    birth: str | None = Field(None, description="Birth date as written.")
    federation: str | None = Field(None, description="FIDE federation.")
    fideId: int | str | None = Field(None, description="FIDE id (a text where it is not a number).")
    fideName: str | None = Field(None, description="The name as written in the TRF.")
    rating: list[int] | None = Field(None, description="Ratings, one per rating list.")
    fideTitle: str | None = Field(None, description="FIDE title (GM, IM, ...).")
    fideOTitle: str | None = Field(None, description="FIDE arbiter or organiser title.")


class JchTeam(_Jch):
    id: int = Field(..., description="Team id (the team number).")
    teamName: str | None = Field(None, description="The team's name.")
    players: list[int] = Field(default_factory=list, description="Profile ids in board order.")


class JchTournamentInfo(JchEventInfo):
    pass


class JchPlayerOfTeam(_Jch):
    cid: int = Field(..., description="Competitor id of the player.")
    profileId: int = Field(..., description="The player's profile id.")
    teamId: int | None = Field(None, description="The team's id.")
    order: int | None = Field(None, description="Board order in the team.")
    present: bool | None = Field(None, description="Whether the player takes part.")
    gamePoints: float | None = Field(None, description="Points scored.")
    rank: int | None = Field(None, description="Rank as declared.")
    rating: int | None = Field(None, description="Rating used.")


class JchCompetitor(_Jch):
    cid: int = Field(..., description="Competitor id (start number or team number).")
    profileId: int | None = Field(None, description="Profile id (individual events).")
    teamId: int | None = Field(None, description="Team id (team events).")
    present: bool | None = Field(None, description="Whether the competitor takes part.")
    gamePoints: float | None = Field(None, description="Game points.")
    matchPoints: float | None = Field(None, description="Match points (team events).")
    rank: int | None = Field(None, description="Rank as declared.")
    rating: int | None = Field(None, description="Rating used.")
    cplayers: list[JchPlayerOfTeam] | None = Field(None, description="The team's players (team events).")


class JchScores(_Jch):
    W: Points | None = Field(None, description="Win.")
    D: Points | None = Field(None, description="Draw.")
    L: Points | None = Field(None, description="Loss.")
    F: Points | None = Field(None, description="Forfeit win.")
    H: Points | None = Field(None, description="Half-point bye.")
    Z: Points | None = Field(None, description="Zero-point bye.")
    P: Points | None = Field(None, description="Pairing-allocated bye.")
    A: Points | None = Field(None, description="Absent.")
    U: Points | None = Field(None, description="Unknown.")
    FG: Points | None = Field(None, description="Team forfeit: game points.")
    HG: Points | None = Field(None, description="Team half-point bye: game points.")
    PG: Points | None = Field(None, description="Team pairing-allocated bye: game points.")
    ZG: Points | None = Field(None, description="Team zero-point bye: game points.")


class JchScoreSystem(_Jch):
    game: JchScores | None = Field(None, description="Points per game result.")
    match: JchScores | None = Field(None, description="Points per match result (team events).")
    primary: str | None = Field(None, description="Primary score of a team event.")
    secondary: str | None = Field(None, description="Secondary score of a team event.")


class JchGame(_Jch):
    id: int = Field(..., description="Game id.")
    round: int = Field(..., ge=1, description="Round number.")
    white: int | None = Field(None, description="Competitor id with White (or the bye's receiver).")
    black: int | None = Field(None, description="Competitor id with Black.")
    played: bool | None = Field(None, description="Whether the game was played over the board.")
    rated: bool | None = Field(None, description="Whether the game is rated.")
    wResult: str | None = Field(None, description="White's result code.")
    bResult: str | None = Field(None, description="Black's result code.")
    board: int | None = Field(None, description="Board number.")


class JchMatch(JchGame):
    games: list[int] = Field(default_factory=list, description="Game ids of the match's boards.")


class JchTimeControl(_Jch):
    description: str | None = Field(None, description="The time control in words.")
    encoded: str | None = Field(None, description="The time control as encoded (TRF 222).")


class JchRound(_Jch):
    roundNo: int = Field(..., ge=1, description="Round number.")
    startTime: str | None = Field(None, description="The round's date.")


class JchAcceleration(_Jch):
    firstCompetitor: int = Field(..., description="First competitor id the virtual points apply to.")
    lastCompetitor: int = Field(..., description="Last competitor id.")
    firstRound: int = Field(..., description="First round.")
    lastRound: int = Field(..., description="Last round.")
    gamePoints: float | None = Field(None, description="Virtual game points.")
    matchPoints: float | None = Field(None, description="Virtual match points.")


class JchAccelerated(_Jch):
    name: str | None = Field(None, description="The acceleration method.")
    values: list[JchAcceleration] = Field(default_factory=list, description="Virtual points by range.")


class JchProhibited(_Jch):
    competitors: list[int] = Field(..., description="Competitor ids who may not meet.")
    firstRound: int | None = Field(None, description="First round of the restriction.")
    lastRound: int | None = Field(None, description="Last round of the restriction.")


class JchExtension(_Jch):
    tournament: TournamentSchema | None = Field(None, description="Members of the JSON form the standard fields "
                                                                  "cannot hold.")
    players: list[PlayerSchema] | None = Field(None, description="Per player, the JSON form's members the "
                                                                 "standard fields cannot hold.")


class JchOther(_Jch):
    chess_tournament: JchExtension | None = Field(None, alias="chess-tournament",
                                                  description="This service's values (docs/chess-json.md).")


class JchTournament(_Jch):
    tournamentNo: int = Field(..., description="Number of the tournament in the event (1).")
    tournamentType: str | None = Field(None, description="Individual or team, Swiss or round robin.")
    tournamentInfo: JchTournamentInfo | None = Field(None, description="Name, site, dates, type.")
    ratingList: str | None = Field(None, description="The rating list used.")
    numRounds: int | None = Field(None, description="Number of rounds.")
    currentRound: int | None = Field(None, description="Rounds with games.")
    teamTournament: bool | None = Field(None, description="Whether competitors are teams.")
    teamSize: int | None = Field(None, description="Boards per match.")
    teamColor: str | None = Field(None, description="Board colours of the first-named team (TRF 352).")
    teamSequence: str | None = Field(None, description="Order of the teams' players.")
    topColor: str | None = Field(None, description="Colour of the top seed in round 1.")
    rankOrder: list[str] = Field(default_factory=list, description="Tie-break order.")
    competitors: list[JchCompetitor] = Field(default_factory=list, description="Players or teams.")
    scoreSystem: JchScoreSystem | None = Field(None, description="Points per result.")
    gameList: list[JchGame] = Field(default_factory=list, description="Every game and bye.")
    matchList: list[JchMatch] = Field(default_factory=list, description="Team matches.")
    timeControl: JchTimeControl | None = Field(None, description="The time control.")
    rounds: list[JchRound] = Field(default_factory=list, description="Round dates.")
    format: str | None = Field(None, description="Format of the tournament.")
    pairingSystem: list[str] = Field(default_factory=list, description="Pairing system.")
    pairingcontrollerid: str | None = Field(None, description="Pairing program (TRF XXZ/pairing controller).")
    accelerated: JchAccelerated | None = Field(None, description="Accelerated pairings (virtual points).")
    prohibited: list[JchProhibited] = Field(default_factory=list, description="Pairings not allowed.")
    other: JchOther | None = Field(None, description="Values outside the standard fields.")


class JchEvent(_Jch):
    name: str | None = Field(None, description="The event's name.")
    eventInfo: JchEventInfo | None = Field(None, description="Name, site, dates, arbiters.")
    ratingLists: list[JchRatingList] = Field(default_factory=list, description="Rating lists used.")
    profiles: list[JchProfile] = Field(default_factory=list, description="People: players and arbiters.")
    teams: list[JchTeam] = Field(default_factory=list, description="Teams.")
    tournaments: list[JchTournament] = Field(default_factory=list, description="The event's tournaments (one).")


class JchStatus(_Jch):
    code: int = Field(description="0: no error")
    error: list[str] = Field(description="Error messages (none)")


class ChessJsonEvent(_Jch):
    """A Chess-JSON file (`to=jch`): the layout of the FIDE TEC reference converter (docs/chess-json.md)."""

    filetype: Literal["Event"] = Field(description="Always `Event`")
    version: str = Field(description="Chess-JSON version, `1.0`")
    origin: str = Field(description="The program that wrote the file")
    published: str = Field(description="Publication time (empty)")
    status: JchStatus = Field(description="The file's status: 0 and no errors.")
    event: JchEvent = Field(description="The event: its profiles, teams and tournaments.")
