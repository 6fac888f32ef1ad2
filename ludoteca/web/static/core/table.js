// @ts-check
/**
 * The table client: one per page. It owns the socket and the versioned state,
 * draws the seat panels, clocks, log, chat, refusal notices and the end screen,
 * and hands the seat's view and legal actions to the game's board module
 * (static/games/<id>/board.js, see docs/board-api.md).
 */

import { createAnnouncer } from "./announce.js";
import { createCues } from "./cues.js";
import { fmt, nt, t } from "./i18n.js";
import { createKeyboard } from "./keyboard.js";
import * as motion from "./motion.js";
import { TableSocket } from "./socket.js";
import * as widgets from "./widgets.js";

const { el, clear, formatClock } = widgets;

const config = JSON.parse(
  /** @type {HTMLElement} */ (document.getElementById("table-config")).textContent || "{}",
);
const app = /** @type {HTMLElement} */ (document.getElementById("table-app"));
/** @param {string} role */
const part = (role) => /** @type {HTMLElement} */ (app.querySelector(`[data-role="${role}"]`));

/** Everything the client knows; replaced by "state", advanced by "update". */
const table = {
  version: /** @type {number|null} */ (null),
  seat: /** @type {number|null} */ (null),
  view: /** @type {any} */ (null),
  legal: /** @type {any[]} */ ([]),
  active: /** @type {number[]} */ ([]),
  seats: /** @type {any[]} */ ([]),
  clock: /** @type {any} */ (null),
  clockSkew: 0,
  status: "playing",
  outcome: /** @type {any} */ (null),
  standings: /** @type {any} */ (null),
  seed: /** @type {string|null} */ (null),
  info: /** @type {any} */ (null),
  channels: /** @type {Record<string,string>} */ ({ table: "read" }),
};

/**
 * Timing marks, read by the end-to-end tests: when each action left (by ref),
 * when each version was drawn, and the version each action was answered at
 * (its ack's, or the table's at its refusal).
 */
const marks = {
  sent: /** @type {Record<string, number>} */ ({}),
  received: /** @type {Record<number, number>} */ ({}),
  answered: /** @type {Record<string, number>} */ ({}),
};
/** @type {any} */ (window).ludoteca = { table, marks, motion: motion.stats };

let board = /** @type {any} */ (null);
let refCounter = 0;
let endShown = false;

if (config.board_css) {
  document.head.append(el("link", { rel: "stylesheet", href: `/static/${config.board_css}` }));
}

const boardModule = await import(`/static/${config.board}`);
const keyboard = createKeyboard({ app, board: part("board"), t, el, openChat: () => setChatOpen(true) });
const ctx = {
  get seat() { return table.seat; },
  spectator: config.spectator,
  t,
  fmt,
  widgets,
  /** Keyboard shortcuts: `keys.add({key, label, run})` (static/core/keyboard.js). */
  keys: keyboard,
  /** The game's text.py catalogs, translated by the server (docs/board-api.md). */
  texts: config.texts || {},
  /** The chat channels this seat may read ("read") or also write ("write"). */
  get channels() { return table.channels; },
  /** Send a chat line to one of `channels` (refused unless "write"). */
  say(/** @type {string} */ channel, /** @type {string} */ text) {
    return socket.send("chat", null, { text, channel });
  },
  /** @param {number} seat */
  name: (seat) => table.seats[seat]?.name ?? fmt("Seat {n}", { n: seat + 1 }),
  /** @param {object} action @returns {number} the ref of the sent action, 0 if not sent */
  send(action) {
    if (table.version === null) return 0;
    // A page may hold actions back with an explanation (the tutorial's guide).
    if (/** @type {any} */ (window).ludotecaGuard?.(action) === false) return 0;
    const ref = ++refCounter;
    marks.sent[ref] = Date.now();
    const sent = socket.send("act", table.version, { action, ref });
    if (!sent) notice(t("Not connected; reconnecting. Try again in a moment."), true);
    return sent ? ref : 0;
  },
  /** The server's clock now (epoch ms), for deadlines in `state.clock`. */
  now: () => Date.now() + table.clockSkew,
};
board = boardModule.createBoard(part("board"), ctx);
const announcer = createAnnouncer(app, ctx, config.describe || "");
const cues = createCues(app, t);
/** @type {any} */ (window).ludoteca.cues = cues.stats;
/** @type {any} */ (window).ludoteca.announcer = announcer;
/** @type {any} */ (window).ludoteca.keys = keyboard;

