// @ts-check
/**
 * Piles!' board: the other players (locked piles and the pile each holds),
 * the centre row, the pile in your hand fanned out and your six piles. Real
 * time: everybody acts at once, so the board keeps its own selection across
 * updates, answers every swap at once (pending, then taken or refused) and
 * sends only entries of `legal` (docs/board-api.md).
 *
 * Play: pick up a pile (click it or press 1-6); drag a card of the pile in
 * your hand onto a centre card, or click one then the other, or choose with
 * the arrows (left/right: centre card, up/down: your card) and press Enter.
 * Esc puts the pile down.
 */

import { wonBy } from "../../core/i18n.js";
import { COLOUR_NAMES, designName, garment } from "./cards.js";

const DRAG_START_PX = 6;
const FLASH_MS = 900;

/** @param {HTMLElement} root @param {any} ctx */
export function createBoard(root, ctx) {
  const { el, clear, formatClock } = ctx.widgets;
  const { t, fmt } = ctx;

  /** @type {any} */ let last = null;
  /** UI-only: the chosen card of the pile in hand and the chosen centre place. */
  const sel = { card: /** @type {number|null} */ (null), slot: 0 };
  /** Swaps sent and not answered yet: ref -> {card, slot}. */
  const pending = new Map();
  /** Recent answers to show on a centre place: slot -> {ok, text, until}. */
  const flashes = new Map();
  let heldPile = /** @type {number|null} */ (null);
  let goUntil = 0;

  root.classList.add("pl");
  const top = el("div", { class: "pl-top" });
  const others = el("div", { class: "pl-others" });
  const centre = el("section", { class: "pl-centre", "aria-label": t("Centre") });
  const hand = el("section", { class: "pl-hand" });
  const piles = el("section", { class: "pl-piles", "aria-label": t("Your piles") });
  const keys = el("p", { class: "pl-keys muted" });
  const overlay = el("div", { class: "pl-overlay", hidden: true });
  root.append(top, others, centre, hand, piles, keys, overlay);

  const view = () => last?.view;
  const legal = () => /** @type {any[]} */ (last?.legal ?? []);
  const me = () => ctx.seat;
  /** When the current timed phase ends (server epoch ms), or null. */
  const phaseEnds = () => last?.clock?.phase_ends ?? last?.clock?.deadline ?? null;
  const cardName = (/** @type {any} */ c) => `${t(designName(c.design))} (${t(COLOUR_NAMES[c.colour])})`;

  // -- sending --------------------------------------------------------------

  function sendOpen(/** @type {number} */ pile) {
    const action = legal().find((a) => a.type === "open" && a.pile === pile);
    if (action) ctx.send(action);
  }

  function sendClose() {
    const action = legal().find((a) => a.type === "close");
    if (action) ctx.send(action);
  }

  function sendReady() {
    const action = legal().find((a) => a.type === "ready");
    if (action) ctx.send(action);
  }

  /** Swap one card of the pile in hand for the centre card now in `slot`. */
  function sendSwap(/** @type {number} */ card, /** @type {number} */ slot) {
    const action = legal().find((a) => a.type === "swap" && a.card === card && a.slot === slot);
    if (!action) return;
    const ref = ctx.send(action);
    if (ref) pending.set(ref, { card, slot });
    sel.card = null;
    draw();
  }

  /** The server's answer to one of this page's actions (see table.js). */
  function answer(/** @type {any} */ reply) {
    const sent = pending.get(reply.ref);
    if (!sent) return;
    pending.delete(reply.ref);
    flashes.set(sent.slot, {
      ok: reply.ok,
      text: reply.ok ? t("Swapped!") : reply.text,
      until: Date.now() + (reply.ok ? FLASH_MS : FLASH_MS * 3),
    });
    draw();
    setTimeout(draw, reply.ok ? FLASH_MS + 20 : FLASH_MS * 3 + 20);
  }

  // -- drawing --------------------------------------------------------------

  // Motion (static/core/motion.js): a card keeps its key, so a swap slides
  // between the pile and the centre.
  function faceCard(/** @type {any} */ c, /** @type {Record<string, any>} */ attrs = {}) {
    return el("button", { type: "button", class: "pl-card", title: cardName(c), "aria-label": cardName(c), dataset: { card: String(c.card), motion: `card:${c.card}` }, ...attrs }, [
      garment(c.design, c.colour),
    ]);
  }

  function drawTop(/** @type {any} */ v) {
    clear(top);
    const phase = {
      ready: t("Waiting for everybody to be ready"),
      countdown: t("Get ready"),
      play: t("Swap!"),
      over: t("Match over"),
    }[v.phase];
    top.append(el("span", { class: "pl-phase", text: phase }));
    if (v.phase === "play" && v.timer_seconds && phaseEnds()) {
      top.append(el("span", { class: "pl-timer", title: t("Time left"), text: formatClock(phaseEnds() - ctx.now()) }));
    }
    if (v.action_limit) {
      top.append(el("span", { class: "pl-limit muted", text: fmt("{done} of {limit} actions", { done: v.actions, limit: v.action_limit }) }));
    }
  }

  function drawOthers(/** @type {any} */ v) {
    clear(others);
    v.seats.forEach((/** @type {any} */ seat, /** @type {number} */ index) => {
      if (index === me()) return;
      const minis = seat.piles.map((/** @type {any} */ p, /** @type {number} */ i) => {
        if (p.status === "locked") {
          const c = p.cards[0];
          return el("span", { class: "pl-mini locked", title: fmt("Pile {number}: {design}", { number: i + 1, design: t(designName(p.design)) }) }, [garment(c.design, c.colour)]);
        }
        return el("span", {
          class: `pl-mini${p.status === "open" ? " open" : ""}`,
          title: p.status === "open" ? fmt("Holds pile {number}", { number: i + 1 }) : t("Face-down pile"),
          text: String(i + 1),
        });
      });
      others.append(el("div", { class: `pl-other${v.winners.includes(index) ? " winner" : ""}`, dataset: { seat: String(index) } }, [
        el("span", { class: "pl-other-name", text: ctx.name(index) }),
        v.phase === "ready" ? el("span", { class: "badge", text: seat.ready ? t("ready") : "…" }) : null,
        el("span", { class: "pl-locked", title: t("Complete piles"), text: `${seat.locked}/6` }),
        el("span", { class: "pl-minis" }, minis),
      ]));
    });
  }

  function drawCentre(/** @type {any} */ v) {
    clear(centre);
    centre.append(el("h3", { text: t("Centre") }));
    const row = el("div", { class: "pl-row" });
    const now = Date.now();
    const busy = new Set([...pending.values()].map((p) => p.slot));
    v.centre.forEach((/** @type {any} */ c, /** @type {number} */ slot) => {
      const flash = flashes.get(slot);
      if (flash && flash.until < now) flashes.delete(slot);
      const live = flash && flash.until >= now ? flash : null;
      const chosen = heldPile !== null && sel.slot === slot;
      const classes = ["pl-slot", chosen ? "chosen" : "", busy.has(slot) ? "pending" : "", live ? (live.ok ? "ok" : "refused") : ""];
      const node = c
        ? faceCard(c, { onClick: () => clickSlot(slot) })
        : el("button", { type: "button", class: "pl-card back", disabled: true, "aria-label": t("Face-down pile") });
      const box = el("div", { class: classes.join(" "), dataset: { slot: String(slot) } }, [
        node,
        el("span", { class: "pl-slot-n", text: String(slot + 1) }),
        live ? el("span", { class: "pl-flash", role: "status", text: live.text }) : null,
      ]);
      row.append(box);
    });
    centre.append(row);
  }

  function drawHand(/** @type {any} */ v) {
    clear(hand);
    const mine = v.piles ?? [];
    const held = mine.findIndex((/** @type {any} */ p) => p.status === "open");
    heldPile = held >= 0 ? held : null;
    if (heldPile === null) {
      const hint = v.phase === "play" && me() !== null ? t("Pick up one of your piles (click it or press 1-6).") : "";
      hand.append(el("p", { class: "pl-hint muted", text: hint }));
      return;
    }
    const cards = mine[heldPile].cards;
    if (sel.card !== null && !cards.some((/** @type {any} */ c) => c.card === sel.card)) sel.card = null;
    const fan = el("div", { class: "pl-fan", style: `--n: ${cards.length}` });
    const waiting = new Set([...pending.values()].map((p) => p.card));
    cards.forEach((/** @type {any} */ c, /** @type {number} */ i) => {
      const node = faceCard(c, {
        class: `pl-card${sel.card === c.card ? " selected" : ""}${waiting.has(c.card) ? " pending" : ""}`,
        style: `--i: ${i - (cards.length - 1) / 2}`,
        "aria-pressed": sel.card === c.card ? "true" : "false",
      });
      node.addEventListener("pointerdown", (event) => startDrag(event, c, node));
      fan.append(node);
    });
    hand.append(
      el("h3", { text: fmt("Pile {number} in your hand", { number: heldPile + 1 }) }),
      fan,
      el("button", { type: "button", class: "pl-close", text: t("Put the pile down"), onClick: sendClose, disabled: !legal().some((a) => a.type === "close") }),
    );
  }

  function drawPiles(/** @type {any} */ v) {
    clear(piles);
    if (!v.piles) return;
    const row = el("div", { class: "pl-row" });
    v.piles.forEach((/** @type {any} */ p, /** @type {number} */ i) => {
      const canOpen = legal().some((a) => a.type === "open" && a.pile === i);
      let face;
      if (p.status === "locked") face = el("span", { class: "pl-stack-face" }, [garment(p.cards[0].design, p.cards[0].colour)]);
      else if (p.status === "open") face = el("span", { class: "pl-stack-face in-hand", text: t("in hand") });
      else face = el("span", { class: "pl-stack-face", text: "?" });
      row.append(el("button", {
        type: "button",
        class: `pl-stack ${p.status}`,
        disabled: !canOpen,
        title: p.status === "locked" ? fmt("Pile {number}: {design}", { number: i + 1, design: t(designName(p.design)) })
          : p.status === "open" ? fmt("Pile {number} in your hand", { number: i + 1 })
          : fmt("Pick up pile {number}", { number: i + 1 }),
        dataset: { pile: String(i) },
        onClick: () => sendOpen(i),
      }, [face, el("kbd", { text: String(i + 1) })]));
    });
    piles.append(el("h3", { text: fmt("Your piles: {locked} of 6 complete", { locked: v.seats[me()]?.locked ?? 0 }) }), row);
  }

  function drawOverlay(/** @type {any} */ v) {
    clear(overlay);
    let content = null;
    if (v.phase === "ready") {
      const ready = legal().some((a) => a.type === "ready");
      content = el("div", { class: "pl-panel" }, [
        el("h2", { text: t("Piles!") }),
        el("p", { text: t("Make each of your six piles four cards of one design. Everybody plays at once.") }),
        ready
          ? el("button", { type: "button", class: "primary pl-ready", text: t("I am ready"), onClick: sendReady })
          : el("p", { class: "muted", text: me() === null ? t("Waiting for everybody to be ready") : t("Waiting for the others…") }),
      ]);
    } else if (v.phase === "countdown") {
      const left = phaseEnds() ? Math.max(1, Math.ceil((phaseEnds() - ctx.now()) / 1000)) : 3;
      content = el("div", { class: "pl-count", role: "timer", text: String(Math.min(3, left)) });
    } else if (v.phase === "play" && Date.now() < goUntil) {
      content = el("div", { class: "pl-count go", text: t("Go!") });
    } else if (v.phase === "over") {
      const names = v.winners.map((/** @type {number} */ s) => ctx.name(s));
      const mine = me() !== null && v.winners.includes(me());
      content = el("div", { class: "pl-panel pl-winner", role: "status" }, [
        el("h2", { text: mine ? t("You won!") : wonBy(names) }),
        el("p", { text: v.ended_by === "piles" ? t("Six piles complete.") : t("Most piles complete when the match ended.") }),
        el("button", { type: "button", text: t("See the board"), onClick: () => { overlay.hidden = true; overlay.dataset.dismissed = "1"; } }),
      ]);
    }
    overlay.hidden = !content || (v.phase === "over" && overlay.dataset.dismissed === "1");
    if (content) overlay.append(content);
  }

  function drawKeys(/** @type {any} */ v) {
    keys.textContent = v.phase === "play" && me() !== null
      ? t("Keys: 1-6 pick up a pile · ←→ centre card · ↑↓ your card · Enter swap · Esc put down")
      : "";
  }

  function draw() {
    const v = view();
    if (!v) return;
    root.dataset.phase = v.phase;
    drawTop(v);
    drawOthers(v);
    drawCentre(v);
    drawHand(v);
    drawPiles(v);
    drawOverlay(v);
    drawKeys(v);
  }

  // -- choosing by click ------------------------------------------------------

  function clickSlot(/** @type {number} */ slot) {
    sel.slot = slot;
    const cards = heldCards();
    if (sel.card !== null && cards.some((c) => c.card === sel.card)) sendSwap(sel.card, slot);
    else draw();
  }

  function heldCards() {
    const v = view();
    if (!v?.piles || heldPile === null) return [];
    return /** @type {any[]} */ (v.piles[heldPile].cards ?? []);
  }

  // -- dragging (pointer events: mouse, pen and touch alike) --------------------

  /** @param {PointerEvent} event @param {any} c @param {HTMLElement} node */
  function startDrag(event, c, node) {
    if (event.button !== 0) return;
    const x0 = event.clientX;
    const y0 = event.clientY;
    /** @type {HTMLElement|null} */ let ghost = null;
    const move = (/** @type {PointerEvent} */ e) => {
      if (!ghost && Math.hypot(e.clientX - x0, e.clientY - y0) < DRAG_START_PX) return;
      if (!ghost) {
        ghost = /** @type {HTMLElement} */ (node.cloneNode(true));
        ghost.classList.add("pl-ghost");
        document.body.append(ghost);
        root.classList.add("dragging");
      }
      ghost.style.left = `${e.clientX}px`;
      ghost.style.top = `${e.clientY}px`;
      for (const box of root.querySelectorAll(".pl-slot")) box.classList.remove("over");
      slotAt(e)?.classList.add("over");
      e.preventDefault();
    };
    const up = (/** @type {PointerEvent} */ e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      root.classList.remove("dragging");
      if (ghost) {
        ghost.remove();
        const box = slotAt(e);
        if (box) sendSwap(c.card, Number(box.dataset.slot));
        else draw();
      } else {
        // A click: choose this card (and swap if a centre card was chosen by keyboard last).
        sel.card = sel.card === c.card ? null : c.card;
        draw();
      }
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  }

  /** @param {PointerEvent} e @returns {HTMLElement|null} */
  function slotAt(e) {
    const hit = document.elementsFromPoint(e.clientX, e.clientY).find((n) => n instanceof HTMLElement && n.classList.contains("pl-slot"));
    return /** @type {HTMLElement|null} */ (hit ?? null);
  }

  // -- keyboard ---------------------------------------------------------------

  const playing = () => view()?.phase === "play" && me() !== null;
  /** Move the chosen centre card (left/right) or the chosen card of the pile in hand (up/down). */
  function moveChoice(/** @type {KeyboardEvent} */ event) {
    const v = view();
    if (!playing() || !v) return false;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const step = event.key === "ArrowLeft" ? -1 : 1;
      sel.slot = (sel.slot + step + v.centre.length) % v.centre.length;
    } else {
      const cards = heldCards();
      if (!cards.length) return false;
      const at = cards.findIndex((c) => c.card === sel.card);
      const step = event.key === "ArrowUp" ? -1 : 1;
      const next = at < 0 ? (step > 0 ? 0 : cards.length - 1) : (at + step + cards.length) % cards.length;
      sel.card = cards[next].card;
    }
    draw();
    return true;
  }
  ctx.keys.add(
    { key: "1-6", label: t("Pick up pile 1 to 6"), run: (/** @type {any} */ _e, /** @type {number} */ n) => playing() && (sendOpen(n - 1), true) },
    { key: "ArrowLeft ArrowRight", show: "← →", label: t("Choose the centre card"), run: moveChoice },
    { key: "ArrowUp ArrowDown", show: "↑ ↓", label: t("Choose the card of the pile in your hand"), run: moveChoice },
    { key: "Enter", label: t("Swap the two chosen cards (before the match: I am ready)"), run: () => {
      const v = view();
      if (v?.phase === "ready" && me() !== null) return sendReady(), true;
      const cards = heldCards();
      if (!playing() || !cards.length) return false;
      sendSwap(sel.card ?? cards[0].card, sel.slot);
      return true;
    } },
    { key: "Escape", label: t("Put the pile down"), run: () => playing() && (sendClose(), true) },
  );

  // The timer and the countdown tick between updates.
  setInterval(() => {
    const v = view();
    if (v && (v.phase === "countdown" || (v.phase === "play" && (v.timer_seconds || goUntil)))) {
      drawTop(v);
      drawOverlay(v);
    }
  }, 200);

  return {
    update(/** @type {any} */ state, /** @type {any[]} */ events) {
      const before = last?.view?.phase;
      last = state;
      if (events.some((e) => e.type === "match_started") || (before === "countdown" && state.view?.phase === "play")) {
        goUntil = Date.now() + 800;
      }
      draw();
    },
    answer,
  };
}
