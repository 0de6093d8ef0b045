// The tie-break calculator page: state, requests to the API, and wiring of the controls.

import { describeProblem, getJson, postTournament } from "./api.js";
import { download, standingsCsv } from "./csv.js";
import { fill, h } from "./dom.js";
import { browserLanguage, language, setLanguage, t, translatePage } from "./i18n.js";
import { OrderEditor, baseCode } from "./order-editor.js";
import { crosstableLegend, crosstableTable, pairingsView, standingsTable } from "./render.js";
import { installTabs } from "./tabs.js";
import { installTooltips } from "./tooltip.js";

const $ = (id) => document.getElementById(id);
const LANGUAGE_KEY = "tiebreak-calculator-language";
const TYPING_DELAY_MS = 500;

const state = {
  source: null, // {blob, name, label}: the tournament as uploaded (bytes) or pasted
  catalogue: new Map(), // code or alias → catalogue entry
  orderA: null, // specifiers after the primary score; null: the file's own list (212/202) or the default
  presetA: "",
  standings: null, // last answer of POST /v1/standings (what the table shows)
  standingsPreset: "",
  standingsLanguage: "",
  orderB: null,
  presetB: "",
  compare: null, // last answer of POST /v1/standings/compare
  compareLanguage: "",
  converted: null, // answer of POST /v1/convert for the current source
  converting: null, // the promise of that answer while it is on its way
  pairing: null, // answer of POST /v1/pairings
};

const inFlight = new Map(); // request name → AbortController of the latest one

/** Start request `name`, cancelling the previous one of that name; the panels are busy while any is open. */
function begin(name) {
  inFlight.get(name)?.abort();
  const controller = new AbortController();
  inFlight.set(name, controller);
  setBusy(true);
  return controller;
}

function done(name, controller) {
  if (inFlight.get(name) === controller) inFlight.delete(name);
  setBusy(inFlight.size > 0);
}

function abortAll() {
  for (const controller of inFlight.values()) controller.abort();
  inFlight.clear();
  setBusy(false);
}

const isAbort = (error) => error?.name === "AbortError";

// --- helpers -----------------------------------------------------------------------------------------------

let pendingAnnouncement = "";

/** Say `message` in the live region; a change of the list is said together with the standings it leads to. */
function announce(message) {
  $("status").textContent = message;
}

function announceChange(message) {
  pendingAnnouncement = message;
  announce(message);
}

function announceResult(message) {
  announce(pendingAnnouncement ? `${pendingAnnouncement} ${message}` : message);
  pendingAnnouncement = "";
}

function describe(spec) {
  const entry = state.catalogue.get(baseCode(spec));
  return { code: spec, name: entry ? (language() === "zh" ? entry.name_zh : entry.name_en) : "" };
}

function orderText(order) {
  return order.length ? order.join(", ") : t("status.none");
}

/** The `tiebreaks` form field: the list, or only the primary score when the list is empty. */
function listField(order) {
  return order.length ? order.join(",") : state.standings?.primary || "PTS";
}

function showProblem(element, error) {
  if (!error) {
    element.hidden = true;
    fill(element);
    return;
  }
  const { detail, where } = describeProblem(error);
  fill(element, h("strong", {}, t("problem.title")), " ", h("span", { class: "problem-detail" }, detail),
    where ? h("span", { class: "problem-where" }, ` (${where})`) : null);
  element.hidden = false;
}

function setBusy(busy) {
  for (const panel of document.querySelectorAll(".tab-panel")) panel.setAttribute("aria-busy", String(busy));
}

// --- the tournament ------------------------------------------------------------------------------------------

function decodeForDisplay(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes); // what the service falls back to as well
  }
}

async function loadFile(file) {
  const bytes = await file.arrayBuffer();
  $("trf-text").value = decodeForDisplay(bytes);
  setSource({ blob: file, name: file.name, label: () => t("input.loaded", { name: file.name, bytes: file.size }) },
    { resetOrder: true });
}

function loadPasted() {
  const text = $("trf-text").value;
  if (!text.trim()) return;
  const fresh = state.source === null;
  setSource({ blob: new Blob([text], { type: "text/plain" }), name: "pasted.trf", label: () => t("input.pasted") },
    { resetOrder: fresh });
}

