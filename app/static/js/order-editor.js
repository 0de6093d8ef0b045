// An ordered list of tie-break specifiers: choose a preset, add from the catalogue, remove, and reorder by
// dragging (mouse, pen or touch, through pointer events) or from the keyboard (move buttons, or the arrow
// keys on the drag handle). The preset menu always shows the list in force: a preset, the file's or the
// default order, or "custom order".

import { h, fill } from "./dom.js";
import { catalogueName } from "./labels.js";
import { t } from "./i18n.js";

export { baseCode } from "./labels.js";

/** The menu value of a list that is neither the default nor a preset. */
export const CUSTOM = "custom";

export class OrderEditor {
  /**
   * @param {HTMLElement} root        where the editor is built
   * @param {object} options
   *   prefix    id prefix of its controls (unique in the page)
   *   describe  spec → {code, name} (the catalogue name in the current language)
   *   onChange  (items, {preset, reason}) → void, after every change made by the user
   *   announce  (message, pending) → void: say it in the page's live region; `pending`: a change that the
   *             page will follow with its result
   *   defaultOption  whether the menu offers the tournament's default order (value ""; onChange gets null)
   */
  constructor(root, { prefix, describe, onChange, announce, defaultOption = true }) {
    this.root = root;
    this.prefix = prefix;
    this.describe = describe;
    this.onChange = onChange;
    this.announce = announce;
    this.defaultOption = defaultOption;
    this.defaultLabel = t("editor.default");
    this.items = [];
    this.preset = defaultOption ? "" : CUSTOM;
    this.catalogue = [];
    this.presets = [];
    this.excluded = new Set(["PTS"]);
    this.scope = "players";
    this.build();
  }

  // --- data from the page -------------------------------------------------------------------------------

  setCatalogue(catalogue, presets) {
    this.catalogue = catalogue;
    this.presets = presets;
    this.renderChoices();
  }

  /** Which catalogue entries fit: players (individual/both) or teams (team/both); the primary is left out. */
  setCompetitors(scope, primary) {
    this.scope = scope;
    this.excluded = new Set([String(primary || "PTS").toUpperCase()]);
    this.renderChoices();
  }

  /**
   * Show `items` (e.g. the list as the service understood it) and which list is in force: `preset` is a preset
   * id, "" (the default order, described by `defaultLabel`) or CUSTOM. The focus stays on the same control.
   */
  setItems(items, preset = this.preset, defaultLabel = this.defaultLabel) {
    this.preset = preset ?? CUSTOM;
    if (defaultLabel !== this.defaultLabel) {
      this.defaultLabel = defaultLabel;
      this.renderChoices();
    }
    this.showPreset();
    if (items.length === this.items.length && items.every((item, index) => item === this.items[index])) return;
    this.items = [...items];
    const active = document.activeElement;
    this.renderList(this.list.contains(active) ? this.focusDescriptor(active) : null);
  }

  /** Rebuild every label (after a change of language), keeping the focus where it was. */
  relabel() {
    const active = document.activeElement;
    const keep = this.root.contains(active) ? this.focusDescriptor(active) : null;
    const code = this.codeSelect.value;
    fill(this.root);
    this.build();
    this.codeSelect.value = code;
    if (keep) this.restoreFocus(keep);
  }

  // --- building ------------------------------------------------------------------------------------------

  build() {
    const p = this.prefix;
    this.presetSelect = h("select", { id: `${p}-preset`, onchange: () => this.choosePreset() });
    this.list = h("ol", { id: `${p}-list`, class: "tb-list", "aria-labelledby": `${p}-list-label` });
    this.emptyNote = h("p", { class: "empty", hidden: true }, t("editor.empty"));
    this.codeSelect = h("select", { id: `${p}-code` });
    this.modifierInput = h("input", {
      id: `${p}-modifiers`, type: "text", autocomplete: "off", spellcheck: "false", autocapitalize: "characters",
      placeholder: "/C1", "aria-describedby": `${p}-modifiers-hint`, size: 8,
      onkeydown: (event) => { if (event.key === "Enter") { event.preventDefault(); this.addChosen(); } },
    });
    this.message = h("p", { class: "editor-message", id: `${p}-message` });
    this.root.append(
      h("div", { class: "field" }, h("label", { for: `${p}-preset` }, t("editor.preset")), this.presetSelect),
      h("p", { id: `${p}-list-label`, class: "field-label" }, t("editor.list")),
      this.list,
      this.emptyNote,
      h("div", { class: "add-row" },
        h("div", { class: "field" }, h("label", { for: `${p}-code` }, t("editor.add")), this.codeSelect),
        h("div", { class: "field" }, h("label", { for: `${p}-modifiers` }, t("editor.modifiers")), this.modifierInput),
        h("button", { type: "button", id: `${p}-add`, onclick: () => this.addChosen() }, t("editor.addButton"))),
      h("p", { id: `${p}-modifiers-hint`, class: "hint" }, t("editor.modHint")),
      this.message,
    );
    this.renderChoices();
    this.renderList();
  }

