// @ts-check
/**
 * The research board: one row per colour (in the table's row order), one
 * column per number. A cell is empty, holds a seat's token or is blocked by an
 * observed token. While a card is chosen, the cells it may take are outlined
 * and clickable; when a round is reviewed, each seat's largest group is drawn
 * connected and the other tokens fade.
 */

import { COLORS, colorIcon, seatColor, token } from "./marks.js";

const LABEL = 40; // width of the row labels
const HEAD = 24; // height of the column numbers
const CELL = 56;
const PAD = 3;

/** @param {string} color @param {number} number */
export const cellKey = (color, number) => `${color}:${number}`;

/**
 * @typedef {{
 *   rows: {color: string, cells: (number|string|null)[]}[],
 *   columns: number,
 *   legal?: Map<string, any>,
 *   column?: number|null,
 *   group?: Map<number, Set<string>>|null,
 *   trick?: Set<string>,
 *   last?: string|null,
 *   onCell?: (action: any) => void,
 * }} BoardSpec
 */

/**
 * Draw the board into a fresh <svg>.
 * @param {any} ctx the board context (widgets, t, fmt, name) @param {BoardSpec} spec
 */
export function drawResearch(ctx, spec) {
  const { svg } = ctx.widgets;
  const { t, fmt } = ctx;
  const width = LABEL + spec.columns * CELL + PAD;
  const height = HEAD + spec.rows.length * CELL + PAD;
  const root = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, class: "cb-research", role: "group",
    style: `max-width: ${Math.round(Math.min(700, width * 1.3))}px`,
    "aria-label": t("Research board"),
  });
  const x0 = (/** @type {number} */ col) => LABEL + col * CELL;
  const y0 = (/** @type {number} */ row) => HEAD + row * CELL;

  if (spec.column) {
    root.append(svg("rect", {
      x: x0(spec.column - 1), y: 0, width: CELL, height: height, rx: 10, class: "cb-column-band",
    }));
  }
  for (let n = 1; n <= spec.columns; n++) {
    const label = svg("text", { x: x0(n - 1) + CELL / 2, y: 17, class: "cb-col-n", "text-anchor": "middle" });
    label.textContent = String(n);
    root.append(label);
  }

  // Layers: cells (clickable), the links of the groups, then the tokens.
  const cells = svg("g");
  const links = svg("g", { class: "cb-links" });
  const tokens = svg("g", { class: "cb-tokens" });
  root.append(cells, links, tokens);
  /** @type {Map<string, [number, number]>} */
  const centre = new Map();

  spec.rows.forEach((row, r) => {
    const ink = COLORS[/** @type {keyof COLORS} */ (row.color)]?.ink ?? "#555";
    const tint = COLORS[/** @type {keyof COLORS} */ (row.color)]?.tint ?? "#eee";
    const label = svg("g", { transform: `translate(${(LABEL - 28) / 2} ${y0(r) + (CELL - 28) / 2}) scale(${28 / 24})` }, [
      colorIcon(svg, row.color),
    ]);
    const title = svg("title");
    title.textContent = t(row.color);
    label.append(title);
    cells.append(label);
    row.cells.forEach((owner, c) => {
      const number = c + 1;
      const key = cellKey(row.color, number);
      const x = x0(c);
      const y = y0(r);
      const cx = x + CELL / 2;
      const cy = y + CELL / 2;
      centre.set(key, [cx, cy]);
      const action = spec.legal?.get(key);
      const g = svg("g", {
        class: `cb-cell${action ? " legal" : ""}${owner === "observed" ? " observed" : ""}`,
        dataset: { color: row.color, number: String(number) },
      });
      g.append(svg("rect", {
        x: x + PAD, y: y + PAD, width: CELL - 2 * PAD, height: CELL - 2 * PAD, rx: 8,
        fill: owner === "observed" ? "#d9d4ca" : tint, class: "cb-cell-bg",
        stroke: action ? ink : "none",
      }));
      const name = fmt("{color} {number}", { color: t(row.color), number });
      if (owner === null) {
        const n = svg("text", { x: cx, y: cy + 6, "text-anchor": "middle", class: "cb-cell-n", fill: ink });
        n.textContent = String(number);
        g.append(n);
      } else if (owner === "observed") {
        tokens.append(svg("g", { class: "cb-eye", transform: `translate(${cx} ${cy})` }, [
          svg("path", { d: "M-15 0Q0-13 15 0Q0 13-15 0Z", fill: "#fff", stroke: "#6d675c", "stroke-width": 2 }),
          svg("circle", { r: 5, fill: "#6d675c" }),
        ]));
      } else {
        const seat = Number(owner);
        const grouped = spec.group ? spec.group.get(seat)?.has(key) : false;
        const tok = token(svg, seat, cx, cy, 17);
        if (spec.group && !grouped) tok.classList.add("faded");
        if (grouped) tok.classList.add("grouped");
        if (spec.trick?.has(key)) tok.classList.add("in-trick");
        if (spec.last === key) tokens.append(svg("circle", { cx, cy, r: 24, class: "cb-last" }));
        tokens.append(tok);
      }
      const cellTitle = svg("title");
      cellTitle.textContent = owner === null || owner === "observed"
        ? `${name}${owner === "observed" ? ` · ${t("Observed")}` : ""}`
        : `${name} · ${ctx.name(Number(owner))}`;
      g.append(cellTitle);
      if (action && spec.onCell) {
        g.setAttribute("role", "button");
        g.setAttribute("tabindex", "0");
        g.setAttribute("aria-label", fmt("Declare {color}", { color: name }));
        const go = () => spec.onCell?.(action);
        g.addEventListener("click", go);
        g.addEventListener("keydown", (/** @type {KeyboardEvent} */ e) => {
          if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); }
        });
      }
      cells.append(g);
    });
  });

  // Each seat's largest group, joined cell to cell in the seat's colour.
  if (spec.group) {
    const rowOf = new Map(spec.rows.map((row, r) => [row.color, r]));
    for (const [seat, keys] of spec.group) {
      const list = [...keys].map((k) => {
        const [color, n] = k.split(":");
        return { k, r: /** @type {number} */ (rowOf.get(color)), c: Number(n) - 1 };
      });
      for (const a of list) {
        for (const b of list) {
          const touching = (a.r === b.r && b.c - a.c === 1) || (a.c === b.c && b.r - a.r === 1);
          if (!touching) continue;
          const [x1, y1] = /** @type {[number, number]} */ (centre.get(a.k));
          const [x2, y2] = /** @type {[number, number]} */ (centre.get(b.k));
          links.append(svg("line", { x1, y1, x2, y2, stroke: seatColor(seat), class: "cb-link" }));
        }
      }
    }
  }
  return root;
}