function setSource(source, { resetOrder }) {
  abortAll();
  state.source = source;
  if (resetOrder) {
    state.orderA = null;
    state.presetA = "";
    state.orderB = null;
    state.presetB = "";
  }
  state.compare = null;
  state.converted = null;
  state.converting = null;
  state.pairing = null;
  $("source-info").textContent = source.label();
  showProblem($("input-problem"), null);
  showProblem($("pairings-problem"), null);
  fill($("pairings-output"));
  renderCompare();
  refreshStandings({ orderChange: false }); // then the comparison, if it is open
  if (tabs.current() === "tab-crosstable") showCrosstable();
}

// --- standings ---------------------------------------------------------------------------------------------

async function refreshStandings({ orderChange }) {
  if (!state.source) return;
  const controller = begin("standings");
  const fields = {
    language: language(),
    preset: state.presetA || null,
    tiebreaks: state.orderA ? listField(state.orderA) : null,
  };
  try {
    const body = await postTournament("/v1/standings", state.source, fields, controller.signal);
    state.standings = body;
    state.standingsPreset = state.presetA;
    state.standingsLanguage = fields.language;
    state.orderA = [...body.tiebreaks];
    editorA.setItems(state.orderA, state.presetA);
    showProblem($("input-problem"), null);
    showProblem($("standings-problem"), null);
    editorA.setMessage("");
    renderStandings();
    announceResult(t("status.updated", { count: body.standings.length, order: orderText(body.tiebreaks) }));
    if (tabs.current() === "tab-compare") refreshCompare(); // order A, the file or the language changed
  } catch (error) {
    if (isAbort(error)) return;
    if (orderChange && state.standings) {
      // The list was refused (e.g. an unknown modifier): say why, and go back to the list on show.
      const { detail } = describeProblem(error);
      editorA.setMessage(detail);
      state.orderA = [...state.standings.tiebreaks];
      state.presetA = state.standingsPreset;
      editorA.setItems(state.orderA, state.presetA);
      announceResult(detail);
    } else {
      state.standings = null;
      showProblem($("input-problem"), error);
      showProblem($("standings-problem"), error);
      renderStandings();
      announceResult(describeProblem(error).detail);
    }
  } finally {
    done("standings", controller);
  }
}

function metaText(body) {
  const unit = body.competitors === "teams" ? "meta.teams" : "meta.players";
  const source = state.standingsPreset ? `preset:${state.standingsPreset}` : body.list_source;
  let list;
  if (source.startsWith("preset:")) {
    const id = source.slice("preset:".length);
    const preset = editorA.presets.find((entry) => entry.id === id);
    list = t("meta.source.preset", { name: preset ? (language() === "zh" ? preset.name_zh : preset.name_en) : id });
  } else if (source === "request") {
    list = t("meta.source.request");
  } else {
    list = t("meta.source.file", { record: source });
  }
  return [state.source ? state.source.label() : null, t(unit, { count: body.standings.length }),
    t(`system.${body.system}`), t("meta.rounds", { rounds: body.rounds }),
    t("meta.edition", { edition: body.edition }), list].filter(Boolean).join(" · ");
}

function renderStandings() {
  const body = state.standings;
  $("export-csv").disabled = !body;
  $("print").disabled = !body;
  if (!body) {
    $("standings-meta").textContent = "";
    fill($("standings-output"), h("p", { class: "empty" }, t("standings.empty")));
    fill($("warnings"));
    $("pair-next").disabled = true;
    return;
  }
  $("standings-meta").textContent = metaText(body);
  fill($("standings-output"),
    h("p", { class: "hint no-print" }, t("standings.tip")),
    h("p", { class: "print-only" }, t("meta.order", { order: orderText(body.tiebreaks) })),
    standingsTable(body, { id: "standings-table", describe, language: state.standingsLanguage }));
  fill($("warnings"), body.warnings.length ? h("details", {},
    h("summary", {}, t("warnings.summary", { n: body.warnings.length })),
    h("ul", {}, body.warnings.map((warning) => h("li", {}, warning.message,
      warning.line != null ? ` (${t("problem.line", { line: warning.line })})` : "")))) : null);
  const scope = body.competitors === "teams" ? "teams" : "players";
  editorA.setCompetitors(scope, body.primary);
  editorB.setCompetitors(scope, body.primary);
  const swiss = body.system === "swiss";
  $("pair-next").disabled = !swiss;
  $("pairings-note").textContent = swiss ? "" : t("pairings.notSwiss", { system: t(`system.${body.system}`) });
}