  /** The presets that fit the competitors: team presets start with MPTS or GPTS. */
  fittingPresets() {
    const team = (preset) => ["MPTS", "GPTS"].includes(String(preset.tiebreaks[0] || "").toUpperCase());
    return this.presets.filter((preset) => team(preset) === (this.scope === "teams"));
  }

  /** The preset whose list is `items` (after the primary score), if it has no options of its own. */
  presetFor(items) {
    const same = (preset) => {
      const list = preset.tiebreaks.filter((spec) => !this.excluded.has(spec.toUpperCase()));
      return list.length === items.length && list.every((spec, i) => spec.toUpperCase() === items[i].toUpperCase());
    };
    return this.fittingPresets().find((preset) => same(preset) && !Object.keys(preset.options || {}).length)?.id || "";
  }

  showPreset() {
    this.customOption.hidden = this.preset !== CUSTOM;
    this.presetSelect.value = this.preset;
    if (this.presetSelect.value !== this.preset) { // a preset of the other scope: say "custom"
      this.customOption.hidden = false;
      this.presetSelect.value = CUSTOM;
    }
    this.root.dataset.preset = this.preset;
  }

  renderChoices() {
    this.customOption = h("option", { value: CUSTOM, disabled: true }, t("editor.custom"));
    fill(this.presetSelect,
      this.defaultOption ? h("option", { value: "" }, this.defaultLabel) : null,
      this.customOption,
      h("optgroup", { label: t("editor.presets") },
        this.fittingPresets().map((preset) => h("option", { value: preset.id }, catalogueName(preset)))));
    this.showPreset();
    const wanted = this.scope === "teams" ? ["team", "both"] : ["individual", "both"];
    const previous = this.codeSelect.value;
    fill(this.codeSelect, this.catalogue
      .filter((entry) => wanted.includes(entry.scope) && !this.excluded.has(entry.code))
      .map((entry) => h("option", { value: entry.code }, `${entry.code} — ${catalogueName(entry)}`)));
    if (previous) this.codeSelect.value = previous;
  }

  renderList(focus = null) {
    const count = this.items.length;
    this.list.dataset.order = this.items.join(",");
    fill(this.list, this.items.map((spec, index) => {
      const { code, name } = this.describe(spec);
      const label = name ? `${code} (${name})` : code;
      return h("li", { class: "tb-item", dataset: { spec, index } },
        h("button", {
          type: "button", class: "handle", dataset: { role: "handle" },
          "aria-label": t("editor.handle", { name: label }),
          onkeydown: (event) => this.handleKey(event, index),
          onpointerdown: (event) => this.startDrag(event, index),
        }, h("span", { "aria-hidden": "true" }, "⠿")),
        h("span", { class: "position", "aria-hidden": "true" }, `${index + 1}.`),
        h("span", { class: "tb-label" },
          h("span", { class: "tb-code" }, code), name ? h("span", { class: "tb-name" }, name) : null),
        h("span", { class: "tb-actions" },
          h("button", { type: "button", class: "icon", dataset: { role: "up" }, disabled: index === 0,
            "aria-label": t("editor.moveUp", { name: label }), title: t("editor.moveUp", { name: label }),
            onclick: () => this.move(index, index - 1, "up") }, h("span", { "aria-hidden": "true" }, "↑")),
          h("button", { type: "button", class: "icon", dataset: { role: "down" }, disabled: index === count - 1,
            "aria-label": t("editor.moveDown", { name: label }), title: t("editor.moveDown", { name: label }),
            onclick: () => this.move(index, index + 1, "down") }, h("span", { "aria-hidden": "true" }, "↓")),
          h("button", { type: "button", class: "icon remove", dataset: { role: "remove" },
            "aria-label": t("editor.remove", { name: label }), title: t("editor.remove", { name: label }),
            onclick: () => this.remove(index) }, h("span", { "aria-hidden": "true" }, "✕"))));
    }));
    this.emptyNote.hidden = count > 0;
    if (focus) this.restoreFocus(focus);
  }

  // --- focus ---------------------------------------------------------------------------------------------

  focusDescriptor(element) {
    const item = element.closest?.("li.tb-item");
    if (item && element.dataset.role) return { index: Number(item.dataset.index), role: element.dataset.role };
    return element.id ? { id: element.id } : null;
  }

