// @ts-check
/**
 * Alfred, the solo automa (the view's `alfred`): his coins, points, Bonus
 * track, the action cards he has turned up this cycle (the last one is his
 * latest turn), his workers and seal rows. His deck stays face down.
 */

import { seal } from "./mainboard.js";
import { icon } from "./icons.js";

export const ALFRED_COLOR = "#3b3b6b";

/** @param {any} w @param {any} L @param {any} data @param {any} view */
export function drawAlfred(w, L, data, view) {
  const { el } = w;
  const a = view.alfred;
  if (!a) return null;
  const stat = (/** @type {string} */ label, /** @type {string} */ pic, /** @type {any} */ value, shown = value) => {
    const words = `${label}: ${value}`;
    return el("span", { class: "dj-stat", title: words, role: "img", "aria-label": words }, [icon(pic), shown === "" ? null : el("b", { text: String(shown) })]);
  };
  const last = a.display[a.display.length - 1];
  const rows = a.seals.map((/** @type {string[]} */ row, /** @type {number} */ i) => el("div", { class: `dj-alfred-row${a.placed[i] ? " placed" : ""}` }, [
    el("b", { text: "ABCD"[i] }), ...row.map((/** @type {string} */ c) => seal(el, L, c)),
    el("small", { class: "muted", text: a.placed[i] ? L.t("placed") : L.t("ready") }),
  ]));
  return el("section", { class: "dj-alfred", dataset: { alfred: "" } }, [
    el("h4", { text: L.t("Alfred, the solo automa") }),
    el("div", { class: "dj-stats" }, [
      stat(L.t("coins"), "coin", `${a.coins}/12`), stat(L.t("points"), "vp", a.vp),
      stat(L.t("evolution"), "book", L.fmt("{step} ({books} books)", { step: a.evolution, books: a.books }), `${a.evolution}·${a.books}`),
      stat(L.t("Bonus track"), "ribbon", `${a.bonus}/12`), stat(L.t("ship"), "navigate", a.ship, ""),
      stat(L.t("stamps"), "stamp", a.stamps.join("·")), stat(L.t("score now"), "vp", a.score, `= ${a.score}`),
    ]),
    el("p", { class: "dj-alfred-turn" }, [
      el("b", { text: L.t("His last turn:") }), " ",
      last ? L.fmt("card {card} of {n} turned up this cycle", { card: last, n: a.display.length }) : L.t("none yet"),
      " · ", L.fmt("{n} cards left face down", { n: a.deck_count }),
    ]),
    el("div", { class: "dj-alfred-rows" }, rows),
  ]);
}
