// Standings as CSV (RFC 4180, UTF-8 with a byte order mark so that spreadsheets read Chinese names), made
// and downloaded in the browser.

import { t } from "./i18n.js";

function field(value, text = false) {
  let out = value === null || value === undefined ? "" : String(value);
  // A name starting with = + - @ would be a formula in a spreadsheet: quote it as text.
  if (text && /^[=+\-@\t\r]/.test(out)) out = `'${out}`;
  return /[",\r\n]/.test(out) ? `"${out.replace(/"/g, '""')}"` : out;
}

/**
 * The CSV text of standings (readStandings): rank, number, name, the title, federation, rating and club
 * where somebody has one (details: number → player), points, each tie-break, decided by.
 */
export function standingsCsv(view, details = null) {
  const players = view.competitors === "players" && details ? view.entries.map((entry) => details.get(entry.id)) : [];
  const has = (key) => players.some((player) => player && player[key] !== null && player[key] !== "");
  const extra = [["title", "col.title"], ["federation", "col.federation"], ["rating", "col.rating"],
    ["club", "col.club"]].filter(([key]) => has(key));
  const header = [t("col.rank"), t("col.id"), t(view.competitors === "teams" ? "col.team" : "col.name"),
    ...extra.map(([, label]) => t(label)), t(view.competitors === "teams" ? "col.matchPoints" : "col.points"),
    ...view.tiebreaks, t("col.decidedBy")];
  const rows = view.entries.map((entry, i) => [
    field(entry.rank), field(entry.id), field(entry.name, true),
    ...extra.map(([key]) => field(players[i]?.[key], true)), field(entry.points),
    ...entry.values.map((value) => field(value)), field(entry.decidedBy, true),
  ].join(","));
  return `\ufeff${[header.map((name) => field(name, true)).join(","), ...rows].join("\r\n")}\r\n`;
}

/** Offer `text` as a file download. */
export function download(filename, text, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
