// @ts-check
/**
 * Cat in the Box's table: the research board in the centre, the players'
 * predictions, tricks and X marks beside it, the trick on the table, the
 * seat's hand (sorted by number) with what it may do now, and the score
 * table. Choosing a card outlines the cells it may take; a colour is then
 * declared with the colour buttons or by clicking an outlined cell. It only
 * draws the view and sends actions from the legal list (docs/board-api.md),
 * with one exception: a colour that is not allowed stays clickable, and the
 * server's refusal (in the reader's language) says why.
 */

import { colorBadge, seatBadge } from "./marks.js";
import { COLOR_ORDER, cardFace, drawLegend, drawPlayers, drawScores, drawTrick } from "./panels.js";
import { cellKey, drawResearch } from "./research.js";

/** @param {HTMLElement} root @param {any} ctx */
export function createBoard(root, ctx) {
  const { el, clear, canonical } = ctx.widgets;
  const { t, fmt } = ctx;

  /** UI-only state: the chosen card, a round under review, the last refusal. */
  const ui = {
    card: /** @type {number|null} */ (null),
    review: /** @type {number|null} */ (null),
    dismissed: false,
    round: 0,
    refusal: "",
    sent: /** @type {any} */ (null),
    retry: /** @type {any} */ (null),
  };
  /** @type {any} */ let last = null;
  /** Each colour's shortcut (its key is set by ctx.keys.add). @type {Record<string, any>} */
  const colorKeys = {};

  root.classList.add("cb");
  const main = el("div", { class: "cb-main" });
  const side = el("div", { class: "cb-side" });
  const hand = el("section", { class: "cb-hand", "aria-label": t("Your hand") });
  const scores = el("div", { class: "cb-score-box" });
  root.append(main, side, hand, scores);

  const legalOf = (/** @type {string} */ type) => (last?.legal ?? []).filter((/** @type {any} */ a) => a.type === type);
  const send = (/** @type {any} */ action) => {
    ui.refusal = "";
    ui.sent = action;
    ctx.send(action);
  };

  /** The round shown on the board instead of the current one, if any. */
  function reviewed(/** @type {any} */ view) {
    if (ui.review !== null) return ui.review;
    if (ui.dismissed || !view.results.length) return null;
    const between = view.phase === "set_aside" && view.round > 1;
    return between || view.phase === "over" ? view.results.length - 1 : null;
  }

  // -- the centre: the research board, or a scored round under review -----------

  function drawMain(/** @type {any} */ view) {
    clear(main);
    const index = reviewed(view);
    if (index !== null) {
      drawReview(view, index);
      return;
    }
    const plays = legalOf("play");
    /** @type {Map<string, any>} */
    const legal = new Map();
    if (ui.card !== null) {
      for (const a of plays) if (a.card === ui.card) legal.set(cellKey(a.color, a.card), a);
    }
    const trickCells = new Set(view.trick.plays.map((/** @type {any} */ p) => cellKey(p.color, p.card)));
    const lastPlay = view.trick.plays.at(-1) ?? view.last_trick.plays.at(-1);
    const phaseName = { set_aside: t("Set a card aside"), predict: t("Predict your tricks"), play: t("Play a card and declare a colour"), over: t("Match over") };
    main.append(
      el("div", { class: "cb-board-head" }, [
        el("h3", { text: t("Research board") }),
        el("span", { class: "muted", text: `${fmt("Round {round} of {rounds}", { round: view.round, rounds: view.rounds })} · ${phaseName[/** @type {keyof phaseName} */ (view.phase)] ?? ""}` }),
      ]),
      drawResearch(ctx, {
        rows: view.board,
        columns: view.columns,
        legal,
        column: ui.card,
        trick: trickCells,
        last: lastPlay && view.phase === "play" ? cellKey(lastPlay.color, lastPlay.card) : null,
        onCell: send,
      }),
      drawLegend(ctx, view),
    );
    if (view.phase === "play") main.append(drawTrick(ctx, view));
  }

  function drawReview(/** @type {any} */ view, /** @type {number} */ index) {
    const r = view.results[index];
    /** @type {Map<number, Set<string>>} */
    const group = new Map();
    r.group_cells.forEach((/** @type {[string, number][]} */ cells, /** @type {number} */ seat) => {
      group.set(seat, new Set(cells.map(([color, n]) => cellKey(color, n))));
    });
    const box = el("div", { class: "cb-review" }, [
      el("div", { class: "cb-board-head" }, [
        el("h3", { text: fmt("Round {round} scored", { round: r.round }) }),
        view.phase !== "over" || ui.review !== null ? el("button", {
          type: "button", class: "button", text: t("Back to the current board"),
          onClick: () => { ui.review = null; ui.dismissed = true; redraw(); },
        }) : null,
      ]),
    ]);
    if (r.paradox !== null) {
      box.append(el("div", { class: "cb-paradox", role: "alert" }, [
        el("b", { text: t("Paradox!") }),
        " ",
        seatBadge(ctx.widgets.svg, r.paradox, 18),
        el("span", { text: ` ${fmt("{player} could not declare any colour, so round {round} ended at once.", { player: ctx.name(r.paradox), round: r.round })} ` }),
        el("span", { text: fmt("{player} scores minus one per trick won ({score}) and no bonus.", { player: ctx.name(r.paradox), score: r.scores[r.paradox] }) }),
      ]));
    }
    box.append(drawResearch(ctx, { rows: r.board, columns: view.columns, group }));
    box.append(el("p", {
      class: "muted cb-review-note",
      text: view.predictions
        ? t("Each player's largest group is joined and outlined; it scores as a bonus when the prediction was exact.")
        : t("Each player's largest group is joined and outlined; it scores as a bonus for a player who won 4 tricks or fewer."),
    }));
    if (r.unfinished_trick.length) {
      box.append(el("p", { class: "cb-unfinished" }, [
        el("span", { text: t("Unfinished trick:") }),
        ...r.unfinished_trick.map((/** @type {any} */ p) => el("figure", { class: "cb-played" }, [
          cardFace(ctx, p.card, { color: p.color, small: true, hint: ctx.name(p.seat) }),
          el("figcaption", {}, [seatBadge(ctx.widgets.svg, p.seat, 14), el("span", { text: ctx.name(p.seat) })]),
        ])),
      ]));
    }
    main.append(box);
  }

  // -- the hand and what the seat may do now ----------------------------------------------

  function drawHand(/** @type {any} */ view) {
    clear(hand);
    if (!view.hand || view.phase === "over") {
      hand.hidden = true;
      return;
    }
    hand.hidden = false;
    const asides = legalOf("set_aside");
    const predicts = legalOf("predict");
    const plays = legalOf("play");
    if (ui.card !== null && !view.hand.includes(ui.card)) ui.card = null;
    if (ui.card !== null && !asides.length && !plays.length) ui.card = null;

    let prompt = "";
    if (asides.length) prompt = t("Choose a card to set aside face down; it takes no part in this round.");
    else if (predicts.length) prompt = t("How many tricks will you win this round?");
    else if (plays.length && ui.card === null) {
      prompt = view.trick.led ? t("Choose a card, then declare its colour.") : t("You lead: choose a card, then declare its colour.");
    } else if (plays.length) prompt = fmt("Declare a colour for your {card}:", { card: ui.card });
    const warning = plays.length && view.trick.led
      ? fmt("Declaring anything but {color} reveals your X of {color}.", { color: t(view.trick.led) })
      : "";

    const cards = el("div", { class: "cb-hand-cards", "data-kb-group": "" });
    let marked = false; // of equal cards, only the first shows as chosen
    const seen = new Map();
    for (const number of view.hand) {
      const selected = !marked && ui.card === number;
      marked ||= selected;
      let onClick;
      let dim = false;
      if (asides.length || plays.length) {
        onClick = () => { ui.card = ui.card === number ? null : number; ui.refusal = ""; redraw(); };
        dim = plays.length > 0 && !plays.some((/** @type {any} */ a) => a.card === number);
      }
      const face = cardFace(ctx, number, {
        selected, dim, onClick,
        hint: dim ? t("No colour is free for this number now.") : undefined,
      });
      // Motion (static/core/motion.js): the card played slides to the trick.
      const copies = (seen.get(number) ?? 0);
      seen.set(number, copies + 1);
      face.dataset.motion = copies ? `card:${number}:${copies}` : `card:${number}`;
      cards.append(face);
    }
    const head = el("div", { class: "cb-hand-head" }, [
      el("h3", { text: t("Your hand") }),
      prompt ? el("span", { class: "cb-prompt", text: prompt }) : null,
      warning ? el("span", { class: "cb-warning", text: warning }) : null,
    ]);
    const aside = view.set_aside !== null && view.set_aside !== undefined
      ? el("div", { class: "cb-aside", title: t("Face-down card") }, [
          el("small", { class: "muted", text: t("Face-down card") }),
          cardFace(ctx, view.set_aside, { small: true }),
        ])
      : null;
    hand.append(el("div", { class: "cb-hand-row" }, [el("div", { class: "cb-hand-main" }, [head, cards]), aside]));

    const chooser = el("div", { class: "cb-chooser", "data-kb-group": "" });
    if (asides.length && ui.card !== null) {
      const action = asides.find((/** @type {any} */ a) => a.card === ui.card);
      if (action) chooser.append(el("button", { type: "button", class: "button primary", text: fmt("Set the {card} aside", { card: ui.card }), onClick: () => send(action) }));
    }
    if (predicts.length) {
      for (const a of predicts) {
        chooser.append(el("button", {
          type: "button", class: "button cb-predict", dataset: { tricks: String(a.tricks) },
          text: String(a.tricks), title: fmt("Prediction: {tricks}", { tricks: a.tricks }), onClick: () => send(a),
        }));
      }
    }
    if (plays.length && ui.card !== null) {
      const number = ui.card;
      for (const color of COLOR_ORDER) {
        const action = plays.find((/** @type {any} */ a) => a.card === number && a.color === color);
        const revealsX = view.trick.led && color !== view.trick.led;
        chooser.append(el("button", {
          type: "button",
          class: `cb-color${action ? "" : " refused"}`,
          style: `--ink: var(--cb-${color})`,
          dataset: { color, legal: action ? "1" : "0" },
          "aria-keyshortcuts": colorKeys[color]?.key?.toUpperCase() || null,
          title: action
            ? (revealsX ? fmt("Reveals your X of {color}.", { color: t(view.trick.led) }) : t(color))
            : t("Not allowed now: click to see why."),
          // A refused colour is still sent: the server's refusal explains why.
          onClick: () => send(action ?? { type: "play", card: number, color }),
        }, [
          colorBadge(ctx.widgets.svg, color, 20, action ? "#fff" : undefined),
          el("span", { text: t(color) }),
          colorKeys[color]?.key ? el("kbd", { class: "cb-key", "aria-hidden": "true", text: colorKeys[color].key.toUpperCase() }) : null,
          action ? null : el("b", { class: "cb-no", text: "✕" }),
        ]));
      }
      chooser.append(el("button", { type: "button", class: "link", text: t("Cancel"), onClick: () => { ui.card = null; ui.refusal = ""; redraw(); } }));
    }
    if (chooser.childElementCount) hand.append(chooser);
    hand.append(el("p", { class: "cb-refusal", role: "alert", hidden: !ui.refusal, text: ui.refusal }));
  }

  function redraw() {
    const view = last?.view;
    if (!view) return;
    drawMain(view);
    drawHand(view);
    clear(side);
    side.append(drawPlayers(ctx, view, last.active ?? []));
    clear(scores);
    scores.append(drawScores(ctx, view, reviewed(view), (index) => {
      ui.review = ui.review === index ? null : index;
      ui.dismissed = ui.review === null;
      redraw();
      main.scrollIntoView({ behavior: "smooth", block: "nearest" });
    }));
  }

  // -- keyboard (static/core/keyboard.js) ---------------------------------------

  const pressIn = (/** @type {string} */ selector) => ctx.keys.press(root.querySelector(selector));
  /**
   * A number's key chooses a card of that number. Pressed again it keeps the
   * choice (Escape cancels it): with two cards of that number, pressing the
   * other one would have cancelled it, as a click on a chosen card does.
   * @param {number} n
   */
  const chooseCard = (n) => {
    if (ui.card !== n) return pressIn(`.cb-hand-cards .cb-card[data-card="${n}"]`);
    return ctx.keys.focus(root.querySelector(".cb-chooser .cb-color[data-legal='1'], .cb-chooser .button.primary"));
  };

  // A colour's key is a letter of its name in the reader's language (keyboard.js
  // picks one that no other key uses): shown on the "?" overlay and the buttons.
  for (const color of COLOR_ORDER) {
    colorKeys[color] = {
      word: t(color), label: fmt("Declare {color}", { color: t(color) }),
      run: () => pressIn(`.cb-color[data-color="${color}"]`),
    };
  }
  ctx.keys.add(
    { key: "1-9", label: t("Choose your card with this number (predicting: predict this many tricks)"), run: (/** @type {any} */ _e, /** @type {number} */ n) =>
      pressIn(`.cb-predict[data-tricks="${n}"]`) || chooseCard(n) },
    { key: "0", label: t("Predict no tricks"), run: () => pressIn('.cb-predict[data-tricks="0"]') },
    { key: "s", label: t("Set the chosen card aside"), run: () => pressIn(".cb-chooser .button.primary") },
    ...COLOR_ORDER.map((color) => colorKeys[color]),
    { key: "Escape", label: t("Cancel the card chosen"), run: () => {
      if (ui.card === null) return false;
      ui.card = null;
      ui.refusal = "";
      redraw();
      return ctx.keys.focus(root.querySelector(".cb-hand-cards .cb-card:not([disabled])"));
    } },
  );

  return {
    /** The trick's cards fly to its winner. @param {any[]} events */
    exitSeat(events) {
      return events.find((e) => e.type === "trick_won")?.seat ?? null;
    },
    /** @param {any} state */
    update(state) {
      const view = state.view;
      const before = last?.view;
      last = state;
      if (!view) return;
      if (!before || before.round !== view.round || before.phase !== view.phase) {
        ui.review = null;
        ui.refusal = "";
        if (!before || before.round !== view.round) ui.dismissed = false;
        if (!before || before.phase !== view.phase) ui.card = null;
      }
      if (before && before.hand && view.hand && before.hand.length !== view.hand.length) ui.card = null;
      redraw();
      if (ui.retry) {
        const again = (state.legal ?? []).find((/** @type {any} */ a) => canonical(a) === canonical(ui.retry));
        ui.retry = null;
        if (again) send(again);
      }
    },
    /**
     * The server refused an action: say why, next to the choice. A card set
     * aside while another seat set its own aside first (the version moved on)
     * is simply sent again once the fresh state is in.
     * @param {{code: string, text: string}} refusal
     */
    refused(refusal) {
      if (refusal.code === "stale_version" && ui.sent?.type === "set_aside") {
        ui.retry = ui.sent;
        return true;
      }
      ui.refusal = refusal.text || "";
      if (last?.view) drawHand(last.view);
      return false;
    },
  };
}
