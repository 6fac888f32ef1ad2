// @ts-check
/**
 * Cat in the Box in words, for "Describe the table" (static/core/announce.js):
 * the seat's own view only — its hand, the trick, the research board by row.
 */

/** @param {any} state @param {any} ctx @returns {string[]} */
export function describe(state, ctx) {
  const v = state.view;
  const lines = [ctx.fmt("Round {round} of {rounds}.", { round: v.round, rounds: v.rounds })];
  if (Array.isArray(v.hand)) {
    lines.push(ctx.fmt("Your hand: {cards}.", { cards: v.hand.join(", ") || "—" }));
  }
  if (v.set_aside !== undefined && v.set_aside !== null) {
    lines.push(ctx.fmt("Your card set aside: {card}.", { card: v.set_aside }));
  }
  v.bids?.forEach((/** @type {number|null} */ bid, /** @type {number} */ seat) => {
    lines.push(ctx.fmt("{player}: predicted {bid}; tricks won: {tricks}; points: {score}.", {
      player: ctx.name(seat),
      bid: bid ?? "—",
      tricks: v.tricks?.[seat] ?? 0,
      score: v.scores?.[seat] ?? 0,
    }));
  });
  const plays = v.trick?.plays || [];
  if (plays.length) {
    const said = plays.map((/** @type {any} */ p) =>
      ctx.fmt("{player} {card} {color}", { player: ctx.name(p.seat), card: p.card, color: ctx.t(p.color) }));
    lines.push(ctx.fmt("Trick on the table: {plays}.", { plays: said.join("; ") }));
  } else if (v.phase === "play") {
    lines.push(ctx.t("The trick is empty."));
  }
  lines.push(v.red_broken ? ctx.t("Red is broken.") : ctx.t("Red is not broken yet."));
  for (const row of v.board || []) {
    const cells = row.cells
      .map((/** @type {number|null|string} */ owner, /** @type {number} */ i) => {
        if (owner === null) return null;
        const who = typeof owner === "number" ? ctx.name(owner) : ctx.t("Observed");
        return `${i + 1} ${who}`;
      })
      .filter(Boolean);
    lines.push(ctx.fmt("Research row {color}: {cells}.", {
      color: ctx.t(row.color),
      cells: cells.length ? cells.join(", ") : ctx.t("empty"),
    }));
  }
  return lines;
}
