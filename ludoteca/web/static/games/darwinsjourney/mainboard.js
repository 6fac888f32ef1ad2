// @ts-check
/**
 * The main board apart from the tracks, drawn as the printed board: the
 * journals and their locations (seals needed, what they give, lens, distinction
 * bonuses, workers), the museum grid, the academy, the turn order, the Theory
 * of Evolution, the envelopes, the Beagle goals and the objective display.
 * Pictograms come from icons.js; each carries its sentence as title and name.
 */

import { SEALS, SEAT_COLORS } from "./labels.js";
import { effectPicture, icon, KIND_ICON, SEAL_ICON } from "./icons.js";

/** A seal: its colour and the symbol of the action it trains, never colour alone. @param {any} el @param {any} L @param {string} c */
export function seal(el, L, c, extra = "") {
  const s = SEALS[/** @type {keyof typeof SEALS} */ (c)];
  const name = L.sealName(c);
  return el("span", { class: `dj-seal${extra}`, style: `--seal: ${s?.color}; --seal-ink: ${s?.ink}`, title: name, role: "img", "aria-label": name }, [
    icon(SEAL_ICON[/** @type {keyof typeof SEAL_ICON} */ (c)] ?? "any"),
  ]);
}

/** Seal chips for a requirement. */
export function requirementChips(/** @type {any} */ el, /** @type {any} */ L, /** @type {[string, number][]} */ req) {
  if (!req.length) return el("span", { class: "dj-req none", title: L.t("no seal needed"), text: "—" });
  return el("span", { class: "dj-req", title: L.requirement(req) }, req.flatMap(([c, n]) => Array.from({ length: n }, () => seal(el, L, c, " small"))));
}

/**
 * One effect list as pictograms with numbers; the sentence is the title and the name.
 * @param {any} el @param {any} L @param {Record<string, number>[]|undefined} list
 */
export function effectIcons(el, L, list, cls = "") {
  const text = L.effects(list);
  const items = (list ?? []).flatMap((item) => Object.entries(item).map(([k, v]) => {
    const pic = effectPicture(k, Number(v));
    return el("span", { class: `dj-fx-i fx-${k}` }, [
      // The number is drawn by CSS (attr): the item's name, not its digits, is what it says.
      pic.n ? el("b", { class: "dj-n", dataset: { n: pic.n } }) : null,
      ...pic.icons.map((name, i) => (i && pic.icons.length === 2 && name !== "split" && name !== "again" && name !== "check" ? [el("span", { class: "dj-or", text: "/" }), icon(name)] : [icon(name)])).flat(),
      pic.seal ? seal(el, L, pic.seal, " small") : null,
    ]);
  }));
  return el("span", { class: `dj-fx ${cls}`, title: text, role: "img", "aria-label": text || L.t("nothing") }, items);
}

/** A seat's marker: its colour and its shape (circle, square, leaf, dome). */
export function seatMark(/** @type {any} */ el, /** @type {any} */ L, /** @type {number} */ seat) {
  return el("span", { class: "dj-swatch", style: `--seat: ${SEAT_COLORS[seat]}`, dataset: { seat: String(seat) }, title: L.name(seat) });
}

/** A worker pawn with its number. */
export function pawn(/** @type {any} */ el, /** @type {any} */ L, /** @type {number} */ seat, /** @type {number} */ worker) {
  if (seat < 0 && L.alfred) return el("span", { class: "dj-pawn rival alfred dj-n", title: L.fmt("Alfred: worker {letter}", { letter: "ABCD"[worker] }), dataset: { n: "ABCD"[worker] } });
  if (seat < 0) return el("span", { class: "dj-pawn rival dj-n", title: L.t("Neutral rival worker"), dataset: { n: "R" } });
  return el("span", {
    class: "dj-pawn dj-n", style: `--seat: ${SEAT_COLORS[seat]}`, dataset: { seat: String(seat), n: String(worker + 1) },
    title: L.fmt("{player}: {worker}", { player: L.name(seat), worker: L.workerName(worker) }),
  });
}

/** A distinction bonus medal (silver or gold). */
function medal(/** @type {any} */ el, /** @type {any} */ L, /** @type {string} */ tier, /** @type {string|null} */ bonus) {
  if (!bonus) return null;
  const text = `${tier === "gold" ? L.t("gold") : L.t("silver")}: ${L.bonus(bonus)}`;
  return el("span", { class: `dj-medal ${tier}`, title: text, role: "img", "aria-label": text });
}

