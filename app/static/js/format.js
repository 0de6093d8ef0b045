// Text helpers for the tables, which are built as HTML strings (one innerHTML per table: thousands of rows
// are parsed and laid out once, instead of one DOM call per cell). Every text from a file or an answer goes
// through esc().

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `text` safe inside an element or a double-quoted attribute. */
export function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** A value as shown and exported: JSON numbers as JavaScript prints them, "—" where undefined. */
export function formatValue(value) {
  return value === null || value === undefined ? "—" : String(value);
}

/** Digits after the decimal point of a shown value ("29.5" → 1, "33" → 0, "—" → 0). */
export function decimals(text) {
  const dot = text.indexOf(".");
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** The widest fraction of a column, as a class that reserves its width ("d0" … "d4"). */
export function decimalClass(texts) {
  let widest = 0;
  for (const text of texts) widest = Math.max(widest, decimals(text));
  return `d${Math.min(widest, 4)}`;
}

/**
 * A number split at its decimal point for alignment: the fraction sits in a box as wide as the column's
 * widest fraction (see .frac in the stylesheet), so the points line up. The text content stays "29.5". In a
 * column without fractions (class "d0") the number is written as it is.
 */
export function alignedNumber(text, decimalClassName = "d1") {
  if (decimalClassName === "d0") return esc(text); // no fraction in the whole column: nothing to align
  const dot = text.indexOf(".");
  const whole = dot < 0 ? text : text.slice(0, dot);
  const fraction = dot < 0 ? "" : text.slice(dot);
  return `${esc(whole)}<span class="frac">${fraction}</span>`;
}

/** Lower case without accents, for searching names ("Müller" matches "muller"). */
export function folded(text) {
  return String(text ?? "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
}

/** A file name stem: "karl-mala.trf" → "karl-mala". */
export function stem(name) {
  return String(name || "tournament").replace(/\.[^.]*$/, "") || "tournament";
}
