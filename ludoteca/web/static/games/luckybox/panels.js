// @ts-check
/**
 * The parts of the Lucky Box table that only show public facts: a player's
 * tokens, the other players (their cards on demand, compact), the score sheet
 * by round and the final result with the solo rating band.
 */

import { wonBy } from "../../core/i18n.js";
import { inlineIcon } from "./icons.js";
import { BAND_FLOORS, SOLO_BANDS, STATUS_NAMES } from "./names.js";
import { drawSheet } from "./sheet.js";

/** @param {any} ctx */
export function panels(ctx) {
  const { el } = ctx.widgets;
  const { t, fmt } = ctx;

  /** Lightning, stars this round and moons of one player. @param {any} p @param {any} view */
  function tokens(p, view) {
    const cap = view.options?.max_lightning;
    const item = (/** @type {string} */ kind, /** @type {string} */ label, /** @type {string} */ value) =>
      el("span", { class: `lb-token lb-token-${kind}`, title: label }, [
        inlineIcon(kind, label), el("b", { text: value }),
      ]);
    return el("span", { class: "lb-tokens" }, [
      item("lightning", t("Lightning"), cap ? `${p.lightning}/${cap}` : String(p.lightning)),
      item("star", t("Stars this round"), String(p.stars)),
      item("moon", t("Moons"), String(p.moons)),
    ]);
  }

  /** @param {any} p @param {number[]} active */
  function statusBadge(p, active) {
    const busy = active.includes(p.seat);
    let text = t(STATUS_NAMES[p.status] ?? p.status);
    if (p.status === "drafting") text = fmt("Choosing among {count} cards", { count: p.offered });
    return el("span", { class: `lb-status${busy ? " busy" : ""}`, dataset: { status: p.status }, text });
  }

  /**
   * The other players: name, what they are doing, tokens, score; cards on demand.
   * @param {any} view @param {number[]} active @param {Set<number>} open @param {() => void} redraw
   * @param {(face: any, compact: boolean) => any} sheetOpts
   */
  function others(view, active, open, redraw, sheetOpts) {
    const me = view.you?.seat ?? null;
    const rows = view.players.filter((/** @type {any} */ p) => p.seat !== me);
    if (!rows.length) return null;
    return el("section", { class: "lb-others" }, [
      el("h3", { text: me === null ? t("Players") : t("Other players") }),
      ...rows.map((/** @type {any} */ p) => {
        const shown = open.has(p.seat);
        return el("div", { class: `lb-other${active.includes(p.seat) ? " busy" : ""}`, dataset: { seat: String(p.seat) } }, [
          el("div", { class: "lb-other-head" }, [
            el("b", { class: "lb-other-name", text: ctx.name(p.seat) }),
            statusBadge(p, active),
            tokens(p, view),
            el("span", { class: "lb-other-score", text: fmt("Score: {points}", { points: view.final?.players[p.seat].total ?? p.score }) }),
            p.cards.length === 0 ? null : el("button", {
              type: "button", class: "button lb-toggle", "aria-expanded": shown ? "true" : "false",
              text: shown ? t("Hide cards") : fmt("Show cards ({count})", { count: p.cards.length }),
              onclick: () => { if (shown) open.delete(p.seat); else open.add(p.seat); redraw(); },
            }),
          ]),
          shown ? el("div", { class: "lb-other-cards" }, p.cards.length
            ? p.cards.map((/** @type {any} */ face) => drawSheet(face, sheetOpts(face, true)))
            : [el("span", { class: "muted", text: t("No cards yet.") })]) : null,
        ]);
      }),
    ]);
  }

  /** The score sheet: each round's points, and at the end moons, unfinished cards and total. @param {any} view */
  function scores(view) {
    const final = view.final;
    /** @type {[Node|string, string|undefined][]} */
    const head = [[t("Player"), undefined]];
    for (let r = 1; r <= 4; r++) head.push([String(r), fmt("Round {round}", { round: r })]);
    if (final) {
      head.push([inlineIcon("moon", t("Moons")), t("Moons")]);
      head.push([t("Cells"), t("Unfinished cards: one point per two crossed cells")]);
    }
    head.push([t("Total"), undefined]);
    const body = view.players.map((/** @type {any} */ p) => {
      const cells = [el("th", { scope: "row", text: ctx.name(p.seat) })];
      for (let r = 0; r < 4; r++) {
        const s = p.round_scores[r];
        cells.push(el("td", {
          text: s ? String(s.total) : "",
          title: s ? fmt("Round {round}: {cards} for cards and {stars} for stars", { round: r + 1, cards: s.cards, stars: s.stars }) : undefined,
          class: r + 1 === view.round && !final ? "current" : undefined,
        }));
      }
      const f = final?.players[p.seat];
      if (f) cells.push(el("td", { text: signed(f.moons) }), el("td", { text: String(f.unfinished) }));
      cells.push(el("td", { class: "lb-total", text: String(f ? f.total : p.score) }));
      return el("tr", { class: p.seat === view.you?.seat ? "me" : undefined }, cells);
    });
    return el("section", { class: "lb-scores" }, [
      el("h3", { text: final ? t("Final scores") : t("Scores by round") }),
      el("div", { class: "lb-scores-scroll" }, [
        el("table", {}, [
          el("thead", {}, [el("tr", {}, head.map(([label, title]) => el("th", { scope: "col", title }, [label])))]),
          el("tbody", {}, body),
        ]),
      ]),
    ]);
  }

  /** The final result: the winners or, alone, the rating band. @param {any} view @param {any} outcome */
  function result(view, outcome) {
    const final = view.final;
    if (!final) return null;
    if (final.solo_band) {
      const total = final.players[0].total;
      const band = t(SOLO_BANDS[final.solo_band] ?? final.solo_band);
      return el("div", { class: "lb-result solo", dataset: { band: final.solo_band } }, [
        el("div", { class: "lb-result-total", text: String(total) }),
        el("p", { class: "lb-band", text: fmt("Final score {total}: {band}", { total, band }) }),
        el("ol", { class: "lb-bands" }, BAND_FLOORS.map(([id, floor]) =>
          el("li", { class: id === final.solo_band ? "here" : undefined }, [
            el("b", { text: floor === null ? fmt("under {points}", { points: 45 }) : fmt("{points} or more", { points: floor }) }),
            " ",
            t(SOLO_BANDS[/** @type {string} */ (id)]),
          ]),
        )),
      ]);
    }
    const best = Math.max(...final.players.map((/** @type {any} */ f) => f.total));
    /** @type {number[]} */
    const winners = outcome?.winners
      ?? view.players.filter((/** @type {any} */ p) => final.players[p.seat].total === best).map((/** @type {any} */ p) => p.seat);
    return el("div", { class: "lb-result" }, [
      el("div", { class: "lb-result-total", text: String(best) }),
      el("p", { class: "lb-band", text: wonBy(winners.map((s) => ctx.name(s))) }),
    ]);
  }

  return { tokens, statusBadge, others, scores, result };
}

/** @param {number} n */
function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}