/**
 * @param {any} w @param {any} L @param {any} data @param {any} view
 * @param {(key: string) => ({onClick: () => void, hint: string, short?: string, selected?: boolean}|null)} hot
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
  const effectsListOf = (/** @type {string} */ id) => {
    const loc = locs[id];
    if (loc.special_slot !== undefined) return tileOf(loc)?.effects ?? null;
    return loc.effects;
  };
  const sectionOf = (/** @type {string} */ id) => (view.sections ? view.sections[id] : locs[id]?.section);
  const split = (/** @type {string} */ a, /** @type {string} */ b) => sectionOf(a) !== sectionOf(b);
  const spot = (/** @type {string} */ id) => {
    const loc = locs[id];
    const target = hot(`loc:${id}`);
    const owner = view.lenses[id];
    const unlocked = !loc.locked || owner !== undefined;
    const occupants = view.occupants.filter((/** @type {any} */ o) => o[0] === id);
    const list = effectsListOf(id);
    const fxText = list ? L.effects(list) : L.t("No tile: this row is not used in solo.");
    let lens = null;
    let lensText = "";
    if (loc.kind === "lens") {
      lensText = unlocked ? (owner >= 0 ? L.fmt("lens of {player}", { player: L.name(owner) }) : L.t("open lens")) : L.t("locked");
      lens = el("span", { class: `dj-lens${unlocked ? "" : " locked"}`, title: lensText, style: owner >= 0 ? `--seat: ${SEAT_COLORS[owner]}` : "" }, [
        icon(unlocked ? "lens" : "lock"),
        owner >= 0 ? seatMark(el, L, owner) : null,
      ]);
    }
    const bonuses = [loc.silver && `${L.t("silver")}: ${L.bonus(loc.silver)}`, loc.gold && `${L.t("gold")}: ${L.bonus(loc.gold)}`].filter(Boolean);
    const who = occupants.map((/** @type {any} */ o) => (o[1] >= 0 ? L.fmt("{player}: {worker}", { player: L.name(o[1]), worker: L.workerName(o[2]) }) : L.t("Neutral rival worker")));
    const name = L.locationName(id);
    const words = [name, L.requirement(requirementOf(id)), fxText, lensText, bonuses.join(" · "), who.join(", "), target?.hint].filter(Boolean).join(". ");
    const current = view.task?.kind === "menu" && view.task.ref === id;
    return el(target ? "button" : "div", {
      type: target ? "button" : undefined,
      class: `dj-loc kind-${loc.kind}${unlocked ? "" : " locked"}${target ? " hot" : ""}${target?.selected ? " selected" : ""}${current ? " current" : ""}${list ? "" : " empty"}`,
      dataset: { loc: id },
      title: words,
      role: target ? undefined : "group",
      "aria-label": words,
      onclick: target ? target.onClick : undefined,
    }, [
      el("span", { class: "dj-loc-top" }, [requirementChips(el, L, requirementOf(id)), lens]),
      list ? effectIcons(el, L, list, "big") : el("span", { class: "dj-fx big muted", text: "—" }),
      el("span", { class: "dj-loc-foot" }, [
        medal(el, L, "silver", loc.silver), medal(el, L, "gold", loc.gold),
        el("span", { class: "dj-loc-workers" }, occupants.map((/** @type {any} */ o) => pawn(el, L, o[1], o[2]))),
      ]),
      target?.short ? el("small", { class: "dj-loc-cost dj-n", dataset: { n: target.short } }) : null,
    ]);
  };
  const page = (/** @type {string} */ title, /** @type {string[]} */ ids, /** @type {string} */ cls, /** @type {boolean} */ twoSections, /** @type {any} */ extra = null) =>
    el("section", { class: `dj-journal ${cls}${twoSections ? " split" : ""}`, "aria-label": title }, [
      el("h4", { text: title, title }), el("div", { class: "dj-locs" }, ids.map(spot)), extra,
    ]);
  const splitNote = (/** @type {string} */ a, /** @type {string} */ b) => (split(a, b) ? ` · ${L.t("two sections")}` : "");
  return el("div", { class: "dj-journals" }, [
    page(L.t("Main journal: exploration and navigation") + splitNote("EXP1", "NAV1"), ["EXP1", "EXP2", "EXP3", "NAV1", "NAV2", "NAV3"], "main1", split("EXP1", "NAV1")),
    page(L.t("Main journal: correspondence and academy") + splitNote("COR1", "ACA1"), ["COR1", "COR2", "COR3", "ACA1", "ACA2", "ACA3"], "main2", split("COR1", "ACA1")),
    page(L.t("Special journal (left)") + (split("SJ1", "SJ4") ? ` · ${L.t("two sections")}` : ` · ${L.t("one section with the left")}`), ["SJ1", "SJ2", "SJ3", "SJ4", "SJ5", "SJ6"], "sj", split("SJ1", "SJ4")),
    page(L.t("Other locations"), ["UNL1", "UNL2", "MUSEUM", "TURN"], "other", false),
  ]);
}

