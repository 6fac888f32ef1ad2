// @ts-check
/**
 * Darwin's Journey in words, for "Describe the table"
 * (static/core/announce.js): the round, then each expedition's resources and
 * ship, from the seat's own view (the reserve of workers only for its owner).
 */

/** @param {any} state @param {any} ctx @returns {string[]} */
export function describe(state, ctx) {
  const v = state.view;
  const { fmt } = ctx;
  const lines = [fmt("Round {round} of {rounds}.", { round: v.round, rounds: v.rounds })];
  (v.players || []).forEach((/** @type {any} */ p, /** @type {number} */ seat) => {
    lines.push(fmt("{player}: {vp} victory points, {coins} coins, knowledge {knowledge}, evolution {evolution}, {books} books, {workers} workers to place, ship at {ship}.", {
      player: ctx.name(seat),
      vp: p.vp, coins: p.coins, knowledge: p.knowledge, evolution: p.evolution, books: p.books,
      workers: p.placed.slice(0, 4).filter((/** @type {boolean} */ x) => !x).length + (p.fifth_worker && !p.placed[4] ? 1 : 0),
      ship: p.ship,
    }));
  });
  if (v.me?.reserve?.length) lines.push(fmt("Crew cards in your reserve: {n}.", { n: v.me.reserve.length }));
  return lines;
}
