// Standings as CSV (RFC 4180, UTF-8 with a byte order mark so that spreadsheets read Chinese names), made
// and downloaded in the browser.

import { t } from "./i18n.js";

function field(value, text = false) {
  let out = value === null || value === undefined ? "" : String(value);
  // A name starting with = + - @ would be a formula in a spreadsheet: quote it as text.
  if (text && /^[=+\-@\t\r]/.test(out)) out = `'${out}`;
  return /[",\r\n]/.test(out) ? `"${out.replace(/"/g, '""')}"` : out;
}

/** The CSV text of an answer of POST /v1/standings: rank, number, name, points, each tie-break, decided by. */
export function standingsCsv(body) {
  const header = [t("col.rank"), t("col.id"), t("col.name"), t("col.points"), ...body.tiebreaks, t("col.decidedBy")];
  const rows = body.standings.map((entry) => [
    field(entry.rank), field(entry.id), field(entry.name, true), field(entry.points),
    ...entry.tiebreaks.map((value) => field(value.value)), field(entry.decided_by, true),
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
