// Big tables that stay fast: a real <table> (its rows and cells, caption and headers as usual) laid out as a
// CSS grid per row, its rows in blocks of CHUNK (one <tbody> each) with `content-visibility: auto`, so that
// the browser lays out and paints only the blocks on screen. Measured in Chromium on a 2,000 × 16 table:
// 1.5-3 s of layout as a table, 0.05-0.12 s as grid rows (both on the loaded 2-core development machine);
// blocks rather than single rows because each such element costs the browser an intersection check on
// every frame (43 ms of CPU for the 4,000 rows of a comparison). Every row stays in the document (search,
// find in page, printing and screen readers see them all); only their layout is deferred.
//
// Grid rows need the column widths up front (each row is its own grid): they are computed once per table
// from the widest text of each column, measured on a canvas with the table's own fonts.

import { esc } from "./format.js";

/** Rows per <tbody> block (even, so that the stripes of alternate rows run on across blocks). */
export const CHUNK = 64;

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

const PHONE = "(max-width: 40rem)";
const metricsCache = new Map();

/**
 * The fonts and padding of a grid table's cells, read once per table class and screen size from a one-row
 * probe: reading them from the new table itself would make the browser compute the style of all its rows
 * (before its first layout it cannot yet skip those off screen).
 */
function cellMetrics(className) {
  const key = `${className}|${window.matchMedia(PHONE).matches}`;
  let metrics = metricsCache.get(key);
  if (!metrics) {
    const probe = document.createElement("div");
    probe.className = "grid-probe";
    // the same classes laid out as a plain table (a grid row needs the widths this probe is for)
    const plain = className.split(/\s+/).filter((name) => name !== "grid").join(" ");
    probe.innerHTML = `<table class="${plain}"><thead><tr><th scope="col">x</th>`
      + '<th scope="col" class="tb"><span class="tb-name">x</span></th></tr></thead><tbody><tr><td>x</td>'
      + '<th scope="row" class="name">x</th></tr></tbody></table>';
    document.body.append(probe);
    const [head, headTb] = probe.querySelectorAll("thead th");
    const [cell, name] = probe.querySelector("tbody tr").children;
    metrics = { headFont: fontOf(head), smallFont: fontOf(headTb.firstChild), cellFont: fontOf(cell),
      nameFont: fontOf(name), cellPadding: padding(cell), rowHeight: cell.parentElement.offsetHeight || 32 };
    probe.remove();
    metricsCache.set(key, metrics);
  }
  return metrics;
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
  const blocks = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    blocks.push(`<tbody>${rows.slice(start, start + CHUNK).join("")}</tbody>`);
  }
  return `<div class="table-scroll" role="region" tabindex="0" aria-labelledby="${captionId}">`
    + `<table id="${esc(id)}" class="data grid ${className}"${extra}><caption id="${captionId}">${caption}</caption>`
    + `<thead><tr>${columns.map((column) => column.head).join("")}</tr></thead>`
    + `${blocks.join("") || "<tbody></tbody>"}</table></div>`;
}

/**
 * Give the table its column widths (CSS variables --cols, and --cols-phone for the columns a phone shows),
 * measured from `columns` (as given to gridTableHtml). Call once the table is in the document.
 */
export function sizeGridTable(table, columns) {
  if (!table) return;
  const { headFont, smallFont, cellFont, nameFont, cellPadding, rowHeight } = cellMetrics(table.className);
  for (const block of table.tBodies) { // the height a block has until it is laid out
    block.style.containIntrinsicSize = `auto ${block.rows.length * rowHeight}px`;
  }
  const headRow = table.tHead?.rows[0];
  const widths = columns.map((column, k) => {
    const head = headRow?.cells[k];
    const headText = column.headText ?? head?.textContent ?? "";
    let headWidth = measure(headFont, [headText]);
    if (column.headWords) { // a name under the code, wrapped at spaces: as wide as its longest word
      headWidth = Math.max(headWidth, measure(smallFont, column.headWords));
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
