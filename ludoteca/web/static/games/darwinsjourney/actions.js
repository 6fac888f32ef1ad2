// @ts-check
/**
 * A readable label for every kind of action, and the prompt of every task.
 */

import { sealCost, tentCost } from "./rules.js";
import { SEALS } from "./labels.js";

/** What a space gives, in words. @param {any} L @param {any} data @param {any} view @param {string} id */
export function spaceText(L, data, view, id) {
  const space = data.space[id];
  const bits = [];
  const specimen = Object.entries(view.specimens).find(([, where]) => where === id)?.[0];
  if (specimen) bits.push(L.fmt("specimen {name}", { name: L.specimenName(specimen) }));
  if (space?.effects?.length) bits.push(L.effects(space.effects));
  if (space?.campsite) bits.push(L.fmt("campsite: {effects}", { effects: L.effects(space.campsite.effects) }));
  if (space?.end_bonus) bits.push(L.fmt("{n} more points", { n: space.end_bonus }));
  return bits.length ? bits.join(" · ") : L.t("nothing");
}

/** @param {any} L @param {any} data @param {any} view @param {number|null} seat @param {any} a */
export function actionLabel(L, data, view, seat, a) {
  const task = view.task ?? {};
  const crewText = (/** @type {number} */ id) => {
    const info = data.tiles.crew_cards[id];
    return `${L.sealName(info.start)}: ${L.effects(info.effects)}`;
  };
  const via = (/** @type {string[]} */ path) => (path.length > 1 ? ` ${L.fmt("(via {spaces})", { spaces: path.slice(0, -1).join(", ") })}` : "");
  switch (a.type) {
    case "assign_crew":
      return a.cards.map((/** @type {number} */ c, /** @type {number} */ i) => `${L.workerName(i + 1)} ← ${crewText(c)}`).join(" · ");
    case "place":
      return L.fmt("{worker} on {location}", { worker: L.workerName(a.worker), location: L.locationName(a.location) });
    case "part":
      return L.part(task.parts[a.index]);
    case "choose":
      return L.part(task.parts[a.index]);
    case "end_turn":
      return L.t("End your turn");
    case "skip":
      return L.t("Skip");
    case "complete_objective": {
      const tile = data.tiles.objectives[a.tile];
      const slot = data.board.objective_slots[tile.tier][a.slot];
      return L.fmt("Complete the objective “{objective}” on {tier} slot {n} ({vp}★, {effect})", {
        objective: L.objective(tile), tier: tile.tier === "gold" ? L.t("gold") : L.t("silver"), n: a.slot + 1, vp: slot.vp, effect: L.slotEffect(slot.effect),
      });
    }
    case "keep_crew":
      return L.fmt("Keep {card}", { card: crewText(a.card) });
    case "pick_pair": {
      const [silver, gold] = view.start_pairs[a.index] ?? [];
      return L.fmt("Keep the starting pair “{silver}” and “{gold}”", {
        silver: L.objective(data.tiles.objectives[silver]), gold: L.objective(data.tiles.objectives[gold]),
      });
    }
    case "claim_crew": {
      if (a.card !== undefined) {
        return L.fmt("Achieve a crew card with {worker}: {reward}", { worker: L.workerName(a.worker), reward: L.effects(data.tiles.crew_cards[a.card].effects) });
      }
      const id = view.players[seat ?? 0].crew[a.worker - 1];
      return L.fmt("Claim the crew card of {worker}: {reward}", { worker: L.workerName(a.worker), reward: L.effects(data.tiles.crew_cards[id].effects) });
    }
    case "explore": {
      const end = a.path[a.path.length - 1];
      return L.fmt("Island {island}: explorer to {space}{via} — {what}", { island: a.island, space: end, via: via(a.path), what: spaceText(L, data, view, end) });
    }
    case "navigate": {
      const end = a.path[a.path.length - 1];
      return L.fmt("Sail to {space}{via} — {what}", { space: end, via: via(a.path), what: spaceText(L, data, view, end) });
    }
    case "resolve_space":
      return L.fmt("Resolve {space}: {what}", { space: a.space, what: spaceText(L, data, view, a.space) });
    case "stamp":
      return L.fmt("From {stack} to envelope {n}", { stack: L.stackName(a.stack), n: a.envelope + 1 });
    case "buy_seal": {
      const colour = view.academy[a.row][a.slot];
      const cost = seat === null ? 0 : sealCost(data, view, seat, a.row, a.worker, task.n ?? 0);
      return L.fmt("{seal} for {worker}: {n} coins", { seal: L.sealName(colour), worker: L.workerName(a.worker), n: cost });
    }
    case "take_seal":
      return L.fmt("{seal} for {worker}", { seal: L.sealName(a.colour), worker: L.workerName(a.worker) });
    case "deliver":
      return L.fmt("Deliver {specimen} to the museum", { specimen: L.specimenName(a.specimen) });
    case "research":
      return L.fmt("Research {specimen}", { specimen: L.specimenName(a.specimen) });
    case "take_objective": {
      const src = String(a.source);
      if (src.startsWith("deck")) return src.includes("gold") ? L.t("Draw the top gold objective") : L.t("Draw the top silver objective");
      const [, tier, i] = src.split("_");
      const id = view[`display_${tier}`][Number(i)];
      return L.fmt("Take “{objective}”", { objective: L.objective(data.tiles.objectives[id]) });
    }
    case "keep_objective": {
      if (task.n === undefined) return L.fmt("Keep an objective unfinished on slot {n}", { n: a.slot + 1 });
      const tier = data.tiles.objectives[task.n]?.tier ?? "silver";
      const slot = data.board.objective_slots[tier][a.slot];
      return L.fmt("Keep it unfinished on {tier} slot {n} (costs {cost})", { tier: tier === "gold" ? L.t("gold") : L.t("silver"), n: a.slot + 1, cost: slot.cost });
    }
    case "unlock":
      return L.fmt("Unlock {location} and take its action", { location: L.locationName(a.location) });
    case "use_locked":
      return L.fmt("Take the action of {location}", { location: L.locationName(a.location) });
    case "new_explorer":
      return L.fmt("New explorer on island {island}", { island: a.island });
    case "tent":
      return L.fmt("Tent on {space} ({n} coins): {what}", { space: a.space, n: tentCost(data, view, a.space), what: L.effects(data.space[a.space].campsite.effects) });
    case "camp":
      return L.fmt("Pitch a tent here ({n} coins)", { n: tentCost(data, view, task.ref) });
    case "convert":
      return a.into === "coins" ? L.fmt("1 knowledge → {n} coins", { n: task.n }) : L.fmt("1 knowledge → {n} points", { n: task.n });
    case "copy_crew":
      return L.fmt("Copy: {reward}", { reward: L.effects(data.tiles.crew_cards[a.card].effects) });
    case "retrigger":
      return L.fmt("Trigger your tent on {space}: {what}", { space: a.space, what: L.effects(data.space[a.space].campsite.effects) });
    default:
      return a.type;
  }
}

