// @ts-check
/**
 * A player's personal board: workers and their seals (the fifth worker once
 * unlocked), crew cards, objective slots, stamps, tents, lenses and counters;
 * the reserve objectives only on the owner's own board.
 */

import { effectIcons, pawn, requirementChips, seal, seatMark } from "./mainboard.js";
import { icon, KIND_ICON } from "./icons.js";
import { SEALS, SEAT_COLORS } from "./labels.js";

/**
 * @param {any} w @param {any} L @param {any} data @param {any} view
 * @param {number} seat @param {boolean} mine
 * @param {(key: string) => ({onClick: () => void, hint: string, selected?: boolean}|null)} hot
 */
export function drawPersonal(w, L, data, view, seat, mine, hot) {
  const { el } = w;
  const p = view.players[seat];
  const slotCosts = data.board.worker_slot_costs;
  const behind = stepsBehind(data, p.ship, view.beagle);
  const stat = (/** @type {string} */ label, /** @type {string} */ pic, /** @type {any} */ value, /** @type {string} */ cls, shown = value) => {
    const words = `${label}: ${value}`;
    return el("span", { class: `dj-stat ${cls}`, title: words, role: "img", "aria-label": words }, [icon(pic), el("b", { text: String(shown) })]);
  };
  const stacks = el("span", { class: "dj-stacks", title: L.t("stamps"), role: "group", "aria-label": L.t("stamps") }, [
    ...p.stamps.map((/** @type {number} */ n, /** @type {number} */ i) => {
      const words = `${L.stackName(i)}: ${n}. ${L.effects(data.board.stamp_stack_rewards[i])}`;
      return el("span", { class: `dj-stack${n ? "" : " empty"}`, title: words, role: "img", "aria-label": words }, [icon("stamp"), el("b", { text: String(n) }), effectIcons(el, L, data.board.stamp_stack_rewards[i], "tiny")]);
    }),
    el("span", { class: "dj-stack tray", title: `${L.t("used-stamps tray")}: ${p.tray}`, role: "img", "aria-label": `${L.t("used-stamps tray")}: ${p.tray}` }, [icon("correspondence"), el("b", { text: String(p.tray) })]),
  ]);
  const stats = el("div", { class: "dj-stats" }, [
    stat(L.t("coins"), "coin", p.coins, "coins"),
    stat(L.t("points"), "vp", p.vp, "vp"),
    stat(L.t("knowledge"), "temp", p.knowledge, "temp"),
    stat(L.t("evolution"), "book", L.fmt("{step} ({books} books)", { step: p.evolution, books: p.books }), "evo", `${p.evolution}·${p.books}`),
    stat(L.t("tents left"), "tent", p.tents_left, "tents"),
    stat(L.t("lenses left"), "lens", p.lenses_left, "lenses"),
    stat(L.t("ship"), "navigate", behind ? L.fmt("{space} ({n} behind the Beagle)", { space: p.ship, n: behind }) : p.ship, `ship${behind ? " late" : ""}`, behind ? `−${behind}` : "✓"),
    p.reserved_turn ? stat(L.t("next turn order"), "order", "✓", "order") : null,
    stacks,
  ]);

  // workers
  const workers = el("div", { class: "dj-workers" });
  const count = p.fifth_worker ? 5 : 4;
  for (let wk = 0; wk < 5; wk++) {
    const seals = p.seals[wk] ?? [];
    const target = wk < count ? hot(`worker:${seat}:${wk}`) : null;
    const trainable = wk >= 1 && wk <= 3;
    const slots = [];
    if (trainable) {
      for (let i = 0; i < 6; i++) {
        slots.push(seals[i] ? seal(el, L, seals[i]) : el("span", { class: "dj-seal empty", title: L.fmt("empty slot: {n} coins", { n: slotCosts[i] }), role: "img", "aria-label": L.fmt("empty slot: {n} coins", { n: slotCosts[i] }), text: String(slotCosts[i]) }));
      }
    } else {
      for (const c of seals) slots.push(seal(el, L, c));
    }
    const crewIndex = wk - 1;
    const cardId = trainable ? p.crew[crewIndex] : 0;
    let crew = null;
    if (cardId) {
      const info = data.tiles.crew_cards[cardId];
      const claimTarget = hot(`claim:${seat}:${wk}`);
      const claimed = p.crew_claimed[crewIndex];
      crew = el(claimTarget ? "button" : "div", {
        type: claimTarget ? "button" : undefined, class: `dj-crew${claimed ? " claimed" : ""}${claimTarget ? " hot" : ""}`,
        onclick: claimTarget?.onClick, title: claimTarget?.hint, dataset: { crew: String(wk) },
      }, [
        el("span", { class: "dj-crew-need" }, [claimed ? icon("check", L.t("crew claimed")) : icon("card", L.t("crew card: needs")), requirementChips(el, L, Object.entries(info.requirement))]),
        effectIcons(el, L, info.effects),
      ]);
    }
    const locked = wk >= count;
    const placed = !locked && p.placed[wk];
    const silver = trainable && seals.length >= 4;
    const gold = trainable && seals.length >= 6;
    workers.append(el(target ? "button" : "div", {
      type: target ? "button" : undefined,
      class: `dj-worker${placed ? " placed" : ""}${locked ? " locked" : ""}${target ? " hot" : ""}${target?.selected ? " selected" : ""}`,
      onclick: target?.onClick, title: target?.hint, dataset: { worker: String(wk) },
    }, [
      el("span", { class: "dj-worker-head" }, [
        pawn(el, L, seat, wk),
        el("b", { text: wk === 0 ? L.t("Generalist") : wk === 4 ? L.t("Fifth worker") : L.workerName(wk) }),
        silver ? el("span", { class: "dj-medal silver", text: gold ? L.t("gold") : L.t("silver") }) : null,
        el("small", { class: "muted", text: locked ? L.t("locked (gold objective slot 1)") : placed ? L.t("placed") : L.t("ready") }),
      ]),
      el("span", { class: "dj-worker-seals" }, slots),
      crew,
    ]));
  }

  // objective slots
  const slotRow = (/** @type {"silver"|"gold"} */ tier) => el("div", { class: `dj-slots ${tier}` }, [
    el("span", { class: "dj-slots-label", text: tier === "gold" ? L.t("gold") : L.t("silver") }),
    ...data.board.objective_slots[tier].map((/** @type {any} */ slot, /** @type {number} */ i) => {
      const value = p[`${tier}_slots`][i];
      const target = hot(`slot:${tier}:${i}`);
      const tile = value ? data.tiles.objectives[Math.abs(value)] : null;
      return el(target ? "button" : "div", {
        type: target ? "button" : undefined, class: `dj-slot${value > 0 ? " done" : value < 0 ? " kept" : ""}${target ? " hot" : ""}`,
        onclick: target?.onClick, title: target?.hint ?? (value > 0 ? L.t("completed") : value < 0 ? L.t("kept, not completed yet") : L.t("empty slot")),
        dataset: { slot: `${tier}:${i}` },
      }, [
        el("span", { class: "dj-slot-head" }, [el("b", { text: String(slot.vp) }), icon("vp"), slot.cost ? el("small", { text: ` · ${L.fmt("costs {n}", { n: slot.cost })}` }) : null]),
        el("small", { class: "muted", text: L.slotEffect(slot.effect) }),
        tile ? el("span", { class: "dj-slot-tile", text: `${value > 0 ? "✓" : "○"} ${L.objective(tile)}` }) : null,
      ]);
    }),
  ]);

  const research = el("div", { class: "dj-research" }, [
    el("small", { class: "muted", text: L.t("Researched:") }),
    ...(p.research.length ? p.research.map((/** @type {string} */ s) => {
      const [c] = s.split("-");
      return el("span", { class: "dj-spec-chip", style: `--seal: ${SEALS[/** @type {keyof typeof SEALS} */ (c)].color}; --seal-ink: ${SEALS[/** @type {keyof typeof SEALS} */ (c)].ink}`, title: L.specimenName(s), role: "img", "aria-label": L.specimenName(s) }, [icon(KIND_ICON[/** @type {keyof typeof KIND_ICON} */ (s.split("-")[1])])]);
    }) : [el("small", { text: L.t("nothing yet") })]),
  ]);

  const extra = [];
  if (mine && view.me) {
    const reserve = view.me.reserve;
    extra.push(el("div", { class: "dj-reserve" }, [
      el("small", { class: "muted", text: L.t("Your reserve objectives (only you see them):") }),
      ...(reserve.length ? reserve.map((/** @type {number} */ id) => {
        const info = data.tiles.objectives[id];
        const ready = hot(`reserve:${id}`);
        return el("span", { class: `dj-obj small ${info.tier}${ready ? " ready" : ""}`, title: ready?.hint, dataset: { reserve: String(id) } }, [el("small", { text: info.tier === "gold" ? L.t("gold") : L.t("silver") }), el("span", { text: L.objective(info) })]);
      }) : [el("small", { text: L.t("empty") })]),
    ]));
  } else {
    extra.push(el("small", { class: "muted", text: L.fmt("{n} objectives in reserve (hidden)", { n: p.reserve_count }) }));
  }

  return el("section", { class: `dj-personal${mine ? " mine" : " compact"}`, style: `--seat: ${SEAT_COLORS[seat]}`, dataset: { seat: String(seat) } }, [
    el("h3", {}, [seatMark(el, L, seat), mine ? L.fmt("Your board ({player})", { player: L.name(seat) }) : L.name(seat)]),
    stats, workers, slotRow("silver"), slotRow("gold"), research, ...extra,
  ]);
}

/** Fewest steps from the ship forward to the Beagle; 0 when on or past it. */
export function stepsBehind(/** @type {any} */ data, /** @type {string} */ ship, /** @type {string} */ beagle) {
  /** @type {Record<string, number>} */ const seen = { [ship]: 0 };
  const queue = [ship];
  while (queue.length) {
    const here = /** @type {string} */ (queue.shift());
    if (here === beagle) return seen[here];
    for (const next of data.ocean.spaces[here]?.next ?? []) {
      if (!(next in seen)) { seen[next] = seen[here] + 1; queue.push(next); }
    }
  }
  return 0;
}
