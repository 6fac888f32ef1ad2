// @ts-check
/**
 * Super Mega Lucky Box in words, for "Describe the table"
 * (static/core/announce.js): the number drawn, then each card row by row with
 * the crossed cells, from the seat's own view (all of it is public).
 */

/** @param {any} state @param {any} ctx @returns {string[]} */
export function describe(state, ctx) {
  const v = state.view;
  const { fmt } = ctx;
  const lines = [fmt("Round {round} of {rounds}.", { round: v.round, rounds: v.rounds })];
  if (v.number !== null && v.number !== undefined) lines.push(fmt("Number drawn: {number}.", { number: v.number }));
  if (v.revealed?.length) lines.push(fmt("Numbers so far: {numbers}.", { numbers: v.revealed.join(", ") }));
  /** A card row by row, crossed cells said so. @param {any} card */
  const rows = (card) =>
    [0, 1, 2].map((r) =>
      [0, 1, 2].map((c) => {
        const cell = r * 3 + c;
        return card.crossed?.[cell] ? fmt("{number} crossed", { number: card.grid[cell] }) : String(card.grid[cell]);
      }).join(", "),
    ).join(" / ");
  (v.you?.offer || []).forEach((/** @type {any} */ card) => {
    const kept = v.you.picked?.includes(card.id);
    const params = { id: card.id, rows: rows(card) };
    lines.push(kept ? fmt("Offered card #{id} (chosen): {rows}.", params) : fmt("Offered card #{id}: {rows}.", params));
  });
  const mine = (v.players || []).filter((/** @type {any} */ p) => p.seat === ctx.seat);
  const others = (v.players || []).filter((/** @type {any} */ p) => p.seat !== ctx.seat);
  for (const p of [...mine, ...others]) {
    lines.push(fmt("{player}: points {score}, lightning {lightning}, stars {stars}, moons {moons}.", {
      player: ctx.name(p.seat), score: p.score, lightning: p.lightning, stars: p.stars, moons: p.moons,
    }));
    if (p.seat !== ctx.seat && mine.length) continue; // a player hears their own cards; spectators everyone's
    p.cards.forEach((/** @type {any} */ card, /** @type {number} */ i) => {
      lines.push(fmt("Card {n}: {rows}.", { n: i + 1, rows: rows(card) }));
    });
  }
  return lines;
}
