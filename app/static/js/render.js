// Tables built from the API's answers: standings (also one side of a comparison), crosstable, pairings.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** A value as shown and exported: JSON numbers as JavaScript prints them, "—" where undefined. */
export function formatValue(value) {
  return value === null || value === undefined ? "—" : String(value);
}

/** A wide table in a keyboard-scrollable region (narrow screens scroll it sideways). */
function scrollable(table, captionId) {
  return h("div", { class: "table-scroll", role: "region", tabindex: "0", "aria-labelledby": captionId }, table);
}

function tiebreakHeader(spec, describe) {
  const { name } = describe(spec);
  return h("th", { scope: "col", class: "num", dataset: { code: spec } },
    h("span", { class: "tb-code" }, spec), name ? h("span", { class: "tb-name" }, name) : null);
}

/** A value cell whose explanation is shown on hover, tap and focus (see tooltip.js). */
function valueCell(value, explanation, descriptionId, code) {
  const text = formatValue(value);
  if (!explanation) return h("td", { class: "num", dataset: { code } }, text);
  return h("td", { class: "num", dataset: { code } },
    h("button", { type: "button", class: "tb-value", "aria-describedby": descriptionId, dataset: { code } }, text),
    h("span", { id: descriptionId, class: "explanation", hidden: true }, explanation));
}

/**
 * The standings table of one answer of POST /v1/standings.
 * options: id, caption, describe (spec → {code, name}), changes (Map id → ranks; highlights those rows),
 * side (index of this order in the ranks of `changes`), language (of the explanations, kept as data-language).
 */
export function standingsTable(body, { id, caption, describe, changes = null, side = 0, language = "" }) {
  const captionId = `${id}-caption`;
  const unit = body.competitors === "teams" ? "meta.teams" : "meta.players";
  const head = h("tr", {},
    h("th", { scope: "col", class: "num" }, t("col.rank")),
    h("th", { scope: "col", class: "num" }, t("col.id")),
    h("th", { scope: "col", class: "name" }, t("col.name")),
    h("th", { scope: "col", class: "num", dataset: { code: body.primary } }, t("col.points")),
    body.tiebreaks.map((spec) => tiebreakHeader(spec, describe)),
    changes ? h("th", { scope: "col" }, t("col.change")) : h("th", { scope: "col" }, t("col.decidedBy")));
  const rows = body.standings.map((entry, row) => {
    const ranks = changes?.get(entry.id);
    return h("tr", {
      dataset: { id: entry.id, rank: entry.rank, ...(ranks ? { changed: "true" } : {}) },
      class: ranks ? "changed" : null,
    },
      h("td", { class: "num rank" }, entry.rank),
      h("td", { class: "num" }, entry.id),
      h("th", { scope: "row", class: "name" }, entry.name),
      h("td", { class: "num points" }, formatValue(entry.points)),
      entry.tiebreaks.map((value, column) =>
        valueCell(value.value, value.explanation, `${id}-x${row}-${column}`, value.code)),
      changes
        ? h("td", { class: "change" }, ranks
          ? [h("span", { "aria-hidden": "true" }, ranks[side] < ranks[1 - side] ? "▲ " : "▼ "),
             t("compare.change", { a: ranks[0], b: ranks[1] })]
          : "")
        : h("td", { class: "decided" }, entry.decided_by || ""));
  });
  const table = h("table", {
    id, class: "data standings",
    dataset: { order: body.tiebreaks.join(","), count: body.standings.length, language },
  },
    h("caption", { id: captionId }, caption || t("standings.caption", { rounds: body.rounds }),
      h("span", { class: "caption-note" }, ` — ${t(unit, { count: body.standings.length })}`)),
    h("thead", {}, head),
    h("tbody", {}, rows));
  return scrollable(table, captionId);
}

const RESULT_SYMBOLS = {
  win: "1", draw: "½", loss: "0", win_unrated: "W", draw_unrated: "D", loss_unrated: "L",
  forfeit_win: "+", forfeit_loss: "−", pairing_allocated_bye: "U", half_point_bye: "H", full_point_bye: "F",
  zero_point_bye: "Z", not_paired: "·", unknown: "?",
};

export function resultSymbol(result) {
  return RESULT_SYMBOLS[result] ?? String(result ?? "");
}

