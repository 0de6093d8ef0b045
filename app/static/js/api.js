// Calls to the service's /v1 API (same origin), and the one place where the answers' field names are read.
//
// Tournaments go up as a multipart `file`, byte for byte, so the service detects the file's encoding itself;
// options go as form fields. Every request says the page's language (Accept-Language, and the `language`
// field where the operation takes one), so that explanations, warnings and problems come in that language.
//
// The readers below turn each answer into the shape the page renders. They read field names defensively
// (a participant as a start number or as an object, names listed once in `participants`, ids under other
// names), so that a change of the API is adapted here and nowhere else.

import { language, t } from "./i18n.js";

/** Operations that take a `language` form field (the others get the Accept-Language header only). */
const LANGUAGE_FIELD = new Set(["/v1/standings", "/v1/standings/compare", "/v1/pairings", "/v1/team-pairings"]);

/** An error answer of the service (RFC 9457 problem+json), or a network failure. */
export class ProblemError extends Error {
  constructor(problem, status) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.name = "ProblemError";
    this.problem = problem;
    this.status = status;
  }
}

function acceptLanguage() {
  return language() === "zh" ? "zh-CN,zh;q=0.9,en;q=0.5" : "en;q=1.0,zh;q=0.5";
}

async function readAnswer(response, as) {
  const type = response.headers.get("content-type") || "";
  if (!response.ok) {
    const body = type.includes("json") ? await response.json() : { detail: await response.text() };
    throw new ProblemError(body && typeof body === "object" ? body : { detail: String(body) }, response.status);
  }
  if (as === "text") return response.text();
  return type.includes("json") ? response.json() : { detail: await response.text() };
}

async function send(path, init, as = "json") {
  let response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { Accept: as === "text" ? "text/plain" : "application/json", "Accept-Language": acceptLanguage() },
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ProblemError({ detail: t("problem.network", { message: error.message }) }, 0);
  }
  return readAnswer(response, as);
}

export function getJson(path, signal) {
  return send(path, { method: "GET", signal });
}

