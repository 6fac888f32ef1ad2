// @ts-check
/**
 * The board's pictograms, drawn by our own code on a 24×24 grid: resources
 * (coin, point, knowledge, book), the four actions (explore, navigate,
 * correspondence, academy) and their seals, specimens, tents, lenses and the
 * other pieces. `effectIcons` turns an effect list of the data files into a
 * row of pictograms with numbers; its full sentence goes into the title and
 * the accessible name, so a picture is never the only way to know a value.
 */

/** Each icon: SVG children [tag, attributes]; "c" = currentColor stroke, "f" = filled. */
const SHAPES = {
  coin: [["circle", { cx: 12, cy: 12, r: 9, class: "i-coin" }], ["circle", { cx: 12, cy: 12, r: 5.5, class: "i-line" }]],
  vp: [["path", { d: "M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5-4.9-4.5 6.6-.8z", class: "i-star" }]],
  temp: [["path", { d: "M12 2.5l8.5 9.5-8.5 9.5-8.5-9.5z", class: "i-temp" }], ["path", { d: "M3.5 12h17M12 2.5l-3 9.5 3 9.5 3-9.5z", class: "i-line thin" }]],
  book: [["path", { d: "M2.5 5.5c3-1 6.5-1 9.5 1v13c-3-2-6.5-2-9.5-1zM21.5 5.5c-3-1-6.5-1-9.5 1v13c3-2 6.5-2 9.5-1z", class: "i-book" }]],
  explore: [["path", { d: "M8 3h6v8.5l5.5 2.5c1 .5 1.5 1.3 1.5 2.5V19H4v-3l2-1.5z", class: "i-fill" }], ["path", { d: "M4 19h17", class: "i-line" }]],
  navigate: [["path", { d: "M2.5 15.5h19l-3.5 5H6z", class: "i-fill" }], ["path", { d: "M12 2.5v13", class: "i-line" }], ["path", { d: "M12.8 3.5l6.7 10h-6.7z", class: "i-sail" }], ["path", { d: "M11.2 6l-5.7 7.5h5.7z", class: "i-sail" }]],
  correspondence: [["rect", { x: 2.5, y: 5.5, width: 19, height: 13, rx: 1.5, class: "i-paper" }], ["path", { d: "M2.5 6.5l9.5 7 9.5-7", class: "i-line" }]],
  academy: [["path", { d: "M12 4L1.5 9 12 14l10.5-5z", class: "i-fill" }], ["path", { d: "M6 11.3V16c3.5 2.5 8.5 2.5 12 0v-4.7M21 9.5v6", class: "i-line" }]],
  any: [["path", { d: "M12 2.5l2.2 6.4 6.8.2-5.4 4.1 2 6.5L12 15.8l-5.6 3.9 2-6.5L3 9.1l6.8-.2z", class: "i-fill" }]],
  museum: [["path", { d: "M2.5 9L12 3.5 21.5 9zM3 19h18v2H3z", class: "i-fill" }], ["path", { d: "M6 10.5v7M10 10.5v7M14 10.5v7M18 10.5v7", class: "i-line" }]],
  objective: [["circle", { cx: 12, cy: 12, r: 9, class: "i-paper" }], ["circle", { cx: 12, cy: 12, r: 5, class: "i-line" }], ["circle", { cx: 12, cy: 12, r: 1.8, class: "i-fill" }]],
  order: [["path", { d: "M5 2.5v19", class: "i-line" }], ["path", { d: "M5.5 3.5h13l-3 4.5 3 4.5h-13z", class: "i-fill" }]],
  lens: [["circle", { cx: 10, cy: 10, r: 6.5, class: "i-glass" }], ["path", { d: "M15 15l6 6", class: "i-line thick" }]],
  lock: [["rect", { x: 4.5, y: 10.5, width: 15, height: 11, rx: 2, class: "i-fill" }], ["path", { d: "M8 10.5V7.5a4 4 0 018 0v3", class: "i-line" }]],
  unlock: [["rect", { x: 4.5, y: 10.5, width: 15, height: 11, rx: 2, class: "i-fill" }], ["path", { d: "M8 10.5V7.5a4 4 0 017.8-1.2", class: "i-line" }]],
  tent: [["path", { d: "M12 3.5L2 20.5h20z", class: "i-tent" }], ["path", { d: "M12 3.5v17M9 20.5l3-6 3 6", class: "i-line" }]],
  explorer: [["circle", { cx: 12, cy: 6.5, r: 4, class: "i-fill" }], ["path", { d: "M4.5 21.5c0-6 3.3-9 7.5-9s7.5 3 7.5 9z", class: "i-fill" }]],
  beagle: [["path", { d: "M2 14.5h20l-3.5 6h-13z", class: "i-dark" }], ["path", { d: "M8 2.5v12M15 2.5v12", class: "i-line" }], ["path", { d: "M8.7 3.5l5 4.5-5 4.5zM15.7 3.5l5 4.5-5 4.5z", class: "i-sail" }]],
  card: [["rect", { x: 3, y: 5, width: 11, height: 15, rx: 1.5, class: "i-paper" }], ["rect", { x: 10, y: 3, width: 11, height: 15, rx: 1.5, class: "i-paper" }]],
  again: [["path", { d: "M19 12a7 7 0 11-2-5", class: "i-line" }], ["path", { d: "M17.5 2.5v5h-5", class: "i-line" }]],
  split: [["path", { d: "M12 21v-8M12 13L5 5M12 13l7-8M4 9V4h5M20 9V4h-5", class: "i-line" }]],
  stamp: [["rect", { x: 4, y: 3.5, width: 16, height: 17, rx: 1, class: "i-stamp" }], ["rect", { x: 7, y: 6.5, width: 10, height: 11, class: "i-line thin" }]],
  ribbon: [["circle", { cx: 12, cy: 9, r: 6, class: "i-coin" }], ["path", { d: "M8 13.5L6 21.5l3.5-2 1.5 2.5 1-7M16 13.5l2 8-3.5-2-1.5 2.5-1-7", class: "i-coin" }]],
  reptile: [["path", { d: "M3 17c2.5 2 6 2 8-1s1.5-6 4.5-7.5S21 8 21.5 5.5C20 7 18.5 6 16 6.5s-4.5 3-5 6-2.5 4.5-5 3.5S3 15.5 3 17z", class: "i-fill" }], ["path", { d: "M8.5 15.5l-1.5 3M13 11l2.5 1.5M12 14l-1 3.5", class: "i-line thin" }]],
  plant: [["path", { d: "M4.5 19.5C4.5 10 11 4 20.5 3.5 20.5 13 14 19.5 4.5 19.5z", class: "i-fill" }], ["path", { d: "M4.5 19.5L15 9", class: "i-line" }]],
  bird: [["path", { d: "M2.5 12.5c3.5-1 5-5 9.5-5 3 0 4.5 2 5 3.5l4.5 1-4.5 1.5c-1 4-4.5 6.5-9 6-3-.3-4.5-3-5.5-7z", class: "i-fill" }], ["circle", { cx: 14.5, cy: 10.5, r: 1, class: "i-eye" }]],
  fossil: [["circle", { cx: 12, cy: 12, r: 9, class: "i-paper" }], ["path", { d: "M12 12a2.2 2.2 0 012.2 2.2 4 4 0 01-4 4 5.8 5.8 0 01-5.8-5.8 7.6 7.6 0 017.6-7.6 9 9 0 019 9", class: "i-line" }]],
  banner: [["path", { d: "M5 2.5v19", class: "i-line" }], ["path", { d: "M5.5 3.5h13v9h-13l3-4.5z", class: "i-banner" }]],
  anchor: [["circle", { cx: 12, cy: 5, r: 2.5, class: "i-line" }], ["path", { d: "M12 7.5v13.5M7 11h10M4.5 14c0 4.5 3.5 7 7.5 7s7.5-2.5 7.5-7", class: "i-line" }]],
  arrow: [["path", { d: "M3 12h15M13 6l6 6-6 6", class: "i-line" }]],
  check: [["path", { d: "M4 12.5l5 5L20 6.5", class: "i-line thick" }]],
  worker: [["circle", { cx: 12, cy: 6, r: 4, class: "i-fill" }], ["path", { d: "M5 21.5l2-10h10l2 10z", class: "i-fill" }]],
};

