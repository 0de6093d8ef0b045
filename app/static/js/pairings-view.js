// The proposed next round: boards with both players' scores and the reason in words (individual), or matches
// with their boards (team events); byes, the quality criteria not met in words, notes and warnings.

import { h } from "./dom.js";
import { formatValue } from "./format.js";
import { t } from "./i18n.js";

/** A wide table in a keyboard-scrollable region (narrow screens scroll it sideways). */
function scrollable(table, captionId) {
  return h("div", { class: "table-scroll", role: "region", tabindex: "0", "aria-labelledby": captionId }, table);
}

/** A header row: [[class, text], ...]. */
function headRow(cells) {
  return h("thead", {}, h("tr", {}, cells.map(([cls, text]) => h("th", { scope: "col", class: cls || null }, text))));
}

/** The header of the boards (matches) table: number, the two sides with their scores, the reason. */
function boardsHead(number, first, second) {
  return headRow([["num board", t(number)], ["white", t(first)], ["num score", t("col.score")],
    ["num score", t("col.score")], ["black", t(second)], ["why", t("col.explanation")]]);
}

/** A table of byes in its scrollable region, under a heading. */
function byesTable(title, head, rows) {
  return [h("h3", {}, title), scrollable(h("table", { id: "byes-table", class: "data byes" },
    h("caption", { id: "byes-caption", class: "visually-hidden" }, title), headRow(head), h("tbody", {}, rows)),
  "byes-caption")];
}

function numberText(value) {
  return Array.isArray(value) ? value.map(formatValue).join(", ") : formatValue(value);
}

/** Criteria ids of each system's summary (the Dutch ones are `crit.<id>`, C.04.3 [C5]-[C21]). */
const OWN_CRITERIA = { burstein: ["C5", "C6", "C8"], dubov: ["C5", "C6", "C7", "C8", "C9", "C10"], lim: ["floaters"] };

/**
 * The family of texts for the summary of `system`: its own, or the Dutch system's (Burstein's seeding rounds are
 * paired by the Dutch system and summarised in its criteria: a count under C5 is Burstein's, an object Dutch).
 */
export function criteriaFamily(system, summary = {}) {
  const own = OWN_CRITERIA[system];
  if (!own) return "";
  const dutch = system === "burstein" && Object.entries(summary).some(([id, value]) => !own.includes(id)
    || (id === "C5" && typeof value === "object") || (id === "C6" && typeof value === "number"));
  return dutch ? "" : `${system}.`;
}

/**
 * A quality criterion that the pairing could not fully meet, in words; `family` from criteriaFamily; `value` as
 * the service gives it (a count, a list of scores, or an object with one number).
 */
export function criterionText(id, value, family = "") {
  let shown = value;
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const numbers = Object.values(value);
    shown = numbers.length === 1 ? numbers[0] : Object.entries(value)
      .map(([key, item]) => `${key.replace(/_/g, " ")} ${numberText(item)}`).join(", ");
  }
  const key = `crit.${family}${id}`;
  const text = t(key, { n: numberText(shown) });
  return text === key ? t("crit.other", { id, value: numberText(shown) }) : text;
}

function person(number, nameOf) {
  const name = nameOf(number);
  return [h("span", { class: "sn" }, number ?? "—"), " ", h("span", { class: "pname" }, name ?? "")];
}

function notices(pairing, ownWarnings) {
  const parts = [];
  const warnings = [...ownWarnings, ...pairing.warnings];
  if (warnings.length) {
    parts.push(h("div", { class: "notice warning-list", role: "note" },
      h("h3", {}, t("pairings.warnings", { n: warnings.length })),
      h("ul", {}, warnings.map((warning) => h("li", { dataset: { code: warning.code || "" } }, warning.message,
        warning.line != null ? ` (${t("problem.line", { line: warning.line })})` : "")))));
  }
  return parts;
}

/**
 * The answer of POST /v1/pairings (readPairing). nameOf(number) → name; scoreOf(number) → points before the
 * round (when the board has no explanation, e.g. Berger tables); ownWarnings: the page's notices.
 */
