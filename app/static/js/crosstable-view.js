// The crosstable of the converted tournament (rows = participants by start number, columns = rounds), built as
// one HTML string and laid out as grid rows (grid-table.js): a 2,000-player, 11-round event has 22,000 cells.

import { h } from "./dom.js";
import { alignedNumber, decimalClass, esc, formatValue } from "./format.js";
import { gridTableHtml } from "./grid-table.js";
import { t } from "./i18n.js";

const RESULT_SYMBOLS = {
  win: "1", draw: "½", loss: "0", win_unrated: "W", draw_unrated: "D", loss_unrated: "L",
  forfeit_win: "+", forfeit_loss: "−", pairing_allocated_bye: "U", half_point_bye: "H", full_point_bye: "F",
  zero_point_bye: "Z", not_paired: "·", unknown: "?",
};

const NO_GAME = { opponent: null, colour: "", result: "not_paired" };

export function resultSymbol(result) {
  return RESULT_SYMBOLS[result] ?? String(result ?? "");
}

/**
 * A crosstable cell in words ("Round 3: win with white against 13 Opal"): its title, made when the pointer
 * or the focus reaches it (written into 22,000 cells up front it doubled the table's size).
 */
export function crosstableCellText(tournament, cell) {
  const row = cell.closest("tr");
  const player = tournament.byNumber.get(Number(row?.dataset.id));
  const round = [...row.querySelectorAll("td.round")].indexOf(cell);
  if (!player || round < 0) return "";
  const game = player.rounds[round] || NO_GAME;
  const result = t(`result.${game.result}`);
  if (!game.opponent) return t("cross.cellNoGame", { n: round + 1, result });
  const opponentName = tournament.byNumber.get(game.opponent)?.name ?? "";
  return t("cross.cell", { n: round + 1, result, colour: game.colour ? t(`colour.${game.colour}`) : "",
    opponent: `${game.opponent} ${opponentName}`.trim() });
}

/**
 * The crosstable of `tournament` (readTournament): {html, columns} (see grid-table.js). `standing` maps a start
 * number to {points, rank} from the standings of players (empty for a team event).
 */
export function crosstableTable(tournament, standing = new Map()) {
  const players = tournament.players;
  let rounds = 0;
  for (const player of players) rounds = Math.max(rounds, player.rounds.length);
  const showPoints = standing.size > 0;
  const showTeams = tournament.teams.length > 0;
  const pointTexts = players.map((player) => formatValue(standing.get(player.number)?.points));
  const pointClass = decimalClass(pointTexts);
  const symbols = new Map(Object.entries(RESULT_SYMBOLS));
  const head = (cls, text) => `<th scope="col" class="${cls}">${esc(text)}</th>`;
  const widestOpponent = String(players.reduce((most, player) => Math.max(most, player.number), 0));

  const columns = [
    { cls: "num sn", head: head("num sn", t("col.id")), numeric: true, texts: players.map((p) => String(p.number)) },
    { cls: "name", head: head("name", t("col.name")), name: true, min: 120, max: 280, phoneMax: 130, texts: players.map((p) => p.name) },
  ];
  if (showTeams) {
    columns.push({ cls: "opt club", head: head("opt club", t("col.team")), phone: false, max: 200,
      texts: players.map((player) => player.team?.name || "") });
  }
  columns.push({ cls: "num opt rating", head: head("num opt rating", t("col.rating")), numeric: true, phone: false,
    texts: players.map((player) => String(player.rating ?? "")) });
  for (let r = 1; r <= rounds; r += 1) {
    columns.push({ cls: "round", head: head("round", t("cross.round", { n: r })), numeric: true,
      texts: [`${widestOpponent}0w½`], extra: 8 });
  }
  if (showPoints) {
    columns.push({ cls: "num points", head: head("num points", t("col.points")), numeric: true, texts: pointTexts,
      extra: 6 }, { cls: "num rank", head: head("num rank", t("col.rank")), numeric: true,
      texts: players.map((player) => String(standing.get(player.number)?.rank ?? "")) });
  }

  const rows = new Array(players.length);
  players.forEach((player, i) => {
    const cells = [`<tr data-id="${player.number}"><td class="num sn">${player.number}</td>`,
      `<th scope="row" class="name">${esc(player.name)}</th>`];
    if (showTeams) cells.push(`<td class="opt club">${esc(player.team?.name || "")}</td>`);
    cells.push(`<td class="num opt rating">${player.rating ?? ""}</td>`);
    for (let r = 0; r < rounds; r += 1) {
      const game = player.rounds[r] || NO_GAME;
      const result = esc(game.result);
      cells.push(`<td class="round result-${result}" data-opponent="${game.opponent ?? ""}" data-colour="`
        + `${game.colour}" data-result="${result}">${game.opponent ?? ""}<i>${game.colour}</i>`
        + `<b>${symbols.get(game.result) ?? esc(resultSymbol(game.result))}</b></td>`);
    }
    if (showPoints) {
      const entry = standing.get(player.number);
      cells.push(`<td class="num points ${pointClass}">${alignedNumber(pointTexts[i])}</td>`,
        `<td class="num rank">${entry?.rank ?? ""}</td>`);
    }
    cells.push("</tr>");
    rows[i] = cells.join("");
  });
  const html = gridTableHtml({ id: "crosstable", className: "crosstable", captionId: "crosstable-caption", columns,
    rows, caption: esc(t("cross.caption")), attributes: { "data-rounds": rounds } });
  return { html, columns };
}

/** The key to the crosstable's symbols, for the results that occur in it. */
export function crosstableLegend(tournament) {
  const seen = new Set();
  for (const player of tournament.players) for (const game of player.rounds) seen.add(game.result);
  const order = Object.keys(RESULT_SYMBOLS).filter((result) => seen.has(result));
  return [
    h("h3", {}, t("cross.legend")),
    h("dl", { class: "legend-list" },
      h("div", {}, h("dt", {}, "w / b"), h("dd", {}, `${t("colour.w")} / ${t("colour.b")}`)),
      order.map((result) => h("div", {}, h("dt", {}, resultSymbol(result)), h("dd", {}, t(`result.${result}`))))),
  ];
}
