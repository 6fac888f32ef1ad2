// @ts-check
/**
 * What a choice will cost, for showing it before the player confirms. The
 * server decides what is legal (the board only enables legal actions); these
 * mirror the rules' cost formulas so the price is known in advance.
 */

/** Coins and temporary knowledge to place `worker` on `loc`, and who earns the lens coin. */
export function placementCost(/** @type {any} */ data, /** @type {any} */ view, /** @type {number} */ seat, /** @type {number} */ worker, /** @type {string} */ loc) {
  const locs = data.locations.locations;
  const spec = locs[loc];
  const p = view.players[seat];
  let coins = 0;
  // The view names each location's section on this side of the board (C4).
  const sectionOf = (/** @type {string} */ id) => (view.sections ? view.sections[id] : locs[id]?.section);
  const section = sectionOf(loc);
  if (spec.kind !== "rectangular" && section) {
    const occupied = view.occupants.some((/** @type {any} */ o) => sectionOf(o[0]) === section);
    if (occupied) {
      let base = view.occupied_penalty ?? (view.players.length === 2 ? 3 : 2);
      if (p.gold_slots[2] > 0) base -= 1;
      coins = Math.max(0, base);
    }
  }
  const req = spec.special_slot !== undefined
    ? data.tiles.special_tiles[view.special_tiles[spec.special_slot]].requirement
    : spec.requirement ?? {};
  const seals = p.seals[worker] ?? [];
  const count = (/** @type {string} */ c) => seals.filter((/** @type {string} */ s) => s === c).length;
  const missing = Object.entries(req).reduce((sum, [c, n]) => sum + Math.max(0, Number(n) - count(c)), 0);
  const temp = Math.max(0, missing - count("P"));
  const owner = view.lenses[loc];
  const lensOwner = owner !== undefined && owner >= 0 && owner !== seat ? owner : null;
  return { coins, temp, lensOwner };
}

/** The price of an academy seal for a worker (row cost + slot cost - discount). */
export function sealCost(/** @type {any} */ data, /** @type {any} */ view, /** @type {number} */ seat, /** @type {number} */ row, /** @type {number} */ worker, /** @type {number} */ discount) {
  const p = view.players[seat];
  const rowCost = p.silver_slots[1] > 0 ? 0 : data.board.academy_row_costs[row];
  const slotCost = data.board.worker_slot_costs[p.seals[worker].length] ?? 0;
  return Math.max(0, rowCost + slotCost - discount);
}

/** The price of the next tent on a campsite. */
export function tentCost(/** @type {any} */ data, /** @type {any} */ view, /** @type {string} */ space) {
  const camp = data.space[space]?.campsite;
  if (!camp) return 0;
  return camp.costs[(view.campsites[space] ?? []).length] ?? 0;
}