/*
 * Frames are taken in once per animation frame, in the order they came, and
 * the table is drawn once for all of them. Drawing on every frame as it came
 * cost more than a frame's time at a busy table (a Mafia night of bots that
 * change their minds: dozens of updates a second): on a slow or loaded
 * machine the page fell further and further behind the table (half a minute
 * on a loaded test machine, where a screenshot of it then timed out).
 * `window.ludoteca.table` and the page change together, in the same task.
 * A hidden tab has no animation frames: there each frame is taken at once, so
 * the tab's title still says when the turn comes.
 */
/** @type {{t: string, v: number|null, d: any}[]} */
let inbox = [];
let inboxFrame = 0;
/** @type {number|null} */
let newest = null;
/** What changed since the table was last drawn. */
const pending = {
  changed: false,
  first: false,
  versions: /** @type {number[]} */ ([]),
  events: /** @type {any[]} */ ([]),
  lines: /** @type {Element[]} */ ([]),
};

/** @param {{t: string, v: number|null, d: any}} frame */
function receive(frame) {
  if ((frame.t === "state" || frame.t === "update") && frame.v !== null) newest = frame.v;
  inbox.push(frame);
  if (document.hidden) takeIn();
  else if (!inboxFrame) inboxFrame = requestAnimationFrame(takeIn);
}

// A tab hidden with frames waiting takes them in now (its title is the turn cue).
document.addEventListener("visibilitychange", () => {
  if (document.hidden && inbox.length) takeIn();
});

function takeIn() {
  cancelAnimationFrame(inboxFrame);
  inboxFrame = 0;
  try {
    while (inbox.length) handle(/** @type {any} */ (inbox.shift()));
  } finally {
    if (inbox.length) inboxFrame = requestAnimationFrame(takeIn); // one threw: the rest next time
    drawTable();
  }
}

const socket = new TableSocket(config.ws, {
  // The newest version received, drawn or not: a reconnection asks for what follows it.
  lastVersion: () => newest ?? table.version,
  onStatus: (status) => {
    const conn = part("conn");
    conn.dataset.status = status;
    conn.textContent = status === "open" ? "●" : "○";
    conn.title = status === "open" ? t("Connected") : t("Reconnecting…");
  },
  onFrame: (frame) => receive(frame),
});
/** @type {any} */ (window).ludoteca.socket = socket;

/** @param {{t: string, v: number|null, d: any}} frame */
function handle(frame) {
  const d = frame.d;
  switch (frame.t) {
    case "state":
      table.seat = d.seat;
      table.info = d.info;
      table.channels = d.channels || table.channels;
      part("seed-hash").textContent = d.seed_hash;
      clear(part("log"));
      pending.lines = [];
      addLog(d.log);
      absorb(frame.v, d, true);
      break;
    case "update":
      table.channels = d.channels || table.channels;
      pending.lines.push(...addLog(d.events));
      announcer.events(d.events);
      absorb(frame.v, d, false);
      break;
    case "ack":
      marks.answered[d.ref] = frame.v ?? -1;
      notice("");
      board.answer?.({ ok: true, ref: d.ref, version: frame.v });
      break;
    case "refused":
    case "error":
      if (d.ref) marks.answered[d.ref] = frame.v ?? -1;
      // A board may take a refusal in hand (returning true): then no notice.
      if (frame.t === "refused" && board.refused?.(d) === true) break;
      notice(d.text || d.code, true);
      board.answer?.({ ok: false, ref: d.ref, code: d.code, text: d.text || d.code });
      break;
    case "seats":
      table.seats = d.seats;
      setClock(d.clock);
      drawPlayers();
      break;
    case "chat":
      addChat(d);
      break;
  }
}