  restoreFocus({ index, role, id }) {
    if (id) {
      document.getElementById(id)?.focus();
      return;
    }
    const items = this.list.querySelectorAll("li.tb-item");
    if (items.length === 0) {
      this.codeSelect.focus();
      return;
    }
    const item = items[Math.min(index, items.length - 1)];
    const fallback = { up: ["up", "down", "handle"], down: ["down", "up", "handle"] }[role] || [role, "handle"];
    for (const candidate of fallback) {
      const button = item.querySelector(`[data-role="${candidate}"]`);
      if (button && !button.disabled) {
        button.focus();
        return;
      }
    }
  }

  // --- changes -------------------------------------------------------------------------------------------

  changed(reason, message, preset = CUSTOM) {
    this.preset = preset === CUSTOM ? this.presetFor(this.items) || CUSTOM : preset;
    this.showPreset();
    this.setMessage("");
    if (message) this.announce(message, true);
    this.onChange([...this.items], { preset: preset === CUSTOM ? "" : preset, reason });
  }

  setMessage(text) {
    this.message.textContent = text;
  }

  move(from, to, role) {
    if (to < 0 || to >= this.items.length || from === to) return;
    const [spec] = this.items.splice(from, 1);
    this.items.splice(to, 0, spec);
    this.renderList({ index: to, role });
    this.changed("move", t("editor.moved", { code: spec, pos: to + 1, count: this.items.length }));
  }

  remove(index) {
    const [spec] = this.items.splice(index, 1);
    this.renderList({ index, role: "remove" });
    this.changed("remove", t("editor.removed", { code: spec }));
  }

  addChosen() {
    const code = this.codeSelect.value;
    if (!code) return;
    let modifiers = this.modifierInput.value.trim().replace(/\s+/g, "");
    if (modifiers && !/^[/:#!\-]/.test(modifiers)) modifiers = `/${modifiers}`;
    const spec = `${code}${modifiers.toUpperCase()}`;
    if (this.items.some((item) => item.toUpperCase() === spec)) {
      this.setMessage(t("editor.duplicate", { code: spec }));
      this.announce(t("editor.duplicate", { code: spec }), false);
      return;
    }
    this.items.push(spec);
    this.modifierInput.value = "";
    this.renderList();
    this.changed("add", t("editor.added", { code: spec, pos: this.items.length }));
  }

  choosePreset() {
    const id = this.presetSelect.value;
    if (id === "" && this.defaultOption) { // back to the tournament's own order
      this.preset = "";
      this.showPreset();
      this.setMessage("");
      this.onChange(null, { preset: "", reason: "default" });
      return;
    }
    const preset = this.presets.find((entry) => entry.id === id);
    if (!preset) {
      this.showPreset();
      return;
    }
    this.items = preset.tiebreaks.filter((spec) => !this.excluded.has(spec.toUpperCase()));
    this.renderList();
    this.changed("preset", null, id);
  }

  handleKey(event, index) {
    if (event.key === "ArrowUp" && index > 0) {
      event.preventDefault();
      this.move(index, index - 1, "handle");
    } else if (event.key === "ArrowDown" && index < this.items.length - 1) {
      event.preventDefault();
      this.move(index, index + 1, "handle");
    }
  }

  // --- dragging ------------------------------------------------------------------------------------------

  startDrag(event, from) {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    const item = handle.closest("li");
    const pointer = event.pointerId;
    handle.focus();
    item.classList.add("dragging");
    this.list.classList.add("drag-active");
    let to = from;

    // Listen on the window: moving the item in the list would end a pointer capture on the handle.
    const onMove = (moveEvent) => {
      if (moveEvent.pointerId !== pointer) return;
      const others = [...this.list.children].filter((other) => other !== item);
      let target = others.findIndex((other) => {
        const box = other.getBoundingClientRect();
        return moveEvent.clientY < box.top + box.height / 2;
      });
      if (target === -1) target = others.length;
      if (target !== to) {
        to = target;
        if (to >= others.length) this.list.append(item);
        else this.list.insertBefore(item, others[to]);
      }
    };
    const finish = (commit) => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onCancel);
      item.classList.remove("dragging");
      this.list.classList.remove("drag-active");
      if (commit && to !== from) this.move(from, to, "handle");
      else this.renderList({ index: from, role: "handle" });
    };
    const onUp = (upEvent) => { if (upEvent.pointerId === pointer) finish(true); };
    const onCancel = (cancelEvent) => { if (cancelEvent.pointerId === pointer) finish(false); };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onCancel);
  }
}
