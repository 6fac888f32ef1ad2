// @ts-check
/**
 * Darwin's Journey's board (docs/board-api.md): the main board (journals,
 * ocean, islands, museum, evolution, turn order, envelopes, Beagle goals,
 * academy, objectives), your personal board, the other boards on demand, and
 * the turn: choose a worker, click a location, see its cost, confirm or undo,
 * then take the location's parts one by one. Only legal actions are enabled;
 * every action has a readable label.
 */

import { drawAlfred } from "./alfred.js";
import { loadData } from "./data.js";
import { makeLabels, SEAT_COLORS } from "./labels.js";
import { drawAcademy, drawEnvelopes, drawEvolution, drawGoals, drawJournals, drawMuseum, drawObjectives, drawOrder, drawSide, effectIcons, pawn, requirementChips, seal, seatMark } from "./mainboard.js";
import { icon } from "./icons.js";
import { drawPersonal } from "./personal.js";
import { placementCost } from "./rules.js";
import { drawTrack } from "./tracks.js";
import { endSummary, finalScores } from "./final.js";
import { actionLabel, promptOf } from "./actions.js";

/** @param {HTMLElement} root @param {any} ctx */
export function createBoard(root, ctx) {
  const w = ctx.widgets;
  const { el, clear } = w;
  const L = makeLabels(ctx);
  /** @type {any} */ let data = null;
  /** @type {any} */ let last = null;
  /** UI-only selections, reset when the task changes. */
  const ui = {
    worker: /** @type {number|null} */ (null),
    location: /** @type {string|null} */ (null),
    seal: /** @type {string|null} */ (null),
    others: /** @type {Set<number>} */ (new Set()),
    taskKey: "",
    zone: "board",
    pendingZone: false,
  };
  root.classList.add("dj");
  // Pages other than the table (the replay) may not load board.css themselves.
  const css = new URL("./board.css", import.meta.url).href;
  if (![...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => /** @type {HTMLLinkElement} */ (l).href === css)) {
    document.head.append(el("link", { rel: "stylesheet", href: css }));
  }
  const head = el("div", { class: "dj-head" });
  const panel = el("div", { class: "dj-panel", "aria-live": "polite" });
  const main = el("div", { class: "dj-main" });
  const mine = el("div", { class: "dj-mine" });
  const others = el("div", { class: "dj-others" });
  /** The board's four parts, one shown at a time (tabs): what the task needs comes forward by itself. */
  const ZONES = ["board", "islands", "collections", "players"];
  const tabs = el("div", { class: "dj-tabs", role: "tablist", "aria-label": ctx.t("Parts of the board") });
  /** @type {Record<string, HTMLElement>} */
  const zones = Object.fromEntries(ZONES.map((z) => [z, el("section", { class: `dj-zone zone-${z}`, id: `dj-zone-${z}`, role: "tabpanel", dataset: { zone: z }, "aria-labelledby": `dj-tab-${z}` })]));
  main.append(...ZONES.filter((z) => z !== "players").map((z) => zones[z]));
  zones.players.append(mine, others);
  const final = el("div", { class: "dj-final" });
  const recentBox = el("details", { class: "dj-recent" });
  /** @type {string[]} */ const recent = [];
  const toast = el("div", { class: "dj-toast", role: "status", hidden: true });
  let toastTimer = 0;
  const info = (/** @type {string} */ text) => {
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = window.setTimeout(() => { toast.hidden = true; }, 6000);
  };
  toast.addEventListener("click", () => { toast.hidden = true; });
  // Right click on a part of the board shows it big (a track, a location, a board).
  root.addEventListener("contextmenu", (event) => {
    const part = /** @type {Element|null} */ (event.target instanceof Element ? event.target : null)?.closest(".dj-track, .dj-loc, .dj-museum, .dj-academy, .dj-envelopes, .dj-personal, .dj-objectives");
    if (!part) return;
    event.preventDefault();
    const copy = /** @type {Element} */ (part.cloneNode(true));
    const big = el("div", { class: `dj dj-zoom${part.classList.contains("dj-track") ? " wide" : ""}` }, [copy]);
    w.enlarge(big, part.getAttribute("aria-label") ?? "");
  });
  root.append(head, panel, recentBox, final, tabs, main, zones.players, toast);
  const loading = el("p", { class: "muted", text: ctx.t("Loading the board…") });
  main.append(loading);

  loadData().then((d) => { data = d; loading.remove(); draw(); }).catch((e) => {
    loading.textContent = String(e);
  });

  const legal = () => /** @type {any[]} */ (last?.legal ?? []);
  const ofType = (/** @type {string} */ type) => legal().filter((a) => a.type === type);
  const me = () => (ctx.seat === null || ctx.seat === undefined ? null : ctx.seat);
  const send = (/** @type {any} */ action) => {
    ui.worker = null; ui.location = null; ui.seal = null;
    ctx.send(action);
  };

  /** Things on the board that the current choice makes clickable. */
  function hotMap(/** @type {any} */ view) {
    /** @type {Map<string, {onClick: () => void, hint: string, selected?: boolean}>} */
    const hot = new Map();
    const task = view.task;
    const seat = me();
    if (!task || seat === null || !legal().length) return hot;
    const A = makeActionText();
    const put = (/** @type {string} */ key, /** @type {any} */ action, /** @type {string} */ hint) => {
      if (!hot.has(key)) hot.set(key, { onClick: () => send(action), hint });
    };
    if (task.kind === "turn") {
      const places = ofType("place");
      const workers = [...new Set(places.map((a) => a.worker))];
      for (const wk of workers) {
        hot.set(`worker:${seat}:${wk}`, {
          onClick: () => { ui.worker = ui.worker === wk ? null : wk; ui.location = null; ui.zone = "board"; draw(); },
          hint: L.fmt("Choose {worker}", { worker: L.workerName(wk) }), selected: ui.worker === wk,
        });
      }
      if (ui.worker !== null) {
        for (const a of places.filter((p) => p.worker === ui.worker)) {
          hot.set(`loc:${a.location}`, {
            onClick: () => { ui.location = a.location; draw(); },
            hint: costText(view, seat, a.worker, a.location), short: shortCost(view, seat, a.worker, a.location) || L.t("Free"), selected: ui.location === a.location,
          });
        }
      }
    }
    for (const a of ofType("claim_crew")) {
      // The rulebook's claim names the card (any worker may achieve it): its
      // card lies beside the row of the card's index.
      const row = a.card === undefined ? a.worker : view.players[seat].crew.indexOf(a.card) + 1;
      put(`claim:${seat}:${row}`, a, A(a));
    }
    for (const a of ofType("complete_objective")) {
      hot.set(`reserve:${a.tile}`, { onClick: () => {}, hint: L.t("Ready to complete: choose its slot among the actions above.") });
    }
    for (const a of [...ofType("explore"), ...ofType("navigate")]) {
      const end = a.path[a.path.length - 1];
      const same = legal().filter((b) => b.type === a.type && b.path?.[b.path.length - 1] === end);
      if (same.length === 1) put(`space:${end}`, a, A(a));
    }
    for (const a of ofType("resolve_space")) put(`space:${a.space}`, a, A(a));
    for (const a of ofType("tent")) put(`space:${a.space}`, a, A(a));
    for (const a of ofType("retrigger")) put(`space:${a.space}`, a, A(a));
    for (const a of [...ofType("deliver"), ...ofType("research")]) put(`specimen:${a.specimen}`, a, A(a));
    for (const a of ofType("take_objective")) put(`source:${a.source}`, a, A(a));
    for (const a of [...ofType("unlock"), ...ofType("use_locked")]) put(`loc:${a.location}`, a, A(a));
    for (const a of ofType("keep_objective")) put(`slot:${data.tiles.objectives[task.n]?.tier ?? "silver"}:${a.slot}`, a, A(a));
    const seals = ofType("buy_seal");
    for (const a of seals) {
      const key = `academy:${a.row}:${a.slot}`;
      if (!hot.has(key)) hot.set(key, { onClick: () => { ui.seal = ui.seal === key ? null : key; draw(); }, hint: L.t("Choose this seal, then the worker"), selected: ui.seal === key });
    }
    return hot;
  }

  function makeActionText() {
    return (/** @type {any} */ a) => actionLabel(L, data, last.view, me(), a);
  }

  function costText(/** @type {any} */ view, /** @type {number} */ seat, /** @type {number} */ worker, /** @type {string} */ loc) {
    const c = placementCost(data, view, seat, worker, loc);
    const parts = [];
    if (c.coins) parts.push(L.fmt("{n} coins (section occupied)", { n: c.coins }));
    if (c.temp) parts.push(L.fmt("{n} temporary knowledge (missing seals)", { n: c.temp }));
    if (c.lensOwner !== null) parts.push(L.fmt("{player} earns 1 coin (their lens)", { player: ctx.name(c.lensOwner) }));
    return parts.length ? L.fmt("Cost: {list}", { list: parts.join("; ") }) : L.t("Free");
  }

  // -- the panel: what to decide now ---------------------------------------------------

  function drawPanel(/** @type {any} */ view) {
    clear(panel);
    const task = view.task;
    const seat = me();
    const mineNow = seat !== null && legal().length > 0;
    panel.classList.toggle("active", mineNow);
    if (view.phase === "over") {
      panel.append(el("p", { class: "dj-prompt", text: L.t("The journey is over.") }));
      return;
    }
    if (!mineNow) {
      const who = task ? ctx.name(task.seat) : "";
      panel.append(el("p", { class: "dj-prompt muted", text: task ? L.fmt("{player}: {what}", { player: who, what: promptOf(L, data, view, task, false) }) : "" }));
      return;
    }
    const A = makeActionText();
    panel.append(el("p", { class: "dj-prompt", text: promptOf(L, data, view, task, true) }));
    const buttons = el("div", { class: "dj-actions", "data-kb-group": "" });
    const button = (/** @type {any} */ a, /** @type {string} */ cls = "") => {
      const node = el("button", {
        type: "button", class: `button dj-act ${cls}`, text: A(a), onclick: () => send(a),
        dataset: { action: a.type },
      });
      if (a.type === "keep_crew") {
        // A crew card as a card: its starting seal, the seals it needs, its reward.
        const info = data.tiles.crew_cards[a.card];
        node.textContent = "";
        node.classList.add("dj-crew-card");
        node.title = A(a);
        // Its name is read from its pictures (each one named), so it holds the numbers shown.
        node.append(el("span", { class: "sr-only", text: L.t("Keep") }), seal(el, L, info.start), el("span", { class: "dj-crew-need" }, [icon("card", L.t("crew card: needs")), requirementChips(el, L, Object.entries(info.requirement))]), effectIcons(el, L, info.effects));
      }
      if (a.path) {
        const mark = (/** @type {boolean} */ on) => {
          for (const id of a.path) root.querySelector(`[data-space="${id}"]`)?.classList.toggle("on-path", on);
        };
        node.addEventListener("mouseenter", () => mark(true));
        node.addEventListener("mouseleave", () => mark(false));
        node.addEventListener("focus", () => mark(true));
        node.addEventListener("blur", () => mark(false));
      }
      return node;
    };
    if (task.kind === "turn") {
      const places = ofType("place");
      const workers = [...new Set(places.map((a) => a.worker))];
      if (ui.location !== null && ui.worker !== null) {
        const action = places.find((a) => a.worker === ui.worker && a.location === ui.location);
        panel.append(el("div", { class: "dj-confirm" }, [
          el("p", {}, [
            pawn(el, L, seat, ui.worker), " ",
            L.fmt("{worker} on {location}", { worker: L.workerName(ui.worker), location: L.locationName(ui.location) }),
            " — ", el("b", { text: costText(view, seat, ui.worker, ui.location) }),
          ]),
          el("p", { class: "muted", text: L.fmt("Then: {parts}", { parts: locationGain(view, ui.location) }) }),
          el("button", { type: "button", class: "button primary", text: L.t("Confirm"), dataset: { action: "confirm" }, onclick: () => action && send(action) }),
          " ",
          el("button", { type: "button", class: "button", text: L.t("Undo"), dataset: { action: "undo" }, onclick: () => { ui.location = null; draw(); } }),
        ]));
      } else {
        const row = el("div", { class: "dj-pick-workers", "data-kb-group": "", role: "group", "aria-label": L.t("Worker:") }, [el("span", { class: "muted", text: L.t("Worker:") })]);
        for (const wk of workers) {
          row.append(el("button", {
            type: "button", class: `button dj-worker-pick${ui.worker === wk ? " primary" : ""}`, dataset: { worker: String(wk) },
            onclick: () => { ui.worker = ui.worker === wk ? null : wk; ui.zone = "board"; draw(); },
          }, [pawn(el, L, seat, wk), ` ${L.workerName(wk)} `, ...(view.players[seat].seals[wk] ?? []).map((/** @type {string} */ c) => seal(el, L, c, " tiny"))]));
        }
        panel.append(row);
        if (ui.worker !== null) {
          const list = el("div", { class: "dj-pick-locs", "data-kb-group": "", role: "group", "aria-label": L.t("Location:") }, [el("span", { class: "muted", text: L.t("Location:") })]);
          for (const a of places.filter((p) => p.worker === ui.worker)) {
            list.append(el("button", {
              type: "button", class: "button dj-loc-pick", dataset: { loc: a.location },
              title: costText(view, seat, a.worker, a.location), onclick: () => { ui.location = a.location; draw(); },
            }, [L.locationName(a.location), el("small", { class: "muted", text: ` ${shortCost(view, seat, a.worker, a.location)}` })]));
          }
          panel.append(list);
        }
      }
      const free = legal().filter((a) => a.type !== "place");
      if (free.length) panel.append(el("p", { class: "muted", text: L.t("Free actions, before or after placing:") }));
      for (const a of free) buttons.append(button(a));
    } else if (task.kind === "crew") {
      const hand = view.me?.crew_hand ?? [];
      const cardOf = (/** @type {number} */ id) => data.tiles.crew_cards[id];
      panel.append(el("div", { class: "dj-crew-hand" }, hand.map((/** @type {number} */ id) => {
        const info = cardOf(id);
        return el("div", { class: "dj-crew" }, [
          el("span", { class: "dj-crew-start" }, [el("small", { text: L.t("starting seal:") }), seal(el, L, info.start)]),
          el("span", { class: "dj-crew-need" }, [icon("card", L.t("crew card: needs")), requirementChips(el, L, Object.entries(info.requirement))]),
          effectIcons(el, L, info.effects),
        ]);
      })));
      for (const a of legal()) {
        buttons.append(el("button", {
          type: "button", class: "button dj-act dj-crew-choice", dataset: { action: a.type }, onclick: () => send(a), title: A(a), "aria-label": A(a),
        }, a.cards.flatMap((/** @type {number} */ c, /** @type {number} */ i) => [pawn(el, L, seat, i + 1), el("span", { class: "dj-arrow", text: "←" }), seal(el, L, cardOf(c).start, " small")])));
      }
    } else if (task.kind === "academy" && ui.seal) {
      const [, row, slot] = ui.seal.split(":").map(Number);
      panel.append(el("p", {}, [L.t("Seal chosen; now the worker:"), " ", seal(el, L, view.academy[row][slot]), " ",
        el("button", { type: "button", class: "button", text: L.t("Undo"), dataset: { action: "undo" }, onclick: () => { ui.seal = null; draw(); } })]));
      for (const a of legal()) if (a.type !== "buy_seal" || (a.row === row && a.slot === slot)) buttons.append(button(a, a.type === "buy_seal" ? "primary" : ""));
    } else if (task.kind === "academy") {
      const buys = ofType("buy_seal");
      panel.append(el("div", { class: "dj-panel-academy", "data-kb-group": "" }, view.academy.map((/** @type {string[]} */ row, /** @type {number} */ r) =>
        el("div", { class: "dj-acad-row" }, [
          el("span", { class: "dj-acad-cost", text: `${data.board.academy_row_costs[r]}$` }),
          ...row.map((c, i) => {
            if (!c) return el("span", { class: "dj-seal empty", text: "·" });
            const chip = seal(el, L, c);
            if (!buys.some((a) => a.row === r && a.slot === i)) return chip;
            return el("button", {
              type: "button", class: "dj-seal-btn", title: L.t("Choose this seal, then the worker"), dataset: { academy: `${r}:${i}` },
              onclick: () => { ui.seal = `academy:${r}:${i}`; draw(); },
            }, [chip]);
          }),
        ]))));
      for (const a of legal()) if (a.type !== "buy_seal") buttons.append(button(a, "quiet"));
    } else {
      for (const a of legal()) buttons.append(button(a, a.type === "skip" || a.type === "end_turn" ? "quiet" : ""));
    }
    panel.append(buttons);
  }

  function shortCost(/** @type {any} */ view, /** @type {number} */ seat, /** @type {number} */ worker, /** @type {string} */ loc) {
    const c = placementCost(data, view, seat, worker, loc);
    const bits = [];
    if (c.coins) bits.push(`${c.coins}$`);
    if (c.temp) bits.push(`${c.temp}◆`);
    if (c.lensOwner !== null) bits.push(L.fmt("1$ to {player}", { player: ctx.name(c.lensOwner) }));
    return bits.join(" ");
  }

  function locationGain(/** @type {any} */ view, /** @type {string} */ loc) {
    const spec = data.locations.locations[loc];
    if (spec.special_slot !== undefined) return L.effects(data.tiles.special_tiles[view.special_tiles[spec.special_slot]].effects);
    return L.effects(spec.effects);
  }

  // -- everything else ---------------------------------------------------------------

  function drawHead(/** @type {any} */ view) {
    clear(head);
    const phase = { crew: L.t("Crew assignment"), actions: L.t("Actions"), reward: L.t("Rewards"), over: L.t("Final scoring") }[/** @type {string} */ (view.phase)] ?? view.phase;
    const seat = me();
    head.append(
      el("span", { class: "dj-round", text: L.fmt("Round {n} of {total}", { n: Math.max(1, view.round), total: view.rounds }) }),
      el("span", { class: "dj-phase", text: phase }),
      drawSide(w, L, view) ?? "",
      // Each player's chip: points and coins; another player's opens their board.
      el("span", { class: "dj-scores" }, view.players.map((/** @type {any} */ p, /** @type {number} */ s) => {
        const words = L.fmt("{player}: {vp} points, {coins} coins", { player: ctx.name(s), vp: p.vp, coins: p.coins });
        const body = [seatMark(el, L, s), el("span", { class: "dj-chip-name", text: ctx.name(s) }),
          el("span", { class: "dj-chip-n" }, [el("b", { class: "dj-n", dataset: { n: String(p.vp) } }), icon("vp")]),
          el("span", { class: "dj-chip-n" }, [el("b", { class: "dj-n", dataset: { n: String(p.coins) } }), icon("coin")])];
        const cls = `dj-chip${view.active === s ? " active" : ""}`;
        if (s === seat) return el("span", { class: `${cls} me`, style: `--seat: ${SEAT_COLORS[s]}`, title: words, role: "img", "aria-label": words }, body);
        return el("button", {
          type: "button", class: `${cls} dj-other-btn${ui.others.has(s) && ui.zone === "players" ? " shown" : ""}`, style: `--seat: ${SEAT_COLORS[s]}`, dataset: { seat: String(s) },
          title: L.fmt("{what} — see the board of {player}", { what: words, player: ctx.name(s) }), "aria-label": L.fmt("{what} — see the board of {player}", { what: words, player: ctx.name(s) }),
          onclick: () => { if (ui.others.has(s) && ui.zone === "players") ui.others.delete(s); else { ui.others.add(s); ui.zone = "players"; } draw(); },
        }, body);
      })),
    );
  }

  const zoneName = (/** @type {string} */ z) => ({
    board: L.t("Journals and ocean"), islands: L.t("Islands"), collections: L.t("Museum, academy, objectives"), players: L.t("Player boards"),
  })[z] ?? z;

  /** Which part of the board holds a lit place. */
  const zoneOf = (/** @type {string} */ key) => {
    const [kind, id] = key.split(":");
    if (kind === "loc") return "board";
    if (kind === "space") return id.startsWith("O") ? "board" : "islands";
    if (kind === "specimen" || kind === "source" || kind === "academy" || kind === "envelope") return "collections";
    if (kind === "slot" || kind === "claim" || kind === "reserve") return "players";
    return null;
  };

  /** The tab buttons are made once and then updated, so the focus stays on them. */
  function drawTabs(/** @type {Map<string, any>} */ hot) {
    const order = ["board", "islands", "collections", "players"];
    if (!tabs.firstChild) {
      for (const z of order) {
        tabs.append(el("button", {
          type: "button", role: "tab", id: `dj-tab-${z}`, class: "dj-tab", dataset: { zone: z }, "aria-controls": `dj-zone-${z}`,
          onclick: () => { ui.zone = z; draw(); },
          onkeydown: (/** @type {KeyboardEvent} */ e) => {
            const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
            if (!step) return;
            e.preventDefault();
            ui.zone = order[(order.indexOf(z) + step + order.length) % order.length];
            draw();
            /** @type {HTMLElement|null} */ (tabs.querySelector(`[data-zone="${ui.zone}"]`))?.focus();
          },
        }, [icon({ board: "navigate", islands: "explorer", collections: "museum", players: "worker" }[z] ?? "objective"), el("span", { text: zoneName(z) }), el("i", { class: "dj-lit", "aria-hidden": "true" })]));
      }
    }
    const lit = new Set([...hot.keys()].map(zoneOf).filter(Boolean));
    for (const tab of /** @type {HTMLElement[]} */ ([...tabs.children])) {
      const z = tab.dataset.zone ?? "";
      const on = ui.zone === z;
      tab.classList.toggle("lit", lit.has(z));
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      tab.title = lit.has(z) ? L.fmt("{part}: places you may choose", { part: zoneName(z) }) : zoneName(z);
    }
    for (const [z, node] of Object.entries(zones)) node.hidden = z !== ui.zone;
  }

  function drawMain(/** @type {any} */ view, /** @type {Map<string, any>} */ hot) {
    for (const z of ["board", "islands", "collections"]) clear(zones[z]);
    const h = (/** @type {string} */ key) => hot.get(key) ?? null;
    zones.board.append(
      drawJournals(w, L, data, view, h),
      el("div", { class: "dj-ocean" }, [
        el("div", { class: "dj-ocean-head" }, [el("h4", {}, [icon("navigate"), " ", L.t("Ocean")]), drawGoals(w, L, data, view)]),
        el("div", { class: "dj-scroll" }, [drawTrack(w, L, data, "ocean", view, h, info)]),
      ]),
      // Alfred, the solo automa, plays on the main board: his state sits beside it.
      drawAlfred(w, L, data, view) ?? "",
    );
    zones.islands.append(...["A", "B", "C"].map((k) => el("div", { class: `dj-island island-${k}` }, [
      el("h4", {}, [icon("explorer"), " ", L.fmt("Island {island}", { island: k })]),
      el("div", { class: "dj-scroll" }, [drawTrack(w, L, data, /** @type {any} */ (k), view, h, info)]),
    ])));
    zones.collections.append(
      drawMuseum(w, L, data, view, h), drawAcademy(w, L, data, view, h), drawEnvelopes(w, L, data, view, h),
      drawObjectives(w, L, data, view, h), drawEvolution(w, L, data, view), drawOrder(w, L, data, view),
    );
  }

  function drawBoards(/** @type {any} */ view, /** @type {Map<string, any>} */ hot) {
    clear(mine);
    clear(others);
    const seat = me();
    const h = (/** @type {string} */ key) => hot.get(key) ?? null;
    if (seat !== null && view.players[seat]) mine.append(drawPersonal(w, L, data, view, seat, true, h));
    const rest = view.players.map((/** @type {any} */ _, /** @type {number} */ s) => s).filter((/** @type {number} */ s) => s !== seat);
    // A spectator sees every board; a player the ones chosen (their chips above), all when none is.
    const shown = seat === null || !ui.others.size ? rest : rest.filter((/** @type {number} */ s) => ui.others.has(s));
    for (const s of shown) others.append(drawPersonal(w, L, data, view, s, false, () => null));
  }

  function drawFinal(/** @type {any} */ view) {
    clear(final);
    const box = finalScores(w, L, view, last?.outcome);
    if (box) final.append(box);
  }

  function draw() {
    if (!data || !last?.view) return;
    const view = last.view;
    L.alfred = Boolean(view.alfred); // Alfred's pawns are named on the board
    const hot = hotMap(view);
    root.classList.toggle("dj-choosing", ui.worker !== null && view.task?.kind === "turn");
    if (ui.pendingZone) {
      // A new task brings forward the part of the board where it is played.
      ui.pendingZone = false;
      const z = view.task?.kind === "turn" ? "board" : [...hot.keys()].map(zoneOf).find(Boolean);
      if (z && legal().length) ui.zone = z;
    }
    drawHead(view);
    drawTabs(hot);
    drawPanel(view);
    drawRecent();
    drawFinal(view);
    drawBoards(view, hot);
    drawMain(view, hot);
  }

  function drawRecent() {
    clear(recentBox);
    if (!recent.length) return;
    recentBox.append(
      el("summary", { text: L.fmt("Last move: {move}", { move: recent[0] }) }),
      el("ol", {}, recent.slice(1).map((line) => el("li", { text: line }))),
    );
  }

  /** Readable lines for the moves just made, worded with the view before them. */
  function remember(/** @type {any[]} */ events) {
    const before = last?.view;
    if (!data || !before) return;
    for (const e of events) {
      if (e.type !== "acted" || !e.action) continue;
      let text;
      try {
        text = e.action.type === "end_turn" ? L.t("ended the turn")
          : e.action.type === "skip" ? L.t("skipped")
          : actionLabel(L, data, before, e.seat, e.action);
      } catch {
        text = e.action.type;
      }
      recent.unshift(`${ctx.name(e.seat)}: ${text}`);
    }
    recent.splice(10);
  }

  // -- keyboard (static/core/keyboard.js) ---------------------------------------------------

  const pressIn = (/** @type {string} */ selector) => ctx.keys.press(panel.querySelector(selector));
  ctx.keys.add(
    { key: "1-9", label: L.t("Choose worker n (other tasks: the n-th action of the panel)"), run: (/** @type {any} */ _e, /** @type {number} */ n) =>
      ctx.keys.press(panel.querySelectorAll(".dj-worker-pick")[n - 1] ?? panel.querySelectorAll(".dj-act")[n - 1]) },
    { word: L.t("locations"), label: L.t("Go to the locations of the chosen worker"), run: () => ctx.keys.focus(panel.querySelector(".dj-loc-pick")) },
    { word: L.t("actions"), label: L.t("Go to the actions of the panel"), run: () => ctx.keys.focus(panel.querySelector(".dj-act")) },
    { word: L.t("map"), label: L.t("Go to the places you may choose on the board"), run: () => {
      const shown = () => root.querySelector(".dj-zone:not([hidden]) .hot, .dj-zone:not([hidden]) [role=button]");
      // No lit place in this part: go to the part that has one (its tab is lit).
      const lit = /** @type {HTMLElement|null} */ (tabs.querySelector(".dj-tab.lit"));
      if (!shown() && lit?.dataset.zone) { ui.zone = lit.dataset.zone; draw(); }
      return ctx.keys.focus(shown());
    } },
    { word: L.t("yes"), label: L.t("Confirm the placement"), run: () => pressIn("[data-action=confirm]") },
    { word: L.t("end turn"), label: L.t("End the turn, or skip"), run: () => pressIn("[data-action=end_turn]") || pressIn("[data-action=skip]") },
    { key: "Escape", label: L.t("Undo the choice in progress"), run: () => {
      if (ui.worker === null && ui.location === null && ui.seal === null) return false;
      if (ui.location !== null) ui.location = null;
      else { ui.worker = null; ui.seal = null; }
      draw();
      return ctx.keys.focus(panel.querySelector(".dj-loc-pick, .dj-worker-pick, .dj-act"));
    } },
  );

  return {
    /** The end dialog's summary (table.js): the solo rating and the score categories. */
    endSummary() {
      return endSummary(w, L, last?.view, last?.outcome);
    },
    /** @param {any} state @param {any[]} [events] */
    update(state, events = []) {
      remember(events);
      last = state;
      const task = state.view?.task;
      const key = `${state.view?.round}|${task?.kind}|${task?.seat}|${task?.ref}|${(task?.parts ?? []).join(",")}|${legal().length}`;
      if (key !== ui.taskKey) { ui.taskKey = key; ui.worker = null; ui.location = null; ui.seal = null; ui.pendingZone = true; }
      draw();
    },
  };
}

