// @ts-check
/**
 * Screen-reader support at every table.
 *
 * - A polite live region reads out what changed: the server's own sentences
 *   for the events this seat may see (already in the reader's language), a
 *   few at a time, so a fast real-time game does not flood the reader.
 * - "Describe the table" puts the seat's current view into words, on demand:
 *   the game's `static/games/<id>/describe.js` (`describe(state, ctx)` → lines)
 *   or, without one, a short generic description. Both read only what the
 *   board receives (the seat's own view), so they cannot reveal hidden cards.
 */

import { nfmt } from "./i18n.js";
import { el, clear } from "./widgets.js";

const MAX_LINES = 4; // kept in the live region (older ones are dropped)
const BATCH_MS = 400; // events arriving together are read as one message
const MAX_PER_BATCH = 3; // a burst says its last sentences and how many more

/**
 * @param {HTMLElement} app the table page's root
 * @param {any} ctx the board context (t, fmt, name, seat, texts)
 * @param {string} describeUrl the game's describe.js, or "" for the generic one
 */
export function createAnnouncer(app, ctx, describeUrl) {
  const live = /** @type {HTMLElement} */ (app.querySelector('[data-role="announce"]'));
  const button = /** @type {HTMLButtonElement|null} */ (app.querySelector('[data-role="describe"]'));
  const panel = /** @type {HTMLElement|null} */ (app.querySelector('[data-role="description"]'));
  /** @type {any} */
  let state = null;
  /** @type {string[]} */
  let pending = [];
  let timer = 0;
  // The describers name seats with ctx.name: the reader's own seat is marked
  // "(you)" wherever a game mentions it (its hand, its score, its vote).
  // (A view on ctx, not a copy: ctx.seat is read when the table is described.)
  const readerCtx = Object.create(ctx, {
    name: {
      value: (/** @type {number} */ seat) =>
        seat === ctx.seat && seat !== null ? ctx.fmt("{player} (you)", { player: ctx.name(seat) }) : ctx.name(seat),
    },
  });
  /** @type {Promise<any>} */
  const module = describeUrl ? import(`/static/${describeUrl}`).catch(() => null) : Promise.resolve(null);

  function flush() {
    timer = 0;
    if (!pending.length) return;
    const skipped = pending.length - MAX_PER_BATCH;
    const lines = pending.slice(-MAX_PER_BATCH);
    pending = [];
    const text = (skipped > 0 ? `${nfmt("{n} more event.", "{n} more events.", skipped, { n: skipped })} ` : "") + lines.join(" ");
    live.append(el("p", { text }));
    while (live.childElementCount > MAX_LINES) live.firstElementChild?.remove();
  }

  /** Say something now (a refusal, the end of the match). @param {string} text */
  function say(text) {
    if (!text) return;
    pending.push(text);
    if (!timer) timer = window.setTimeout(flush, BATCH_MS);
  }

  async function describe() {
    if (!state) return [ctx.t("The table is loading.")];
    const game = await module;
    let lines = [];
    try {
      lines = game?.describe ? game.describe(state, readerCtx) : [];
    } catch (error) {
      console.error(error); // fall back to the generic description
      lines = [];
    }
    return [...common(state, ctx), ...(lines.length ? lines : generic(state, ctx))];
  }

  if (button && panel) {
    button.addEventListener("click", async () => {
      const open = button.getAttribute("aria-expanded") === "true";
      if (open) {
        button.setAttribute("aria-expanded", "false");
        panel.hidden = true;
        return;
      }
      await refresh();
      button.setAttribute("aria-expanded", "true");
      panel.hidden = false;
      panel.focus();
    });
  }

  async function refresh() {
    if (!panel) return;
    const lines = await describe();
    clear(panel);
    panel.append(el("ul", {}, lines.filter(Boolean).map((line) => el("li", { text: line }))));
  }

  return {
    /** @param {any[]} events the new events, each with the server's `text` */
    events(events) {
      for (const e of events || []) if (e.text) say(e.text);
    },
    say,
    /** @param {any} next the state handed to the board */
    update(next) {
      state = next;
      if (panel && !panel.hidden) refresh();
      return next;
    },
    describe,
  };
}

/** Who plays, whose turn it is, the end: the same for every game. */
function common(state, ctx) {
  const lines = [];
  const names = state.seats.map((/** @type {any} */ s, /** @type {number} */ i) =>
    i === ctx.seat ? ctx.fmt("{player} (you)", { player: s.name }) : s.name,
  );
  lines.push(ctx.fmt("Players: {players}.", { players: names.join(", ") }));
  if (state.status === "finished") {
    lines.push(ctx.t("The match is over."));
  } else if (ctx.seat !== null && state.legal.length) {
    lines.push(ctx.fmt("Your turn: {n} possible moves.", { n: state.legal.length }));
  } else if (state.active.length) {
    lines.push(ctx.fmt("Waiting for {player}.", { player: state.active.map((/** @type {number} */ s) => ctx.name(s)).join(", ") }));
  }
  return lines;
}

/** Without a game describer: the view's simple fields, one per line. */
function generic(state, ctx) {
  const lines = [];
  for (const [key, value] of Object.entries(state.view || {})) {
    if (value === null || typeof value === "object") continue;
    lines.push(`${key.replace(/_/g, " ")}: ${value}`);
  }
  if (!lines.length) lines.push(ctx.t("No description of this game yet."));
  return lines;
}
