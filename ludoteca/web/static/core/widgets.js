// @ts-check
/**
 * Small DOM and SVG helpers shared by every board: elements, cards, an
 * enlarged-card dialog, tooltips and clock formatting. Text is always set with
 * textContent, never innerHTML, so names and chat can hold no markup.
 */

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * @param {string} tag
 * @param {Record<string, any>} [attrs]  class, text, dataset, on{Event}, or attributes
 * @param {(Node|string|null|undefined|false)[]} [children]
 */
export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  setAttrs(node, attrs);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** @param {string} tag @param {Record<string, any>} [attrs] @param {Node[]} [children] */
export function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttrs(node, attrs);
  for (const child of children) if (child) node.append(child);
  return node;
}

/** @param {Element} node @param {Record<string, any>} attrs */
function setAttrs(node, attrs) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.setAttribute("class", value);
    // Through the CSSOM: the Content-Security-Policy refuses style attributes.
    else if (key === "style") /** @type {HTMLElement} */ (node).style.cssText = String(value);
    else if (key === "dataset") Object.assign(/** @type {HTMLElement} */ (node).dataset, value);
    else if (key.startsWith("on") && typeof value === "function")
      node.addEventListener(key.slice(2).toLowerCase(), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
}

/** Remove every child of `node`. @param {Element} node */
export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
}

/**
 * A playing card as a button: a coloured face with a title and a big value.
 * @param {{title: string, value?: string, color?: string, hidden?: boolean,
 *          selected?: boolean, disabled?: boolean, hint?: string, onClick?: () => void,
 *          onEnlarge?: () => void, small?: boolean}} spec
 */
export function card(spec) {
  const node = el(
    "button",
    {
      type: "button",
      class: `card${spec.hidden ? " hidden-card" : ""}${spec.selected ? " selected" : ""}${spec.small ? " small" : ""}`,
      title: spec.hint || spec.title,
      disabled: spec.disabled || !spec.onClick,
      style: spec.color ? `--card-color: ${spec.color}` : undefined,
      "aria-pressed": spec.selected ? "true" : undefined,
    },
    spec.hidden
      ? [el("span", { class: "card-back", text: "?" })]
      : [
          el("span", { class: "card-value", text: spec.value ?? "" }),
          el("span", { class: "card-title", text: spec.title }),
        ],
  );
  if (spec.onClick) node.addEventListener("click", spec.onClick);
  if (spec.onEnlarge) {
    node.addEventListener("contextmenu", (event) => {
      event.preventDefault();
      spec.onEnlarge?.();
    });
  }
  return node;
}

/**
 * Show any node big in a modal dialog (right-click on a face-up card).
 * @param {Node} content @param {string} [caption]
 */
export function enlarge(content, caption = "") {
  const dialog = el("dialog", { class: "enlarge" }, [
    content,
    caption ? el("p", { text: caption }) : null,
  ]);
  dialog.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

/** "4:07" from milliseconds; "0:00" when run out. @param {number} ms */
export function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** Same canonical JSON on both sides, to compare actions. @param {unknown} value */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.keys(value).sort().map(
      (k) => `${JSON.stringify(k)}:${canonical(/** @type {any} */ (value)[k])}`,
    );
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * A seat's badge (the server's `botnames.avatar`): a letter in a coloured
 * circle, or in a robot head for a bot. Decorative: the name is beside it.
 * @param {{letter: string, hue: number, bot: boolean} | undefined} a
 */
export function avatar(a) {
  if (!a) return null;
  return el("span", { class: `avatar hue-${a.hue}${a.bot ? " bot" : ""}`, text: a.letter, "aria-hidden": "true" });
}