/** C4: which side of the board is in play, and whether its journals are split. @param {any} w @param {any} L @param {any} view */
export function drawSide(w, L, view) {
  const { el } = w;
  // C4: which side of the board is in play, and whether its Diaries are split.
  return view.board_side
    ? el("p", {
      class: `dj-board-side side-${view.board_side}`, dataset: { side: view.board_side },
      title: view.board_side === "large"
        ? L.t("Each page of the Main journals and each column of the Special journal is its own section.")
        : L.t("Each journal is one section: a worker anywhere in it makes the next one pay."),
    }, [el("b", { text: view.board_side === "large" ? L.t("Board side for 4 players") : L.t("Board side for 1 to 3 players") })])
    : null;
}

/** @param {any} w @param {any} L @param {any} data @param {any} view @param {(key: string) => any} hot */
export function drawMuseum(w, L, data, view, hot) {
  const { el } = w;
  const rows = data.board.museum_rows;
  const cols = data.board.museum_columns;
  const grid = el("div", { class: "dj-museum-grid" });
  grid.append(el("span", {}));
  for (const k of cols) grid.append(el("span", { class: "dj-museum-col", title: L.kindName(k) }, [icon(KIND_ICON[/** @type {keyof typeof KIND_ICON} */ (k)], L.kindName(k))]));
  rows.forEach((/** @type {string} */ c, /** @type {number} */ r) => {
    grid.append(el("span", { class: "dj-museum-row" }, [
      seal(el, L, c),
      view.row_coin_taken[r] ? null : el("span", { class: "dj-row-coin", title: L.t("Row coin for the first delivery"), role: "img", "aria-label": L.t("Row coin for the first delivery") }, [icon("coin"), el("b", { text: "1" })]),
    ]));
    for (const k of cols) {
      const id = `${c}-${k}`;
      const where = view.specimens[id];
      const target = hot(`specimen:${id}`);
      // C3: a Museum tile is its own piece; its specimen token may still lie on a track.
      const here = view.museum_tiles ? view.museum_tiles.includes(id) : where === "museum";
      const onTrack = where !== "museum" && where !== "out";
      const researchers = view.players.map((/** @type {any} */ p, /** @type {number} */ s) => (p.research.includes(id) ? s : -1)).filter((/** @type {number} */ s) => s >= 0);
      const words = [target?.hint, L.specimenName(id), here ? L.t("in the museum") : null, onTrack ? L.fmt("on space {space}", { space: where }) : null,
        ...researchers.map((/** @type {number} */ s) => L.fmt("researched by {player}", { player: L.name(s) }))].filter(Boolean).join(". ");
      grid.append(el(target ? "button" : "span", {
        type: target ? "button" : undefined,
        class: `dj-cell${here ? " filled" : ""}${onTrack ? " out" : ""}${target ? " hot" : ""}`,
        style: `--seal: ${SEALS[c].color}; --seal-ink: ${SEALS[c].ink}`,
        title: words, "aria-label": words, role: target ? undefined : "img",
        onclick: target?.onClick,
        dataset: { specimen: id },
      }, [
        icon(KIND_ICON[/** @type {keyof typeof KIND_ICON} */ (k)]),
        el("span", { class: "dj-cell-research" }, researchers.map((/** @type {number} */ s) => el("i", { style: `--seat: ${SEAT_COLORS[s]}`, dataset: { seat: String(s) } }))),
      ]));
    }
  });
  return el("section", { class: "dj-museum" }, [
    el("h4", {}, [icon("museum"), " ", L.fmt("Museum · {n} rows complete (books × {m})", { n: view.completed_rows, m: 2 + view.completed_rows })]),
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
    const words = [L.fmt("Step {i}: {b} books", { i, b }), ...here.map((/** @type {number} */ s) => L.name(s))].join(". ");
    track.append(el("span", { class: `dj-evo-step${i && b !== books[i - 1] ? " book" : ""}`, title: words, role: "img", "aria-label": words }, [
      el("small", { text: String(b) }),
      ...here.map((/** @type {number} */ s) => el("i", { style: `--seat: ${SEAT_COLORS[s]}`, dataset: { seat: String(s) } })),
    ]));
  });
  return el("section", { class: "dj-evo-box" }, [el("h4", {}, [icon("book"), " ", L.t("Theory of Evolution (books per step)")]), track]);
}