/** The action each seal colour trains: its symbol inside the coloured seal. */
export const SEAL_ICON = { G: "explore", B: "navigate", Y: "correspondence", R: "academy", P: "any" };

/** A specimen kind's icon. */
export const KIND_ICON = { reptile: "reptile", plant: "plant", bird: "bird", fossil: "fossil" };

const NS = "http://www.w3.org/2000/svg";
/** @param {string} tag @param {Record<string, any>} attrs */
function svg(tag, attrs = {}) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) node.setAttribute(k, String(v));
  return node;
}

/**
 * The icon's shapes as an SVG group centred on (x, y), `size` px wide (inside SVG drawings).
 * @param {string} name @param {number} x @param {number} y @param {number} size
 */
export function iconG(name, x, y, size, cls = "") {
  const k = size / 24;
  const g = svg("g", { transform: `translate(${x - size / 2} ${y - size / 2}) scale(${k})`, class: `dj-i i-${name} ${cls}`, "aria-hidden": "true" });
  for (const [tag, attrs] of SHAPES[/** @type {keyof typeof SHAPES} */ (name)] ?? SHAPES.objective) g.append(svg(tag, attrs));
  return g;
}

/**
 * An inline icon for HTML. With a label it is a picture with that name
 * (role img, title for hover and long press); without, it is decoration.
 * @param {string} name @param {string} [label]
 */
