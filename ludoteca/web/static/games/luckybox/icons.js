// @ts-check
/**
 * Super Mega Lucky Box's tokens and bonus icons drawn in SVG: lightning,
 * double lightning, star, moon, "any number" and blank, plus the number a
 * bonus crosses. Each icon is drawn centred on (0, 0) in a 32-unit box.
 */

import { svg } from "../../core/widgets.js";

export const COLORS = {
  lightning: "#f2b319",
  lightning2: "#f2b319",
  star: "#e8793a",
  moon: "#5a58b8",
  any: "#2f8f6f",
  blank: "#b8ae9c",
  number: "#3b6fb6",
};

/** Points of a five-pointed star of outer radius `r`. @param {number} r */
function starPoints(r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? r * 0.45 : r;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    pts.push(`${(radius * Math.cos(angle)).toFixed(2)},${(radius * Math.sin(angle)).toFixed(2)}`);
  }
  return pts.join(" ");
}

const BOLT = "M2.5,-11 L-6,1.5 L-0.5,1.5 L-2.5,11 L6,-1.5 L0.5,-1.5 Z";
const MOON = "M3,-10.5 A10.5,10.5 0 1,0 10,5 A8.5,8.5 0 1,1 3,-10.5 Z";

/**
 * The shape of a token, without its round background.
 * @param {string|number} kind  "lightning", "lightning2", "star", "moon", "any", "blank" or a number
 * @param {number} [scale]
 */
export function shape(kind, scale = 1) {
  const g = svg("g", { class: `lb-icon lb-icon-${typeof kind === "number" ? "number" : kind}`, transform: `scale(${scale})` });
  if (kind === "lightning") {
    g.append(svg("path", { d: BOLT, fill: COLORS.lightning, stroke: "#8a5c00", "stroke-width": 1.4, "stroke-linejoin": "round" }));
  } else if (kind === "lightning2") {
    for (const dx of [-4.5, 4.5]) {
      g.append(svg("path", {
        d: BOLT, fill: COLORS.lightning, stroke: "#8a5c00", "stroke-width": 1.6, "stroke-linejoin": "round",
        transform: `translate(${dx} 0) scale(.78)`,
      }));
    }
  } else if (kind === "star") {
    g.append(svg("polygon", { points: starPoints(11.5), fill: COLORS.star, stroke: "#8d3a0d", "stroke-width": 1.3, "stroke-linejoin": "round" }));
  } else if (kind === "moon") {
    g.append(svg("path", { d: MOON, fill: "#f5e9a8", stroke: COLORS.moon, "stroke-width": 1.8, transform: "translate(-1.5 0)" }));
  } else if (kind === "any") {
    const q = svg("text", { class: "lb-icon-text", y: 7, "text-anchor": "middle", fill: COLORS.any });
    q.textContent = "?";
    g.append(q);
  } else if (kind === "blank") {
    g.append(svg("line", { x1: -5, y1: 0, x2: 5, y2: 0, stroke: COLORS.blank, "stroke-width": 2.5, "stroke-linecap": "round" }));
  } else {
    const n = svg("text", { class: "lb-icon-text", y: 7, "text-anchor": "middle", fill: COLORS.number });
    n.textContent = String(kind);
    g.append(n);
  }
  return g;
}

/**
 * A small inline SVG of one token, for text lines and buttons.
 * @param {string|number} kind @param {string} [label]
 */
export function inlineIcon(kind, label = "") {
  const node = svg("svg", { viewBox: "-14 -14 28 28", class: "lb-inline-icon", role: label ? "img" : "presentation", "aria-label": label || undefined });
  if (label) {
    const title = svg("title");
    title.textContent = label;
    node.append(title);
  }
  if (typeof kind === "number" || kind === "any") {
    node.append(svg("circle", { r: 12, fill: "#fff", stroke: "#cfc3aa", "stroke-width": 1.5 }));
  }
  node.append(shape(kind, typeof kind === "number" || kind === "any" ? 0.9 : 1));
  return node;
}