/** @param {any} w @param {any} L @param {any} data @param {any} view */
export function drawOrder(w, L, data, view) {
  const { el } = w;
  const coins = data.board.turn_order_coins.slice(0, view.players.length);
  const chip = (/** @type {number|undefined} */ s, /** @type {number} */ i, /** @type {number} */ c) => el("span", {
    class: `dj-chip${s === undefined ? " free" : ""}`, style: s === undefined ? "" : `--seat: ${SEAT_COLORS[s]}`,
  }, s === undefined ? [`${i + 1}. `, el("span", { class: "dj-fx-i", title: L.fmt("{n} coins", { n: c }), role: "img", "aria-label": L.fmt("{n} coins", { n: c }) }, [el("b", { text: `+${c}` }), icon("coin")])]
    : [`${i + 1}. `, seatMark(el, L, s), ` ${L.name(s)}`]);
  return el("section", { class: "dj-order" }, [
    el("h4", {}, [icon("order"), " ", L.t("Turn order")]),
    el("div", { class: "dj-order-row" }, [el("span", { class: "muted", text: L.t("This round:") }), ...view.turn_order.map((/** @type {number} */ s, /** @type {number} */ i) => chip(s, i, 0))]),
    el("div", { class: "dj-order-row" }, [el("span", { class: "muted", text: L.t("Next round:") }), ...coins.map((/** @type {number} */ c, /** @type {number} */ i) => chip(view.next_order[i], i, c))]),
  ]);
}

/** @param {any} w @param {any} L @param {any} data @param {any} view @param {(key: string) => any} hot */
export function drawEnvelopes(w, L, data, view, hot) {
  const { el } = w;
  return el("section", { class: "dj-envelopes" }, [
    el("h4", {}, [icon("correspondence"), " ", L.t("Correspondence envelopes")]),
    el("div", { class: "dj-env-row" }, view.envelopes.map((/** @type {number} */ tile, /** @type {number} */ i) => {
      const env = data.tiles.envelopes[tile];
      const target = hot(`envelope:${i}`);
      return el(target ? "button" : "div", { type: target ? "button" : undefined, class: `dj-env${target ? " hot" : ""}`, onclick: target?.onClick, title: target?.hint, dataset: { envelope: String(i) } }, [
        el("span", { class: "dj-env-n" }, [icon("correspondence"), el("b", { text: String(i + 1) })]),
        el("span", { class: "dj-env-line" }, [el("small", { text: "1º" }), effectIcons(el, L, env.first)]),
        el("span", { class: "dj-env-line" }, [el("small", { text: "2º" }), effectIcons(el, L, env.second)]),
        el("span", { class: "dj-env-stamps" }, view.envelope_stamps[i].map((/** @type {number} */ n, /** @type {number} */ s) => {
          const words = L.fmt("{player}: {n} stamps", { player: L.name(s), n });
          return el("span", { class: "dj-chip", style: `--seat: ${SEAT_COLORS[s]}`, title: words, role: "img", "aria-label": words }, [seatMark(el, L, s), ` ${n}`]);
        })),
      ]);
    })),
  ]);
}

/** The goal's picture: points per seal, specimen kind, empty stack, lens, objective or tent. */
function goalPicture(/** @type {any} */ el, /** @type {any} */ L, /** @type {any} */ goal) {
  if (!goal) return [];
  const per = {
    seals: () => seal(el, L, goal.colour, " small"), researched_kind: () => icon(KIND_ICON[/** @type {keyof typeof KIND_ICON} */ (goal.kind)] ?? "objective"),
    empty_stacks: () => icon("stamp"), lenses_placed: () => icon("lens"), objectives_completed: () => icon("objective"), tents_placed: () => icon("tent"),
  }[/** @type {string} */ (goal.per)];
  return [el("b", { text: String(goal.vp) }), icon("vp"), el("span", { class: "dj-per", text: "/" }), per ? per() : el("span", { text: goal.per })];
}

