// The standings table (also one side of a comparison), built as one HTML string per table.
//
// Thousands of rows: every cell is written once into a string and parsed by one innerHTML, and laid out as
// grid rows that the browser lays out only when on screen (grid-table.js); explanations stay in the answer
// (the tooltip looks them up by row and column) instead of one hidden element per value; the header row is
// sticky inside the table's scroll region; numbers are aligned on the decimal point.

import { alignedNumber, decimalClass, esc, folded, formatValue } from "./format.js";
import { gridTableHtml } from "./grid-table.js";
import { t } from "./i18n.js";

/** Tables on the page: id → {entries, search}; the tooltip and the search read them. */
const tables = new Map();

/** How many tie-break columns a phone shows before "All columns" is chosen. */
export const PHONE_TIEBREAKS = 2;

function headerCell(spec, label, definition, index) {
  const more = index >= PHONE_TIEBREAKS ? " tb-more" : "";
  const title = definition ? ` title="${esc(definition)}"` : "";
  return `<th scope="col" class="num tb${more}" data-code="${esc(spec)}"${title}><span class="tb-code">${esc(spec)}`
    + `</span>${label ? `<span class="tb-name">${esc(label)}</span>` : ""}</th>`;
}

/** The words a header's label may wrap between: at spaces, and every few characters of Chinese. */
function words(text) {
  return text.split(/\s+/).flatMap((word) => (/[\u3000-\u9fff\uff00-\uffef]/.test(word)
    ? word.match(/.{1,5}/gu) || [] : [word]));
}

/** Which optional columns have a value for somebody: title, federation, rating, club. */
function detailColumns(entries, details) {
  const columns = { title: false, federation: false, rating: false, club: false };
  if (!details) return columns;
  for (const entry of entries) {
    const player = details.get(entry.id);
    if (!player) continue;
    if (player.title) columns.title = true;
    if (player.federation) columns.federation = true;
    if (player.rating !== null) columns.rating = true;
    if (player.club) columns.club = true;
  }
  return columns;
}

/**
 * Two standings of one tournament (readStandings) side by side: {orders: [a, b], changes: [{id, name, ranks}]},
 * the participants whose rank is not the same in both (in the order of A), as POST /v1/standings/compare
 * reports them.
 */
export function compareStandings(a, b) {
  const rankInB = new Map(b.entries.map((entry) => [entry.id, entry.rank]));
  const changes = [];
  for (const entry of a.entries) {
    const rank = rankInB.get(entry.id);
    if (rank !== undefined && rank !== entry.rank) changes.push({ id: entry.id, name: entry.name, ranks: [entry.rank, rank] });
  }
  return { orders: [a, b], changes };
}

/** The rank change of a participant between order A and order B (ranks [a, b]): "▼ 2" and "2 → 4". */
export function rankChange(ranks) {
  const [a, b] = ranks;
  const places = Math.abs(a - b);
  const direction = b < a ? "up" : "down";
  return {
    direction, places, arrow: direction === "up" ? "▲" : "▼", ranks: t("compare.change", { a, b }),
    spoken: t(direction === "up" ? "compare.spokenUp" : "compare.spokenDown", { n: places, a, b }),
  };
}

function changeCell(ranks) {
  if (!ranks) return '<td class="change"></td>';
  const change = rankChange(ranks);
  return `<td class="change ${change.direction}" title="${esc(change.spoken)}"><span class="delta">`
    + `${change.arrow} ${change.places}</span> <span class="ranks">${esc(change.ranks)}</span></td>`;
}

/**
 * The standings table of `view` (readStandings): {html, columns}; once the HTML is in the document,
 * sizeGridTable(table, columns) gives it its column widths. options: id, caption, label (spec → words),
 * definition (spec → text), details (number → player from readTournament, or null), changes (Map id →
 * ranks: a comparison side; highlights those rows and adds the change column), language (data-language),
 * explain (false: the values as plain numbers, without their explanations).
 */
