// @ts-check
/**
 * Agent Avenue's agents as figures, drawn by our own code: one spy in a coat
 * and hat (the same for all, so the cards read as one family) with what tells
 * each agent apart at a glance — the Double Agent's two-tone face, the
 * Enforcer's fists, the Codebreaker's headset, the Saboteur's bomb, the
 * Daredevil's helmet, the Sentinel's shield, the Sidekick's notepad, the
 * Mole's dark glasses and turned-up collar. Pure decoration: the card's name
 * and moves stay its accessible text, so the picture is aria-hidden.
 */
import { svg } from "../../core/widgets.js";

const INK = "rgb(255 255 255 / .92)";
const SHADE = "rgb(0 0 0 / .38)";

/** @param {string} d @param {string} [fill] */
const path = (d, fill = INK) => svg("path", { d, fill });

/** The spy everyone shares: head, shoulders in a coat, optional hat. */
function body(/** @type {boolean} */ hat) {
  const parts = [
    path("M7 40 C7 29 12 25 20 25 C28 25 33 29 33 40 Z"), // coat
    path("M20 25 L17 31 L20 40 L23 31 Z", SHADE), // lapels
    svg("circle", { cx: 20, cy: 16, r: 7, fill: INK }), // head
  ];
  if (hat) {
    parts.push(path("M10 12 H30 V13.6 H10 Z M14 12 C14 6 26 6 26 12 Z", SHADE));
  }
  return parts;
}

/** @type {Record<string, () => Element[]>} */
const EXTRAS = {
  double_agent: () => [
    ...body(true),
    path("M20 9 A7 7 0 0 1 20 23 Z", SHADE), // half the face in shadow
    path("M12 15.5 H28 V18 H12 Z", SHADE), // a mask across the eyes
  ],
  henchman: () => [
    ...body(false),
    path("M13 14.5 H27 V17 H13 Z", SHADE), // dark glasses
    svg("circle", { cx: 8, cy: 33, r: 4, fill: INK, stroke: SHADE, "stroke-width": 1.2 }),
    svg("circle", { cx: 32, cy: 33, r: 4, fill: INK, stroke: SHADE, "stroke-width": 1.2 }),
  ],
  codebreaker: () => [
    ...body(false),
    svg("path", { d: "M12 16 A8 8 0 0 1 28 16", fill: "none", stroke: SHADE, "stroke-width": 2 }),
    path("M10.5 14 H14 V19.5 H10.5 Z M26 14 H29.5 V19.5 H26 Z", SHADE), // headset
    path("M14 32 H26 V37 H14 Z", SHADE), // a keypad
    path("M16 33.5 H18 V35.5 H16 Z M19 33.5 H21 V35.5 H19 Z M22 33.5 H24 V35.5 H22 Z"),
  ],
  saboteur: () => [
    ...body(true),
    svg("circle", { cx: 30, cy: 31, r: 5.5, fill: SHADE }), // a bomb
    svg("path", { d: "M32 26 Q34 22 37 22", fill: "none", stroke: INK, "stroke-width": 1.5 }),
    path("M36 19.5 L37.5 21.5 L39.5 21 L38 22.8 L39 24.6 L37 23.8 L35.6 25.2 L35.8 23.2 Z", "#ffd24a"),
  ],
  daredevil: () => [
    ...body(false),
    path("M12 15 C12 6 28 6 28 15 V16.5 H12 Z", SHADE), // a helmet
    path("M13.5 13.5 H26.5 V16 H13.5 Z", "rgb(255 255 255 / .55)"), // its visor
    path("M21 28 L17 34 H20.5 L18.5 39.5 L24 32.5 H20.5 L23 28 Z", "#ffd24a"), // a bolt
  ],
  sentinel: () => [
    ...body(true),
    path("M20 28 L28 30.5 C28 35.5 25 38.5 20 40 C15 38.5 12 35.5 12 30.5 Z", SHADE), // a shield
    path("M20 30.5 L25 32 C25 35 23.5 36.8 20 38 Z"),
  ],
  assistant: () => [
    ...body(false),
    path("M25 27 H33 V37 H25 Z", SHADE), // a notepad
    path("M26.5 29.5 H31.5 V30.5 H26.5 Z M26.5 32 H31.5 V33 H26.5 Z M26.5 34.5 H30 V35.5 H26.5 Z"),
    svg("circle", { cx: 17.5, cy: 16, r: 1, fill: SHADE }),
    svg("circle", { cx: 22.5, cy: 16, r: 1, fill: SHADE }),
  ],
  mole: () => [
    ...body(true),
    path("M12.5 15 H19 V18 H12.5 Z M21 15 H27.5 V18 H21 Z M18.5 15.8 H21.5 V16.8 H18.5 Z", SHADE),
    path("M11 26 L15 20 L18 27 Z M29 26 L25 20 L22 27 Z", SHADE), // the collar turned up
  ],
};

/** The figure of an agent (a small SVG), or null for an unknown id. */
export function agentFigure(/** @type {string} */ id) {
  const draw = EXTRAS[id];
  if (!draw) return null;
  return svg("svg", {
    class: "aa-figure", viewBox: "0 0 40 40", "aria-hidden": "true", focusable: "false",
  }, draw());
}
