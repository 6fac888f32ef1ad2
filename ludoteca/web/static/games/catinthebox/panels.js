// @ts-check
/**
 * The public panels around the research board: each player's prediction,
 * tricks, X marks and score; the trick on the table; the score table.
 */

import { COLORS, colorBadge, colorIcon, seatBadge, seatColor } from "./marks.js";

export const COLOR_ORDER = ["blue", "yellow", "green", "red"];

/** A cat's head, the face of every card. @param {any} svg */
export function catFace(svg) {
  return svg("svg", { viewBox: "0 0 24 24", class: "cb-cat", "aria-hidden": "true" }, [
    svg("path", { d: "M4 10L5 3L9.6 6.6Q12 6 14.4 6.6L19 3L20 10Q21 19.5 12 20Q3 19.5 4 10Z" }),
    svg("circle", { cx: 9, cy: 12, r: 1.3, class: "eye" }),
    svg("circle", { cx: 15, cy: 12, r: 1.3, class: "eye" }),
    svg("path", { d: "M11 15h2l-1 1.2z", class: "eye" }),
  ]);
}

/**
 * A card: its number and a cat; `color` tints it with a declared colour.
 * @param {any} ctx @param {number} number @param {{color?: string, small?: boolean, selected?: boolean,
 *   dim?: boolean, onClick?: () => void, hint?: string}} [opts]
 */
export function cardFace(ctx, number, opts = {}) {
  const { el, svg } = ctx.widgets;
  const ink = opts.color ? COLORS[/** @type {keyof COLORS} */ (opts.color)]?.ink : null;
  const node = el("button", {
    type: "button",
    class: `cb-card${opts.small ? " small" : ""}${opts.selected ? " selected" : ""}${opts.dim ? " dim" : ""}${ink ? " declared" : ""}`,
    style: ink ? `--declared: ${ink}` : undefined,
    disabled: !opts.onClick,
    title: opts.hint,
    "aria-pressed": opts.selected ? "true" : undefined,
    dataset: { card: String(number), ...(opts.color ? { color: opts.color } : {}) },
    onClick: opts.onClick,
  }, [
    el("span", { class: "cb-card-n", text: String(number) }),
    opts.color ? colorBadge(svg, opts.color, opts.small ? 16 : 22, "#fff") : catFace(svg),
  ]);
  return node;
}

/**
 * The four X spaces of a seat: a covered colour is still open, a revealed X
 * means that colour is lost for the round.
 * @param {any} ctx @param {any} view @param {number} seat
 */
function xMarks(ctx, view, seat) {
  const { el, svg } = ctx.widgets;
  const { t, fmt } = ctx;
  const revealed = new Set(view.x_revealed[seat] ?? []);
  return el("div", { class: "cb-xmarks", "aria-label": t("X marks") }, COLOR_ORDER.map((color) => {
    const lost = revealed.has(color);
    return el("span", {
      class: `cb-x${lost ? " revealed" : ""}`,
      style: `--ink: ${COLORS[/** @type {keyof COLORS} */ (color)].ink}`,
      title: lost
        ? fmt("X of {color} revealed: {player} cannot declare {color} this round.", { color: t(color), player: ctx.name(seat) })
        : fmt("{color}: still open", { color: t(color) }),
      dataset: { color, revealed: lost ? "1" : "0" },
    }, [
      colorBadge(svg, color, 16, lost ? "#fff" : undefined),
      lost ? svg("svg", { viewBox: "0 0 24 24", class: "cb-x-cross", "aria-hidden": "true" }, [
        svg("path", { d: "M4 4L20 20M20 4L4 20" }),
      ]) : null,
    ]);
  }));
}

/** @param {any} ctx @param {string} label @param {string} value @param {string} [cls] */
function stat(ctx, label, value, cls = "") {
  const { el } = ctx.widgets;
  return el("span", { class: `cb-stat ${cls}` }, [el("small", { text: label }), el("b", { text: value })]);
}

/**
 * One panel per seat.
 * @param {any} ctx @param {any} view @param {number[]} active
 */