function tournamentForm(path, source, fields) {
  const form = new FormData();
  form.append("file", source.blob, source.name || "tournament.trf");
  const all = LANGUAGE_FIELD.has(path) ? { language: language(), ...fields } : fields;
  for (const [name, value] of Object.entries(all)) {
    if (value === null || value === undefined || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  }
  return form;
}

/**
 * POST the tournament `source` ({blob, name}) to `path` with `fields` as form fields: a string, a number,
 * or an array (one field per element); null, undefined and "" are left out.
 */
export function postTournament(path, source, fields = {}, signal = undefined) {
  return send(path, { method: "POST", body: tournamentForm(path, source, fields), signal });
}

/** The same, for an answer in plain text (a TRF file). */
export function postTournamentText(path, source, fields = {}, signal = undefined) {
  return send(path, { method: "POST", body: tournamentForm(path, source, fields), signal }, "text");
}

/** HTTP reason phrases: a problem whose title is one of them says nothing more than its status. */
const REASON_PHRASES = new Set(["Bad Request", "Not Found", "Method Not Allowed", "Not Acceptable",
  "Request Timeout", "Payload Too Large", "Content Too Large", "Unsupported Media Type", "Unprocessable Entity",
  "Unprocessable Content", "Too Many Requests", "Internal Server Error", "Service Unavailable", "Gateway Timeout",
  "Insufficient Storage"]);

/**
 * The problem in plain words: its title when it names the kind of problem (in the answer's language, e.g.
 * "无法读取 TRF"), its detail, and where it is (line, column, field).
 */
export function describeProblem(error) {
  const problem = error instanceof ProblemError ? error.problem : { detail: String(error?.message || error) };
  const where = [];
  if (problem.line != null) where.push(t("problem.line", { line: problem.line }));
  if (problem.column != null) where.push(t("problem.column", { column: problem.column }));
  if (problem.field != null) where.push(t("problem.field", { field: problem.field }));
  const title = problem.title && problem.detail && problem.title !== problem.detail
    && !REASON_PHRASES.has(problem.title) ? problem.title : "";
  return { title, detail: problem.detail || problem.title || "", where: where.join(", "), code: problem.code || "",
    field: problem.field ?? null };
}

// --- reading the answers -------------------------------------------------------------------------------------

const list = (value) => (Array.isArray(value) ? value : []);

/** A participant's number: a start number (or team number) given as such, or inside an object. */
export function numberOf(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === "object") {
    return numberOf(value.start_number ?? value.number ?? value.team ?? value.id ?? null);
  }
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

const toNumber = (value) => (value === null || value === undefined || value === "" ? null : Number(value));

/** Participants listed once in an answer (`participants`, `players` or `teams`): number → entry. */
function participantIndex(body) {
  const index = new Map();
  for (const entry of [...list(body.participants), ...list(body.players), ...list(body.teams)]) {
    const number = numberOf(entry);
    if (number !== null) index.set(number, entry);
  }
  return index;
}

/** Warnings of an answer: [{code, message, line, column, field}]. */
export function readWarnings(warnings) {
  return list(warnings).map((warning) => (typeof warning === "string" ? { code: "", message: warning } : {
    code: warning.code || "", message: warning.message || warning.detail || "", line: warning.line ?? null,
    column: warning.column ?? null, field: warning.field ?? null,
  }));
}

/**
 * An answer of POST /v1/standings (or one order of a comparison):
 * {competitors, primary, tiebreaks, listSource, system, systemSource, edition, editionSource, rounds,
 *  warnings, entries: [{rank, id, participantId, name, points, values, explanations, decidedBy}]}.
 */
export function readStandings(body) {
  const index = participantIndex(body);
  const tiebreaks = list(body.tiebreaks).map(String);
  const entries = list(body.standings ?? body.entries).map((entry) => {
    const id = numberOf(entry.id ?? entry.start_number ?? entry.participant);
    const known = index.get(id);
    const cells = list(entry.tiebreaks);
    return {
      rank: toNumber(entry.rank), id, participantId: entry.participant_id ?? known?.id ?? null,
      name: entry.name ?? known?.name ?? "", points: toNumber(entry.points),
      values: cells.map((cell) => toNumber(cell?.value)),
      explanations: cells.map((cell) => cell?.explanation ?? ""),
      decidedBy: entry.decided_by ?? null,
    };
  });
  return {
    competitors: body.competitors === "teams" ? "teams" : "players", primary: body.primary || "PTS", tiebreaks,
    listSource: String(body.list_source || "request"), system: body.system || "swiss",
    systemSource: body.system_source || "", edition: body.edition || "", editionSource: body.edition_source || "",
    rounds: toNumber(body.rounds) ?? 0, warnings: readWarnings(body.warnings), entries,
  };
}

function readExplanation(explanation) {
  if (!explanation) return null;
  if (typeof explanation === "string") return { text: explanation, whiteScore: null, blackScore: null };
  return {
    text: explanation.text || "", whiteScore: toNumber(explanation.white_score),
    blackScore: toNumber(explanation.black_score), colourRuleText: explanation.colour_rule_text || "",
    floats: explanation.floats || {},
  };
}

/** The names an answer lists once, as number → name. */
function namesOf(body) {
  const names = new Map();
  for (const [number, entry] of participantIndex(body)) if (entry.name) names.set(number, entry.name);
  return names;
}

/**
 * An answer of POST /v1/pairings: {round, system, boards: [{board, white, black, explanation}],
 * byes: [{id, type, points, reason}], summary, notes, warnings, names}.
 */
export function readPairing(body) {
  return {
    round: toNumber(body.round), system: body.system || "",
    boards: list(body.pairings ?? body.boards).map((board) => ({
      board: toNumber(board.board), white: numberOf(board.white), black: numberOf(board.black),
      explanation: readExplanation(board.explanation),
    })),
    byes: list(body.byes).map((bye) => ({
      id: numberOf(bye.id ?? bye.start_number ?? bye.participant), type: bye.type || "", points: toNumber(bye.points),
      reason: bye.reason || "",
    })),
    summary: body.summary && typeof body.summary === "object" ? body.summary : {},
    notes: list(body.notes).map(String), warnings: readWarnings(body.warnings), names: namesOf(body),
  };
}

/**
 * An answer of POST /v1/team-pairings: {round, system, boardCount, boardColours, lineups,
 * matches: [{table, home, away, boards: [{board, white, black, whiteTeam, blackTeam}], explanation}],
 * byes: [{team, type, matchPoints, gamePoints, reason}], notes, warnings, names}.
 */
export function readTeamPairing(body) {
  return {
    round: toNumber(body.round), system: body.system || "", boardCount: toNumber(body.boards),
    boardColours: body.board_colours || "", lineups: body.lineups || "",
    matches: list(body.matches).map((match) => ({
      table: toNumber(match.table), home: numberOf(match.home_team), away: numberOf(match.away_team),
      boards: list(match.boards).map((board) => ({
        board: toNumber(board.board), white: numberOf(board.white), black: numberOf(board.black),
        whiteTeam: numberOf(board.white_team), blackTeam: numberOf(board.black_team),
      })),
      explanation: typeof match.explanation === "string" ? match.explanation : match.explanation?.text || "",
    })),
    byes: list(body.byes).map((bye) => ({
      team: numberOf(bye.team ?? bye.id), type: bye.type || "", matchPoints: toNumber(bye.match_points),
      gamePoints: toNumber(bye.game_points), reason: bye.reason || "",
    })),
    notes: list(body.notes).map(String), warnings: readWarnings(body.warnings), names: namesOf(body),
  };
}

/**
 * An answer of POST /v1/convert (to JSON): the tournament as the page uses it.
 * {name, totalRounds, declaredSystem, players: [...by start number], byNumber: Map, teams: [...], teamOf: Map,
 *  warnings}; a player is {number, name, title, rating, federation, fideId, club, team, rounds:
 *  [{opponent, colour, result}]}.
 */
export function readTournament(body) {
  const tournament = body.tournament || body;
  const teams = list(tournament.teams).map((team) => ({
    number: numberOf(team.number ?? team.id), name: team.name || "", members: list(team.members).map(numberOf),
  }));
  const teamOf = new Map();
  for (const team of teams) for (const member of team.members) if (!teamOf.has(member)) teamOf.set(member, team);
  const origin = new Map();
  for (const record of list(tournament.national_records)) {
    const number = numberOf(record.start_number);
    if (record.origin && !origin.has(number)) origin.set(number, record.origin);
  }
  const players = list(tournament.players).map((player) => {
    const number = numberOf(player.start_number ?? player.number ?? player.id);
    const team = teamOf.get(number) || null;
    return {
      number, participantId: player.id && typeof player.id === "string" ? player.id : null,
      name: player.name || "", title: player.title || "", rating: toNumber(player.rating),
      federation: player.federation || "", fideId: player.fide_id ?? null, sex: player.sex || "",
      club: player.club || team?.name || origin.get(number) || "", team,
      rounds: list(player.rounds).map((game) => ({
        opponent: numberOf(game.opponent), colour: game.colour === "w" || game.colour === "b" ? game.colour : "",
        result: game.result || "not_paired",
      })),
    };
  }).sort((a, b) => a.number - b.number);
  return {
    name: tournament.name || "", totalRounds: toNumber(tournament.total_rounds),
    declaredSystem: tournament.system || tournament.type_code || tournament.type_text || "",
    players, byNumber: new Map(players.map((player) => [player.number, player])), teams,
    teamByNumber: new Map(teams.map((team) => [team.number, team])), teamOf,
    warnings: readWarnings(body.warnings),
  };
}

/** GET /v1/tiebreaks: [{code, name_en, name_zh, definition_en, definition_zh, scope, aliases, ...}]. */
export function readCatalogue(body) {
  return list(body.tiebreaks);
}

/**
 * GET /v1/pairing-systems: {default, systems: [{id, nameEn, nameZh, article, kind, competitors}]}, where kind is
 * "swiss" or "round-robin" and competitors "players" (POST /v1/pairings) or "teams" (POST /v1/team-pairings).
 */
export function readSystems(body) {
  return {
    default: body?.default || "",
    systems: list(body?.systems).filter((entry) => entry && entry.id).map((entry) => ({
      id: String(entry.id), nameEn: entry.name_en || entry.name || String(entry.id),
      nameZh: entry.name_zh || entry.name_en || entry.name || String(entry.id), article: entry.article || "",
      kind: entry.kind === "round-robin" ? "round-robin" : "swiss",
      competitors: entry.competitors === "teams" ? "teams" : "players",
    })),
  };
}

/** GET /v1/presets: [{id, name_en, name_zh, tiebreaks, options}]. */
export function readPresets(body) {
  return list(body.presets).map((preset) => ({ ...preset, tiebreaks: list(preset.tiebreaks).map(String) }));
}
