// @ts-check
/**
 * Inside Job's pieces drawn by our own code: playing cards (colour, symbol
 * and value), mission cards (condition and trump in words and icon) and intel
 * tokens (a small briefcase).
 */

import { nt } from "../../core/i18n.js";
import { CONDITIONS, SUITS, suitOf, valueOf } from "./cards.js";

/** The four suits' shapes, as in cards.js SUITS: diamond, club, star, heart. */
const SUIT_PATHS = [
  "M10 1 L18 10 L10 19 L2 10 Z",
  "M10 1.5 A4.2 4.2 0 0 1 13.6 8 A4.2 4.2 0 1 1 11.2 14.6 L12.6 18.5 H7.4 L8.8 14.6 A4.2 4.2 0 1 1 6.4 8 A4.2 4.2 0 0 1 10 1.5 Z",
  "M10 1 L12.6 7 L19 7.4 L14 11.6 L15.6 18.2 L10 14.6 L4.4 18.2 L6 11.6 L1 7.4 L7.4 7 Z",
  "M10 18.5 C3 13.5 1 10 1 6.6 C1 3.6 3.3 1.6 5.8 1.6 C7.7 1.6 9.2 2.8 10 4.4 C10.8 2.8 12.3 1.6 14.2 1.6 C16.7 1.6 19 3.6 19 6.6 C19 10 17 13.5 10 18.5 Z",
];

/** @param {any} ctx */
export function pieces(ctx) {
  const { el, svg } = ctx.widgets;
  const { t, fmt } = ctx;

  /** A suit's symbol drawn in SVG (1em square, in the card's ink), so it looks
   * the same on every system instead of depending on a font's glyph. @param {number} suit */
  function suitIcon(suit) {
    return svg("svg", { viewBox: "0 0 20 20", class: "ij-suit-icon", "aria-hidden": "true", focusable: "false" }, [
      svg("path", { d: SUIT_PATHS[suit] ?? SUIT_PATHS[0], fill: "currentColor" }),
    ]);
  }

  /** "blue 7" in the reader's language, symbol first. @param {number} card */
  function cardName(card) {
    const s = SUITS[suitOf(card)];
    return fmt("{symbol} {colour} {value}", { symbol: s.symbol, colour: t(s.name), value: valueOf(card) });
  }

  /** The suit word with its symbol. @param {number} suit */
  function suitLabel(suit) {
    const s = SUITS[suit];
    return el("span", { class: "ij-suit", style: `--suit: ${s.color}; --suit-ink: ${s.ink}` }, [
      el("span", { class: "ij-suit-symbol", "aria-hidden": "true" }, [suitIcon(suit)]),
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
      el("span", { class: "ij-corner", "aria-hidden": "true" }, [el("b", { text: value }), suitIcon(suitOf(card))]),
      el("span", { class: "ij-pip", "aria-hidden": "true" }, [suitIcon(suitOf(card))]),
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
        el("span", { class: "ij-trump-icon", "aria-hidden": "true" }, [suitIcon(mission.trump)]),
        fmt("Trump: {colour}", { colour: t(s.name) }),
      ]),
      opts.note ? el("small", { class: "ij-note", text: opts.note }) : null,
    ]);
    return node;
  }

  return { cardName, suitIcon, suitLabel, playingCard, token, tokens, missionCard };
}