/**
 * Take in a full state or an update; the table is drawn after the frames
 * that came with it (`drawTable`).
 * @param {number|null} version @param {any} d @param {boolean} full
 */
function absorb(version, d, full) {
  table.version = version;
  table.view = d.view;
  table.legal = d.legal || [];
  table.active = d.active || [];
  table.seats = d.seats || table.seats;
  table.status = d.status;
  table.outcome = d.outcome || null;
  table.standings = d.standings || null;
  table.seed = d.seed || null;
  setClock(d.clock);
  pending.changed = true;
  if (version !== null) pending.versions.push(version);
  // After a load or a reconnection the first drawing has nothing to tell.
  if (full) {
    pending.first = true;
    pending.events = [];
  } else {
    pending.events.push(...(d.events || []));
  }
}

/** Draw what the frames just taken in changed, once. */
function drawTable() {
  if (!pending.changed) return;
  const { first, versions, events, lines } = pending;
  pending.changed = false;
  pending.first = false;
  pending.versions = [];
  pending.events = [];
  pending.lines = [];
  const version = table.version;
  const drawnAt = Date.now();
  for (const v of versions) marks.received[v] = drawnAt;
  document.body.dataset.version = String(version);
  drawPlayers();
  drawStatus();
  motion.highlight(part("log"), lines);
  scrollLog();
  // Real time has no turns: Piles! is always open to every seat.
  const turns = table.info?.kind !== "real-time";
  cues.update(turns && table.status === "playing" && table.seat !== null && table.active.includes(table.seat) && table.legal.length > 0);
  const draw = () => board.update(
    announcer.update({
      view: table.view,
      legal: table.legal,
      active: table.active,
      seats: table.seats,
      status: table.status,
      outcome: table.outcome,
      channels: table.channels,
      clock: table.clock,
      version,
    }),
    events,
  );
  motion.flip(part("board"), draw, { first: first || !events.length, exitSeat: board.exitSeat?.(events) ?? null });
  if (table.status === "finished") showEnd();
  document.dispatchEvent(new CustomEvent("ludoteca:update", { detail: { version } }));
}

/** @param {any} clock */
function setClock(clock) {
  if (!clock) return;
  table.clock = clock;
  table.clockSkew = clock.now - Date.now();
  tickClocks();
}

function drawPlayers() {
  const box = part("players");
  clear(box);
  table.seats.forEach((s, index) => {
    const you = index === table.seat;
    const panel = el(
      "div",
      {
        class: `player${table.active.includes(index) ? " active" : ""}${you ? " you" : ""}`,
        dataset: { seat: String(index) },
      },
      [
        el("span", { class: `dot ${s.connected ? "on" : "off"}`, title: s.connected ? t("Connected") : t("Not connected") }, [
          el("span", { class: "sr-only", text: s.connected ? t("Connected") : t("Not connected") }),
        ]),
        widgets.avatar(s.avatar),
        el("span", { class: "player-name", text: s.name }),
        you ? el("span", { class: "badge", text: t("you") }) : null,
        table.active.includes(index) ? el("span", { class: "sr-only", text: t("(to play)") }) : null,
        s.standin ? el("span", { class: "badge warn", text: s.standin_badge || t("a bot is playing") }) : null,
        el("span", { class: "clock", dataset: { seat: String(index) } }),
      ],
    );
    box.append(panel);
  });
  const me = table.seat !== null ? table.seats[table.seat] : null;
  const reclaim = app.querySelector('[data-role="reclaim"]');
  const leave = app.querySelector('[data-role="leave"]');
  const over = table.status === "finished";
  if (reclaim) /** @type {HTMLElement} */ (reclaim).hidden = !me?.standin || over;
  if (leave) /** @type {HTMLElement} */ (leave).hidden = !!me?.standin || over;
  tickClocks();
}

