// Big tables that stay fast: a real <table> (its rows and cells, caption and headers as usual) laid out as a
// CSS grid per row, every row with `content-visibility: auto`, so that the browser lays out and paints only
// the rows on screen. Measured in Chromium on a 2,000 × 16 table: 1.5-3 s of layout as a table, 0.05-0.12 s
// as grid rows (both on the loaded 2-core development machine). Every row stays in the document (search,
// find in page, printing and screen readers see them all); only their layout is deferred.
//
// Grid rows need the column widths up front (each row is its own grid): they are computed once per table
// from the widest text of each column, measured on a canvas with the table's own fonts.

import { esc } from "./format.js";

let context = null;

function measure(font, texts) {
  context ??= document.createElement("canvas").getContext("2d");
  context.font = font;
  let widest = 0;
  for (const text of texts) {
    if (text) widest = Math.max(widest, context.measureText(text).width);
  }
  return widest;
}

/** The few longest strings of a column of numbers (tabular digits: the longest are the widest). */
function longest(texts, keep = 3) {
  const sorted = [...new Set(texts)].sort((a, b) => b.length - a.length);
  return sorted.slice(0, keep);
}

function fontOf(element) {
  const style = getComputedStyle(element);
  return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
}

function padding(element) {
  const style = getComputedStyle(element);
  return parseFloat(style.paddingLeft) + parseFloat(style.paddingRight)
    + parseFloat(style.borderLeftWidth || "0") + parseFloat(style.borderRightWidth || "0");
}

/**
 * The HTML of a grid table. columns: [{head (HTML of the header cell, a <th>), cls (its classes, also those of
 * the cells), texts (every cell's text, for the width), numeric, name (the row header), headText (the header
 * text that must fit on one line, else the header's text), headWords (words of a wrapped second line), extra,
 * min and max (px), phone (false: hidden on a phone), phoneMax (px, on a phone)}];
 * rows: HTML of each <tr>. attributes: extra attributes of the <table> (escaped here).
 */
export function gridTableHtml({ id, className, caption, captionId, attributes = {}, columns, rows }) {
  const extra = Object.entries(attributes).map(([name, value]) => ` ${name}="${esc(value)}"`).join("");
  return `<div class="table-scroll" role="region" tabindex="0" aria-labelledby="${captionId}">`
    + `<table id="${esc(id)}" class="data grid ${className}"${extra}><caption id="${captionId}">${caption}</caption>`
    + `<thead><tr>${columns.map((column) => column.head).join("")}</tr></thead>`
    + `<tbody>${rows.join("")}</tbody></table></div>`;
}

/**
 * Give the table its column widths (CSS variables --cols, and --cols-phone for the columns a phone shows),
 * measured from `columns` (as given to gridTableHtml). Call once the table is in the document.
 */
export function sizeGridTable(table, columns) {
  if (!table) return;
  const headRow = table.tHead?.rows[0];
  const sample = table.tBodies[0]?.rows[0];
  const headFont = headRow ? fontOf(headRow.cells[0]) : "bold 15px sans-serif";
  const cellFont = sample ? fontOf(sample.cells[0]) : "15px sans-serif";
  const nameFont = sample?.querySelector("th") ? fontOf(sample.querySelector("th")) : cellFont;
  const cellPadding = sample ? padding(sample.cells[0]) : 16;
  const widths = columns.map((column, k) => {
    const head = headRow?.cells[k];
    const headText = column.headText ?? head?.textContent ?? "";
    let headWidth = measure(headFont, [headText]);
    if (column.headWords) { // a name under the code, wrapped at spaces: as wide as its longest word
      const small = head?.querySelector(".tb-name");
      if (small) headWidth = Math.max(headWidth, measure(fontOf(small), column.headWords));
    }
    const font = column.name ? nameFont : cellFont;
    const body = measure(font, column.numeric ? longest(column.texts) : column.texts);
    const width = Math.ceil(Math.max(headWidth, body) + cellPadding + (column.extra || 0));
    return Math.min(column.max ?? Infinity, Math.max(column.min ?? 0, width));
  });
  const template = (phone) => widths.flatMap((width, k) => {
    const column = columns[k];
    if (phone && column.phone === false) return [];
    return [`${phone ? Math.min(width, column.phoneMax ?? Infinity) : width}px`];
  }).join(" ");
  table.style.setProperty("--cols", template(false));
  table.style.setProperty("--cols-phone", template(true));
}