export function drawPlayers(ctx, view, active) {
  const { el, svg } = ctx.widgets;
  const { t, fmt } = ctx;
  const n = view.hand_sizes.length;
  const box = el("section", { class: "cb-players", "aria-label": t("Players") });
  for (let seat = 0; seat < n; seat++) {
    const bid = view.bids[seat];
    let note = fmt("Cards in hand: {n}", { n: view.hand_sizes[seat] });
    if (view.phase === "set_aside") {
      note = view.set_aside_done[seat] ? t("Card set aside.") : t("Choosing a card to set aside…");
    }
    const stats = [];
    if (view.predictions) {
      const waiting = view.phase === "predict" || view.phase === "set_aside";
      stats.push(stat(ctx, t("Prediction"), bid === null ? (waiting ? "…" : "—") : String(bid), "bid"));
    }
    stats.push(stat(ctx, t("Tricks"), String(view.tricks[seat]), "tricks"));
    stats.push(stat(ctx, t("Largest group"), String(view.largest_group?.[seat] ?? 0), "group"));
    stats.push(stat(ctx, t("Score"), String(view.scores[seat]), "score"));
    box.append(el("div", {
      class: `cb-player${active.includes(seat) ? " active" : ""}${view.seat === seat ? " you" : ""}`,
      style: `--seat: ${seatColor(seat)}`,
      dataset: { seat: String(seat) },
    }, [
      el("div", { class: "cb-player-head" }, [
        seatBadge(svg, seat, 20),
        el("b", { class: "cb-player-name", text: ctx.name(seat) }),
        view.start_player === seat && view.phase !== "over"
          ? el("span", { class: "cb-starts", text: t("starts"), title: t("Start player of this round") }) : null,
        xMarks(ctx, view, seat),
      ]),
      el("div", { class: "cb-stats" }, stats),
      el("small", { class: "muted cb-note", text: note }),
    ]));
  }
  return box;
}

/**
 * The trick on the table, in play order, with each declared colour; then the
 * last finished trick and who won it.
 * @param {any} ctx @param {any} view
 */
export function drawTrick(ctx, view) {
  const { el, svg } = ctx.widgets;
  const { t, fmt } = ctx;
  const n = view.hand_sizes.length;
  const box = el("section", { class: "cb-trick", "aria-live": "polite" });
  const number = view.tricks.reduce((a, b) => a + b, 0) + 1;
  const plays = view.trick.plays;
  const head = [el("b", { text: fmt("Trick {number}", { number }) })];
  if (view.trick.led) {
    head.push(el("span", { class: "cb-led" }, [
      fmt("Led colour: {color}", { color: t(view.trick.led) }), colorBadge(svg, view.trick.led, 16),
    ]));
  }
  box.append(el("div", { class: "cb-trick-head" }, head));
  const row = el("div", { class: "cb-trick-cards" });
  if (view.phase === "play" && view.trick.leader !== null) {
    for (let k = 0; k < n; k++) {
      const seat = (view.trick.leader + k) % n;
      const play = plays.find((p) => p.seat === seat);
      // Motion: my card keeps its hand's key and slides; another's comes from its panel.
      const motion = !play ? {} : seat === ctx.seat ? { motion: `card:${play.card}` } : { motion: `trick:${seat}`, motionFrom: `seat:${seat}` };
      row.append(el("figure", { class: `cb-played${play ? "" : " empty"}${view.turn === seat ? " turn" : ""}`, dataset: { seat: String(seat), ...motion } }, [
        play
          ? cardFace(ctx, play.card, { color: play.color, hint: fmt("{player} plays a {card} and declares {color}.", { player: ctx.name(seat), card: play.card, color: t(play.color) }) })
          : el("span", { class: "cb-slot", text: view.turn === seat ? "…" : "" }),
        el("figcaption", {}, [seatBadge(svg, seat, 14), el("span", { text: ctx.name(seat) })]),
      ]));
    }
    box.append(row);
  }
  if (view.last_trick.plays.length && view.last_trick.winner !== null) {
    box.append(el("div", { class: "cb-last-trick" }, [
      el("span", { class: "muted", text: fmt("Last trick, won by {player}:", { player: ctx.name(view.last_trick.winner) }) }),
      ...view.last_trick.plays.map((/** @type {any} */ p) => el("span", {
        class: `cb-mini${p.seat === view.last_trick.winner ? " won" : ""}`,
        style: `--declared: ${COLORS[/** @type {keyof COLORS} */ (p.color)].ink}`,
        title: `${ctx.name(p.seat)}: ${t(p.color)} ${p.card}`,
      }, [seatBadge(svg, p.seat, 12), el("b", { text: String(p.card) }), colorBadge(svg, p.color, 12, "#fff")])),
    ]));
  }
  return box;
}