export function icon(name, label = "", cls = "") {
  const node = svg("svg", {
    viewBox: "0 0 24 24", class: `dj-icon i-${name} ${cls}`,
    role: label ? "img" : undefined, "aria-label": label || undefined, "aria-hidden": label ? undefined : "true",
  });
  for (const [tag, attrs] of SHAPES[/** @type {keyof typeof SHAPES} */ (name)] ?? SHAPES.objective) node.append(svg(tag, attrs));
  if (label) {
    const title = svg("title");
    title.textContent = label;
    node.prepend(title);
  }
  return node;
}

/** Icons (and a number) of one effect key. @returns {{icons: string[], n: string, seal?: string}} */
export function effectPicture(/** @type {string} */ key, /** @type {number} */ n) {
  const num = n ? String(n) : "";
  /** @type {Record<string, () => {icons: string[], n: string, seal?: string}>} */
  const table = {
    coins: () => ({ icons: ["coin"], n: num }),
    vp: () => ({ icons: ["vp"], n: num }),
    temp: () => ({ icons: ["temp"], n: num }),
    evolution: () => ({ icons: ["book"], n: num }),
    explore: () => ({ icons: ["explore"], n: num }),
    navigate: () => ({ icons: ["navigate"], n: num }),
    correspondence: () => ({ icons: ["stamp"], n: num }),
    correspondence_split: () => ({ icons: ["stamp", "split"], n: num }),
    academy: () => ({ icons: ["academy"], n: n ? `−${n}` : "" }),
    museum: () => ({ icons: ["museum"], n: "" }),
    deliver: () => ({ icons: ["museum"], n: "" }),
    objective: () => ({ icons: ["objective"], n: "" }),
    reserve_turn: () => ({ icons: ["order"], n: "" }),
    unlock: () => ({ icons: ["unlock"], n: "" }),
    unlock_free: () => ({ icons: ["unlock"], n: "0" }),
    seal_any_free: () => ({ icons: [], n: "", seal: "P" }),
    purple_seal: () => ({ icons: [], n: "", seal: "P" }),
    research_any: () => ({ icons: ["lens"], n: "" }),
    research_island: () => ({ icons: ["lens", "explorer"], n: "" }),
    explore_or_navigate: () => ({ icons: ["explore", "navigate"], n: num }),
    correspondence_or_academy: () => ({ icons: ["stamp", "academy"], n: "" }),
    new_explorer: () => ({ icons: ["explorer"], n: "+" }),
    convert_temp: () => ({ icons: ["temp", "arrow", "coin"], n: num }),
    tent_any: () => ({ icons: ["tent"], n: "" }),
    locked_action: () => ({ icons: ["lock"], n: "" }),
    complete_objective_free: () => ({ icons: ["objective", "check"], n: "" }),
    copy_crew: () => ({ icons: ["card"], n: "" }),
    retrigger_tent: () => ({ icons: ["tent", "again"], n: "" }),
    ship_to_beagle: () => ({ icons: ["beagle"], n: "" }),
    camp: () => ({ icons: ["tent"], n: "" }),
  };
  return (table[key] ?? (() => ({ icons: ["objective"], n: num })))();
}
