// @ts-check
/**
 * Super Mega Lucky Box's board: the revealed number big with the round and
 * the numbers left, the seat's tokens and cards (3×3 grids with their bonus
 * icons), the draft offer (only this seat's), the bonuses waiting to be used,
 * the other players on demand and the score sheet. Everyone acts at once, so
 * the board shows who is still choosing. It only draws the view and sends
 * actions taken from the list of legal actions (docs/board-api.md).
 */

import { nfmt } from "../../core/i18n.js";
import { inlineIcon } from "./icons.js";
import { BONUS_NAMES } from "./names.js";
import { panels } from "./panels.js";
import { drawSheet, LINE_NAMES } from "./sheet.js";

/** @param {HTMLElement} root @param {any} ctx */
export function createBoard(root, ctx) {
  const { el, clear } = ctx.widgets;
  const { t, fmt } = ctx;
  /** The confirmation of a shift: "1 raio", "2 raios" in pt-BR.
   * @param {number} tokens @param {number} revealed @param {number} number */
  const spendText = (tokens, revealed, number) => nfmt(
    "Spend {tokens} lightning to turn the {revealed} into a {number}?",
    "Spend {tokens} lightning to turn the {revealed} into a {number}?",
    tokens, { tokens, revealed, number },
  );
  const parts = panels(ctx);

  /** UI-only choices, kept while this seat's task stays the same. */
  const ui = {
    key: "",
    chosen: /** @type {number[]} */ ([]), // draft: cards picked so far, in click order
    line: /** @type {string|null} */ (null), // the pending bonus chosen, "card:line"
    confirm: /** @type {any} */ (null), // a lightning crossing waiting for confirmation
    open: /** @type {Set<number>} */ (new Set()), // other players whose cards are shown
    watched: false, // a spectator sees every player's cards at first
  };
  /** @type {any} */ let last = null;
  let shownNumber = /** @type {string} */ ("");

  root.classList.add("lb");
  const head = el("div", { class: "lb-head" });
  const task = el("div", { class: "lb-task", "aria-live": "polite" });
  const offer = el("div", { class: "lb-offer" });
  const mine = el("div", { class: "lb-mine" });
  const rest = el("div", { class: "lb-rest" });
  root.append(head, task, offer, mine, rest);

  const legalOf = (/** @type {string} */ type) => (last?.legal ?? []).filter((/** @type {any} */ a) => a.type === type);
  const send = (/** @type {any} */ action) => {
    ui.confirm = null;
    ctx.send(action);
  };
  const bonusName = (/** @type {any} */ token) =>
    typeof token === "number" ? fmt("cross a {number}", { number: token }) : t(BONUS_NAMES[token] ?? token);
  const lineName = (/** @type {string} */ line) => {
    const n = Number(line[1]) + 1;
    return line[0] === "r" ? fmt("row {n}", { n }) : fmt("column {n}", { n });
  };
  const lineLabel = (/** @type {number} */ cardId) => (/** @type {string} */ line, /** @type {any} */ token) =>
    fmt("Card {card}, {line}: {bonus}", { card: cardId, line: lineName(line), bonus: bonusName(token) });

  // -- the top: round, the number, this round's numbers, my tokens ---------------------------

  function drawHead(/** @type {any} */ view, /** @type {any} */ me) {
    clear(head);
    const result = parts.result(view, last.outcome);
    let centre;
    if (result) {
      centre = result;
    } else if (view.phase === "draft") {
      centre = el("div", { class: "lb-number-box draft" }, [
        el("div", { class: "lb-number-label", text: view.draft?.opening ? t("Opening draft") : fmt("Draft after round {round}", { round: view.round }) }),
        el("div", { class: "lb-number-big", text: `${view.draft?.keep ?? ""}` }),
        el("div", { class: "lb-number-label", text: fmt("Each player keeps {count}", { count: view.draft?.keep ?? 0 }) }),
      ]);
    } else {
      const key = `${view.round}:${view.revealed.length}`;
      const fresh = key !== shownNumber;
      shownNumber = key;
      centre = el("div", { class: `lb-number-box${fresh ? " fresh" : ""}` }, [
        el("div", { class: "lb-number-label", text: t("Number") }),
        el("div", { class: "lb-number-big", dataset: { number: String(view.number ?? "") }, text: view.number === null ? "–" : String(view.number) }),
        el("div", { class: "lb-number-label", text: fmt("{index} of 9 · {left} left", { index: view.revealed.length, left: view.numbers_left }) }),
      ]);
    }
    const revealed = el("div", { class: "lb-revealed", title: t("Numbers revealed this round") },
      view.phase === "play" ? view.revealed.map((/** @type {number} */ n, /** @type {number} */ i) =>
        el("span", { class: `lb-chip${i === view.revealed.length - 1 ? " now" : ""}`, text: String(n) })) : []);
    head.append(...[
      el("div", { class: "lb-round" }, [
        el("b", { text: fmt("Round {round} of {rounds}", { round: view.round, rounds: view.rounds }) }),
        revealed,
        el("small", { class: "muted", text: fmt("Lucky Box deck: {count} cards", { count: view.lucky_deck }) }),
      ]),
      centre,
      me ? el("div", { class: "lb-my-tokens" }, [el("b", { text: t("Your tokens") }), parts.tokens(me, view)]) : null,
    ].filter((node) => node !== null).map((node) => /** @type {Node} */ (node)));
  }

  // -- what this seat has to do now ------------------------------------------------------------

  /** The pending bonuses the legal actions allow, by "card:line", with their targets. */
  function pendingBonuses() {
    /** @type {Map<string, any[]>} */
    const out = new Map();
    for (const a of legalOf("bonus")) {
      const key = `${a.card}:${a.line}`;
      if (!out.has(key)) out.set(key, []);
      out.get(key)?.push(a);
    }
    return out;
  }

  function drawTask(/** @type {any} */ view, /** @type {any} */ me) {
    clear(task);
    if (!me || view.phase === "over") return;
    const waiting = (last.active ?? []).filter((/** @type {number} */ s) => s !== me.seat);
    const waitText = waiting.length
      ? fmt("Still choosing: {players}", { players: waiting.map((/** @type {number} */ s) => ctx.name(s)).join(", ") })
      : "";
    /** @type {(Node|string|null)[]} */
    const bits = [];
    const prompt = (/** @type {string} */ text) => bits.push(el("p", { class: "lb-prompt", text }));
    const button = (/** @type {string} */ text, /** @type {() => void} */ onclick, /** @type {string} */ cls = "") =>
      bits.push(el("button", { type: "button", class: `button ${cls}`, text, onclick }));
    const lastRound = me.round_scores[me.round_scores.length - 1];
    if (view.phase === "draft" && lastRound) {
      bits.push(el("p", { class: "lb-round-score", text: fmt("Round {round}: {cards} for cards and {stars} for stars", {
        round: me.round_scores.length, cards: lastRound.cards, stars: lastRound.stars,
      }) }));
    }
    if (me.status === "drafting") {
      const keep = Math.min(view.draft.keep, view.you.offer.length);
      prompt(keep === 1 ? t("Choose the card you keep.") : fmt("Choose the {count} cards you keep.", { count: keep }));
      const choice = [...ui.chosen].sort((a, b) => a - b);
      const action = legalOf("keep").find((/** @type {any} */ a) => a.cards.join() === choice.join());
      bits.push(el("button", {
        type: "button", class: "button primary lb-keep", disabled: !action,
        text: `${t("Keep these cards")} (${choice.length}/${keep})`,
        onclick: () => action && send(action),
      }));
    } else if (me.status === "crossing" && ui.confirm) {
      const c = ui.confirm;
      const target = me.cards.find((/** @type {any} */ s) => s.id === c.card)?.grid[c.cell];
      prompt(spendText(Math.abs(c.shift), view.number, target));
      button(t("Spend them"), () => send(c), "primary lb-confirm");
      button(t("Cancel"), () => { ui.confirm = null; redraw(); }, "lb-cancel");
    } else if (me.status === "crossing") {
      const crosses = legalOf("cross");
      const direct = crosses.some((/** @type {any} */ a) => a.shift === 0);
      const pass = legalOf("pass")[0];
      const shifted = crosses.some((/** @type {any} */ a) => a.shift !== 0);
      if (direct && shifted) prompt(fmt("Click a {number} on one of your cards to cross it, or spend lightning on a lit cell.", { number: view.number }));
      else if (direct) prompt(fmt("Click a {number} on one of your cards to cross it.", { number: view.number }));
      else if (crosses.length && pass) prompt(fmt("No cell shows {number}: spend lightning on a lit cell, or cross nothing.", { number: view.number }));
      else if (crosses.length) prompt(fmt("No cell shows {number}: spend lightning on a lit cell.", { number: view.number }));
      if (pass) button(t("Cross nothing"), () => send(pass), "lb-pass");
    } else if (me.status === "bonus") {
      const pending = pendingBonuses();
      const only = [...pending.values()][0]?.[0];
      const onlyToken = only && me.cards.find((/** @type {any} */ s) => s.id === only.card)?.bonuses[LINE_NAMES.indexOf(only.line)];
      prompt(pending.size > 1
        ? t("Several bonuses are waiting: choose which to use first, then click the cell to cross.")
        : fmt("Your bonus: {bonus}. Click the cell to cross.", { bonus: bonusName(onlyToken) }));
      if (pending.size > 1) {
        const row = el("div", { class: "lb-bonus-choices", "data-kb-group": "" });
        for (const key of pending.keys()) {
          const [cardId, line] = key.split(":");
          const face = me.cards.find((/** @type {any} */ s) => String(s.id) === cardId);
          const token = face?.bonuses[LINE_NAMES.indexOf(line)];
          row.append(el("button", {
            type: "button", class: `button lb-bonus-choice${ui.line === key ? " primary" : ""}`,
            "aria-pressed": ui.line === key ? "true" : "false",
            onclick: () => { ui.line = key; redraw(); },
          }, [inlineIcon(token ?? "blank"), lineLabel(Number(cardId))(line, token)]));
        }
        bits.push(row);
      }
    } else if (view.phase === "draft" && view.you.picked.length) {
      prompt(t("You have chosen; the cards are yours when everyone has chosen."));
    } else if (view.phase === "play") {
      prompt(t("Done for this number."));
    }
    if (waitText && me.status !== "drafting" && me.status !== "crossing" && me.status !== "bonus") {
      bits.push(el("p", { class: "lb-waiting muted", text: waitText }));
    }
    task.append(...bits.filter(Boolean).map((b) => /** @type {Node} */ (b)));
    task.classList.toggle("mine-to-do", (last.legal ?? []).length > 0);
  }

  // -- the draft: only this seat's offer --------------------------------------------------------

  function drawOffer(/** @type {any} */ view) {
    clear(offer);
    const you = view.you;
    if (view.phase !== "draft" || !you || !you.offer.length) return;
    const drafting = legalOf("keep").length > 0;
    const keep = Math.min(view.draft.keep, you.offer.length);
    offer.append(el("h3", { text: drafting ? fmt("Cards offered to you: keep {count}", { count: keep }) : t("Your choice") }));
    const row = el("div", { class: "lb-offer-cards", "data-kb-group": "" });
    for (const face of you.offer) {
      const picked = drafting ? ui.chosen.includes(face.id) : you.picked.includes(face.id);
      const node = el("button", {
        type: "button", class: `lb-offer-card${picked ? " picked" : ""}`, disabled: !drafting,
        "aria-pressed": picked ? "true" : "false", dataset: { card: String(face.id) },
        title: fmt("Card {card}", { card: face.id }),
        onclick: () => {
          if (ui.chosen.includes(face.id)) ui.chosen = ui.chosen.filter((c) => c !== face.id);
          else ui.chosen = [...ui.chosen, face.id].slice(-keep);
          redraw();
        },
      }, [drawSheet(face, { label: fmt("Card {card}", { card: face.id }), lineLabel: lineLabel(face.id) })]);
      row.append(node);
    }
    offer.append(row);
  }

  // -- my cards, with the cells I may cross now ---------------------------------------------------

  /** Cell actions of card `cardId`: crossing the number, with lightning, or with a bonus. */
  function cellActions(/** @type {number} */ cardId, /** @type {any} */ view) {
    /** @type {Map<number, import("./sheet.js").CellAction>} */
    const cells = new Map();
    for (const a of legalOf("cross")) {
      if (a.card !== cardId) continue;
      const face = last.view.you && last.view.players[last.view.you.seat].cards.find((/** @type {any} */ s) => s.id === cardId);
      const number = face?.grid[a.cell];
      if (a.shift === 0) {
        cells.set(a.cell, { kind: "cross", label: fmt("Cross the {number} of card {card}", { number, card: cardId }), onClick: () => send(a) });
      } else {
        cells.set(a.cell, {
          kind: "shift", cost: Math.abs(a.shift),
          label: spendText(Math.abs(a.shift), view.number, number),
          onClick: () => { ui.confirm = a; redraw(); },
        });
      }
    }
    const pending = pendingBonuses();
    const chosen = ui.line && pending.has(ui.line) ? ui.line : pending.size === 1 ? [...pending.keys()][0] : null;
    for (const a of chosen ? pending.get(chosen) ?? [] : []) {
      if (a.target !== cardId) continue;
      cells.set(a.cell, { kind: "bonus", label: fmt("Cross cell {n} of card {card} with the bonus", { n: a.cell + 1, card: cardId }), onClick: () => send(a) });
    }
    return { cells, chosen };
  }

  function drawMine(/** @type {any} */ view, /** @type {any} */ me) {
    clear(mine);
    if (!me) return;
    if (!me.cards.length) return; // the opening draft
    mine.append(el("h3", { text: t("Your cards") }));
    const row = el("div", { class: "lb-my-cards", "data-kb-group": "" });
    const pendingLines = new Set(me.pending_bonuses.map((/** @type {any} */ b) => `${b.card}:${b.line}`));
    for (const face of me.cards) {
      const { cells, chosen } = cellActions(face.id, view);
      const pending = new Set([...pendingLines].filter((k) => k.startsWith(`${face.id}:`)).map((k) => k.split(":")[1]));
      const selectedLine = chosen && chosen.startsWith(`${face.id}:`) ? chosen.split(":")[1] : null;
      const sheet = drawSheet(face, {
        cells, pending, selectedLine,
        onLine: pendingLines.size > 1 ? (line) => { ui.line = `${face.id}:${line}`; redraw(); } : undefined,
        label: fmt("Card {card}", { card: face.id }),
        lineLabel: lineLabel(face.id),
      });
      if (ui.confirm?.card === face.id) sheet.querySelector(`[data-cell="${ui.confirm.cell}"]`)?.classList.add("confirming");
      row.append(sheet);
    }
    mine.append(row);
  }

  /** What each part was last drawn from: a part is redrawn only when it changes,
   * so that other players' moves do not disturb the cell under the pointer. */
  const drawn = new Map();
  /** @param {Element} node @param {any} inputs @param {() => void} draw */
  function part(node, inputs, draw) {
    const sig = JSON.stringify(inputs);
    if (drawn.get(node) === sig) return;
    drawn.set(node, sig);
    draw();
  }

  function redraw() {
    const view = last?.view;
    if (!view) return;
    const me = view.you ? view.players[view.you.seat] : null;
    const legal = last.legal ?? [];
    const choice = { chosen: ui.chosen, line: ui.line, confirm: ui.confirm };
    const { players, ...table } = view;
    part(head, [table, me, last.outcome, ctx.name(0)], () => drawHead(view, me));
    part(task, [table, me, legal, choice, last.active], () => drawTask(view, me));
    part(offer, [view.you, view.draft, legal, choice], () => drawOffer(view));
    part(mine, [view.number, me?.cards, me?.pending_bonuses, legal, choice], () => drawMine(view, me));
    part(rest, [players, view.final, view.round, last.active, [...ui.open], last.seats?.map((/** @type {any} */ s) => s.name)], () => {
      clear(rest);
      const others = parts.others(view, last.active ?? [], ui.open, redraw, (/** @type {any} */ face) => ({
        compact: true, label: fmt("Card {card}", { card: face.id }), lineLabel: lineLabel(face.id),
      }));
      if (others) rest.append(others);
      rest.append(parts.scores(view));
    });
  }

  // -- keyboard (static/core/keyboard.js) ---------------------------------------------------------

  const press = (/** @type {string} */ selector) => ctx.keys.press(root.querySelector(selector));
  ctx.keys.add(
    { key: "1-9", label: t("Draft: choose or drop the n-th card offered"), run: (/** @type {any} */ _e, /** @type {number} */ n) =>
      ctx.keys.press(root.querySelectorAll(".lb-offer-card")[n - 1]) },
    { word: t("keep"), label: t("Keep the chosen cards"), run: () => press(".lb-keep") },
    { word: t("cross"), label: t("Go to the cells you may cross"), run: () => ctx.keys.focus(root.querySelector(".lb-my-cards .lb-cell.playable")) },
    { word: t("nothing"), label: t("Cross nothing"), run: () => press(".lb-pass") },
    { word: t("spend"), label: t("Spend the lightning"), run: () => press(".lb-confirm") },
    { key: "Escape", label: t("Cancel the lightning or the cards chosen"), run: () => {
      if (!ui.confirm && !ui.chosen.length) return false;
      if (ui.confirm) ui.confirm = null;
      else ui.chosen = [];
      redraw();
      return true;
    } },
  );

  return {
    /** The solo rating in the end dialog (several players: the dialog's ranking says it). */
    endSummary() {
      return last?.view?.final?.solo_band ? parts.result(last.view, last.outcome) : null;
    },
    /** @param {any} state */
    update(state) {
      const view = state.view;
      last = state;
      if (!view) return;
      const me = view.you ? view.players[view.you.seat] : null;
      const key = [view.phase, view.round, view.revealed.length, me?.status, me?.pending_bonuses.length,
        (view.you?.offer ?? []).map((/** @type {any} */ c) => c.id).join()].join("|");
      if (key !== ui.key) {
        ui.key = key;
        ui.chosen = [];
        ui.confirm = null;
        const keeps = legalOf("keep");
        if (keeps.length === 1) ui.chosen = [...keeps[0].cards]; // nothing to choose: all of them
      }
      if (ui.line && !pendingBonuses().has(ui.line)) ui.line = null;
      if (view.you === undefined && !ui.watched) {
        ui.watched = true;
        view.players.forEach((/** @type {any} */ p) => ui.open.add(p.seat));
      }
      redraw();
    },
  };
}
