// @ts-check
/**
 * The main board apart from the tracks: the journals and their locations,
 * the museum, the Theory of Evolution, the turn order, the envelopes, the
 * Beagle goals, the academy and the objective display.
 */

import { SEALS, SEAT_COLORS } from "./labels.js";

/** A seal chip: colour and letter, never colour alone. @param {any} el @param {any} L @param {string} c */
export function seal(el, L, c, extra = "") {
  const s = SEALS[/** @type {keyof typeof SEALS} */ (c)];
  return el("span", { class: `dj-seal${extra}`, style: `--seal: ${s?.color}; --seal-ink: ${s?.ink}`, title: L.sealName(c), text: s?.letter ?? c });
}

/** Seal chips for a requirement. */
export function requirementChips(/** @type {any} */ el, /** @type {any} */ L, /** @type {[string, number][]} */ req) {
  if (!req.length) return el("span", { class: "dj-req muted", text: L.t("no seal needed") });
  return el("span", { class: "dj-req", title: L.requirement(req) }, req.flatMap(([c, n]) => Array.from({ length: n }, () => seal(el, L, c))));
}

/** A worker pawn with its number. */
export function pawn(/** @type {any} */ el, /** @type {any} */ L, /** @type {number} */ seat, /** @type {number} */ worker) {
  if (seat < 0 && L.alfred) return el("span", { class: "dj-pawn rival alfred", title: L.fmt("Alfred: worker {letter}", { letter: "ABCD"[worker] }), text: "ABCD"[worker] });
  if (seat < 0) return el("span", { class: "dj-pawn rival", title: L.t("Neutral rival worker"), text: "R" });
  return el("span", {
    class: "dj-pawn", style: `--seat: ${SEAT_COLORS[seat]}`, text: String(worker + 1), dataset: { seat: String(seat) },
    title: L.fmt("{player}: {worker}", { player: L.name(seat), worker: L.workerName(worker) }),
  });
}

/**
 * @param {any} w @param {any} L @param {any} data @param {any} view
 * @param {(key: string) => ({onClick: () => void, hint: string, selected?: boolean}|null)} hot
 */
