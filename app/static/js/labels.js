// Tie-break specifiers in words: "BH/C1" → "Buchholz Cut-1", "SB/C1/P" → "Sonneborn-Berger Cut-1 (forfeits
// as played)", "ESB:MG" → "Extended Sonneborn-Berger (opponent's match points × own game points)". The name
// comes from the service's catalogue (GET /v1/tiebreaks), the modifiers from the MTB26 grammar (C.07 Art. 14).

import { language, t } from "./i18n.js";

const SEPARATORS = /[/:#!\-]/;
const ESB_PAIRS = { EMMSB: "MM", EMGSB: "MG", EGMSB: "GM", EGGSB: "GG" };

/** The catalogue code of a specifier: "BH/C1" → "BH", "ESB:MG" → "ESB", "bh-c1" → "BH", "EMGSB" → "ESB". */
export function baseCode(spec) {
  const head = String(spec).trim().toUpperCase().split(SEPARATORS)[0];
  return ESB_PAIRS[head] ? "ESB" : head;
}

/**
 * The parts of a specifier: {code, score (":MP", "MG", ...), modifiers: [{kind, value}]}; the grammar of
 * the service (NAME[:MP|:GP][/Cn|/Mn][/L±n][/Kx][/P][/F][/R][/Un][/Vyyyy][/S], "#" or "!" for "/", BH-C1).
 */
export function parseSpecifier(spec) {
  let [head, ...modifiers] = String(spec).trim().toUpperCase().replace(/[#!]/g, "/").split("/");
  if (head.includes("-")) {
    const [name, ...hyphen] = head.split("-");
    head = name;
    modifiers = [...hyphen, ...modifiers];
  }
  let [name, score = ""] = head.split(":");
  if (ESB_PAIRS[name]) {
    score = ESB_PAIRS[name];
    name = "ESB";
  }
  const parsed = modifiers.filter(Boolean).map((modifier) => {
    const match = /^(C|M|K|U|V)(\d+)$/.exec(modifier) || /^(L)([+-]?\d+(?:\.\d+)?)$/.exec(modifier);
    if (match) return { kind: match[1], value: match[2] };
    return { kind: modifier, value: "" };
  });
  return { code: name, score, modifiers: parsed };
}

function modifierWords({ kind, value }, code) {
  switch (kind) {
    case "C": return { suffix: t("mod.cut", { n: value }) };
    case "M": return { suffix: t("mod.median", { n: value }) };
    case "P": return { note: t("mod.played") };
    case "F": return { note: t(code === "AOB" || code === "SSSC" ? "mod.fore" : "mod.foreOther") };
    case "R": return { note: t("mod.reverse") };
    case "S": return { note: t("mod.swiss") };
    case "U": return { note: t("mod.unrated", { rating: value }) };
    case "V": return { note: t("mod.edition", { year: value }) };
    case "K": return { note: t("mod.divisor", { k: value }) };
    case "L":
      if (value.startsWith("+") || value.startsWith("-")) {
        const half = value.includes(".") ? Number(value) * 2 : Number(value);
        return { note: t(half >= 0 ? "mod.limitUp" : "mod.limitDown", { n: Math.abs(half) }) };
      }
      return { note: t("mod.limitPercent", { n: value }) };
    default: return { note: `/${kind}${value}` };
  }
}

function scoreWords(score) {
  if (!score) return null;
  if (score === "MP" || score === "GP") return t(score === "MP" ? "mod.onMatchPoints" : "mod.onGamePoints");
  if (/^[MG]{2}$/.test(score)) {
    const part = (letter) => t(letter === "M" ? "mod.matchPoints" : "mod.gamePoints");
    return t("mod.esbPair", { opponent: part(score[0]), own: part(score[1]) });
  }
  return `:${score}`;
}

/** The catalogue entry's name in the page's language. */
export function catalogueName(entry) {
  if (!entry) return "";
  return language() === "zh" ? entry.name_zh || entry.name_en : entry.name_en || entry.name_zh;
}

/**
 * The label of `spec` in words, from `catalogue` (code or alias → entry): the catalogue name, cut and median
 * after it, the other modifiers in brackets. An unknown code gives "" (the page then shows the code alone).
 */
export function specifierLabel(spec, catalogue) {
  const parsed = parseSpecifier(spec);
  const entry = catalogue.get(parsed.code) || catalogue.get(baseCode(spec));
  const name = catalogueName(entry);
  if (!name) return "";
  const suffixes = [];
  const notes = [];
  const score = scoreWords(parsed.score);
  if (score) notes.push(score);
  for (const modifier of parsed.modifiers) {
    const words = modifierWords(modifier, parsed.code);
    if (words.suffix) suffixes.push(words.suffix);
    if (words.note) notes.push(words.note);
  }
  return t("mod.label", {
    name, suffix: suffixes.length ? t("mod.suffixJoin", { suffix: suffixes.join(" ") }) : "",
    notes: notes.length ? t("mod.notes", { notes: notes.join(t("mod.noteSeparator")) }) : "",
  });
}

/** The catalogue definition of a specifier's code (a header's title). */
export function specifierDefinition(spec, catalogue) {
  const entry = catalogue.get(parseSpecifier(spec).code) || catalogue.get(baseCode(spec));
  if (!entry) return "";
  return language() === "zh" ? entry.definition_zh || entry.definition_en || "" : entry.definition_en || "";
}
