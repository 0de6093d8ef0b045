// Explanations of tie-break values: one floating tooltip for every `.tb-value` button. It opens on hover,
// keyboard focus and tap, stays while the pointer is over it, and closes with Escape. The text is looked up
// when it opens (explain(button)), so a table of thousands of values carries no hidden copy of each; while
// it is open the button is described by the tooltip (aria-describedby), which screen readers announce.

const GAP = 6;
const MARGIN = 8;

export function installTooltips(tooltip, explain) {
  let owner = null;

  function place() {
    if (!owner || !owner.isConnected) {
      hide();
      return;
    }
    const box = owner.getBoundingClientRect();
    const width = tooltip.offsetWidth;
    const height = tooltip.offsetHeight;
    const left = Math.max(MARGIN, Math.min(box.left, window.innerWidth - width - MARGIN));
    const below = box.bottom + GAP;
    const top = below + height > window.innerHeight - MARGIN && box.top - GAP - height > MARGIN
      ? box.top - GAP - height : below;
    tooltip.style.left = `${left}px`;
    tooltip.style.top = `${top}px`;
  }

  function show(button) {
    const text = explain(button);
    if (!text) return;
    release();
    owner = button;
    owner.classList.add("tip-open");
    owner.setAttribute("aria-describedby", tooltip.id);
    tooltip.textContent = text;
    tooltip.hidden = false;
    place();
  }

  function release() {
    if (!owner) return;
    owner.classList.remove("tip-open");
    owner.removeAttribute("aria-describedby");
  }

  function hide() {
    release();
    owner = null;
    tooltip.hidden = true;
  }

  const valueButton = (target) => (target instanceof Element ? target.closest(".tb-value") : null);

  document.addEventListener("mouseover", (event) => {
    const button = valueButton(event.target);
    if (button && button !== owner) show(button);
  });
  document.addEventListener("mouseout", (event) => {
    const into = event.relatedTarget;
    const leaving = valueButton(event.target) === owner || tooltip.contains(event.target);
    if (!owner || !leaving) return;
    if (into instanceof Node && (owner.contains(into) || tooltip.contains(into))) return;
    if (document.activeElement !== owner) hide();
  });
  document.addEventListener("focusin", (event) => {
    const button = valueButton(event.target);
    if (button) show(button);
    else if (owner) hide();
  });
  document.addEventListener("click", (event) => {
    const button = valueButton(event.target);
    if (button) show(button); // a tap does not focus a button in every mobile browser
    else if (owner && !tooltip.contains(event.target)) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && owner) hide();
  });
  window.addEventListener("scroll", place, true);
  window.addEventListener("resize", place);
  return { hide };
}