export function drawJournals(w, L, data, view, hot) {
  const { el } = w;
  const locs = data.locations.locations;
  // A special spot without a tile (tile 0) is the bottom row left empty in solo.
  const tileOf = (/** @type {any} */ loc) => data.tiles.special_tiles[view.special_tiles[loc.special_slot]];
  const requirementOf = (/** @type {string} */ id) => {
    const loc = locs[id];
    if (loc.special_slot !== undefined) return Object.entries(tileOf(loc)?.requirement ?? {});
    return Object.entries(loc.requirement ?? {});
  };
  const effectsOf = (/** @type {string} */ id) => {
    const loc = locs[id];
    if (loc.special_slot !== undefined) return tileOf(loc) ? L.effects(tileOf(loc).effects) : L.t("No tile: this row is not used in solo.");
    return L.effects(loc.effects);
  };
  const sectionOf = (/** @type {string} */ id) => (view.sections ? view.sections[id] : locs[id]?.section);
  const split = (/** @type {string} */ a, /** @type {string} */ b) => sectionOf(a) !== sectionOf(b);
  const spot = (/** @type {string} */ id) => {
    const loc = locs[id];
    const target = hot(`loc:${id}`);
    const owner = view.lenses[id];
    const unlocked = !loc.locked || owner !== undefined;
    const occupants = view.occupants.filter((/** @type {any} */ o) => o[0] === id);
    const bonuses = [loc.silver && `${L.t("silver")}: ${L.bonus(loc.silver)}`, loc.gold && `${L.t("gold")}: ${L.bonus(loc.gold)}`].filter(Boolean);
    let lens = null;
    if (loc.kind === "lens") {
      lens = el("span", { class: `dj-lens${unlocked ? "" : " locked"}` }, [
        unlocked
          ? (owner >= 0 ? el("span", { class: "dj-lens-owner", style: `--seat: ${SEAT_COLORS[owner]}`, text: L.fmt("lens of {player}", { player: L.name(owner) }) }) : el("span", { text: L.t("open lens") }))
          : el("span", { text: `⊘ ${L.t("locked")}` }),
      ]);
    }
    const node = el(target ? "button" : "div", {
      type: target ? "button" : undefined,
      class: `dj-loc kind-${loc.kind}${unlocked ? "" : " locked"}${target ? " hot" : ""}${target?.selected ? " selected" : ""}${view.task?.kind === "menu" && view.task.ref === id ? " current" : ""}`,
      dataset: { loc: id },
      title: target ? target.hint : undefined,
      onclick: target ? target.onClick : undefined,
    }, [
      el("span", { class: "dj-loc-head" }, [el("b", { text: L.locationName(id) }), lens]),
      requirementChips(el, L, requirementOf(id)),
      el("span", { class: "dj-loc-fx", text: effectsOf(id) }),
      bonuses.length ? el("small", { class: "dj-loc-bonus muted", text: bonuses.join(" · ") }) : null,
      el("span", { class: "dj-loc-workers" }, occupants.map((/** @type {any} */ o) => pawn(el, L, o[1], o[2]))),
      target ? el("small", { class: "dj-loc-cost", text: target.hint }) : null,
    ]);
    return node;
  };
  const section = (/** @type {string} */ title, /** @type {string[]} */ ids, /** @type {string} */ cls) => el("section", { class: `dj-journal ${cls}` }, [
    el("h4", { text: title }), el("div", { class: "dj-locs" }, ids.map(spot)),
  ]);
  // C4: which side of the board is in play, and whether its Diaries are split.
  const side = view.board_side
    ? el("p", { class: `dj-board-side side-${view.board_side}`, dataset: { side: view.board_side } }, [
      el("b", { text: view.board_side === "large" ? L.t("Board side for 4 players") : L.t("Board side for 1 to 3 players") }),
      el("small", { text: view.board_side === "large"
        ? L.t("Each page of the Main journals and each column of the Special journal is its own section.")
        : L.t("Each journal is one section: a worker anywhere in it makes the next one pay.") }),
    ])
    : null;
  const splitNote = (/** @type {string} */ a, /** @type {string} */ b) => (split(a, b) ? ` · ${L.t("two sections")}` : "");
  return el("div", { class: "dj-journals" }, [
    side,
    section(L.t("Main journal: exploration and navigation") + splitNote("EXP1", "NAV1"), ["EXP1", "EXP2", "EXP3", "NAV1", "NAV2", "NAV3"], "main1"),
    section(L.t("Main journal: correspondence and academy") + splitNote("COR1", "ACA1"), ["COR1", "COR2", "COR3", "ACA1", "ACA2", "ACA3"], "main2"),
    section(L.t("Special journal (left)"), ["SJ1", "SJ2", "SJ3"], "sj"),
    section(L.t("Special journal (right)") + (split("SJ1", "SJ4") ? "" : ` · ${L.t("one section with the left")}`), ["SJ4", "SJ5", "SJ6"], "sj"),
    section(L.t("Other locations"), ["UNL1", "UNL2", "MUSEUM", "TURN"], "other"),
  ]);
}

/** @param {any} w @param {any} L @param {any} data @param {any} view @param {(key: string) => any} hot */
export function drawMuseum(w, L, data, view, hot) {
  const { el } = w;
  const rows = data.board.museum_rows;
  const cols = data.board.museum_columns;
  const grid = el("div", { class: "dj-museum-grid" });
  grid.append(el("span", {}));
  for (const k of cols) grid.append(el("span", { class: "dj-museum-col", text: L.kindName(k) }));
  rows.forEach((/** @type {string} */ c, /** @type {number} */ r) => {
    grid.append(el("span", { class: "dj-museum-row" }, [seal(el, L, c), view.row_coin_taken[r] ? null : el("small", { text: "+1$", title: L.t("Row coin for the first delivery") })]));
    for (const k of cols) {
      const id = `${c}-${k}`;
      const where = view.specimens[id];
      const target = hot(`specimen:${id}`);
      // C3: a Museum tile is its own piece; its specimen token may still lie on a track.
      const here = view.museum_tiles ? view.museum_tiles.includes(id) : where === "museum";
      const onTrack = where !== "museum" && where !== "out";
      const researchers = view.players.map((/** @type {any} */ p, /** @type {number} */ s) => (p.research.includes(id) ? s : -1)).filter((/** @type {number} */ s) => s >= 0);
      grid.append(el(target ? "button" : "span", {
        type: target ? "button" : undefined,
        class: `dj-cell${here ? " filled" : ""}${target ? " hot" : ""}`,
        style: `--seal: ${SEALS[c].color}; --seal-ink: ${SEALS[c].ink}`,
        title: [target?.hint, L.specimenName(id), here ? L.t("in the museum") : null, onTrack ? L.fmt("on space {space}", { space: where }) : null].filter(Boolean).join("\n"),
        onclick: target?.onClick,
        dataset: { specimen: id },
      }, [
        el("span", { class: "dj-cell-name", text: here ? L.kindShort(k) : (onTrack ? where : "") }),
        el("span", { class: "dj-cell-research" }, researchers.map((/** @type {number} */ s) => el("i", { style: `--seat: ${SEAT_COLORS[s]}`, dataset: { seat: String(s) }, title: L.fmt("researched by {player}", { player: L.name(s) }) }))),
      ]));
    }
  });
  return el("section", { class: "dj-museum" }, [
    el("h4", { text: L.fmt("Museum · {n} rows complete (books × {m})", { n: view.completed_rows, m: 2 + view.completed_rows }) }),
    grid,
  ]);
}

