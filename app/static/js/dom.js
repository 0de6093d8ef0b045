// Building DOM nodes without innerHTML (names in tournament files are untrusted text).

/**
 * h("td", {class: "x", dataset: {id: 3}, onclick: fn, "aria-label": "…"}, child, "text", [more]) → element.
 * Attributes whose value is null, undefined or false are left out; true gives an empty attribute.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "dataset") {
      for (const [key, item] of Object.entries(value)) element.dataset[key] = String(item);
    } else if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (name === "class") {
      element.className = value;
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

/** Replace the children of `element`. */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

let counter = 0;

/** A document-unique id with the given prefix. */
export function uniqueId(prefix) {
  counter += 1;
  return `${prefix}-${counter}`;
}