/** The crosstable of the JSON form from POST /v1/convert: rows = players, columns = rounds. */
export function crosstableTable(tournament, pointsById = new Map()) {
  const players = [...tournament.players].sort((a, b) => a.start_number - b.start_number);
  const rounds = Math.max(0, ...players.map((player) => player.rounds.length));
  const names = new Map(players.map((player) => [player.start_number, player.name]));
  const showPoints = pointsById.size > 0;
  const captionId = "crosstable-caption";
  const head = h("tr", {},
    h("th", { scope: "col", class: "num" }, t("col.id")),
    h("th", { scope: "col", class: "name" }, t("col.name")),
    h("th", { scope: "col", class: "num" }, t("col.rating")),
    Array.from({ length: rounds }, (_, r) => h("th", { scope: "col", class: "round" }, t("cross.round", { n: r + 1 }))),
    showPoints ? h("th", { scope: "col", class: "num" }, t("col.points")) : null);
  const rows = players.map((player) => h("tr", { dataset: { id: player.start_number } },
    h("td", { class: "num" }, player.start_number),
    h("th", { scope: "row", class: "name" }, player.name),
    h("td", { class: "num" }, player.rating ?? ""),
    Array.from({ length: rounds }, (_, r) => {
      const game = player.rounds[r] || { opponent: null, colour: null, result: "not_paired" };
      const result = t(`result.${game.result}`);
      const opponent = game.opponent ? `${game.opponent} ${names.get(game.opponent) ?? ""}`.trim() : null;
      const colour = game.colour === "w" || game.colour === "b" ? game.colour : "";
      const spoken = opponent
        ? t("cross.cell", { n: r + 1, result, colour: colour ? t(`colour.${colour}`) : "", opponent })
        : t("cross.cellNoGame", { n: r + 1, result });
      return h("td", {
        class: `round result-${game.result}`, title: spoken,
        dataset: { round: r + 1, opponent: game.opponent ?? "", colour, result: game.result },
      },
        h("span", { "aria-hidden": "true" },
          h("span", { class: "opponent" }, game.opponent ?? ""),
          h("span", { class: `colour colour-${colour || "none"}` }, colour),
          h("span", { class: "result" }, resultSymbol(game.result))),
        h("span", { class: "visually-hidden" }, spoken));
    }),
    showPoints ? h("td", { class: "num points" }, formatValue(pointsById.get(player.start_number))) : null));
  const table = h("table", { id: "crosstable", class: "data crosstable", dataset: { rounds } },
    h("caption", { id: captionId }, t("cross.caption")),
    h("thead", {}, head), h("tbody", {}, rows));
  return scrollable(table, captionId);
}

/** The key to the crosstable's symbols, for the results that occur in it. */
export function crosstableLegend(tournament) {
  const seen = new Set(tournament.players.flatMap((player) => player.rounds.map((game) => game.result)));
  const order = Object.keys(RESULT_SYMBOLS).filter((result) => seen.has(result));
  return [
    h("h3", {}, t("cross.legend")),
    h("dl", { class: "legend-list" },
      h("div", {}, h("dt", {}, "w / b"), h("dd", {}, `${t("colour.w")} / ${t("colour.b")}`)),
      order.map((result) => h("div", {}, h("dt", {}, resultSymbol(result)), h("dd", {}, t(`result.${result}`))))),
  ];
}

/** A value of the pairing summary in words: numbers, lists "a, b", objects "key value, …". */
function summaryValue(value) {
  if (Array.isArray(value)) return value.map(summaryValue).join(", ");
  if (value && typeof value === "object") {
    return Object.entries(value).map(([key, item]) => `${key.replace(/_/g, " ")} ${summaryValue(item)}`).join(", ");
  }
  return String(value);
}

/** The answer of POST /v1/pairings: boards with their explanations, byes, criteria not met, notes. */
export function pairingsView(body, nameOf) {
  const person = (id) => `${id} ${nameOf(id) ?? ""}`.trim();
  const captionId = "pairings-caption";
  const boards = h("table", { id: "pairings-table", class: "data pairings", dataset: { round: body.round } },
    h("caption", { id: captionId }, t("pairings.caption", { round: body.round })),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col", class: "num" }, t("col.board")),
      h("th", { scope: "col" }, t("col.white")),
      h("th", { scope: "col" }, t("col.black")),
      h("th", { scope: "col" }, t("col.explanation")))),
    h("tbody", {}, body.pairings.map((board) => h("tr", {
      dataset: { board: board.board, white: board.white, black: board.black },
    },
      h("td", { class: "num" }, board.board),
      h("td", { class: "white" }, person(board.white)),
      h("td", { class: "black" }, person(board.black)),
      h("td", { class: "explanation-text" }, board.explanation ? h("span", {}, board.explanation.text) : "")))));
  const parts = [scrollable(boards, captionId)];
  if (body.byes.length) {
    parts.push(h("h3", {}, t("pairings.byes")), scrollable(h("table", { id: "byes-table", class: "data byes" },
      h("caption", { id: "byes-caption", class: "visually-hidden" }, t("pairings.byes")),
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, t("col.player")), h("th", { scope: "col" }, t("col.type")),
        h("th", { scope: "col", class: "num" }, t("col.points")), h("th", { scope: "col" }, t("col.reason")))),
      h("tbody", {}, body.byes.map((bye) => h("tr", { dataset: { id: bye.id, type: bye.type } },
        h("td", {}, person(bye.id)), h("td", {}, t(`bye.${bye.type}`)),
        h("td", { class: "num" }, formatValue(bye.points)), h("td", {}, bye.reason))))), "byes-caption"));
  }
  const criteria = Object.entries(body.summary || {});
  if (criteria.length) {
    parts.push(h("h3", {}, t("pairings.quality")), h("ul", { class: "criteria" },
      criteria.map(([name, value]) => h("li", {}, `${name}: ${summaryValue(value)}`))));
  }
  if (body.notes?.length) {
    parts.push(h("h3", {}, t("pairings.notes")),
      h("ul", { class: "notes" }, body.notes.map((note) => h("li", {}, note))));
  }
  return parts;
}
