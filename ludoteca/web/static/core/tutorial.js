// @ts-check
/**
 * The tutorial's guide bubble, on top of an ordinary table page.
 *
 * After every table update it asks the server where the learner is
 * (/tutorial/<game>/step.json: the step's text, the CSS selector of the part
 * of the board to look at, and the actions the step accepts). It rings the
 * target and points at it; before an action leaves the page it checks it
 * against the step and, when it is not the one asked for, explains why
 * instead of sending it. Nothing about the game's rules lives here.
 *
 * The answer and the board's frames come apart (HTTP and the socket): an
 * answer may tell of a version the board has not drawn yet (the learner's
 * action and the bots' replies already played on the server, their frames
 * still on their way). The guide waits for the board to draw that version
 * before it shows such an answer: shown at once, it said "your turn" over
 * the previous turn's board, still clickable, and the click went out with
 * the old version, to be refused as stale (a CI run stalled so, once).
 */

import { fmt, t } from "./i18n.js";
import { canonical, clear, el } from "./widgets.js";

const config = JSON.parse(
  /** @type {HTMLElement} */ (document.getElementById("tutorial-config")).textContent || "{}",
);
const guide = /** @type {HTMLElement} */ (document.querySelector('[data-role="guide"]'));
/** @param {string} name */
const part = (name) => /** @type {HTMLElement} */ (guide.querySelector(`[data-guide="${name}"]`));
const board = () => /** @type {HTMLElement|null} */ (document.querySelector('[data-role="board"]'));

/** @type {any} */
let progress = null; // the answer shown: never of a version the board has not drawn
/** @type {any} */
let latest = null; // the newest answer, perhaps ahead of the board
let pending = false; // an accepted action is on its way: the server decides
let asked = -2;
let folded = false;
let scrollPending = false; // a new step: bring its target into view once drawn

/** The page's action gate (see table.js ctx.send). @param {any} action */
function allowed(action) {
  if (!progress || pending || !progress.your_turn || progress.expected === null) {
    pending = true;
    return true;
  }
  const key = canonical(action);
  const legal = /** @type {any} */ (window).ludoteca?.table?.legal ?? [];
  // Not a legal move at all: the server's refusal says why in the game's words.
  if (!legal.some((/** @type {any} */ a) => canonical(a) === key)) return true;
  if (progress.expected.some((/** @type {any} */ a) => canonical(a) === key)) {
    pending = true;
    hideWrong();
    return true;
  }
  showWrong(progress.wrong);
  return false;
}
/** @type {any} */ (window).ludotecaGuard = allowed;

/** @param {string} text */
function showWrong(text) {
  const box = part("wrong");
  box.textContent = text;
  box.hidden = false;
  setFolded(false);
  place();
}

function hideWrong() {
  part("wrong").hidden = true;
}

/** The version the board shows now (drawn by table.js), -1 before the first. */
function drawn() {
  const version = Number(document.body.dataset.version);
  return Number.isFinite(version) ? version : -1;
}

/**
 * After the board drew `version`: show the newest answer it has caught up
 * with, and ask the server when none is of that version or later.
 * @param {number} version
 */
async function refresh(version) {
  settle();
  if (latest && latest.version >= version) return; // known, or the board catches up
  if (version === asked) return;
  asked = version;
  let data;
  try {
    const response = await fetch(config.step_url, { headers: { Accept: "application/json" } });
    if (!response.ok) return;
    data = await response.json();
  } catch {
    return; // the next update asks again
  }
  // Older than the version asked about since, or than an answer come first.
  if (data.version < asked || (latest && data.version < latest.version)) return;
  latest = data;
  settle();
}

/** Show the newest answer unless it is ahead of the board (then its update shows it). */
function settle() {
  const data = latest;
  if (!data || data === progress || data.version > drawn()) return;
  const moved = !progress || progress.step !== data.step;
  progress = data;
  pending = false;
  if (moved) hideWrong();
  if (moved) scrollPending = true;
  draw();
}

/** On a phone the guide is docked at the bottom: scroll the target above it. */
function bringIntoView() {
  const node = target();
  if (!node || !scrollPending) return;
  scrollPending = false;
  if (!guide.classList.contains("docked")) return;
  const top = node.getBoundingClientRect().top + window.scrollY - 70;
  window.scrollTo({ top: Math.max(0, top) });
}

/** @param {string} text */
function paragraphs(text) {
  return text.split(/\n\s*\n/).map((p) => el("p", { text: p.trim() }));
}