function tickClocks() {
  const clock = table.clock;
  if (!clock) return;
  const now = Date.now() + table.clockSkew;
  const phase = part("phase");
  phase.textContent =
    clock.phase_ends && table.status === "playing" ? formatClock(clock.phase_ends - now) : "";
  for (const node of app.querySelectorAll(".clock[data-seat]")) {
    const seat = Number(/** @type {HTMLElement} */ (node).dataset.seat);
    const running = table.status === "playing" && clock.running.includes(seat);
    let text;
    if (table.info?.kind === "real-time") {
      text = ""; // no turns, no per-seat clocks: the game's own timer counts
    } else if (clock.mode === "relaxed") {
      text = running && clock.deadline ? relaxedLeft(clock.deadline - now) : "";
    } else {
      const left = clock.ms[seat] - (running && clock.since ? now - clock.since : 0);
      text = formatClock(left);
      node.classList.toggle("low", running && left < 20000);
    }
    node.textContent = text;
    node.classList.toggle("running", running);
  }
}
setInterval(tickClocks, 250);

/** A relaxed clock counts hours ("23 h"), not seconds, until its last hour. @param {number} ms */
function relaxedLeft(ms) {
  const hours = Math.floor(ms / 3_600_000);
  return hours >= 1 ? fmt("{n} h", { n: hours }) : formatClock(ms);
}

function drawStatus() {
  const status = part("status");
  if (table.status === "finished") {
    status.textContent = t("The match is over.");
  } else if (table.info?.kind === "real-time") {
    status.textContent = ""; // no turns: the board tells what is going on
  } else if (table.seat !== null && table.active.includes(table.seat) && table.legal.length) {
    status.textContent = t("Your turn.");
  } else if (table.active.length) {
    const names = table.active.map((s) => ctx.name(s)).join(", ");
    status.textContent = fmt("Waiting for {player}.", { player: names });
  } else {
    status.textContent = "";
  }
  status.parentElement?.classList.toggle("your-turn", status.textContent === t("Your turn."));
}

/**
 * Add entries to the log in version order: a platform notice (the match
 * begins, a timeout) arrives with the chat history after a reload, later than
 * the events around it, and goes back to its place (after that version's
 * events). The same sentence at the same version is written once (the game's
 * "The match is over." and the platform's). The log is searched from its end,
 * over the lines of this version and later ones only: a long match's log is
 * not read again for every event.
 * @param {any[]} events
 * @returns {Element[]} the lines added
 */
function addLog(events) {
  const added = [];
  const log = part("log");
  for (const e of events || []) {
    if (!e.text) continue;
    const v = String(e.v);
    let after = null;
    let same = false;
    for (let other = log.lastElementChild; other; other = other.previousElementSibling) {
      const at = /** @type {HTMLElement} */ (other).dataset.v;
      if (at === v) {
        if (other.textContent === e.text) same = true;
      } else if (Number(at) > Number(e.v)) {
        after = other;
      } else if (Number(at) < Number(e.v)) {
        break;
      }
    }
    if (same) continue;
    const li = el("li", { text: e.text, dataset: { v, type: e.type } });
    log.insertBefore(li, after);
    added.push(li);
  }
  return added;
}

function scrollLog() {
  const log = part("log");
  log.parentElement?.scrollTo({ top: log.scrollHeight });
}

let noticeTimer = 0;
/** @param {string} text @param {boolean} [bad] */
function notice(text, bad = false) {
  const box = part("notice");
  clearTimeout(noticeTimer);
  box.textContent = text;
  box.hidden = !text;
  box.classList.toggle("bad", bad);
  if (text) noticeTimer = window.setTimeout(() => { box.hidden = true; }, 6000);
}

// -- chat -----------------------------------------------------------------------

const chat = part("chat");
const toggle = part("chat-toggle");
const unread = part("unread");
let unreadCount = 0;
const seenChat = new Set();
/** The last chat line read at this table, kept across reloads (the history comes again). */
const readKey = `ludoteca-chat-read-${config.table}`;
let newestChat = 0;
function lastRead() {
  try { return Number(localStorage.getItem(readKey)) || 0; } catch { return 0; }
}
/** @param {number} id */
function markRead(id) {
  if (id <= lastRead()) return;
  try { localStorage.setItem(readKey, String(id)); } catch { /* private mode: the badge may come back */ }
}

