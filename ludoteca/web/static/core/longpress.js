// @ts-check
/**
 * Touch screens have no hover: a long press on anything that carries a
 * `title` (a hint, a card's name, a token's meaning) shows that text in a
 * bubble, on every page. The click that ends a long press is swallowed, so
 * reading a card's hint never plays it.
 */

const HOLD_MS = 500;
const MOVE_PX = 10;

let timer = 0;
let start = { x: 0, y: 0 };
let swallowClick = false;
/** @type {HTMLElement|null} */
let bubble = null;

function hide() {
  bubble?.remove();
  bubble = null;
}

/** @param {string} text @param {number} x @param {number} y */
function show(text, x, y) {
  hide();
  bubble = document.createElement("div");
  bubble.className = "longpress-bubble";
  bubble.setAttribute("role", "status");
  bubble.textContent = text;
  document.body.append(bubble);
  const box = bubble.getBoundingClientRect();
  const left = Math.min(Math.max(8, x - box.width / 2), window.innerWidth - box.width - 8);
  const top = y - box.height - 24 < 8 ? y + 24 : y - box.height - 24;
  bubble.style.left = `${left + window.scrollX}px`;
  bubble.style.top = `${top + window.scrollY}px`;
}

document.addEventListener(
  "touchstart",
  (event) => {
    hide();
    clearTimeout(timer);
    if (event.touches.length !== 1) return;
    const touch = event.touches[0];
    const target = /** @type {Element|null} */ (event.target instanceof Element ? event.target : null);
    const holder = target?.closest("[title]");
    const text = holder?.getAttribute("title") || "";
    if (!text) return;
    start = { x: touch.clientX, y: touch.clientY };
    timer = window.setTimeout(() => {
      swallowClick = true;
      show(text, start.x, start.y);
    }, HOLD_MS);
  },
  { passive: true },
);

document.addEventListener(
  "touchmove",
  (event) => {
    const touch = event.touches[0];
    if (touch && Math.hypot(touch.clientX - start.x, touch.clientY - start.y) > MOVE_PX) clearTimeout(timer);
  },
  { passive: true },
);

for (const type of ["touchend", "touchcancel"]) {
  document.addEventListener(type, () => {
    clearTimeout(timer);
    // The click (if any) follows the touchend at once; after that, clicks count again.
    if (swallowClick) window.setTimeout(() => { swallowClick = false; }, 400);
  }, { passive: true });
}

document.addEventListener(
  "click",
  (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.preventDefault();
    event.stopPropagation();
  },
  true,
);

document.addEventListener("scroll", hide, { passive: true });
