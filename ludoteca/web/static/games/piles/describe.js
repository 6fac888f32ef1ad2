// @ts-check
/**
 * Piles! in words, for "Describe the table" (static/core/announce.js): the
 * centre, the pile in hand and how many piles each player has completed —
 * only what the seat's view shows (closed piles stay unknown).
 */

import { COLOUR_NAMES, designName } from "./cards.js";

/** @param {any} state @param {any} ctx @returns {string[]} */
export function describe(state, ctx) {
  const v = state.view;
  const { t, fmt } = ctx;
  /** @param {any} c */
  const name = (c) => fmt("{design}, {colour}", { design: t(designName(c.design)), colour: t(COLOUR_NAMES[c.colour]) });
  const lines = [];
  if (v.phase === "ready") lines.push(t("Waiting for everybody to be ready"));
  if (v.phase === "countdown") lines.push(t("Get ready"));
  const centre = (v.centre || []).filter(Boolean);
  if (centre.length) {
    lines.push(fmt("Centre: {cards}.", { cards: centre.map((/** @type {any} */ c, /** @type {number} */ i) => `${i + 1}: ${name(c)}`).join("; ") }));
  }
  const open = (v.piles || []).findIndex((/** @type {any} */ p) => p.status === "open");
  if (open >= 0) {
    const cards = v.piles[open].cards.map((/** @type {any} */ c, /** @type {number} */ i) => `${i + 1}: ${name(c)}`);
    lines.push(fmt("In your hand, pile {number}: {cards}.", { number: open + 1, cards: cards.join("; ") }));
  } else if (v.piles) {
    lines.push(t("Pick up one of your piles first."));
  }
  v.seats?.forEach((/** @type {any} */ s, /** @type {number} */ seat) => {
    lines.push(fmt("{player}: {n} of 6 piles complete.", { player: ctx.name(seat), n: s.locked }));
  });
  return lines;
}
