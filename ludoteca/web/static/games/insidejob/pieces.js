// @ts-check
/**
 * Inside Job's pieces drawn by our own code: playing cards (colour, symbol
 * and value), mission cards (condition and trump in words and icon) and intel
 * tokens (a small briefcase).
 */

import { nt } from "../../core/i18n.js";
import { CONDITIONS, SUITS, suitOf, valueOf } from "./cards.js";

/** @param {any} ctx */
export function pieces(ctx) {
  const { el, svg } = ctx.widgets;
  const { t, fmt } = ctx;

  /** "blue 7" in the reader's language, symbol first. @param {number} card */
  function cardName(card) {
    const s = SUITS[suitOf(card)];
    return fmt("{symbol} {colour} {value}", { symbol: s.symbol, colour: t(s.name), value: valueOf(card) });
  }

  /** The suit word with its symbol. @param {number} suit */
  function suitLabel(suit) {
    const s = SUITS[suit];
    return el("span", { class: "ij-suit", style: `--suit: ${s.color}; --suit-ink: ${s.ink}` }, [
      el("span", { class: "ij-suit-symbol", text: s.symbol, "aria-hidden": "true" }),
      t(s.name),
    ]);
  }

  /**
   * A playing card as a button (disabled unless `onClick`).
   * @param {number} card
   * @param {{onClick?: () => void, wager?: boolean, trump?: boolean, small?: boolean,
   *          dim?: boolean, selected?: boolean, hint?: string}} [opts]
   */
  function playingCard(card, opts = {}) {
    const s = SUITS[suitOf(card)];
    const value = String(valueOf(card));
    const classes = ["ij-card"];
    if (opts.small) classes.push("small");
    if (opts.dim) classes.push("dim");
    if (opts.selected) classes.push("selected");
    if (opts.onClick) classes.push("playable");
    const node = el("button", {
      type: "button",
      class: classes.join(" "),
      style: `--suit: ${s.color}; --suit-ink: ${s.ink}`,
      disabled: !opts.onClick,
      title: opts.hint || cardName(card),
      dataset: { card: String(card) },
      onclick: opts.onClick,
    }, [
      el("span", { class: "sr-only", text: cardName(card) }),
      el("span", { class: "ij-corner", "aria-hidden": "true" }, [el("b", { text: value }), el("span", { text: s.symbol })]),
      el("span", { class: "ij-pip", text: s.symbol, "aria-hidden": "true" }),
      el("span", { class: "ij-value", text: value, "aria-hidden": "true" }),
      el("span", { class: "ij-colour", text: t(s.name), "aria-hidden": "true" }),
    ]);
    if (opts.wager) node.append(el("span", { class: "ij-bet", title: t("An intel token is bet on this card: it counts as trump.") }, [token(), t("bet")]));
    else if (opts.trump) node.append(el("span", { class: "ij-trump-mark", text: t("trump") }));
    return node;
  }

  /** A small briefcase, the intel token. @param {string} [cls] */
  function token(cls = "") {
    return svg("svg", { viewBox: "0 0 20 16", class: `ij-token ${cls}`, "aria-hidden": "true" }, [
      svg("path", { d: "M7 3V1.5h6V3", fill: "none", stroke: "currentColor", "stroke-width": 1.6 }),
      svg("rect", { x: 1, y: 3, width: 18, height: 12, rx: 2.5, fill: "currentColor" }),
      svg("rect", { x: 8.5, y: 7.5, width: 3, height: 2.5, rx: .6, fill: "#fff", opacity: .8 }),
    ]);
  }

  /** `n` tokens (at most `max` drawn, then a count). @param {number} n @param {number} [max] */
  function tokens(n, max = 6) {
    const box = el("span", { class: "ij-tokens", title: nt("{n} intel", "{n} intel", n).replace("{n}", String(n)) });
    for (let i = 0; i < Math.min(n, max); i++) box.append(token());
    if (n === 0) box.append(token("none"));
    if (n > max) box.append(el("span", { class: "ij-token-n", text: `×${n}` }));
    return box;
  }

  /**
   * A mission card: condition, trump colour, risky and house marks.
   * @param {any} mission  the view's mission object
   * @param {{onClick?: () => void, disabled?: boolean, note?: string}} [opts]
   */
  function missionCard(mission, opts = {}) {
    const s = SUITS[mission.trump];
    const condition = /** @type {Record<string,string>} */ (CONDITIONS)[mission.condition] ?? mission.condition;
    const tag = opts.onClick || opts.disabled ? "button" : "div";
    const node = el(tag, {
      class: `ij-mission${mission.risky ? " risky" : ""}${opts.onClick ? " choosable" : ""}`,
      style: `--suit: ${s.color}; --suit-ink: ${s.ink}`,
      type: tag === "button" ? "button" : undefined,
      disabled: tag === "button" && !opts.onClick,
      onclick: opts.onClick,
      dataset: { mission: mission.id },
    }, [
      el("div", { class: "ij-mission-head" }, [
        el("span", { class: "ij-mission-id", text: mission.id }),
        mission.risky ? el("span", { class: "ij-badge risky", text: t("risky") }) : null,
        mission.house ? el("span", { class: "ij-badge", text: t("house mission"), title: t("Written for Ludoteca: the printed card is not known.") }) : null,
      ]),
      el("p", { class: "ij-condition", text: t(condition) }),
      el("div", { class: "ij-mission-trump" }, [
        el("span", { class: "ij-trump-icon", text: s.symbol, "aria-hidden": "true" }),
        fmt("Trump: {colour}", { colour: t(s.name) }),
      ]),
      opts.note ? el("small", { class: "ij-note", text: opts.note }) : null,
    ]);
    return node;
  }

  return { cardName, suitLabel, playingCard, token, tokens, missionCard };
}
