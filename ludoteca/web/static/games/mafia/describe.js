// @ts-check
/**
 * Mafia in words, for "Describe the table" (static/core/announce.js): the
 * phase, the seat's own role, who is alive, who died and as what (only roles
 * the game has shown to everyone), and the votes in a voting phase.
 */

/** @param {any} state @param {any} ctx @returns {string[]} */
export function describe(state, ctx) {
  const v = state.view;
  const { t, fmt } = ctx;
  const T = ctx.texts || {};
  const cat = (/** @type {string} */ name, /** @type {string} */ key) => (T[name] && T[name][key]) || key;
  const lines = [fmt("Phase: {phase}, day {day}.", { phase: cat("PHASES", v.phase), day: v.day })];
  if (v.you?.role) {
    lines.push(fmt("Your role: {role} ({faction}).", { role: cat("ROLE_NAMES", v.you.role), faction: cat("FACTIONS", v.you.faction) }));
  }
  const alive = v.players.filter((/** @type {any} */ p) => p.alive).map((/** @type {any} */ p) => ctx.name(p.seat));
  lines.push(fmt("Alive: {players}.", { players: alive.join(", ") || t("nobody") }));
  for (const p of v.players) {
    if (p.alive) continue;
    const role = p.role ? cat("ROLE_NAMES", p.role) : "?";
    lines.push(fmt("{player} is dead; role shown: {role}.", { player: ctx.name(p.seat), role }));
  }
  if (v.accused !== undefined && v.accused >= 0) lines.push(fmt("On trial: {player}.", { player: ctx.name(v.accused) }));
  const votes = v.players.filter((/** @type {any} */ p) => typeof p.vote === "number" && p.vote >= 0);
  if (votes.length) {
    lines.push(fmt("Votes: {votes}.", {
      votes: votes.map((/** @type {any} */ p) => `${ctx.name(p.seat)} → ${ctx.name(p.vote)}`).join("; "),
    }));
  }
  return lines;
}