/** The question the current task asks. @param {any} L @param {any} data @param {any} view @param {any} task @param {boolean} mine */
export function promptOf(L, data, view, task, mine) {
  if (!task) return "";
  const n = task.n;
  const texts = {
    crew: () => L.t("Choose which crew card goes with each of workers 2, 3 and 4 (its seal is the worker's first)."),
    turn: () => (mine ? L.t("Your turn: choose a worker, then a location.") : L.t("places a worker")),
    menu: () => (task.ref ? L.fmt("{location}: take its actions in any order, or end your turn.", { location: L.locationName(task.ref) }) : L.t("Take these rewards in any order, or skip.")),
    explore: () => L.fmt("Explore {n}: move one explorer (click the space or choose a path).", { n }),
    navigate: () => L.fmt("Navigate {n}: sail your ship (click the space or choose a path).", { n }),
    stop: () => L.t("Gold bonus: resolve one space you passed."),
    correspondence: () => L.fmt("Send stamps: {n} left.", { n }),
    academy: () => (n ? L.fmt("Academy: click a seal, then the worker ({n} coins off).", { n }) : L.t("Academy: click a seal, then the worker.")),
    seal: () => (task.ref === "P" ? L.t("Take a purple seal for a worker.") : L.t("Take a free seal of any colour for a worker.")),
    museum: () => (view.edition === "2026-12"
      ? L.t("Museum: deliver up to 2 researched specimens and research up to 2 in the museum; each second one costs 3 coins.")
      : L.t("Museum: deliver a specimen you researched, or research one in the museum.")),
    draft: () => (mine ? L.fmt("Crew draft: keep one card; the others pass to the next player ({n} kept so far).", { n: view.me?.crew_kept?.length ?? 0 }) : L.t("drafts crew cards")),
    start_pair: () => L.t("Choose a starting pair of objectives for your reserve."),
    achieve: () => (mine ? L.t("Reward phase: achieve objectives or crew cards whose conditions you meet, or go on.") : L.t("may achieve objectives or crew cards")),
    deliver: () => L.t("Deliver a specimen you researched to the museum."),
    objective: () => (view.edition === "2026-12"
      ? L.t("Take an objective from the display.")
      : L.t("Take an objective from the display or the top of a deck.")),
    keep: () => L.t("Your reserve is full: keep this objective unfinished on a slot."),
    complete_free: () => L.t("Complete one of your objectives ignoring its conditions."),
    unlock: () => L.t("Unlock a lens spot: click a locked location."),
    locked_action: () => L.t("Take the action of a locked lens spot."),
    new_explorer: () => L.t("Place a new explorer at the start of an island."),
    research: () => L.t("Research a specimen."),
    tent_any: () => L.t("Pitch a tent on a campsite."),
    camp: () => L.t("Pitch a tent on this campsite?"),
    choice: () => L.t("Choose one."),
    convert: () => L.t("Trade one temporary knowledge?"),
    copy_crew: () => (view.edition === "2026-12"
      ? L.t("Copy the reward of a crew card nobody has achieved yet.")
      : L.t("Copy the reward of one of your claimed crew cards.")),
    retrigger: () => L.t("Trigger one of your tents again."),
  }[/** @type {string} */ (task.kind)];
  return texts ? texts() : task.kind;
}