/** @param {boolean} open */
function setChatOpen(open) {
  const wasOpen = !chat.hidden;
  chat.hidden = !open;
  toggle.classList.toggle("open", open);
  if (open) {
    unreadCount = 0;
    unread.hidden = true;
    markRead(newestChat);
    /** @type {HTMLInputElement} */ (chat.querySelector("input")).focus();
  } else if (wasOpen && chat.contains(document.activeElement)) {
    toggle.focus(); // the keyboard goes on from where the chat opened
  }
}
chat.addEventListener("keydown", (event) => {
  if (event.key === "Escape") {
    setChatOpen(false);
    event.preventDefault();
  }
});
toggle.addEventListener("click", () => setChatOpen(chat.hidden));
part("chat-close").addEventListener("click", () => setChatOpen(false));

/** @param {any} line */
function addChat(line) {
  if (seenChat.has(line.id)) return;
  seenChat.add(line.id);
  newestChat = Math.max(newestChat, line.id);
  board.chat?.(line);
  if (board.chat && !line.notice) return; // the board shows its game's chats
  const lines = part("chat-lines");
  lines.append(
    el("li", { class: line.notice ? "notice-line" : "" }, [
      line.notice ? null : el("b", { text: `${line.author}: ` }),
      el("span", { text: line.text }),
    ]),
  );
  lines.scrollTo({ top: lines.scrollHeight });
  if (line.notice) {
    addLog([{ text: line.text, v: line.v ?? table.version, type: "notice" }]);
    scrollLog();
  }
  const mine = table.seat !== null && line.seat === table.seat;
  if (!line.notice && (mine || !chat.hidden)) markRead(line.id);
  if (chat.hidden && !line.notice && !mine && line.id > lastRead()) {
    unreadCount += 1;
    unread.textContent = String(unreadCount);
    unread.hidden = false;
  }
}

const chatForm = /** @type {HTMLFormElement} */ (part("chat-form"));
if (config.spectator) chatForm.hidden = true;
chatForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const input = /** @type {HTMLInputElement} */ (chatForm.elements.namedItem("text"));
  const text = input.value.trim();
  if (text && socket.send("chat", null, { text })) input.value = "";
});

// -- leaving and coming back ------------------------------------------------------

app.querySelector('[data-role="leave"]')?.addEventListener("click", () => {
  if (confirm(t("Leave the match? A bot will play your seat; you can take it back before the end."))) {
    socket.send("leave", null, {});
  }
});
app.querySelector('[data-role="reclaim"]')?.addEventListener("click", () => {
  socket.send("reclaim", null, {});
});

// -- the end ------------------------------------------------------------------------

/** Links to the head-to-head page with every other person at the table. */
function rivalryLinks() {
  const me = table.seat === null ? null : table.seats[table.seat];
  if (!me || me.bot) return null;
  const others = table.seats.filter((s, i) => i !== table.seat && !s.bot);
  if (!others.length) return null;
  return el("p", { class: "rivalries" }, others.map((s) =>
    el("a", {
      class: "link",
      href: `/rivalry/${encodeURIComponent(me.name)}/${encodeURIComponent(s.name)}/`,
      text: fmt("Rivalry with {player}", { player: s.name }),
    }),
  ));
}

/**
 * Why the match ended, in the game's words: its REASONS sentence for
 * `outcome.details.reason` when it has one, else the last events of the log
 * (those of the final move), without the platform's "The match is over.".
 * @param {any} o
 */
function endReason(o) {
  const reason = o.details?.reason;
  const reasons = ctx.texts.REASONS || {};
  if (typeof reason === "string" && reasons[reason]) return reasons[reason];
  const over = [t("The match is over."), ctx.texts.EVENTS?.game_over].filter(Boolean);
  const last = [...part("log").querySelectorAll(`li[data-v="${table.version}"]`)]
    .filter((li) => li.dataset.type !== "notice")
    .map((li) => li.textContent || "")
    .filter((text) => text && !over.includes(text));
  return last.join(" ");
}

