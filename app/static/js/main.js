// The tie-break calculator page: state, requests to the API, and wiring of the controls.

import {
  describeProblem, getJson, postTournament, postTournamentText, readCatalogue, readPairing, readPresets,
  readStandings, readSystems, readTeamPairing, readTournament,
} from "./api.js";
import { placeholders, roundRobinByGames, serviceWarnedUndefined, undefinedColumns } from "./checks.js";
import { crosstableCellText, crosstableLegend, crosstableTable } from "./crosstable-view.js";
import { download, standingsCsv } from "./csv.js";
import { fill, h } from "./dom.js";
import { esc, stem } from "./format.js";
import { browserLanguage, language, setLanguage, t, translatePage } from "./i18n.js";
import { baseCode, catalogueName, specifierDefinition, specifierLabel } from "./labels.js";
import { CUSTOM, OrderEditor } from "./order-editor.js";
import { pairingsView, teamPairingsView } from "./pairings-view.js";
import { Interaction } from "./perf.js";
import { sizeGridTable } from "./grid-table.js";
import { compareStandings, explanationFor, filterRows, forgetTable, standingsTable } from "./standings-view.js";
import { installTabs } from "./tabs.js";
import { installTooltips } from "./tooltip.js";

const $ = (id) => document.getElementById(id);
const LANGUAGE_KEY = "tiebreak-calculator-language";
const TYPING_DELAY_MS = 500;

const state = {
  source: null, // {blob, name, label}: the tournament as uploaded (bytes) or pasted
  catalogue: new Map(), // code or alias → catalogue entry
  presets: [],
  systems: [], // readSystems(GET /v1/pairing-systems).systems: what the pairing-system menu offers
  pairingSystem: "", // the system chosen in that menu; "" = as the file says (no `system` sent)
  rules: { system: "", edition: "", unratedRating: "", afterRound: "" }, // "" = as the file says (or the default)
  roundsInFile: 0, // the rounds of the standings over every round of the file (the after-round menu's choices)
  detectedSystem: null, // a complete round robin found in the games of a file that names no system
  orderA: null, // specifiers after the primary score; null: the file's own list (212/202) or the default
  presetA: "",
  standings: null, // readStandings of the last answer of POST /v1/standings (what the table shows)
  standingsRequest: null, // {orderA, presetA} that gave it
  standingsLanguage: "",
  orderB: null,
  presetB: CUSTOM,
  compare: null, // compareStandings of order A (the standings) and order B
  compareLanguage: "",
  tournament: null, // readTournament of POST /v1/convert for the current source
  converting: null, // the promise of that answer while it is on its way
  pairing: null, // {teams, view, fields, ownWarnings}: the last proposed round
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

const label = (spec) => specifierLabel(spec, state.catalogue);
const definition = (spec) => specifierDefinition(spec, state.catalogue);

function describe(spec) {
  return { code: spec, name: label(spec) };
}

/** Order A as shown: the list asked for, or the default the service chose. */
function currentOrderA() {
  return state.orderA || state.standings?.tiebreaks || [];
}

function orderText(order) {
  return order.length ? order.join(", ") : t("status.none");
}

/** The `tiebreaks` form field: the list, or only the primary score when the list is empty. */
function listField(order) {
  return order.length ? order.join(",") : state.standings?.primary || "PTS";
}

/** Fields of a problem that a control of the page sets: field → [control id, words of the button]. */
const PROBLEM_CONTROLS = { total_rounds: ["total-rounds", "problem.setTotalRounds"],
  round: ["total-rounds", "problem.setTotalRounds"], round_number: ["total-rounds", "problem.setTotalRounds"],
  unrated_rating: ["unrated-rating", "notice.giveRating"],
  system: ["rule-system", "problem.chooseSystem"], edition: ["rule-edition", "problem.chooseEdition"] };

/** The same for a problem of the pairing: a system the service cannot pair is chosen in the pairing menu. */
const PAIRING_PROBLEM_CONTROLS = { ...PROBLEM_CONTROLS,
  system: ["pairing-system", "problem.choosePairingSystem"], 192: ["pairing-system", "problem.choosePairingSystem"],
  "092": ["pairing-system", "problem.choosePairingSystem"],
  "tournament.system": ["pairing-system", "problem.choosePairingSystem"],
  "players.rating": ["pairing-system", "problem.choosePairingSystem"] };

function showProblem(element, error, controls = PROBLEM_CONTROLS) {
  if (!error) {
    element.hidden = true;
    fill(element);
    return;
  }
  const { title, detail, where, field, code } = describeProblem(error);
  // A round already paired is mended in the file (its results), not by a control of the page.
  const control = code === "round-already-paired" ? null : controls[field];
  fill(element, h("strong", {}, t("problem.title")), " ",
    title ? [h("span", { class: "problem-kind" }, title), t("problem.separator")] : null,
    h("span", { class: "problem-detail" }, detail),
    where ? h("span", { class: "problem-where" }, ` (${where})`) : null,
    control ? [" ", h("button", { type: "button", class: "link-button problem-action",
      onclick: () => $(control[0]).focus() }, t(control[1]))] : null);
  element.hidden = false;
}

function setBusy(busy) {
  for (const panel of document.querySelectorAll(".tab-panel")) panel.setAttribute("aria-busy", String(busy));
}

const teams = () => state.standings?.competitors === "teams";

/** The system the page asks for: the one chosen here, else the round robin found in the games, else none. */
function systemField() {
  return state.rules.system || state.detectedSystem || null;
}

/** Options of every standings request: system, edition, rating of unrated players, after which round. */
function ruleFields() {
  return {
    system: systemField(), edition: state.rules.edition || null,
    unrated_rating: state.rules.unratedRating === "" ? null : state.rules.unratedRating,
    round: state.rules.afterRound === "" ? null : state.rules.afterRound,
  };
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
  setSource({ blob: file, name: file.name, label: () => t("input.loaded", { name: file.name, bytes: file.size }),
    scrollToResults: true }, { resetOrder: true });
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
    state.presetB = CUSTOM;
  }
  state.detectedSystem = null;
  state.rules.afterRound = ""; // a new file: standings over all its rounds
  state.roundsInFile = 0;
  state.compare = null;
  state.tournament = null;
  state.converting = null;
  state.pairing = null;
  $("source-info").textContent = source.label();
  showProblem($("input-problem"), null);
  showProblem($("pairings-problem"), null);
  fill($("pairings-output"));
  $("download-trf").disabled = true;
  renderCompare();
  converted().catch(() => null); // in parallel with the standings: details, crosstable, names
  refreshStandings({ orderChange: false, fresh: true }); // then the comparison, if it is open
  if (tabs.current() === "tab-crosstable") showCrosstable();
}