/**
 * The score table: one row per scored round, one column per player.
 * @param {any} ctx @param {any} view @param {number|null} shown the reviewed round index
 * @param {(index: number) => void} onShow
 */
export function drawScores(ctx, view, shown, onShow) {
  const { el, svg } = ctx.widgets;
  const { t, fmt } = ctx;
  const n = view.hand_sizes.length;
  const seats = [...Array(n).keys()];
  const box = el("section", { class: "cb-scores" }, [el("h3", { text: t("Scores") })]);
  if (!view.results.length) {
    box.append(el("p", { class: "muted", text: fmt("Scores appear here after each round ({rounds} rounds).", { rounds: view.rounds }) }));
    return box;
  }
  const body = el("tbody");
  view.results.forEach((/** @type {any} */ r, index) => {
    body.append(el("tr", { class: shown === index ? "shown" : "" }, [
      el("th", { scope: "row" }, [
        el("span", { text: String(r.round) }),
        el("button", {
          type: "button", class: "link cb-show",
          title: fmt("Show the board of round {round}", { round: r.round }), onClick: () => onShow(index),
        }, [gridIcon(svg), el("span", { text: t("see the board") })]),
      ]),
      ...seats.map((seat) => {
        const parts = [];
        if (r.paradox === seat) parts.push(t("paradox"));
        else {
          parts.push(view.predictions
            ? fmt("predicted {bid}, won {tricks}", { tricks: r.tricks[seat], bid: r.bids[seat] ?? "—" })
            : fmt("won {tricks}", { tricks: r.tricks[seat] }));
          if (r.bonus[seat]) parts.push(fmt("+{bonus} group", { bonus: r.bonus[seat] }));
        }
        return el("td", { class: r.paradox === seat ? "paradox" : "", dataset: { seat: String(seat) } }, [
          el("b", { text: String(r.scores[seat]) }),
          ...parts.map((part) => el("small", { text: part })),
        ]);
      }),
    ]));
  });
  box.append(el("div", { class: "cb-scroll" }, [el("table", {}, [
    el("thead", {}, [el("tr", {}, [
      el("th", { scope: "col", text: t("Round") }),
      ...seats.map((seat) => el("th", { scope: "col" }, [seatBadge(svg, seat, 14), el("span", { text: ctx.name(seat) })])),
    ])]),
    body,
    el("tfoot", {}, [el("tr", {}, [
      el("th", { scope: "row", text: t("Total") }),
      ...seats.map((seat) => el("td", { text: String(view.scores[seat]) })),
    ])]),
  ])]));
  return box;
}

/** A small grid, the icon of "see the board". @param {any} svg */
function gridIcon(svg) {
  return svg("svg", { viewBox: "0 0 16 16", width: 14, height: 14, "aria-hidden": "true", class: "cb-grid-icon" }, [
    svg("path", { d: "M1 1h14v14H1zM1 5.7h14M1 10.3h14M5.7 1v14M10.3 1v14", fill: "none", stroke: "currentColor", "stroke-width": 1.4 }),
  ]);
}

/** Legend of the colours under the board. @param {any} ctx @param {any} view */
export function drawLegend(ctx, view) {
  const { el, svg } = ctx.widgets;
  const { t, fmt } = ctx;
  const items = view.board.map((/** @type {any} */ row) => el("span", { class: "cb-legend-item" }, [
    colorBadge(svg, row.color, 16), el("span", { text: row.color === "red" ? fmt("{color} (trump)", { color: t("red") }) : t(row.color) }),
  ]));
  const box = el("div", { class: "cb-legend" }, items);
  if (view.phase === "play") {
    box.append(el("span", {
      class: `cb-red-state${view.red_broken ? " broken" : ""}`,
      text: view.red_broken ? t("Red is broken: a leader may declare it.") : t("Red is not broken yet: a leader may not declare it."),
    }));
  }
  if (view.observed_cards?.length) {
    box.append(el("span", { class: "cb-observed-note", text: fmt("Observed cards: {cards}", { cards: view.observed_cards.join(", ") }) }));
  }
  return box;
}

export { colorIcon };