/** The seed and how to check it, folded away: words for developers. */
function verification() {
  return el("details", { class: "verify" }, [
    el("summary", { text: t("Check the match") }),
    el("p", { class: "seed" }, [
      el("span", { text: `${t("Seed")}: ` }),
      el("code", { text: table.seed || "" }),
    ]),
    el("p", { class: "muted", text: t("Anyone can check the match: the hash shown at the start is the SHA-256 of this seed, and `ludoteca replay` replays the record.") }),
    el("p", {}, [
      el("a", { class: "button", href: config.record, download: "", text: t("Download the record") }),
    ]),
  ]);
}

function showEnd() {
  if (endShown || !table.outcome) return;
  endShown = true;
  const dialog = /** @type {HTMLDialogElement} */ (part("end"));
  clear(dialog);
  const o = table.outcome;
  // The result as the history records it: a seat a bot finished counts as left.
  const standing = table.standings || { ranks: o.ranks, winners: o.winners, left: o.ranks.map(() => false) };
  const winnerNames = standing.winners.map((/** @type {number} */ s) => ctx.name(s));
  const winners = winnerNames.join(", ");
  const iLeft = table.seat !== null && standing.left[table.seat];
  const youWon = table.seat !== null && standing.winners.includes(table.seat);
  const rows = table.seats
    .map((s, i) => ({ i, rank: standing.ranks[i], score: o.scores ? o.scores[i] : null, left: standing.left[i] }))
    .sort((a, b) => a.rank - b.rank);
  // A board may add its own summary (a solo rating, ...); nobody "wins" alone.
  const summary = typeof board.endSummary === "function" ? board.endSummary() : null;
  const reason = endReason(o);
  let heading;
  if (table.seats.length === 1) heading = t("The match is over.");
  else if (iLeft) heading = t("A bot finished the match in your seat: you count as having left.");
  else if (youWon) heading = t("You won!");
  else if (!winnerNames.length) heading = t("Nobody won.");
  else heading = nt("{players} won the match.", "{players} won the match together.", winnerNames.length).replace("{players}", winners);
  dialog.append(
    // The heading takes the focus (and is read out): a key meant for the board
    // as the match ends (Enter in real time) must not follow the first link.
    el("h2", { tabindex: "-1", autofocus: true, text: heading }),
    reason ? el("p", { class: "end-reason", text: reason }) : "",
    summary ?? "",
    el("table", { class: "ranks" }, [
      o.scores ? el("thead", {}, [el("tr", {}, [
        el("th", { scope: "col", text: t("Place") }),
        el("th", { scope: "col", text: t("Player") }),
        el("th", { scope: "col", text: t("Points") }),
      ])]) : "",
      el("tbody", {}, rows.map((r) =>
        el("tr", {}, [
          el("td", { text: `${r.rank}.` }),
          el("td", {}, [
            ctx.name(r.i),
            r.left ? el("span", { class: "badge warn", text: t("left"), title: t("A bot played this seat to the end.") }) : "",
          ]),
          el("td", { text: r.score === null ? "" : String(r.score) }),
        ]),
      )),
    ]),
    rivalryLinks() ?? "", // append(null) would write "null"
    el("p", {}, [
      el("a", { class: "button", href: `/replay/${config.table}/`, text: t("Replay") }),
      " ",
      // The rematch page (community app) asks for confirmation, then offers it.
      table.seat !== null ? el("a", { class: "button", href: `/t/${config.table}/rematch/`, text: t("Rematch") }) : "",
      table.seat !== null ? " " : "",
      el("a", { class: "button primary", href: "/", text: t("Back to the lobby") }),
      " ",
      el("button", { type: "button", class: "button", text: t("See the board"), onclick: () => dialog.close() }),
    ]),
    verification(),
  );
  dialog.showModal();
}