/** @param {any} w @param {any} L @param {any} data @param {any} view */
export function drawGoals(w, L, data, view) {
  const { el } = w;
  return el("section", { class: "dj-goals" }, [
    el("h4", { class: "sr-only" }, [L.t("HMS Beagle goals (scored at the end of each round)")]),
    el("span", { class: "dj-goals-i", title: `${L.t("HMS Beagle goals (scored at the end of each round)")} ${L.t("Each step your ship is behind the Beagle costs 1 point.")}` }, [icon("beagle", L.t("HMS Beagle goals (scored at the end of each round)"))]),
    el("ol", {}, view.beagle_goals.map((/** @type {number} */ g, /** @type {number} */ i) => {
      const words = `${L.fmt("Beagle stop of round {n}", { n: i + 1 })} (${data.ocean.beagle_spaces[i]}): ${L.goal(data.tiles.beagle_goals[g])}`;
      return el("li", { class: i + 1 === view.round ? "current" : i + 1 < view.round ? "past" : "", title: words, "aria-label": words }, [
        el("span", { class: "dj-goal-n" }, [icon("anchor"), String(i + 1)]), ...goalPicture(el, L, data.tiles.beagle_goals[g]),
      ]);
    })),
  ]);
}

/** @param {any} w @param {any} L @param {any} data @param {any} view @param {(key: string) => any} hot */
export function drawAcademy(w, L, data, view, hot) {
  const { el } = w;
  return el("section", { class: "dj-academy" }, [
    el("h4", {}, [icon("academy"), " ", L.t("Academy (row cost in coins)")]),
    ...view.academy.map((/** @type {string[]} */ row, /** @type {number} */ r) => el("div", { class: "dj-acad-row" }, [
      el("span", { class: "dj-acad-cost", title: L.fmt("{n} coins", { n: data.board.academy_row_costs[r] }) }, [el("b", { text: String(data.board.academy_row_costs[r]) }), icon("coin")]),
      ...row.map((c, i) => {
        const target = hot(`academy:${r}:${i}`);
        if (!c) return el("span", { class: "dj-seal empty", title: L.t("empty slot") });
        const chip = seal(el, L, c, target ? " hot" : "");
        if (!target) return chip;
        return el("button", { type: "button", class: `dj-seal-btn${target.selected ? " selected" : ""}`, title: target.hint, "aria-label": `${L.sealName(c)}. ${target.hint}`, onclick: target.onClick, dataset: { academy: `${r}:${i}` } }, [chip]);
      }),
    ])),
    el("div", { class: "dj-supply", title: L.fmt("Supply: {list}", { list: Object.entries(view.seal_supply).map(([c, n]) => `${L.colourName(c)} ${n}`).join(" · ") }) },
      Object.entries(view.seal_supply).map(([c, n]) => el("span", { class: "dj-supply-i" }, [seal(el, L, c, " small"), el("small", { text: String(n) })]))),
  ]);
}

/** @param {any} w @param {any} L @param {any} data @param {any} view @param {(key: string) => any} hot */
export function drawObjectives(w, L, data, view, hot) {
  const { el } = w;
  const tile = (/** @type {string} */ source, /** @type {number} */ id) => {
    const target = hot(`source:${source}`);
    const info = data.tiles.objectives[id];
    const tier = info.tier === "gold" ? L.t("gold") : L.t("silver");
    return el(target ? "button" : "div", { type: target ? "button" : undefined, class: `dj-obj ${info.tier}${target ? " hot" : ""}`, onclick: target?.onClick, title: [target?.hint, tier].filter(Boolean).join(". "), dataset: { source } }, [
      icon("objective"), el("span", { text: L.objective(info) }),
    ]);
  };
  const deck = (/** @type {string} */ tier, /** @type {number} */ n) => {
    const target = hot(`source:deck_${tier}`);
    const name = tier === "gold" ? L.t("gold deck") : L.t("silver deck");
    return el(target ? "button" : "div", { type: target ? "button" : undefined, class: `dj-obj deck ${tier}${target ? " hot" : ""}`, onclick: target?.onClick, title: [target?.hint, name].filter(Boolean).join(". "), dataset: { source: `deck_${tier}` } }, [
      el("small", { text: name }), el("span", { text: L.fmt("{n} face down", { n }) }),
    ]);
  };
  return el("section", { class: "dj-objectives" }, [
    el("h4", {}, [icon("objective"), " ", L.t("Objective display")]),
    el("div", { class: "dj-obj-row" }, [
      ...view.display_silver.map((/** @type {number} */ id, /** @type {number} */ i) => tile(`display_silver_${i}`, id)),
      deck("silver", view.deck_silver_count),
      ...view.display_gold.map((/** @type {number} */ id, /** @type {number} */ i) => tile(`display_gold_${i}`, id)),
      deck("gold", view.deck_gold_count),
    ]),
  ]);
}
