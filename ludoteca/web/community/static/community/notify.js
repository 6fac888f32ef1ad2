// @ts-check
/**
 * The header's notifications while a page is open: polls the unread count,
 * shows it in the tab title and the header, and tells the player their turn
 * came with a browser notification (permission asked for on a click only,
 * on the notifications page) or, failing that, a short sound.
 * Words come translated from the page (data attributes), not from here.
 */

const EVERY_MS = 20_000;
const SEEN_KEY = "ludoteca.turn-alerted"; // the last "your turn" alerted, across tabs
const bell = /** @type {HTMLElement | null} */ (document.querySelector('[data-role="bell"]'));
const baseTitle = document.title.replace(/^\(\d+\) /, "");
// A table page's title is its own turn cue (core/cues.js): left alone there.
const ownsTitle = !document.getElementById("table-app");

/** @param {number} unread */
function show(unread) {
  if (ownsTitle) document.title = unread > 0 ? `(${unread}) ${baseTitle}` : baseTitle;
  if (!bell) return;
  bell.dataset.unread = String(unread);
  const count = /** @type {HTMLElement | null} */ (bell.querySelector('[data-role="bell-count"]'));
  if (!count) return;
  count.hidden = unread === 0;
  const figure = count.querySelector('[aria-hidden="true"]');
  if (figure) figure.textContent = String(unread);
  else count.textContent = ` ${unread}`;
}

function beep() {
  try {
    const Ctx = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.08, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.25);
  } catch {
    // no sound: the title still shows the count
  }
}

/** @param {{id: number, text: string, url: string, table_url: string}} turn */
function alertTurn(turn) {
  if (String(turn.id) === localStorage.getItem(SEEN_KEY)) return;
  localStorage.setItem(SEEN_KEY, String(turn.id));
  if (location.pathname === turn.table_url && document.hasFocus()) return; // at it already
  if ("Notification" in window && Notification.permission === "granted") {
    const n = new Notification("Ludoteca", { body: turn.text, tag: `turn-${turn.id}` });
    n.onclick = () => { window.focus(); location.assign(turn.url); };
  } else {
    beep();
  }
}

let first = true;
async function poll() {
  try {
    const answer = await fetch("/notifications/count.json", { credentials: "same-origin" });
    if (!answer.ok) return;
    const data = await answer.json();
    show(data.unread);
    // The turn already waiting when the page opened was seen on the page itself.
    if (data.turn && !first) alertTurn(data.turn);
    else if (data.turn) localStorage.setItem(SEEN_KEY, localStorage.getItem(SEEN_KEY) || String(data.turn.id));
  } catch {
    // offline for a moment: the next poll tries again
  } finally {
    first = false;
  }
}

/** The notifications page's button: ask for permission, on a click only. */
function alertsButton() {
  const button = /** @type {HTMLButtonElement | null} */ (document.querySelector('[data-role="alerts"]'));
  const state = document.querySelector('[data-role="alerts-state"]');
  if (!button || !state) return;
  const say = () => {
    if (!("Notification" in window)) state.textContent = button.dataset.unsupported || "";
    else if (Notification.permission === "granted") state.textContent = button.dataset.on || "";
    else if (Notification.permission === "denied") state.textContent = button.dataset.blocked || "";
    else state.textContent = "";
    button.hidden = !("Notification" in window) || Notification.permission !== "default";
  };
  button.addEventListener("click", async () => {
    await Notification.requestPermission();
    say();
  });
  say();
}

show(Number(bell?.dataset.unread || 0));
alertsButton();
poll();
setInterval(() => { if (!document.hidden) poll(); }, EVERY_MS);
document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