export function standingsTable(view, { id, caption, label, definition, details = null, changes = null,
  language = "", explain = true }) {
  const teams = view.competitors === "teams";
  const entries = view.entries;
  const compare = changes !== null;
  const has = compare ? { title: false, federation: false, rating: false, club: false }
    : detailColumns(entries, teams ? null : details);
  const players = entries.map((entry) => (!teams && details ? details.get(entry.id) : null));
  const pointTexts = entries.map((entry) => formatValue(entry.points));
  const pointClass = decimalClass(pointTexts);
  const valueTexts = view.tiebreaks.map((_, k) => entries.map((entry) => formatValue(entry.values[k])));
  const valueClasses = valueTexts.map(decimalClass);
  const captionId = `${id}-caption`;
  const unit = teams ? "meta.teams" : "meta.players";
  const head = (cls, text, extra = "") => `<th scope="col" class="${cls}"${extra}>${esc(text)}</th>`;

  const columns = [{ cls: "num rank", head: head("num rank", t("col.rank")), numeric: true,
    texts: entries.map((entry) => String(entry.rank ?? "")) }];
  if (compare) {
    columns.push({ cls: "change", head: head("change", t("col.change")), extra: 4,
      texts: entries.map((entry) => {
        const ranks = changes.get(entry.id);
        if (!ranks) return "";
        const change = rankChange(ranks);
        return `${change.arrow} ${change.places}  ${change.ranks}`;
      }) });
  }
  columns.push({ cls: "num sn", head: head("num sn", t("col.id")), numeric: true, phone: false,
    texts: entries.map((entry) => String(entry.id ?? "")) });
  if (has.title) {
    columns.push({ cls: "opt title", head: head("opt title", t("col.title")), phone: false,
      texts: players.map((player) => player?.title || "") });
  }
  columns.push({ cls: "name", head: head("name", t(teams ? "col.team" : "col.name")), name: true, min: 120,
    max: 320, phoneMax: 118, texts: entries.map((entry) => entry.name) });
  if (has.federation) {
    columns.push({ cls: "opt fed", head: head("opt fed", t("col.federation")), phone: false,
      texts: players.map((player) => player?.federation || "") });
  }
  if (has.rating) {
    columns.push({ cls: "num opt rating", head: head("num opt rating", t("col.rating")), numeric: true, phone: false,
      texts: players.map((player) => String(player?.rating ?? "")) });
  }
  if (has.club) {
    columns.push({ cls: "opt club", head: head("opt club", t("col.club")), phone: false, max: 220,
      texts: players.map((player) => player?.club || "") });
  }
  columns.push({ cls: "num points", numeric: true, texts: pointTexts, extra: 6, phoneMax: 58,
    head: head("num points", t(teams ? "col.matchPoints" : "col.points"),
      ` data-code="${esc(view.primary)}" title="${esc(label(view.primary))}"`) });
  view.tiebreaks.forEach((spec, k) => columns.push({
    cls: "tb", head: headerCell(spec, label(spec), definition(spec), k), numeric: true, texts: valueTexts[k],
    headText: spec, headWords: words(label(spec)), min: 56, extra: 6, phone: k < PHONE_TIEBREAKS, phoneMax: 70,
  }));
  if (!compare) {
    columns.push({ cls: "opt decided", head: head("opt decided", t("col.decidedBy")), phone: false,
      texts: entries.map((entry) => entry.decidedBy || "") });
  }

  const search = new Array(entries.length);
  const rows = new Array(entries.length);
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i];
    const player = players[i];
    const ranks = compare ? changes.get(entry.id) : null;
    const cells = [`<tr data-id="${entry.id}" data-rank="${entry.rank ?? ""}" data-i="${i}"`
      + `${ranks ? ' data-changed="true" class="changed"' : ""}>`,
    `<td class="num rank">${entry.rank ?? ""}</td>`];
    if (compare) cells.push(changeCell(ranks));
    cells.push(`<td class="num sn">${entry.id ?? ""}</td>`);
    if (has.title) cells.push(`<td class="opt title">${esc(player?.title || "")}</td>`);
    cells.push(`<th scope="row" class="name">${esc(entry.name)}</th>`);
    if (has.federation) cells.push(`<td class="opt fed">${esc(player?.federation || "")}</td>`);
    if (has.rating) cells.push(`<td class="num opt rating">${player?.rating ?? ""}</td>`);
    if (has.club) cells.push(`<td class="opt club">${esc(player?.club || "")}</td>`);
    cells.push(`<td class="num points ${pointClass}">${alignedNumber(pointTexts[i], pointClass)}</td>`);
    for (let k = 0; k < view.tiebreaks.length; k += 1) {
      const text = valueTexts[k][i];
      const more = k >= PHONE_TIEBREAKS ? " tb-more" : "";
      const code = esc(view.tiebreaks[k]);
      const shown = alignedNumber(text, valueClasses[k]);
      cells.push(explain && entry.explanations[k]
        ? `<td class="num ${valueClasses[k]}${more}" data-code="${code}"><button type="button" class="tb-value" `
          + `data-c="${k}">${shown}</button></td>`
        : `<td class="num ${valueClasses[k]}${more}" data-code="${code}">${shown}</td>`);
    }
    if (!compare) cells.push(`<td class="opt decided">${esc(entry.decidedBy || "")}</td>`);
    cells.push("</tr>");
    rows[i] = cells.join("");
    search[i] = folded([entry.name, entry.id, player?.title, player?.federation, player?.club, player?.fideId]
      .filter((part) => part !== null && part !== undefined && part !== "").join(" "));
  }
  tables.set(id, { entries: explain ? entries : entries.map((entry) => ({ ...entry, explanations: [] })), search });
  const html = gridTableHtml({
    id, captionId, className: `standings${compare ? " comparing" : ""}`, columns, rows,
    caption: `${esc(caption || t("standings.caption", { rounds: view.rounds }))}<span class="caption-note"> — `
      + `${esc(t(unit, { count: entries.length }))}</span>`,
    attributes: { "data-order": view.tiebreaks.join(","), "data-count": entries.length, "data-language": language },
  });
  return { html, columns };
}

/** The explanation of a value button of a standings table (the tooltip's text), or null. */
export function explanationFor(button) {
  const table = button.closest("table");
  const row = button.closest("tr");
  const entry = table && row ? tables.get(table.id)?.entries[Number(row.dataset.i)] : null;
  return entry ? entry.explanations[Number(button.dataset.c)] || null : null;
}

/**
 * Show only the rows of table `id` whose name, number, title, federation, club or FIDE id contains `query`
 * (case and accents ignored), and with `onlyChanged` only the highlighted ones; returns {shown, total}.
 */
export function filterRows(id, query, { onlyChanged = false } = {}) {
  const table = document.getElementById(id);
  const known = tables.get(id);
  if (!table || !known) return { shown: 0, total: 0 };
  const needle = folded(query.trim());
  let shown = 0;
  let i = 0;
  for (const block of table.tBodies) {
    for (const row of block.rows) {
      const visible = (!needle || known.search[i].includes(needle))
        && (!onlyChanged || row.dataset.changed === "true");
      if (row.hidden === visible) row.hidden = !visible;
      if (visible) shown += 1;
      i += 1;
    }
  }
  return { shown, total: i };
}

/** Forget a table that left the page. */
export function forgetTable(id) {
  tables.delete(id);
}