/** The JSON form of the current tournament (details, crosstable, names): one request per source. */
function converted() {
  if (state.tournament) return Promise.resolve(state.tournament);
  if (!state.converting) {
    const source = state.source;
    const controller = begin("convert");
    state.converting = postTournament("/v1/convert", source, { to: "json" }, controller.signal)
      .then((body) => {
        const tournament = readTournament(body);
        if (state.source === source) state.tournament = tournament;
        return tournament;
      })
      .finally(() => {
        done("convert", controller);
        if (state.source === source) state.converting = null;
      });
  }
  return state.converting;
}

// --- standings ---------------------------------------------------------------------------------------------

async function refreshStandings({ orderChange, fresh = false }) {
  if (!state.source) return;
  const interaction = new Interaction(fresh ? "load" : orderChange ? "reorder" : "standings");
  const controller = begin("standings");
  const request = { orderA: state.orderA, presetA: state.presetA };
  const fields = {
    ...ruleFields(),
    preset: state.presetA || null,
    tiebreaks: state.orderA ? listField(state.orderA) : null,
  };
  try {
    const [body, tournament] = await Promise.all([
      postTournament("/v1/standings", state.source, fields, controller.signal),
      converted().catch(() => null),
    ]);
    const view = readStandings(body);
    if (fresh && needsRoundRobin(view, tournament)) {
      done("standings", controller);
      refreshStandings({ orderChange: false, fresh: true }); // again, as the round robin it is
      return;
    }
    interaction.answer();
    state.standings = view;
    state.standingsRequest = request;
    state.standingsLanguage = language();
    if (state.orderA) state.orderA = [...view.tiebreaks]; // as the service spells them; null stays "the default"
    showProblem($("input-problem"), null);
    showProblem($("standings-problem"), null);
    editorA.setMessage("");
    renderStandings();
    if (fresh && state.source.scrollToResults) {
      state.source.scrollToResults = false; // a file was chosen or dropped: its standings come into view
      const top = $("results").getBoundingClientRect().top;
      if (top > window.innerHeight * 0.6) $("results").scrollIntoView({ block: "start" });
    }
    await interaction.rendered($("standings-output"), view.entries.length);
    announceResult(t("status.updated", { count: view.entries.length, order: orderText(view.tiebreaks) }));
    if (tabs.current() === "tab-compare") refreshCompare(); // order A, the file or the language changed
    if (tabs.current() === "tab-crosstable") showCrosstable(); // its points and ranks
  } catch (error) {
    if (isAbort(error)) return;
    if (orderChange && state.standings) {
      // The list was refused (e.g. an unknown modifier): say why, and go back to the list on show.
      const { detail } = describeProblem(error);
      editorA.setMessage(detail);
      state.orderA = state.standingsRequest.orderA ? [...state.standings.tiebreaks] : null;
      state.presetA = state.standingsRequest.presetA;
      showEditorA();
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

/**
 * A file that names no system (the service assumed one) but whose games make a complete round robin is
 * treated as that round robin; the rules panel says so and offers Swiss back.
 */
function needsRoundRobin(view, tournament) {
  if (state.rules.system || state.detectedSystem || !tournament || view.systemSource !== "default") return false;
  const found = roundRobinByGames(tournament);
  if (!found || found === view.system) return false;
  state.detectedSystem = found;
  return true;
}

/** The preset menu and list of order A as the last answer has them. */
function showEditorA() {
  const view = state.standings;
  if (!view) return;
  const request = state.standingsRequest;
  let preset = CUSTOM;
  if (request.presetA) preset = request.presetA;
  else if (!request.orderA) preset = view.listSource.startsWith("preset:") ? view.listSource.slice(7) : "";
  else preset = editorA.presetFor(view.tiebreaks) || CUSTOM;
  const source = view.listSource;
  const defaultLabel = source === "212" || source === "202" ? t("editor.fromFile", { record: source })
    : t("editor.default");
  editorA.setItems(currentOrderA(), preset, defaultLabel);
}

function metaText(view) {
  const unit = view.competitors === "teams" ? "meta.teams" : "meta.players";
  const source = view.listSource;
  let list;
  if (source.startsWith("preset:")) {
    const id = source.slice("preset:".length);
    const preset = state.presets.find((entry) => entry.id === id);
    list = t("meta.source.preset", { name: preset ? catalogueName(preset) : id });
  } else if (source === "request") {
    list = t("meta.source.request");
  } else {
    list = t("meta.source.file", { record: source });
  }
  return [state.source ? state.source.label() : null, t(unit, { count: view.entries.length }),
    t(`system.${view.system}`), t(view.rounds === 1 ? "meta.oneRound" : "meta.rounds", { rounds: view.rounds }),
    t("meta.edition", { edition: view.edition }), list].filter(Boolean).join(" · ");
}

/** The page's own notices about the standings (the service's warnings follow them). */
function standingsNotices(view) {
  const notes = [];
  if (state.detectedSystem && !state.rules.system) {
    notes.push({ code: "page-round-robin", message: t("notice.roundRobin", {
      system: t(`system.${state.detectedSystem}`) }), action: ["notice.useSwiss", () => chooseSystem("swiss")] });
  }
  const tournament = state.tournament;
  for (const spec of undefinedColumns(view)) {
    if (serviceWarnedUndefined(view.warnings, spec)) continue;
    const unrated = tournament && view.competitors === "players"
      ? tournament.players.filter((player) => player.rating === null) : [];
    const names = unrated.slice(0, 5).map((player) => `${player.number} ${player.name}`).join(", ");
    notes.push({
      code: "page-undefined-column",
      message: unrated.length ? t("notice.undefinedUnrated", {
        spec, n: unrated.length, names: unrated.length > 5 ? t("notice.andMore", { names, n: unrated.length - 5 }) : names,
      }) : t("notice.undefined", { spec }),
      action: unrated.length ? ["notice.giveRating", () => $("unrated-rating").focus()] : null,
    });
  }
  if (!state.rules.afterRound && view.rounds > 1 && view.warnings.some((warning) => warning.code === "no-result")) {
    const round = view.rounds - 1; // a round paired without results is usually the last one
    notes.push({ code: "page-pending-round", message: t("notice.pendingRound", { rounds: view.rounds }),
      action: ["notice.afterRound", () => chooseAfterRound(String(round)), { round }] });
  }
  if (tournament && view.competitors === "players") {
    for (const player of placeholders(tournament)) {
      if (view.warnings.some((warning) => /placeholder/i.test(warning.code))) break;
      notes.push({ code: "page-placeholder", message: t("notice.placeholder", { n: player.number, name: player.name }) });
    }
  }
  return notes;
}

function warningItem(warning) {
  return h("li", { dataset: { code: warning.code || "" } }, warning.message,
    warning.line != null ? ` (${t("problem.line", { line: warning.line })})` : "",
    warning.action ? [" ", h("button", { type: "button", class: "link-button", onclick: warning.action[1] },
      t(warning.action[0], warning.action[2]))] : null);
}

/** The service's warnings of an answer, under a heading with their count (nothing when there are none). */
function warningList(warnings, heading, id) {
  return warnings.length ? h("div", { class: "notice warning-list", role: "note" },
    h("h3", {}, t(heading, { n: warnings.length })), h("ul", { id }, warnings.map(warningItem))) : null;
}

const warningKey = (warning) => `${warning.code}\u0000${warning.message}`;

/** The warnings of `warnings` that `shown` does not already hold (same code and words). */
function newWarnings(warnings, shown) {
  const seen = new Set(shown.map(warningKey));
  return warnings.filter((warning) => !seen.has(warningKey(warning)));
}

function renderWarnings(view) {
  const notes = view ? standingsNotices(view) : [];
  const parts = [];
  if (notes.length) {
    parts.push(h("div", { class: "notice", role: "note", id: "page-notices" },
      h("ul", {}, notes.map(warningItem))));
  }
  parts.push(warningList(view ? view.warnings : [], "warnings.summary", "service-warnings"));
  fill($("warnings"), parts);
}

function renderStandings() {
  const view = state.standings;
  $("export-csv").disabled = !view;
  $("print").disabled = !view;
  $("standings-search").disabled = !view;
  renderRules();
  forgetTable("standings-table");
  if (!view) {
    $("standings-meta").textContent = "";
    fill($("standings-output"), h("p", { class: "empty" }, t("standings.empty")));
    fill($("warnings"));
    $("pair-next").disabled = true;
    $("search-count").textContent = "";
    return;
  }
  const scope = view.competitors === "teams" ? "teams" : "players";
  editorA.setCompetitors(scope, view.primary);
  editorB.setCompetitors(scope, view.primary);
  showEditorA();
  $("standings-meta").textContent = metaText(view);
  renderWarnings(view);
  const table = standingsTable(view, { id: "standings-table", label, definition,
    details: state.tournament?.byNumber ?? null, language: state.standingsLanguage });
  $("standings-output").innerHTML = `<p class="hint no-print">${esc(t("standings.tip"))}</p>`
    + `<p class="print-only">${esc(t("meta.order", { order: orderText(view.tiebreaks) }))}</p>${table.html}`;
  sizeGridTable($("standings-table"), table.columns);
  applySearch();
  $("pair-next").disabled = false;
  renderPairingSystems();
  renderPairingIntro();
}

function applySearch() {
  const query = $("standings-search").value;
  const { shown, total } = filterRows("standings-table", query);
  $("search-count").textContent = query.trim() ? t("standings.found", { shown, total }) : "";
}

function exportCsv() {
  if (!state.standings) return;
  download(`${stem(state.source?.name)}-standings.csv`, standingsCsv(state.standings, state.tournament?.byNumber));
}

// --- rules: system, edition, rating of unrated players ----------------------------------------------------

function optionText(select, value, text) {
  const option = [...select.options].find((item) => item.value === value);
  if (option) option.textContent = text;
}

/** The "as the file says" choices name what the service (or the page) used, and why. */
function renderRules() {
  const view = state.standings;
  const system = $("rule-system");
  const edition = $("rule-edition");
  let systemText = t("rules.fromFile");
  if (view && !state.rules.system) {
    if (state.detectedSystem) systemText = t("rules.systemDetected", { system: t(`system.${state.detectedSystem}`) });
    else if (view.systemSource === "default") systemText = t("rules.systemAssumed", { system: t(`system.${view.system}`) });
    else systemText = t("rules.systemFrom", { system: t(`system.${view.system}`), source: view.systemSource });
  }
  optionText(system, "", systemText);
  system.value = state.rules.system;
  let editionText = t("rules.fromDate");
  if (view && !state.rules.edition) {
    editionText = view.editionSource === "default" ? t("rules.editionDefault", { edition: view.edition })
      : t("rules.editionFrom", { edition: view.edition, source: view.editionSource });
  }
  optionText(edition, "", editionText);
  edition.value = state.rules.edition;
  $("unrated-rating").value = state.rules.unratedRating;
  renderAfterRound(view);
}

/** The after-round menu: every round of the file, the last one named in the "every round" choice. */
function renderAfterRound(view) {
  if (view && !state.rules.afterRound) state.roundsInFile = view.rounds;
  const select = $("rule-after-round");
  const wanted = ["", ...Array.from({ length: Math.max(0, state.roundsInFile - 1) }, (_, k) => String(k + 1))];
  if ([...select.options].map((option) => option.value).join() !== wanted.join()) {
    fill(select, wanted.map((value) => h("option", { value }, "")));
  }
  for (const option of select.options) {
    option.textContent = option.value ? t("rules.afterRoundN", { round: option.value })
      : state.roundsInFile ? t("rules.everyRoundN", { rounds: state.roundsInFile }) : t("rules.everyRound");
  }
  select.value = state.rules.afterRound;
}

function chooseAfterRound(value) {
  state.rules.afterRound = value;
  $("rule-after-round").value = value;
  rulesChanged();
}

function chooseSystem(value) {
  state.rules.system = value;
  $("rule-system").value = value;
  rulesChanged();
}

function rulesChanged() {
  forgetPairing();
  refreshStandings({ orderChange: false });
}

// --- comparing two orders ----------------------------------------------------------------------------------

async function refreshCompare({ orderChange = false } = {}) {
  if (!state.source || !state.standings) return;
  if (!state.orderB) {
    state.orderB = [...currentOrderA()].reverse();
    state.presetB = CUSTOM;
    editorB.setItems(state.orderB, CUSTOM);
  }
  const interaction = new Interaction("compare");
  const controller = begin("compare");
  const orderA = state.standings; // order A is the table of the standings tab, already computed
  // Order B's standings, values only: with the same rules and preset options, they are what POST
  // /v1/standings/compare returns for B, at a quarter of its time for 2,000 players (it computes A again,
  // and the explanations of both: a 4 MB answer).
  const fields = {
    ...ruleFields(),
    preset: state.presetA || null,
    tiebreaks: listField(state.orderB),
    explanations: "false",
  };
  try {
    const body = await postTournament("/v1/standings", state.source, fields, controller.signal);
    interaction.answer();
    state.compare = compareStandings(orderA, readStandings(body));
    state.compareLanguage = language();
    state.orderB = [...state.compare.orders[1].tiebreaks];
    editorB.setItems(state.orderB, state.presetB === CUSTOM ? editorB.presetFor(state.orderB) || CUSTOM : state.presetB);
    editorB.setMessage("");
    showProblem($("compare-problem"), null);
    renderCompare();
    await interaction.rendered($("compare-output"), state.compare.orders[0]?.entries.length ?? 0);
    announceResult($("compare-summary").textContent);
  } catch (error) {
    if (isAbort(error)) return;
    if (orderChange && state.compare) {
      const { detail } = describeProblem(error);
      editorB.setMessage(detail);
      state.orderB = [...state.compare.orders[1].tiebreaks];
      editorB.setItems(state.orderB, CUSTOM);
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
  const comparison = state.compare;
  forgetTable("compare-a");
  forgetTable("compare-b");
  if (!comparison) {
    $("compare-summary").textContent = "";
    fill($("compare-output"));
    fill($("compare-warnings"));
    return;
  }
  // Order B's answer may warn about its own list (an undefined column, a modifier): what order A's did not say.
  fill($("compare-warnings"), warningList(newWarnings(comparison.orders[1].warnings, comparison.orders[0].warnings),
    "compare.warningsB", "compare-service-warnings"));
  const changes = new Map(comparison.changes.map((change) => [change.id, change.ranks]));
  const count = comparison.changes.length;
  $("compare-summary").textContent = count === 0 ? t("compare.none")
    : count === 1 ? t("compare.one") : t("compare.changes", { n: count });
  const sides = comparison.orders.slice(0, 2).map((view, index) => standingsTable(view, {
    id: `compare-${"ab"[index]}`, label, definition, changes, language: state.compareLanguage, explain: false,
    caption: t(index === 0 ? "compare.captionA" : "compare.captionB", { order: orderText(view.tiebreaks) }),
  }));
  $("compare-output").innerHTML = sides.map((side, index) => `<div class="compare-side side-${"ab"[index]}">`
    + `${side.html}</div>`).join("");
  sides.forEach((side, index) => sizeGridTable($(`compare-${"ab"[index]}`), side.columns));
  applyCompareFilter();
}

function applyCompareFilter() {
  const onlyChanged = $("compare-only-changes").checked;
  for (const id of ["compare-a", "compare-b"]) filterRows(id, "", { onlyChanged });
}

// --- crosstable --------------------------------------------------------------------------------------------

async function showCrosstable() {
  if (!state.source) return;
  const interaction = new Interaction("crosstable");
  if (!state.tournament) fill($("crosstable-output"), h("p", { class: "empty" }, t("cross.loading")));
  try {
    await converted();
    interaction.answer();
    showProblem($("crosstable-problem"), null);
    renderCrosstable();
    await interaction.rendered($("crosstable-output"), state.tournament?.players.length ?? 0);
  } catch (error) {
    if (isAbort(error)) return;
    fill($("crosstable-output"));
    showProblem($("crosstable-problem"), error);
  }
}

let crosstableShown = null; // what the crosstable on the page was made from

function renderCrosstable() {
  const tournament = state.tournament;
  const made = { tournament, standings: state.standings, language: language() };
  if (crosstableShown && Object.keys(made).every((key) => made[key] === crosstableShown[key])) return;
  crosstableShown = tournament ? made : null;
  if (!tournament) {
    fill($("crosstable-output"), h("p", { class: "empty" }, t("standings.empty")));
    fill($("crosstable-legend"));
    fill($("crosstable-warnings"));
    return;
  }
  const view = state.standings;
  const standing = new Map(view && view.competitors === "players"
    ? view.entries.map((entry) => [entry.id, entry]) : []);
  const table = crosstableTable(tournament, standing);
  // The reading of the file (POST /v1/convert) may warn about what the standings' answer does not repeat.
  fill($("crosstable-warnings"), warningList(newWarnings(tournament.warnings, view ? view.warnings : []),
    "cross.warnings", "crosstable-service-warnings"));
  $("crosstable-output").innerHTML = table.html;
  sizeGridTable($("crosstable"), table.columns);
  fill($("crosstable-legend"), crosstableLegend(tournament));
}

// --- pairing the next round ----------------------------------------------------------------------------------

const isRoundRobin = (system) => system === "round-robin" || system === "double-round-robin";

/** A pairing system of the service's catalogue, by id. */
const systemEntry = (id) => state.systems.find((entry) => entry.id === id) || null;

function systemName(entry) {
  return language() === "zh" ? entry.nameZh : entry.nameEn;
}

/** The pairing-system menu: "as the file says", then the systems the service pairs for these competitors. */
function renderPairingSystems() {
  const select = $("pairing-system");
  const competitors = teams() ? "teams" : "players";
  const offered = state.systems.filter((entry) => entry.competitors === competitors);
  if (!offered.some((entry) => entry.id === state.pairingSystem)) state.pairingSystem = "";
  const used = state.pairing && !state.pairing.fields.system ? systemEntry(state.pairing.view.system) : null;
  const fromFile = used ? t("pairings.systemFromFileUsed", { system: systemName(used) }) : t("pairings.systemFromFile");
  fill(select, h("option", { value: "" }, fromFile), offered.map((entry) => h("option", { value: entry.id },
    `${systemName(entry)} (${entry.article})`)));
  select.value = state.pairingSystem;
}

/**
 * What the next round is paired with: the system chosen in the menu; else Berger tables when a round robin is
 * chosen under Rules (or found in the games); else nothing, so the service reads the file's system (192/092).
 */
function pairingPlan() {
  const team = teams();
  const roundRobin = isRoundRobin(state.rules.system || state.detectedSystem || "");
  const system = state.pairingSystem || (roundRobin ? (team ? "team-berger" : "berger") : null);
  const entry = system ? systemEntry(system) : null;
  const likelyRoundRobin = entry ? entry.kind === "round-robin" : isRoundRobin(state.standings?.system || "");
  let intro;
  if (team) intro = likelyRoundRobin ? t("pairings.introTeamBerger") : t("pairings.introTeamSwiss");
  else if (likelyRoundRobin) intro = t("pairings.introBerger");
  else intro = entry ? t("pairings.introSystem", { system: systemName(entry), article: entry.article }) : t("pairings.intro");
  return { path: team ? "/v1/team-pairings" : "/v1/pairings", teams: team, intro, fields: { system } };
}

function renderPairingIntro() {
  $("pairings-intro").textContent = pairingPlan().intro;
}

function pairingFields(plan) {
  return { ...plan.fields, total_rounds: $("total-rounds").value.trim() || null };
}

function forgetPairing() {
  state.pairing = null;
  fill($("pairings-output"));
  $("download-trf").disabled = true;
}

async function pairNextRound() {
  if (!state.source) return;
  const plan = pairingPlan();
  const interaction = new Interaction("pairings");
  const controller = begin("pairings");
  const button = $("pair-next");
  button.disabled = true;
  $("download-trf").disabled = true;
  announce(t("pairings.loading"));
  showProblem($("pairings-problem"), null);
  fill($("pairings-output"));
  const fields = pairingFields(plan);
  try {
    const [body] = await Promise.all([
      postTournament(plan.path, state.source, fields, controller.signal),
      converted().catch(() => null), // names and placeholders; the pairing stands without them
    ]);
    interaction.answer();
    const view = plan.teams ? readTeamPairing(body) : readPairing(body);
    state.pairing = { teams: plan.teams, view, fields, path: plan.path, language: language() };
    renderPairing();
    renderPairingSystems(); // "as the file says" names the system the service used
    await interaction.rendered($("pairings-output"), plan.teams ? view.matches.length : view.boards.length);
    $("download-trf").disabled = false;
    announce(t(plan.teams ? "pairings.doneTeams" : "pairings.done",
      { round: view.round, boards: plan.teams ? view.matches.length : view.boards.length }));
  } catch (error) {
    if (isAbort(error)) return;
    state.pairing = null;
    showProblem($("pairings-problem"), error, PAIRING_PROBLEM_CONTROLS);
    announce(describeProblem(error).detail);
  } finally {
    done("pairings", controller);
    button.disabled = !state.standings;
  }
}

const NOT_PAIRED = new Set(["absent", "ZPB", "HPB", "FPB"]);

/** The page's own warnings about a proposed round: placeholders for byes on a board, absent players. */
function pairingNotices(view) {
  const notes = [];
  const tournament = state.tournament;
  if (!tournament) return notes;
  // The service warns about the placeholder itself (bye-placeholder); the page says which board it is on.
  const fake = new Map(placeholders(tournament).map((player) => [player.number, player]));
  for (const board of view.boards) {
    for (const [number, opponent] of [[board.white, board.black], [board.black, board.white]]) {
      const player = fake.get(number);
      if (player) {
        notes.push({ code: "page-placeholder", message: t("notice.placeholderPaired", {
          n: number, name: player.name, board: board.board, opponent,
          opponentName: tournament.byNumber.get(opponent)?.name ?? "" }) });
      }
    }
  }
  const absent = view.byes.filter((bye) => NOT_PAIRED.has(bye.type));
  if (absent.length) {
    notes.push({ code: "page-absent", message: t("notice.absent", {
      n: absent.length, names: absent.map((bye) => `${bye.id} ${tournament.byNumber.get(bye.id)?.name ?? ""}`
        .trim()).join(", ") }) });
  }
  return notes;
}

/** The same for a team round: teams not paired (absent, requested byes). */
function teamPairingNotices(view, teamName) {
  const absent = view.byes.filter((bye) => NOT_PAIRED.has(bye.type));
  return absent.length ? [{ code: "page-absent", message: t("notice.absentTeams", {
    n: absent.length, names: absent.map((bye) => `${bye.team} ${teamName(bye.team) ?? ""}`.trim()).join(", ") })}]
    : [];
}

/** "Paired with the ... (article)": the system of the answer, named from the service's catalogue. */
function usedSystemLine(view) {
  const entry = systemEntry(view.system);
  return entry ? h("p", { class: "meta", id: "pairing-system-used", dataset: { system: entry.id } },
    t("pairings.usedSystem", { system: systemName(entry), article: entry.article })) : null;
}

function renderPairing() {
  const pairing = state.pairing;
  if (!pairing) return;
  const tournament = state.tournament;
  const names = pairing.view.names;
  const playerName = (number) => names.get(number) ?? tournament?.byNumber.get(number)?.name;
  const points = new Map((state.standings?.entries || []).map((entry) => [entry.id, entry]));
  if (pairing.teams) {
    const gpIndex = state.standings ? state.standings.tiebreaks.findIndex((spec) => baseCode(spec) === "GPTS") : -1;
    const teamName = (number) => names.get(number) ?? tournament?.teamByNumber.get(number)?.name
      ?? points.get(number)?.name;
    fill($("pairings-output"), usedSystemLine(pairing.view), teamPairingsView(pairing.view, {
      teamName,
      teamScore: (number) => ({ matchPoints: points.get(number)?.points ?? null,
        gamePoints: gpIndex >= 0 ? points.get(number)?.values[gpIndex] ?? null : null }),
      playerName, ownWarnings: teamPairingNotices(pairing.view, teamName),
    }));
    return;
  }
  fill($("pairings-output"), usedSystemLine(pairing.view), pairingsView(pairing.view, {
    nameOf: playerName, scoreOf: (number) => points.get(number)?.points ?? null,
    ownWarnings: pairingNotices(pairing.view),
  }));
}

async function downloadTrf() {
  const pairing = state.pairing;
  if (!pairing || !state.source) return;
  const controller = begin("trf");
  try {
    const text = await postTournamentText(pairing.path, state.source, { ...pairing.fields, format: "trf" },
      controller.signal);
    download(`${stem(state.source.name)}-round${pairing.view.round}.trf`, text, "text/plain;charset=utf-8");
    announce(t("pairings.downloaded", { round: pairing.view.round }));
  } catch (error) {
    if (isAbort(error)) return;
    showProblem($("pairings-problem"), error, PAIRING_PROBLEM_CONTROLS);
  } finally {
    done("trf", controller);
  }
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
  renderPairingSystems();
  renderPairingIntro();
  if (refresh) {
    refreshStandings({ orderChange: false }); // explanations and warnings come in the chosen language
    if (state.pairing && state.pairing.language !== language()) pairNextRound();
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
  prefix: "order-b", describe, defaultOption: false,
  announce: (message, pending) => (pending ? announceChange : announce)(message),
  onChange: (items, { preset }) => {
    state.orderB = items;
    state.presetB = preset || CUSTOM;
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

  $("rule-system").addEventListener("change", (event) => chooseSystem(event.target.value));
  $("rule-after-round").addEventListener("change", (event) => chooseAfterRound(event.target.value));
  $("rule-edition").addEventListener("change", (event) => {
    state.rules.edition = event.target.value;
    rulesChanged();
  });
  let rating = null;
  const ratingChanged = () => {
    clearTimeout(rating);
    const input = $("unrated-rating");
    const value = input.value.trim();
    if (value === state.rules.unratedRating || (value !== "" && !input.checkValidity())) return;
    state.rules.unratedRating = value;
    rulesChanged();
  };
  $("unrated-rating").addEventListener("input", () => {
    clearTimeout(rating);
    rating = setTimeout(ratingChanged, TYPING_DELAY_MS);
  });
  $("unrated-rating").addEventListener("change", ratingChanged);

  const titleCell = (event) => { // a crosstable cell says itself in words when the pointer reaches it
    const cell = event.target instanceof Element ? event.target.closest("td.round") : null;
    if (cell && !cell.title && state.tournament) cell.title = crosstableCellText(state.tournament, cell);
  };
  $("crosstable-output").addEventListener("mouseover", titleCell);
  $("crosstable-output").addEventListener("click", titleCell);
  $("standings-search").addEventListener("input", applySearch);
  $("all-columns").addEventListener("change", (event) => {
    $("standings-output").classList.toggle("all-columns", event.target.checked);
  });
  $("compare-only-changes").addEventListener("change", applyCompareFilter);
  $("copy-a-to-b").addEventListener("click", () => {
    state.orderB = [...currentOrderA()];
    state.presetB = CUSTOM;
    editorB.setItems(state.orderB, CUSTOM);
    refreshCompare({ orderChange: true });
  });
  $("export-csv").addEventListener("click", exportCsv);
  $("print").addEventListener("click", () => window.print());
  $("pair-next").addEventListener("click", pairNextRound);
  $("pairing-system").addEventListener("change", (event) => {
    state.pairingSystem = event.target.value;
    forgetPairing();
    showProblem($("pairings-problem"), null);
    renderPairingSystems();
    renderPairingIntro();
  });
  $("download-trf").addEventListener("click", downloadTrf);
  $("language").addEventListener("change", (event) => {
    try {
      localStorage.setItem(LANGUAGE_KEY, event.target.value);
    } catch {
      // storage may be disabled; the choice then lasts for this page only
    }
    applyLanguage(event.target.value, { refresh: true });
  });
  installTooltips($("tooltip"), explanationFor);
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
    const [catalogue, presets, pairingSystems] = await Promise.all([getJson("/v1/tiebreaks"),
      getJson("/v1/presets"), getJson("/v1/pairing-systems").catch(() => null)]);
    state.systems = pairingSystems ? readSystems(pairingSystems).systems : []; // without it: as the file says
    renderPairingSystems();
    const entries = readCatalogue(catalogue);
    for (const entry of entries) {
      state.catalogue.set(entry.code, entry);
      for (const alias of entry.aliases || []) state.catalogue.set(alias, entry);
    }
    state.presets = readPresets(presets);
    editorA.setCatalogue(entries, state.presets);
    editorB.setCatalogue(entries, state.presets);
    renderStandings();
    renderCompare();
    document.body.dataset.ready = "true";
  } catch (error) {
    showProblem($("input-problem"), error);
  }
}

start();
