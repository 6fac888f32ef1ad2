// @ts-check
/**
 * Each faction's emblem for the role card, drawn by our own code: the Town a
 * house, the Mafia a fedora, its allies a fedora's outline, the Cult a lit
 * candle, a neutral killer a dagger, the other neutrals a theatre mask. The
 * faction's name is printed beside it, so the emblem is aria-hidden and the
 * colour is never the only sign.
 */
import { svg } from "../../core/widgets.js";

const W = "#fff";

/** @type {Record<string, () => Element[]>} */
const DRAW = {
  town: () => [
    svg("path", { d: "M8 21 L20 10 L32 21 Z", fill: W }),
    svg("path", { d: "M11 20 H29 V31 H11 Z", fill: W }),
    svg("path", { d: "M17.5 24 H22.5 V31 H17.5 Z", fill: "currentColor" }),
  ],
  mafia: () => [
    svg("path", { d: "M13 22 C13 12 15 11 20 13 C25 11 27 12 27 22 Z", fill: W }),
    svg("path", { d: "M6 23 C12 20 28 20 34 23 C30 27 10 27 6 23 Z", fill: W }),
    svg("path", { d: "M13 20 H27 V22 H13 Z", fill: "currentColor" }),
  ],
  mafia_ally: () => [
    svg("path", {
      d: "M13 22 C13 12 15 11 20 13 C25 11 27 12 27 22 M6 23 C12 20 28 20 34 23 C30 27 10 27 6 23 Z",
      fill: "none", stroke: W, "stroke-width": 2, "stroke-linejoin": "round",
    }),
  ],
  cult: () => [
    svg("path", { d: "M20 6 C23 10 23 13 20 15 C17 13 17 10 20 6 Z", fill: "#ffd24a" }),
    svg("path", { d: "M16 17 H24 V32 H16 Z", fill: W }),
    svg("path", { d: "M11 32 H29 V34.5 H11 Z", fill: W }),
  ],
  nk: () => [
    svg("path", { d: "M20 5 L23 10 V25 H17 V10 Z", fill: W }),
    svg("path", { d: "M13 25 H27 V28 H13 Z", fill: W }),
    svg("path", { d: "M18.5 28 H21.5 V35 H18.5 Z", fill: W }),
  ],
  neutral: () => [
    svg("path", { d: "M9 11 C15 9 25 9 31 11 C31 24 26 31 20 31 C14 31 9 24 9 11 Z", fill: W }),
    svg("path", { d: "M13 17 C14.5 15.5 17 15.5 18 17 C17 18.5 14.5 18.5 13 17 Z M22 17 C23 15.5 25.5 15.5 27 17 C25.5 18.5 23 18.5 22 17 Z", fill: "currentColor" }),
    svg("path", { d: "M15 23 C18 26 22 26 25 23", fill: "none", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round" }),
  ],
};

/** The emblem of a faction (FACTIONS key, any case) as a small SVG. */
export function factionEmblem(/** @type {string} */ faction) {
  const key = String(faction).toLowerCase();
  const draw = DRAW[key] ?? DRAW.neutral;
  return svg("svg", {
    class: "mf-emblem", viewBox: "0 0 40 40", "aria-hidden": "true", focusable: "false",
  }, [svg("circle", { cx: 20, cy: 20, r: 19, class: "mf-emblem-disc" }), ...draw()]);
}