function draw() {
  const p = progress;
  guide.hidden = false;
  guide.dataset.step = String(p.step);
  guide.classList.toggle("done", p.done);
  part("count").textContent = p.done
    ? t("Tutorial finished")
    : fmt("Step {n} of {total}", { n: p.step + 1, total: p.steps });
  const intro = part("intro");
  intro.textContent = p.intro;
  intro.hidden = !p.intro;
  const text = part("text");
  clear(text);
  text.append(...paragraphs(p.text));
  if (p.done) {
    text.append(
      el("p", {}, [
        el("a", { class: "button primary", href: "/tutorial/", text: t("More tutorials") }),
        " ",
        el("a", { class: "button", href: "/", text: t("Back to the lobby") }),
      ]),
    );
  }
  part("wait").hidden = p.done || p.your_turn || p.over;
  mark();
}

/** Ring the step's target on the board (boards redraw: called again then). */
function mark() {
  for (const node of document.querySelectorAll(".tutorial-target")) {
    node.classList.remove("tutorial-target");
  }
  const selector = progress?.target;
  if (selector) {
    try {
      for (const node of document.querySelectorAll(selector)) node.classList.add("tutorial-target");
    } catch {
      /* a bad selector in a script only loses the ring */
    }
  }
  place();
  bringIntoView();
}

/** The visible parts of the board the guide rings. */
function targets() {
  return [...document.querySelectorAll(".tutorial-target")]
    .map((n) => /** @type {HTMLElement} */ (n))
    .filter((n) => n.getBoundingClientRect().width > 0 && !guide.contains(n));
}

function target() {
  return targets()[0];
}

/**
 * Put the bubble beside the rung parts (desktop), never over any of them, or
 * docked at the bottom (phone). Its arrow points at the first one.
 */
function place() {
  const arrow = /** @type {HTMLElement} */ (guide.querySelector(".guide-arrow"));
  const nodes = targets();
  const docked = window.innerWidth < 820 || !nodes.length;
  guide.classList.toggle("docked", docked);
  arrow.hidden = docked;
  if (docked) {
    guide.style.left = guide.style.top = "";
    return;
  }
  const rects = nodes.map((n) => n.getBoundingClientRect());
  const box = {
    top: Math.min(...rects.map((r) => r.top)),
    bottom: Math.max(...rects.map((r) => r.bottom)),
  };
  const first = rects[0];
  const width = guide.offsetWidth;
  const height = guide.offsetHeight;
  const fitsBelow = box.bottom + height + 16 < window.innerHeight;
  const fitsAbove = box.top - height - 16 > 0;
  const below = fitsBelow || !fitsAbove;
  const left = Math.min(
    Math.max(8, first.left + first.width / 2 - width / 2),
    document.documentElement.clientWidth - width - 8,
  );
  const top = below ? box.bottom + 14 : box.top - height - 14;
  guide.style.left = `${left + window.scrollX}px`;
  guide.style.top = `${Math.max(8, top + window.scrollY)}px`;
  guide.classList.toggle("above", !below);
  arrow.style.left = `${Math.min(Math.max(12, first.left + first.width / 2 - left - 8), width - 28)}px`;
}

/** @param {boolean} value */
function setFolded(value) {
  folded = value;
  guide.classList.toggle("folded", folded);
  const button = part("fold");
  button.textContent = folded ? t("Show") : t("Hide");
  button.setAttribute("aria-expanded", String(!folded));
}
part("fold").addEventListener("click", () => { setFolded(!folded); place(); });

document.addEventListener("ludoteca:update", (event) => {
  refresh(/** @type {CustomEvent} */ (event).detail.version);
});
let frame = 0;
const redraw = () => {
  cancelAnimationFrame(frame);
  frame = requestAnimationFrame(() => {
    if (!progress?.target) return place();
    if (!document.querySelector(".tutorial-target")) mark();
    else place();
  });
};
new MutationObserver(redraw).observe(document.body, { childList: true, subtree: true });
window.addEventListener("resize", redraw);
window.addEventListener("scroll", redraw, { passive: true });

const start = Number(document.body.dataset.version);
refresh(Number.isFinite(start) ? start : -1);
/** For the browser tests: the progress the guide shows, and the newest answer. */
/** @type {any} */ (window).ludotecaTutorial = { get progress() { return progress; }, get latest() { return latest; }, board };