function exportCsv() {
  if (!state.standings) return;
  const stem = (state.source?.name || "tournament").replace(/\.[^.]*$/, "") || "tournament";
  download(`${stem}-standings.csv`, standingsCsv(state.standings));
}

// --- comparing two orders ----------------------------------------------------------------------------------

async function refreshCompare({ orderChange = false } = {}) {
  if (!state.source || !state.standings) return;
  if (!state.orderB) {
    const a = state.orderA || [];
    state.orderB = [...a].reverse();
    editorB.setItems(state.orderB, "");
  }
  const controller = begin("compare");
  const fields = {
    language: language(),
    preset: state.presetA || null,
    orders: [listField(state.orderA || []), listField(state.orderB)],
  };
  try {
    const body = await postTournament("/v1/standings/compare", state.source, fields, controller.signal);
    state.compare = body;
    state.compareLanguage = fields.language;
    state.orderB = [...body.orders[1].tiebreaks];
    editorB.setItems(state.orderB, state.presetB);
    editorB.setMessage("");
    showProblem($("compare-problem"), null);
    renderCompare();
    announceResult($("compare-summary").textContent);
  } catch (error) {
    if (isAbort(error)) return;
    if (orderChange && state.compare) {
      const { detail } = describeProblem(error);
      editorB.setMessage(detail);
      state.orderB = [...state.compare.orders[1].tiebreaks];
      editorB.setItems(state.orderB, "");
      announceResult(detail);
    } else {
      state.compare = null;
      showProblem($("compare-problem"), error);
      renderCompare();
    }
  } finally {
    done("compare", controller);
  }
}

function renderCompare() {
  const body = state.compare;
  if (!body) {
    $("compare-summary").textContent = "";
    fill($("compare-output"));
    return;
  }
  const changes = new Map(body.changes.map((change) => [change.id, change.ranks]));
  const count = body.changes.length;
  $("compare-summary").textContent = count === 0 ? t("compare.none")
    : count === 1 ? t("compare.one") : t("compare.changes", { n: count });
  const side = (answer, index) => h("div", { class: "compare-side" }, standingsTable(answer, {
    id: `compare-${"ab"[index]}`, describe, changes, side: index, language: state.compareLanguage,
    caption: t(index === 0 ? "compare.captionA" : "compare.captionB", { order: orderText(answer.tiebreaks) }),
  }));
  fill($("compare-output"), body.orders.map(side));
}

// --- crosstable and pairings -------------------------------------------------------------------------------

/** The JSON form of the current tournament (crosstable, names of the paired players): one request per source. */
function converted() {
  if (state.converted) return Promise.resolve(state.converted);
  if (!state.converting) {
    const source = state.source;
    const controller = begin("convert");
    state.converting = postTournament("/v1/convert", source, { to: "json" }, controller.signal)
      .then((body) => {
        if (state.source === source) state.converted = body;
        return body;
      })
      .finally(() => {
        done("convert", controller);
        if (state.source === source) state.converting = null;
      });
  }
  return state.converting;
}

async function showCrosstable() {
  if (!state.source) return;
  if (!state.converted) fill($("crosstable-output"), h("p", { class: "empty" }, t("cross.loading")));
  try {
    await converted();
    showProblem($("crosstable-problem"), null);
    renderCrosstable();
  } catch (error) {
    if (isAbort(error)) return;
    fill($("crosstable-output"));
    showProblem($("crosstable-problem"), error);
  }
}

function renderCrosstable() {
  const body = state.converted;
  if (!body) {
    fill($("crosstable-output"), h("p", { class: "empty" }, t("standings.empty")));
    fill($("crosstable-legend"));
    return;
  }
  const standings = state.standings;
  const points = new Map(standings && standings.competitors === "players"
    ? standings.standings.map((entry) => [entry.id, entry.points]) : []);
  fill($("crosstable-output"), crosstableTable(body.tournament, points));
  fill($("crosstable-legend"), crosstableLegend(body.tournament));
}

async function pairNextRound() {
  if (!state.source) return;
  const controller = begin("pairings");
  const button = $("pair-next");
  button.disabled = true;
  announce(t("pairings.loading"));
  showProblem($("pairings-problem"), null);
  fill($("pairings-output"));
  try {
    const [body] = await Promise.all([
      postTournament("/v1/pairings", state.source,
        { total_rounds: $("total-rounds").value.trim() || null, language: language() }, controller.signal),
      converted().catch(() => null), // names only; the pairing stands without them
    ]);
    state.pairing = body;
    renderPairing();
    announce(t("pairings.done", { round: body.round, boards: body.pairings.length }));
  } catch (error) {
    if (isAbort(error)) return;
    state.pairing = null;
    showProblem($("pairings-problem"), error);
    announce(describeProblem(error).detail);
  } finally {
    done("pairings", controller);
    button.disabled = !(state.standings?.system === "swiss");
  }
}

