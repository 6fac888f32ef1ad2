// @ts-check
/**
 * Agent Avenue in words, for "Describe the table" (static/core/announce.js):
 * the two pawns, each side's agents in play, the offer and the seat's hand,
 * from the seat's own view (the face-down card stays unnamed).
 */

import { nfmt } from "../../core/i18n.js";
import { AGENTS, TEAM_NAMES } from "./cards.js";

/** @param {any} state @param {any} ctx @returns {string[]} */
export function describe(state, ctx) {
  const v = state.view;
  const { t, fmt } = ctx;
  /** @param {string} id */
  const agent = (id) => t(/** @type {any} */ (AGENTS)[id]?.name ?? id);
  /** @param {Record<string, number>} counts */
  const list = (counts) =>
    Object.entries(counts || {}).filter(([, n]) => n > 0).map(([id, n]) => `${n} × ${agent(id)}`).join(", ") || "—";
  const lines = [];
  if (v.team !== undefined && v.team !== null) {
    lines.push(fmt("You play the {team} side.", { team: t(TEAM_NAMES[v.team]) }));
  }
  for (const side of v.sides || []) {
    lines.push(fmt("{team} side: pawn on space {cell}, {distance} spaces behind the other pawn. Agents in play: {agents}.", {
      team: t(TEAM_NAMES[side.team]), cell: side.cell, distance: side.distance_to_catch, agents: list(side.agents),
    }));
  }
  if (v.hand) lines.push(fmt("Your hand: {cards}.", { cards: list(v.hand) }));
  if (v.offer) {
    lines.push(fmt("{player} offers {card} face up and one card face down.", { player: ctx.name(v.offer.leader), card: agent(v.offer.up) }));
  }
  lines.push(nfmt("Deck: {n} card.", "Deck: {n} cards.", v.deck_size, { n: v.deck_size }));
  return lines;
}
