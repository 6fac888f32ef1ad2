// @ts-check
/**
 * Motion that tells what happened (FLIP with the Web Animations API).
 *
 * The board is always redrawn at once in its final state; motion only plays
 * over it afterwards (transforms and opacity), so it never delays a click and
 * a player's own input is never waited on. Under `prefers-reduced-motion`
 * nothing moves at all.
 *
 * Boards opt in with attributes on what they draw:
 * - `data-motion="key"`: the same thing across redraws (a card id, a pawn);
 *   when it changes place it slides from where it was.
 * - `data-motion-from="seat:N"` on something new: it slides in from seat N's
 *   panel (an opponent's card reaching the trick).
 * - `data-motion-draw`: a new SVG line or path is drawn stroke by stroke (a
 *   crossed number).
 * - `data-motion-reveal`: something new turns over like a card (a role shown).
 * A board may also export `exitSeat(events)`: the seat whose panel receives
 * what disappeared in this update (the trick's winner).
 */

const SLIDE_MS = 320;
const STEP_MS = 260;

/** What the tests read: how many animations ran. */
export const stats = { count: 0 };

export function reduced() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** @param {Element} node @param {Keyframe[]} frames @param {KeyframeAnimationOptions} options */
function animate(node, frames, options) {
  if (reduced() || typeof node.animate !== "function") return null;
  stats.count += 1;
  return node.animate(frames, { easing: "ease-out", ...options });
}

/** @param {number} seat */
function seatPanel(seat) {
  return document.querySelector(`.players [data-seat="${seat}"]`);
}

/**
 * Where each keyed node of `root` is now.
 * @param {Element} root
 * @returns {Map<string, {rect: DOMRect, node: Element}>}
 */
export function snapshot(root) {
  const seen = new Map();
  for (const node of root.querySelectorAll("[data-motion]")) {
    const key = /** @type {HTMLElement} */ (node).dataset.motion || "";
    if (key && !seen.has(key)) seen.set(key, { rect: node.getBoundingClientRect(), node });
  }
  return seen;
}

/** @param {DOMRect} from @param {DOMRect} to */
function offset(from, to) {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  return { dx, dy };
}

/** @param {Element} node @param {DOMRect} from @param {number} delay */
function slide(node, from, delay = 0) {
  const to = node.getBoundingClientRect();
  const { dx, dy } = offset(from, to);
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
  animate(node, [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
    duration: SLIDE_MS,
    delay,
    fill: "backwards",
  });
}

/**
 * A copy of a node that left the board, flying from where it was to `target`.
 * @param {Element} node @param {DOMRect} from @param {Element} target @param {number} delay
 */
function flyAway(node, from, target, delay) {
  if (reduced()) return;
  const ghost = /** @type {HTMLElement} */ (node.cloneNode(true));
  ghost.removeAttribute("id");
  ghost.setAttribute("aria-hidden", "true");
  ghost.classList.add("motion-ghost");
  if (ghost instanceof SVGElement) return; // an SVG part has no place outside its picture
  Object.assign(ghost.style, {
    left: `${from.left}px`,
    top: `${from.top}px`,
    width: `${from.width}px`,
    height: `${from.height}px`,
  });
  document.body.append(ghost);
  const { dx, dy } = offset(target.getBoundingClientRect(), from);
  const run = animate(
    ghost,
    [
      { transform: "none", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(.4)`, opacity: 0 },
    ],
    { duration: SLIDE_MS + 120, delay: delay + STEP_MS, fill: "both" },
  );
  if (run) run.finished.finally(() => ghost.remove());
  else ghost.remove();
}

/** @param {Element} node @param {number} delay */
function enter(node, delay) {
  const el = /** @type {HTMLElement} */ (node);
  if ("motionDraw" in el.dataset && "getTotalLength" in node) {
    const length = /** @type {SVGGeometryElement} */ (node).getTotalLength();
    animate(node, [{ strokeDasharray: `${length}`, strokeDashoffset: `${length}` }, { strokeDasharray: `${length}`, strokeDashoffset: "0" }], {
      duration: SLIDE_MS + 80,
      delay,
      fill: "backwards",
    });
    return;
  }
  if ("motionReveal" in el.dataset) {
    animate(node, [{ transform: "perspective(600px) rotateY(90deg)", opacity: 0.3 }, { transform: "none", opacity: 1 }], {
      duration: 520,
      delay,
      fill: "backwards",
    });
    return;
  }
  const from = el.dataset.motionFrom?.match(/^seat:(\d+)$/);
  const panel = from ? seatPanel(Number(from[1])) : null;
  if (panel) slide(node, panel.getBoundingClientRect(), delay);
  else animate(node, [{ opacity: 0, transform: "scale(.85)" }, { opacity: 1, transform: "none" }], { duration: 220, delay, fill: "backwards" });
}

/**
 * Redraw `root` with `redraw` and then animate what moved, came or went.
 * `exitSeat` is the seat that receives what left (or null: it just fades).
 * @param {Element} root @param {() => void} redraw @param {{exitSeat?: number|null, first?: boolean}} [options]
 */
export function flip(root, redraw, options = {}) {
  if (reduced() || options.first) {
    redraw();
    return;
  }
  const before = snapshot(root);
  redraw();
  const after = snapshot(root);
  const target = options.exitSeat == null ? null : seatPanel(options.exitSeat);
  let step = 0;
  for (const [key, { node }] of after) {
    const old = before.get(key);
    if (old) slide(node, old.rect);
    else if (isMarked(node)) enter(node, STEP_MS * Math.min(step++, 3));
  }
  if (!target) return;
  for (const [key, { rect, node }] of before) {
    if (!after.has(key)) flyAway(node, rect, target, 0);
  }
}

/** New nodes animate only when marked: a full redraw must not make everything pop. */
/** @param {Element} node */
function isMarked(node) {
  const d = /** @type {HTMLElement} */ (node).dataset;
  return "motionFrom" in d || "motionDraw" in d || "motionReveal" in d || "motionEnter" in d;
}

/**
 * Mark the log's new lines (the latest stay marked until the next update) and
 * light them up one after the other, in the order they happened.
 * @param {Element} log @param {Element[]} lines
 */
export function highlight(log, lines) {
  if (!lines.length) return;
  for (const old of log.querySelectorAll(".latest")) old.classList.remove("latest");
  lines.forEach((line, i) => {
    line.classList.add("latest");
    animate(line, [{ backgroundColor: "var(--gold, #d8a840)" }, { backgroundColor: "transparent" }], {
      duration: 1400,
      delay: i * STEP_MS,
      fill: "backwards",
    });
  });
}