export function pairingsView(pairing, { nameOf, scoreOf, ownWarnings = [] }) {
  const captionId = "pairings-caption";
  const score = (fromExplanation, number) => formatValue(fromExplanation ?? scoreOf(number));
  const boards = h("table", { id: "pairings-table", class: "data pairings", dataset: { round: pairing.round } },
    h("caption", { id: captionId }, t("pairings.caption", { round: pairing.round })),
    boardsHead("col.board", "col.white", "col.black"),
    h("tbody", {}, pairing.boards.map((board) => h("tr", {
      dataset: { board: board.board, white: board.white, black: board.black },
    },
      h("td", { class: "num board" }, board.board),
      h("td", { class: "white" }, person(board.white, nameOf)),
      h("td", { class: "num score white-score", title: t("pairings.scoreBefore") },
        score(board.explanation?.whiteScore, board.white)),
      h("td", { class: "num score black-score", title: t("pairings.scoreBefore") },
        score(board.explanation?.blackScore, board.black)),
      h("td", { class: "black" }, person(board.black, nameOf)),
      h("td", { class: "why" }, board.explanation
        ? h("span", { class: "explanation-text", tabindex: "0" }, board.explanation.text) : "")))));
  const parts = [...notices(pairing, ownWarnings), scrollable(boards, captionId)];
  if (pairing.byes.length) {
    parts.push(...byesTable(t("pairings.byes"),
      [["", t("col.player")], ["", t("col.type")], ["num", t("col.points")], ["", t("col.reason")]],
      pairing.byes.map((bye) => h("tr", { dataset: { id: bye.id, type: bye.type } },
        h("td", {}, person(bye.id, nameOf)), h("td", {}, t(`bye.${bye.type}`)),
        h("td", { class: "num" }, formatValue(bye.points)), h("td", {}, bye.reason)))));
  }
  const criteria = Object.entries(pairing.summary);
  if (criteria.length) {
    const family = criteriaFamily(pairing.system, pairing.summary);
    parts.push(h("h3", {}, t("pairings.quality")), h("ul", { class: "criteria" },
      criteria.map(([id, value]) => h("li", { dataset: { criterion: id } }, criterionText(id, value, family), " ",
        h("span", { class: "criterion-id" }, `[${id}]`)))));
  }
  parts.push(...notesList(pairing.notes));
  return parts;
}

function notesList(notes) {
  return notes.length ? [h("h3", {}, t("pairings.notes")),
    h("ul", { class: "notes" }, notes.map((note) => h("li", {}, note)))] : [];
}

/**
 * The answer of POST /v1/team-pairings (readTeamPairing). teamName(number), teamScore(number) →
 * {matchPoints, gamePoints} before the round, playerName(number).
 */
export function teamPairingsView(pairing, { teamName, teamScore, playerName, ownWarnings = [] }) {
  const captionId = "pairings-caption";
  const team = (number) => [h("span", { class: "sn" }, number ?? "—"), " ",
    h("span", { class: "pname" }, teamName(number) ?? "")];
  const scoreText = (number) => {
    const { matchPoints, gamePoints } = teamScore(number);
    return gamePoints === null || gamePoints === undefined ? formatValue(matchPoints)
      : t("pairings.teamScore", { mp: formatValue(matchPoints), gp: formatValue(gamePoints) });
  };
  const boardList = (match) => (match.boards.length ? h("details", { class: "match-boards" },
    h("summary", {}, t("pairings.boards", { n: match.boards.length })),
    h("ol", {}, match.boards.map((board) => h("li", {
      dataset: { board: board.board, white: board.white ?? "", black: board.black ?? "" },
    }, h("span", { class: "colour-tag" }, t("col.white")), " ",
      board.white === null ? t("pairings.lineupUnknown") : `${board.white} ${playerName(board.white) ?? ""}`,
      " – ", h("span", { class: "colour-tag" }, t("col.black")), " ",
      board.black === null ? t("pairings.lineupUnknown") : `${board.black} ${playerName(board.black) ?? ""}`)))) : "");
  const table = h("table", { id: "pairings-table", class: "data pairings team-pairings",
    dataset: { round: pairing.round, teams: "true" } },
  h("caption", { id: captionId }, t("pairings.teamCaption", { round: pairing.round })),
  boardsHead("col.table", "col.homeTeam", "col.awayTeam"),
  h("tbody", {}, pairing.matches.map((match) => h("tr", {
    dataset: { table: match.table, home: match.home, away: match.away },
  },
    h("td", { class: "num board" }, match.table),
    h("td", { class: "white" }, team(match.home)),
    h("td", { class: "num score white-score", title: t("pairings.scoreBefore") }, scoreText(match.home)),
    h("td", { class: "num score black-score", title: t("pairings.scoreBefore") }, scoreText(match.away)),
    h("td", { class: "black" }, team(match.away)),
    h("td", { class: "why" }, h("span", { class: "explanation-text", tabindex: "0" }, match.explanation),
      boardList(match))))));
  const parts = [...notices(pairing, ownWarnings), scrollable(table, captionId)];
  if (pairing.byes.length) {
    parts.push(...byesTable(t("pairings.teamByes"), [["", t("col.team")], ["", t("col.type")],
      ["num", t("col.matchPoints")], ["num", t("col.gamePoints")], ["", t("col.reason")]],
    pairing.byes.map((bye) => h("tr", { dataset: { id: bye.team, type: bye.type } },
      h("td", {}, team(bye.team)), h("td", {}, t(`bye.${bye.type}`)),
      h("td", { class: "num" }, formatValue(bye.matchPoints)), h("td", { class: "num" }, formatValue(bye.gamePoints)),
      h("td", {}, bye.reason)))));
  }
  parts.push(...notesList(pairing.notes));
  return parts;
}
