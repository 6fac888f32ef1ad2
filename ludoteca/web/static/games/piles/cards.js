// @ts-check
/**
 * Piles! cards drawn in SVG: 50 designs = 10 garments x 5 patterns, each in
 * 4 colours (ludoteca/games/piles/cards.py: design = kind * 5 + style, card =
 * design * 4 + colour). Look-alike designs share a garment, as in the box.
 * Names are the English msgids of the game's text.py, translated by ctx.t.
 */

const GARMENTS = ["T-shirt", "shirt", "sweater", "dress", "skirt", "trousers", "socks", "hat", "scarf", "tie"];
const STYLES = ["Striped", "Dotted", "Checked", "Plain", "Starry"];
export const COLOUR_NAMES = ["red", "blue", "green", "yellow"];
export const COLOURS = ["#d2473d", "#3567c4", "#2f9a58", "#e0a91f"];

/** Garment outlines on a 60 x 60 grid. */
const SHAPES = [
  "M18 10 L26 8 Q30 13 34 8 L42 10 L52 20 L45 27 L41 23 L41 52 L19 52 L19 23 L15 27 L8 20 Z",
  "M20 8 L26 6 L30 12 L34 6 L40 8 L50 16 L54 44 L47 45 L43 24 L43 54 L17 54 L17 24 L13 45 L6 44 L10 16 Z",
  "M18 8 Q30 16 42 8 L52 14 L55 46 L48 46 L44 24 L44 52 L16 52 L16 24 L12 46 L5 46 L8 14 Z",
  "M24 6 L36 6 L37 18 L48 54 L12 54 L23 18 Z",
  "M18 14 L42 14 L50 50 L10 50 Z",
  "M18 6 L42 6 L46 54 L34 54 L30 22 L26 54 L14 54 Z",
  "M22 6 L34 6 L34 36 L46 42 Q52 48 46 53 L26 53 Q20 52 22 44 Z",
  "M18 34 Q18 12 30 12 Q42 12 42 34 L52 38 Q30 46 8 38 Z",
  "M12 14 Q30 22 48 14 L48 24 Q40 28 36 28 L38 54 L28 54 L27 28 Q18 26 12 24 Z",
  "M26 6 L34 6 L32 13 L38 44 L30 54 L22 44 L28 13 Z",
];
/** Extra lines that tell garments apart (collars, buttons, hems). */
const DETAILS = [
  "",
  "M30 12 L30 54",
  "M16 48 L44 48",
  "M23 18 L37 18",
  "M18 20 L42 20",
  "M18 12 L42 12",
  "M22 14 L34 14",
  "M18 30 Q30 34 42 30",
  "M28 32 L37 32",
  "M28 13 L32 13",
];

/** @param {number} design */
export function designName(design) {
  const kind = Math.floor(design / 5);
  const style = design % 5;
  return `${STYLES[style]} ${GARMENTS[kind]}`;
}

let uid = 0;
const NS = "http://www.w3.org/2000/svg";

/** @param {string} tag @param {Record<string, string|number>} attrs @param {Element[]} [children] */
function s(tag, attrs, children = []) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c);
  return node;
}

/** The pattern overlay of a style, on top of the colour. @param {number} style */
function patternMarks(style) {
  const ink = "rgba(255,255,255,.85)";
  switch (style) {
    case 0: return [s("rect", { x: 0, y: 0, width: 8, height: 3, fill: ink })];
    case 1: return [s("circle", { cx: 4, cy: 4, r: 1.7, fill: ink })];
    case 2: return [
      s("rect", { x: 0, y: 0, width: 4, height: 4, fill: "rgba(255,255,255,.55)" }),
      s("rect", { x: 4, y: 4, width: 4, height: 4, fill: "rgba(0,0,0,.18)" }),
    ];
    case 4: return [s("path", { d: "M4 1 L5 3.3 L7.4 3.4 L5.5 4.9 L6.2 7.3 L4 5.9 L1.8 7.3 L2.5 4.9 L.6 3.4 L3 3.3 Z", fill: ink })];
    default: return [];
  }
}

/**
 * The picture of one card: a garment in its colour and pattern.
 * @param {number} design @param {number} colour
 */
export function garment(design, colour) {
  const kind = Math.floor(design / 5);
  const style = design % 5;
  const id = `pl-pat-${++uid}`;
  const fill = COLOURS[colour] ?? "#888";
  const pattern = s("pattern", { id, width: 8, height: 8, patternUnits: "userSpaceOnUse" }, [
    s("rect", { x: 0, y: 0, width: 8, height: 8, fill }),
    ...patternMarks(style),
  ]);
  const picture = s("svg", { viewBox: "0 0 60 60", class: "pl-garment", "aria-hidden": "true" }, [
    s("defs", {}, [pattern]),
    s("path", { d: SHAPES[kind], fill: `url(#${id})`, stroke: "#2a2520", "stroke-width": 2, "stroke-linejoin": "round" }),
  ]);
  if (DETAILS[kind]) {
    picture.append(s("path", { d: DETAILS[kind], fill: "none", stroke: "#2a2520", "stroke-width": 1.5, "stroke-dasharray": kind === 1 ? "2 4" : "" }));
  }
  return picture;
}
