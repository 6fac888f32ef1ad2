// @ts-check
/**
 * The end of the journey: the score breakdown per category for every player
 * (view.final) and the summary the end dialog shows (solo rating included).
 */

import { SEAT_COLORS } from "./labels.js";

const soloTier = (/** @type {any} */ L, /** @type {string} */ k) => ({
  legendary: L.t("Legendary naturalist"), great: L.t("Great naturalist"),
  good: L.t("Good naturalist"), beginner: L.t("Beginner naturalist"),
})[k] ?? k;

/** The table of points by category, or null before the end. @param {any} w @param {any} L @param {any} view @param {any} outcome */
export function finalScores(w, L, view, outcome) {
  const { el } = w;
  if (!view?.final) return null;
  const cats = Object.keys(L.categories);
  const totals = view.final.map((/** @type {any} */ b) => cats.reduce((s, c) => s + (b[c] ?? 0), 0));
  const tier = outcome?.details?.solo_tier;
  return el("section", { class: "dj-final-box" }, [
    el("h3", { text: L.t("Final scoring") }),
    el("table", { class: "dj-final-table" }, [
      el("thead", {}, [el("tr", {}, [el("th", {}), ...view.final.map((/** @type {any} */ _, /** @type {number} */ s) => el("th", { style: `--seat: ${SEAT_COLORS[s]}`, text: L.name(s) }))])]),
      el("tbody", {}, [
        ...cats.map((c) => el("tr", {}, [el("th", { text: L.categories[c] }), ...view.final.map((/** @type {any} */ b) => el("td", { text: String(b[c] ?? 0) }))])),
        el("tr", { class: "total" }, [el("th", { text: L.t("Total") }), ...totals.map((/** @type {number} */ n) => el("td", { text: String(n) }))]),
      ]),
    ]),
    tier ? el("p", { text: L.fmt("Solo result: {tier}", { tier: soloTier(L, tier) }) }) : null,
  ]);
}

/** The end dialog's summary (table.js hook): the solo rating and points by category. */
export function endSummary(/** @type {any} */ w, /** @type {any} */ L, /** @type {any} */ view, /** @type {any} */ outcome) {
  const { el } = w;
  if (!view?.final) return null;
  const cats = Object.keys(L.categories);
  const tier = outcome?.details?.solo_tier;
  return el("div", { class: "dj-end-summary" }, [
    tier ? el("p", { class: "dj-solo-tier", text: L.fmt("Solo result: {tier}", { tier: soloTier(L, tier) }) }) : null,
    // One line per player: a bot's name holds " · " itself ("Dice Daisy · hard bot").
    el("ul", { class: "muted dj-end-points" }, view.final.map((/** @type {any} */ b, /** @type {number} */ s) =>
      el("li", {}, [
        el("b", { text: `${L.name(s)}: ` }),
        cats.filter((c) => b[c]).map((c) => `${L.categories[c]} ${b[c]}`).join(", ") || "0",
      ]))),
  ]);
}