/** @param {any} w @param {any} L @param {any} data @param {any} view */
export function drawEvolution(w, L, data, view) {
  const { el } = w;
  const books = data.board.evolution_books;
  const track = el("div", { class: "dj-evo" });
  books.forEach((/** @type {number} */ b, /** @type {number} */ i) => {
    const here = view.players.map((/** @type {any} */ p, /** @type {number} */ s) => (p.evolution === i ? s : -1)).filter((/** @type {number} */ s) => s >= 0);
    track.append(el("span", { class: `dj-evo-step${i && b !== books[i - 1] ? " book" : ""}`, title: L.fmt("Step {i}: {b} books", { i, b }) }, [
      el("small", { text: String(b) }),
      ...here.map((/** @type {number} */ s) => el("i", { style: `--seat: ${SEAT_COLORS[s]}`, title: L.name(s) })),
    ]));
  });
  return el("section", { class: "dj-evo-box" }, [el("h4", { text: L.t("Theory of Evolution (books per step)") }), track]);
}

/** @param {any} w @param {any} L @param {any} data @param {any} view */
export function drawOrder(w, L, data, view) {
  const { el } = w;
  const coins = data.board.turn_order_coins.slice(0, view.players.length);
  return el("section", { class: "dj-order" }, [
    el("h4", { text: L.t("Turn order") }),
    el("div", { class: "dj-order-row" }, [
      el("span", { class: "muted", text: L.t("This round:") }),
      ...view.turn_order.map((/** @type {number} */ s, /** @type {number} */ i) => el("span", { class: "dj-chip", style: `--seat: ${SEAT_COLORS[s]}`, text: `${i + 1}. ${L.name(s)}` })),
    ]),
    el("div", { class: "dj-order-row" }, [
      el("span", { class: "muted", text: L.t("Next round:") }),
      ...coins.map((/** @type {number} */ c, /** @type {number} */ i) => {
        const s = view.next_order[i];
        return el("span", { class: `dj-chip${s === undefined ? " free" : ""}`, style: s === undefined ? "" : `--seat: ${SEAT_COLORS[s]}`, text: s === undefined ? `${i + 1}. +${c}$` : `${i + 1}. ${L.name(s)}` });
      }),
    ]),
  ]);
}

/** @param {any} w @param {any} L @param {any} data @param {any} view @param {(key: string) => any} hot */
export function drawEnvelopes(w, L, data, view, hot) {
  const { el } = w;
  return el("section", { class: "dj-envelopes" }, [
    el("h4", { text: L.t("Correspondence envelopes") }),
    el("div", { class: "dj-env-row" }, view.envelopes.map((/** @type {number} */ tile, /** @type {number} */ i) => {
      const env = data.tiles.envelopes[tile];
      const target = hot(`envelope:${i}`);
      return el(target ? "button" : "div", { type: target ? "button" : undefined, class: `dj-env${target ? " hot" : ""}`, onclick: target?.onClick, title: target?.hint, dataset: { envelope: String(i) } }, [
        el("b", { text: `✉ ${i + 1}` }),
        el("small", { text: `1º ${L.effects(env.first)}` }),
        el("small", { text: `2º ${L.effects(env.second)}` }),
        el("span", { class: "dj-env-stamps" }, view.envelope_stamps[i].map((/** @type {number} */ n, /** @type {number} */ s) =>
          el("span", { class: "dj-chip", style: `--seat: ${SEAT_COLORS[s]}`, title: L.fmt("{player}: {n} stamps", { player: L.name(s), n }), text: String(n) }))),
      ]);
    })),
  ]);
}