function renderPairing() {
  if (!state.pairing) return;
  const players = state.converted?.tournament.players || [];
  const names = new Map(players.map((player) => [player.start_number, player.name]));
  fill($("pairings-output"), pairingsView(state.pairing, (id) => names.get(id)));
}

// --- language ----------------------------------------------------------------------------------------------

function applyLanguage(lang, { refresh }) {
  setLanguage(lang);
  $("language").value = language();
  translatePage();
  editorA.relabel();
  editorB.relabel();
  if (state.source) $("source-info").textContent = state.source.label();
  renderStandings();
  renderCompare();
  renderCrosstable();
  renderPairing();
  if (refresh) {
    refreshStandings({ orderChange: false }); // explanations come in the chosen language
    announce(t("status.language"));
  }
}

// --- wiring ------------------------------------------------------------------------------------------------

const editorA = new OrderEditor($("editor-a"), {
  prefix: "order-a", describe, announce: (message, pending) => (pending ? announceChange : announce)(message),
  onChange: (items, { preset }) => {
    state.orderA = items;
    state.presetA = preset;
    refreshStandings({ orderChange: true });
  },
});

const editorB = new OrderEditor($("editor-b"), {
  prefix: "order-b", describe, announce: (message, pending) => (pending ? announceChange : announce)(message),
  onChange: (items, { preset }) => {
    state.orderB = items;
    state.presetB = preset;
    refreshCompare({ orderChange: true });
  },
});

function showTab(id) {
  if (id === "tab-compare") refreshCompare();
  else if (id === "tab-crosstable") showCrosstable();
}

const tabs = installTabs(document.querySelector('[role="tablist"]'), showTab);

function wire() {
  const dropzone = $("dropzone");
  $("file-input").addEventListener("change", (event) => {
    const [file] = event.target.files;
    if (file) loadFile(file);
  });
  for (const type of ["dragenter", "dragover"]) {
    window.addEventListener(type, (event) => {
      if (![...(event.dataTransfer?.types || [])].includes("Files")) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
      dropzone.classList.add("drag-over");
    });
  }
  window.addEventListener("dragleave", (event) => {
    if (event.relatedTarget === null) dropzone.classList.remove("drag-over");
  });
  window.addEventListener("drop", (event) => {
    const [file] = event.dataTransfer?.files || [];
    dropzone.classList.remove("drag-over");
    if (!file) return;
    event.preventDefault();
    loadFile(file);
  });

  let typing = null;
  $("trf-text").addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(loadPasted, TYPING_DELAY_MS);
  });

  $("copy-a-to-b").addEventListener("click", () => {
    state.orderB = [...(state.orderA || [])];
    state.presetB = "";
    editorB.setItems(state.orderB, "");
    refreshCompare({ orderChange: true });
  });
  $("export-csv").addEventListener("click", exportCsv);
  $("print").addEventListener("click", () => window.print());
  $("pair-next").addEventListener("click", pairNextRound);
  $("language").addEventListener("change", (event) => {
    try {
      localStorage.setItem(LANGUAGE_KEY, event.target.value);
    } catch {
      // storage may be disabled; the choice then lasts for this page only
    }
    applyLanguage(event.target.value, { refresh: true });
  });
  installTooltips($("tooltip"));
}

async function start() {
  let saved = null;
  try {
    saved = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    saved = null;
  }
  wire();
  applyLanguage(saved || browserLanguage(), { refresh: false });
  try {
    const [catalogue, presets] = await Promise.all([getJson("/v1/tiebreaks"), getJson("/v1/presets")]);
    for (const entry of catalogue.tiebreaks) {
      state.catalogue.set(entry.code, entry);
      for (const alias of entry.aliases || []) state.catalogue.set(alias, entry);
    }
    editorA.setCatalogue(catalogue.tiebreaks, presets.presets);
    editorB.setCatalogue(catalogue.tiebreaks, presets.presets);
    renderStandings();
    renderCompare();
    document.body.dataset.ready = "true";
  } catch (error) {
    showProblem($("input-problem"), error);
  }
}

start();
