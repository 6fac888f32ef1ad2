// @ts-check
/**
 * Inside Job in words, for "Describe the table" (static/core/announce.js):
 * from the seat's own view — its role, hand, the mission and trick in play,
 * intel and missions so far. Other roles appear only once revealed.
 */

import { CONDITIONS, ROLES, SUITS, suitOf, valueOf } from "./cards.js";

/** @param {any} state @param {any} ctx @returns {string[]} */
export function describe(state, ctx) {
  const v = state.view;
  const { t, fmt } = ctx;
  /** @param {number} card */
  const name = (card) => fmt("{colour} {value}", { colour: t(SUITS[suitOf(card)].name), value: valueOf(card) });
  const lines = [];
  const you = v.you;
  if (you?.role) {
    const role = /** @type {any} */ (ROLES)[you.role];
    lines.push(fmt("Your role: {role}.", { role: role ? t(role.name) : you.role }));
  }
  if (you?.hand) lines.push(fmt("Your hand: {cards}.", { cards: you.hand.map(name).join(", ") || "—" }));
  lines.push(fmt("Missions: {done} of {target} completed, {failed} failed.", {
    done: v.completed.length, target: v.targets.missions, failed: v.failed.length,
  }));
  if (v.mission) {
    const condition = /** @type {any} */ (CONDITIONS)[v.mission.condition] ?? v.mission.condition;
    lines.push(fmt("Mission in play: trump {colour}. {condition}", {
      colour: t(SUITS[v.mission.trump].name), condition: t(condition),
    }));
  }
  if (v.trick?.length) {
    lines.push(fmt("Trick on the table: {plays}.", {
      plays: v.trick.map((/** @type {any} */ p) => `${ctx.name(p.seat)} ${name(p.card)}`).join("; "),
    }));
  }
  v.intel?.forEach((/** @type {number} */ n, /** @type {number} */ seat) => {
    lines.push(fmt("{player}: intel: {intel}; cards in hand: {cards}.", { player: ctx.name(seat), intel: n, cards: v.hand_sizes[seat] }));
  });
  for (const r of v.revealed || []) {
    const role = /** @type {any} */ (ROLES)[r.role];
    if (r.seat !== undefined) lines.push(fmt("{player} is revealed: {role}.", { player: ctx.name(r.seat), role: role ? t(role.name) : r.role }));
  }
  return lines;
}
