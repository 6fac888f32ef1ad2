// @ts-check
/**
 * One Lucky Box card as an SVG: the 3×3 grid of numbers with its crossed
 * cells, the row bonuses on the right and the column bonuses below, and the
 * card's number in the corner. Cells and bonuses can be made clickable; the
 * board decides which (only what the legal actions allow).
 */

import { svg } from "../../core/widgets.js";
import { COLORS, shape } from "./icons.js";

const C = 44; // one cell
const PAD = 6;
const GRID = 3 * C;
const END = PAD + GRID + 4; // where the bonus circles start
const SIZE = END + 36;

export const LINE_NAMES = ["r0", "r1", "r2", "c0", "c1", "c2"];
/** Cells of each line, like cards.py's LINES. */
export const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8]];

/** A soft colour per card, so that cards are told apart at a glance. @param {number} id */
export function cardColor(id) {
  return `hsl(${(id * 67) % 360} 60% 93%)`;
}

/**
 * @typedef {{kind: "cross"|"shift"|"bonus", cost?: number, label: string, onClick: () => void}} CellAction
 * @typedef {{
 *   cells?: Map<number, CellAction>,
 *   pending?: Set<string>,          // line names with a bonus waiting
 *   selectedLine?: string|null,     // the pending bonus chosen now
 *   onLine?: (line: string) => void, // clicking a pending bonus chooses it
 *   label: string,                  // accessible name of the card
 *   lineLabel: (line: string, token: any) => string,
 *   compact?: boolean,
 * }} SheetOptions
 */

/**
 * @param {{id: number, grid: number[], bonuses: any[], crossed?: boolean[], lines_done?: string[]}} face
 * @param {SheetOptions} opts
 */
export function drawSheet(face, opts) {
  const crossed = face.crossed ?? Array(9).fill(false);
  const done = new Set(face.lines_done ?? []);
  const root = svg("svg", {
    viewBox: `0 0 ${SIZE} ${SIZE}`,
    class: `lb-sheet${opts.compact ? " compact" : ""}`,
    role: "group",
    "aria-label": opts.label,
    "data-card": face.id,
  });
  root.append(svg("rect", { x: 1, y: 1, width: SIZE - 2, height: SIZE - 2, rx: 14, class: "lb-sheet-bg", fill: cardColor(face.id) }));
  root.append(svg("rect", { x: PAD - 2, y: PAD - 2, width: GRID + 4, height: GRID + 4, rx: 8, class: "lb-grid-bg" }));

  face.grid.forEach((number, cell) => {
    const x = PAD + (cell % 3) * C;
    const y = PAD + Math.floor(cell / 3) * C;
    const action = opts.cells?.get(cell);
    const g = svg("g", {
      class: `lb-cell${crossed[cell] ? " crossed" : ""}${action ? ` playable ${action.kind}` : ""}`,
      "data-cell": cell,
      transform: `translate(${x} ${y})`,
    });
    g.append(svg("rect", { x: 2, y: 2, width: C - 4, height: C - 4, rx: 7, class: "lb-cell-bg" }));
    const text = svg("text", { x: C / 2, y: C / 2 + 9, "text-anchor": "middle", class: "lb-num" });
    text.textContent = String(number);
    g.append(text);
    if (crossed[cell]) {
      // Motion (static/core/motion.js): a newly crossed number is drawn stroke by stroke.
      g.append(svg("path", { d: `M9,9 L${C - 9},${C - 9} M${C - 9},9 L9,${C - 9}`, class: "lb-x", "data-motion": `x:${face.id}:${cell}`, "data-motion-draw": "" }));
    }
    if (action) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", action.label);
      const title = svg("title");
      title.textContent = action.label;
      g.append(title);
      if (action.kind === "shift" && action.cost) {
        g.append(svg("circle", { cx: C - 7, cy: 8, r: 7.5, class: "lb-cost-bg" }));
        const cost = svg("text", { x: C - 7, y: 12, "text-anchor": "middle", class: "lb-cost" });
        cost.textContent = String(action.cost);
        g.append(cost);
      }
      g.addEventListener("click", action.onClick);
      g.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          action.onClick();
        }
      });
    }
    root.append(g);
  });

  face.bonuses.forEach((token, line) => {
    const name = LINE_NAMES[line];
    const isRow = line < 3;
    const cx = isRow ? END + 16 : PAD + (line - 3) * C + C / 2;
    const cy = isRow ? PAD + line * C + C / 2 : END + 16;
    const kind = typeof token === "number" ? "number" : token;
    const pending = opts.pending?.has(name);
    const g = svg("g", {
      class: `lb-bonus${done.has(name) ? " done" : ""}${pending ? " pending" : ""}${opts.selectedLine === name ? " selected" : ""}`,
      "data-line": name,
      transform: `translate(${cx} ${cy})`,
    });
    g.append(svg("circle", { r: 15, class: "lb-bonus-bg", stroke: COLORS[kind] ?? COLORS.number }));
    g.append(shape(token, 0.9));
    const title = svg("title");
    title.textContent = opts.lineLabel(name, token);
    g.append(title);
    if (pending && opts.onLine) {
      const onLine = opts.onLine;
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", "0");
      g.setAttribute("aria-label", opts.lineLabel(name, token));
      g.addEventListener("click", () => onLine(name));
    }
    root.append(g);
  });
  // The card's own number, in the corner where the bonus lines meet.
  const id = svg("text", { x: END + 16, y: END + 21, "text-anchor": "middle", class: "lb-card-id" });
  id.textContent = face.label ?? `#${face.id}`; // "#9b": the second box's copy
  root.append(id);
  return root;
}