/** @param {any} w @param {any} L @param {any} data @param {any} view */
export function drawGoals(w, L, data, view) {
  const { el } = w;
  return el("section", { class: "dj-goals" }, [
    el("h4", { text: L.t("HMS Beagle goals (scored at the end of each round)") }),
    el("ol", {}, view.beagle_goals.map((/** @type {number} */ g, /** @type {number} */ i) => el("li", {
      class: i + 1 === view.round ? "current" : i + 1 < view.round ? "past" : "",
    }, [el("b", { text: `⚓${i + 1} ${data.ocean.beagle_spaces[i]}` }), " ", L.goal(data.tiles.beagle_goals[g])]))),
    el("small", { class: "muted", text: L.t("Each step your ship is behind the Beagle costs 1 point.") }),
  ]);
}

/** @param {any} w @param {any} L @param {any} data @param {any} view @param {(key: string) => any} hot */
export function drawAcademy(w, L, data, view, hot) {
  const { el } = w;
  return el("section", { class: "dj-academy" }, [
    el("h4", { text: L.t("Academy (row cost in coins)") }),
    ...view.academy.map((/** @type {string[]} */ row, /** @type {number} */ r) => el("div", { class: "dj-acad-row" }, [
      el("span", { class: "dj-acad-cost", text: `${data.board.academy_row_costs[r]}$` }),
      ...row.map((c, i) => {
        const target = hot(`academy:${r}:${i}`);
        if (!c) return el("span", { class: "dj-seal empty", text: "·" });
        const chip = seal(el, L, c, target ? " hot" : "");
        if (!target) return chip;
        return el("button", { type: "button", class: `dj-seal-btn${target.selected ? " selected" : ""}`, title: target.hint, onclick: target.onClick, dataset: { academy: `${r}:${i}` } }, [chip]);
      }),
    ])),
    el("small", { class: "muted", text: L.fmt("Supply: {list}", { list: Object.entries(view.seal_supply).map(([c, n]) => `${SEALS[/** @type {keyof typeof SEALS} */ (c)].letter} ${n}`).join(" · ") }) }),
  ]);
}

/** @param {any} w @param {any} L @param {any} data @param {any} view @param {(key: string) => any} hot */
export function drawObjectives(w, L, data, view, hot) {
  const { el } = w;
  const tile = (/** @type {string} */ source, /** @type {number} */ id) => {
    const target = hot(`source:${source}`);
    const info = data.tiles.objectives[id];
    return el(target ? "button" : "div", { type: target ? "button" : undefined, class: `dj-obj ${info.tier}${target ? " hot" : ""}`, onclick: target?.onClick, title: target?.hint, dataset: { source } }, [
      el("small", { text: info.tier === "gold" ? L.t("gold") : L.t("silver") }),
      el("span", { text: L.objective(info) }),
    ]);
  };
  const deck = (/** @type {string} */ tier, /** @type {number} */ n) => {
    const target = hot(`source:deck_${tier}`);
    return el(target ? "button" : "div", { type: target ? "button" : undefined, class: `dj-obj deck ${tier}${target ? " hot" : ""}`, onclick: target?.onClick, title: target?.hint, dataset: { source: `deck_${tier}` } }, [
      el("small", { text: tier === "gold" ? L.t("gold deck") : L.t("silver deck") }),
      el("span", { text: L.fmt("{n} face down", { n }) }),
    ]);
  };
  return el("section", { class: "dj-objectives" }, [
    el("h4", { text: L.t("Objective display") }),
    el("div", { class: "dj-obj-row" }, [
      ...view.display_silver.map((/** @type {number} */ id, /** @type {number} */ i) => tile(`display_silver_${i}`, id)),
      deck("silver", view.deck_silver_count),
      ...view.display_gold.map((/** @type {number} */ id, /** @type {number} */ i) => tile(`display_gold_${i}`, id)),
      deck("gold", view.deck_gold_count),
    ]),
  ]);
}
