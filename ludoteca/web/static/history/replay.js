// @ts-check
/**
 * The replay viewer: steps through a finished match with the game's own board
 * module, from one seat's point of view, a spectator's, or every seat's.
 */
import * as widgets from "../core/widgets.js";

const { el, clear } = widgets;
const config = JSON.parse(/** @type {HTMLElement} */ (document.getElementById("replay-config")).textContent || "{}");
const g = /** @type {any} */ (window);
const t = (/** @type {string} */ s) => (g.gettext ? g.gettext(s) : s);
const fmt = (/** @type {string} */ s, /** @type {Record<string, any>} */ p = {}) =>
  t(s).replace(/\{(\w+)\}/g, (_, k) => (k in p ? String(p[k]) : `{${k}}`));

const root = /** @type {HTMLElement} */ (document.getElementById("replay-app"));
const part = (/** @type {string} */ name) => /** @type {HTMLElement} */ (root.querySelector(`[data-role="${name}"]`));
const boards = part("boards");
const slider = /** @type {HTMLInputElement} */ (part("slider"));
const pov = /** @type {HTMLSelectElement} */ (part("pov"));
const counter = part("counter");
const moveLine = part("move");

let step = 0;
const steps = config.steps;
slider.max = String(steps);
if (config.board_css) {
  document.head.append(el("link", { rel: "stylesheet", href: `/static/${config.board_css}` }));
}
const boardModule = await import(`/static/${config.board}`).catch(() => import("/static/core/generic-board.js"));

/** @param {number|null} seat */
function makeBoard(seat) {
  const holder = el("section", { class: "replay-board" }, [
    seat === null
      ? el("h2", { text: t("Spectator") })
      : el("h2", {}, [widgets.avatar(config.seats[seat].avatar), config.seats[seat].name]),
  ]);
  const inner = el("div", { class: "board" });
  holder.append(inner);
  boards.append(holder);
  const ctx = {
    seat,
    spectator: seat === null,
    t,
    fmt,
    widgets,
    name: (/** @type {number} */ s) => config.seats[s]?.name ?? fmt("Seat {n}", { n: s + 1 }),
    // The same catalogs as at the table (docs/board-api.md), so the board
    // reads as it did during the match, never its internal keys.
    texts: config.texts || {},
    channels: {},
    say: () => false,
    now: () => Date.now(),
    send: () => false,
    // A replay takes no actions: the boards' shortcuts are accepted and unused
    // (the arrow keys step through the match instead).
    keys: { add: () => {}, press: () => {} },
  };
  return boardModule.createBoard(inner, ctx);
}

/** @type {{seat: number|null, board: any}[]} */
let mounted = [];

function mount() {
  clear(boards);
  const choice = pov.value;
  if (choice === "all") {
    mounted = config.seats.map((/** @type {any} */ s) => ({ seat: s.seat, board: makeBoard(s.seat) }));
  } else {
    const seat = choice === "none" ? null : Number(choice);
    mounted = [{ seat, board: makeBoard(seat) }];
  }
}

async function show(/** @type {number} */ target) {
  step = Math.max(0, Math.min(steps, target));
  slider.value = String(step);
  counter.textContent = fmt("Move {k} of {n}", { k: step, n: steps });
  const seatParam = pov.value;
  const response = await fetch(`${config.frames}?step=${step}&seat=${seatParam}`);
  const frame = await response.json();
  const mover = frame.move && (frame.move.seat === null ? t("the clock") : config.seats[frame.move.seat].name);
  moveLine.textContent = !frame.move
    ? t("The match begins.")
    : frame.move.text || fmt("{name} made a move.", { name: mover });
  const log = part("log");
  clear(log);
  for (const line of frame.log) {
    log.append(el("li", { text: line.text, class: line.step === step ? "current" : "" }));
  }
  log.lastElementChild?.scrollIntoView({ block: "nearest" });
  for (const { seat, board } of mounted) {
    const view = seatParam === "all" ? frame.views[String(seat)] : frame.views.seat;
    board.update(
      {
        view,
        legal: [],
        active: [],
        seats: config.seats.map((/** @type {any} */ s) => ({ ...s, bot: null, standin: null, connected: true, clock_ms: 0 })),
        status: frame.outcome ? "finished" : "playing",
        outcome: frame.outcome,
        channels: {},
        clock: null,
        version: step,
      },
      [],
    );
  }
}

part("first").addEventListener("click", () => show(0));
part("prev").addEventListener("click", () => show(step - 1));
part("next").addEventListener("click", () => show(step + 1));
part("last").addEventListener("click", () => show(steps));
slider.addEventListener("input", () => show(Number(slider.value)));
pov.addEventListener("change", () => { mount(); show(step); });
document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement && event.target !== slider) return;
  if (event.key === "ArrowRight") { show(step + 1); event.preventDefault(); }
  if (event.key === "ArrowLeft") { show(step - 1); event.preventDefault(); }
  if (event.key === "Home") { show(0); event.preventDefault(); }
  if (event.key === "End") { show(steps); event.preventDefault(); }
});
mount();
show(0);
