// @ts-check
/**
 * Agent Avenue's board: the 14-space circuit with both pawns (and the
 * black-market corners), each side's agents in play, the offer in the middle,
 * the black-market supply and the seat's hand. It only draws the view and
 * sends actions taken from the list of legal actions (docs/board-api.md).
 */

import { nfmt, nt } from "../../core/i18n.js";
import { reduced, stats } from "../../core/motion.js";
import { AGENTS, BM_CARDS, CELL_XY, CORNERS, HOMES, TEAM_COLORS, TEAM_NAMES } from "./cards.js";
import { agentFigure } from "./figures.js";

const CELL = 64; // board units per cell
const STEP_MS = 170; // pawn animation, per space

/** @param {HTMLElement} root @param {any} ctx */
export function createBoard(root, ctx) {
  const { el, svg, clear, card, enlarge, canonical } = ctx.widgets;
  const { t, fmt } = ctx;

  /** UI-only choices: the face-up card picked first, and discard mode. */
  const pick = { up: /** @type {string|null} */ (null), discard: false };
  /** @type {any} */ let last = null;
  const pawnAt = [/** @type {number|null} */ (null), null];
  const pawnTimers = [0, 0];

  root.classList.add("aa");
  const track = svg("svg", { viewBox: `-8 -8 ${CELL * 5 + 16} ${CELL * 4 + 16}`, class: "aa-track", role: "img", "aria-label": t("The street with both pawns") });
  const middle = el("div", { class: "aa-middle" });
  const sides = el("div", { class: "aa-sides" });
  const handBox = el("div", { class: "aa-hand" });
  const below = el("div", { class: "aa-below" });
  const boardWrap = el("div", { class: "aa-board" }, [el("div", { class: "aa-ring" }, [track, middle]), below]);
  root.append(boardWrap, sides, handBox);

  const agentName = (/** @type {string} */ id) => t(AGENTS[id]?.name ?? id);
  const bmName = (/** @type {string} */ id) => t(BM_CARDS[id]?.name ?? id);
  const teamName = (/** @type {number} */ team) => t(TEAM_NAMES[team]);
  const legalOf = (/** @type {string} */ type) => (last?.legal ?? []).filter((a) => a.type === type);
  const send = (/** @type {any} */ action) => {
    pick.up = null;
    pick.discard = false;
    ctx.send(action);
  };

  /** A face-up agent card; right-click enlarges it. */
  function agentCard(/** @type {string} */ id, /** @type {any} */ extra = {}) {
    const info = AGENTS[id];
    const node = card({
      title: agentName(id),
      value: info ? info.icons.join(" ") : "",
      color: info?.color,
      onEnlarge: () => enlarge(bigAgent(id), agentName(id)),
      ...extra,
    });
    fitTitle(node.querySelector(".card-title"));
    const figure = agentFigure(id);
    if (figure) node.querySelector(".card-title")?.after(figure);
    return node;
  }

  /** A card's title is sized by its longest word (board.css), so a word
   * never breaks in two ("Decifrador a"): the CSS reads `--len`.
   * @param {Element|null} node */
  function fitTitle(node) {
    if (!(node instanceof HTMLElement)) return;
    const longest = Math.max(...(node.textContent ?? "").split(/\s+/).map((w) => w.length));
    node.style.setProperty("--len", String(Math.max(longest, 6)));
  }

  function bigAgent(/** @type {string} */ id) {
    const info = AGENTS[id];
    const node = el("div", { class: "aa-big", style: `--card-color: ${info?.color}` }, [
      el("div", { class: "aa-big-title", text: agentName(id) }),
      agentFigure(id),
      el("div", { class: "aa-big-icons" }, (info?.icons ?? []).map((icon, i) =>
        el("div", {}, [
          el("span", { class: "aa-big-icon", text: icon }),
          el("small", { text: info.icons.length === 1 ? t("every copy") : [t("1st copy"), t("2nd copy"), t("3rd and later")][i] }),
        ]),
      )),
    ]);
    return node;
  }

  function bmCard(/** @type {string} */ id, /** @type {(() => void)|undefined} */ onClick) {
    const node = el("button", {
      type: "button", class: "aa-bm", disabled: !onClick, title: t(BM_CARDS[id]?.effect ?? ""),
    }, [el("b", { text: bmName(id) }), el("small", { text: t(BM_CARDS[id]?.effect ?? "") })]);
    fitTitle(node.querySelector("b"));
    if (onClick) node.addEventListener("click", onClick);
    node.addEventListener("contextmenu", (event) => {
      event.preventDefault();
      enlarge(el("div", { class: "aa-big bm" }, [
        el("div", { class: "aa-big-title", text: bmName(id) }),
        el("p", { text: t(BM_CARDS[id]?.effect ?? "") }),
      ]));
    });
    return node;
  }

  // -- the circuit -------------------------------------------------------------

  function cellCenter(/** @type {number} */ cell) {
    const [x, y] = CELL_XY[((cell % 14) + 14) % 14];
    return [x * CELL + CELL / 2, y * CELL + CELL / 2];
  }

  function drawTrack(/** @type {any} */ view) {
    clear(track);
    CELL_XY.forEach(([x, y], cell) => {
      const home = HOMES.indexOf(cell);
      const market = view.black_market && CORNERS.has(cell);
      track.append(svg("rect", {
        x: x * CELL + 3, y: y * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 10,
        class: `aa-cell${market ? " market" : ""}${CORNERS.has(cell) ? " corner" : ""}`,
        fill: home >= 0 ? TEAM_COLORS[home] : undefined,
        "data-cell": cell,
      }));
      const label = svg("text", { x: x * CELL + 9, y: y * CELL + 18, class: "aa-cell-n" });
      label.textContent = String(cell);
      track.append(label);
      if (market) {
        const mark = svg("text", { x: x * CELL + CELL - 9, y: y * CELL + 22, class: "aa-bm-mark", "text-anchor": "end" });
        mark.textContent = "$";
        track.append(mark);
      }
    });
    view.sides.forEach((side, team) => {
      const pawn = svg("g", { class: "aa-pawn", "data-team": team }, [
        svg("circle", { r: 15, fill: TEAM_COLORS[team], stroke: "#fff", "stroke-width": 3 }),
      ]);
      // The team's initial on the pawn: its colour is not the only clue.
      const initial = svg("text", { class: "aa-pawn-initial", "text-anchor": "middle", dy: "0.35em", "aria-hidden": "true" });
      initial.textContent = teamName(team).charAt(0).toUpperCase();
      pawn.append(initial);
      const title = svg("title");
      title.textContent = fmt("{team} pawn", { team: teamName(team) });
      pawn.append(title);
      track.append(pawn);
    });
  }

  /** Move pawn `team` space by space from where it was to `position`. */
  function movePawn(/** @type {number} */ team, /** @type {number} */ position) {
    const pawn = track.querySelector(`.aa-pawn[data-team="${team}"]`);
    if (!pawn) return;
    const place = (/** @type {number} */ pos) => {
      // Side by side in the lower half of the cell: the space's number
      // (top left) and the black-market mark (top right) stay readable.
      const [x, y] = cellCenter(pos);
      pawn.setAttribute("transform", `translate(${x + (team === 0 ? -11 : 11)} ${y + 11})`);
    };
    clearInterval(pawnTimers[team]);
    let from = pawnAt[team];
    pawnAt[team] = position;
    if (from === null || from === position || Math.abs(position - from) > 14 || reduced()) {
      place(position);
      return;
    }
    place(from);
    stats.count += 1; // the pawn walks: one animation for the tests
    const dir = position > from ? 1 : -1;
    pawnTimers[team] = window.setInterval(() => {
      from = /** @type {number} */ (from) + dir;
      place(from);
      if (from === position) clearInterval(pawnTimers[team]);
    }, STEP_MS);
  }

  // -- the middle: offer, deck, market ---------------------------------------------

  function drawMiddle(/** @type {any} */ view) {
    clear(middle);
    clear(below);
    const offer = view.offer;
    const picks = legalOf("pick");
    if (offer) {
      const who = ctx.name(offer.leader);
      middle.append(el("div", { class: "aa-offer-label", text: fmt("{player} offers:", { player: who }) }));
      const upCard = agentCard(offer.up, {
        hint: picks.length ? t("Take the face-up card") : agentName(offer.up),
        onClick: picks.length ? () => send({ type: "pick", take: "up" }) : undefined,
      });
      const down = offer.down
        ? agentCard(offer.down, { hint: t("Your face-down card") })
        : card({
            title: t("face-down"), hidden: true,
            hint: picks.length ? t("Take the face-down card") : t("face-down"),
            onClick: picks.length && offer.down_played ? () => send({ type: "pick", take: "down" }) : undefined,
          });
      if (offer.down) down.classList.add("aa-known-down");
      // Motion (static/core/motion.js): a new offer comes from its player's panel.
      for (const [node, side] of [[upCard, "up"], [down, "down"]]) {
        Object.assign(/** @type {HTMLElement} */ (node).dataset, { motion: `offer:${side}:${offer.leader}`, motionFrom: `seat:${offer.leader}` });
      }
      middle.append(el("div", { class: "aa-offer", "data-kb-group": "" }, [
        el("figure", {}, [upCard, el("figcaption", { text: t("face up") })]),
        el("figure", {}, [down, el("figcaption", { text: t("face down") })]),
      ]));
      if (picks.length) below.append(el("p", { class: "aa-prompt", text: t("Choose the card you take; the other goes to your opponent.") }));
    } else if (view.last_turn) {
      const lt = view.last_turn;
      middle.append(el("p", { class: "aa-last muted", text: fmt("Last turn: {player} took {card}; the other side got {other}.", {
        player: ctx.name(lt.picker),
        card: agentName(lt.took === "up" ? lt.up : lt.down),
        other: agentName(lt.took === "up" ? lt.down : lt.up),
      }) }));
    }
    (offer ? below : middle).append(el("p", { class: "aa-deck muted" }, [
      nt("Deck: {n} card", "Deck: {n} cards", view.deck_size).replace("{n}", String(view.deck_size)),
    ]));
    if (view.market) {
      const takes = legalOf("take_bm");
      below.append(el("div", { class: "aa-market" }, [
        el("b", { text: t("Black market") }),
        el("div", { class: "aa-supply", "data-kb-group": "" }, view.market.supply.map((id) =>
          id ? bmCard(id, takes.some((a) => a.card === id) ? () => send({ type: "take_bm", card: id }) : undefined)
             : el("span", { class: "aa-bm empty", text: "—" }),
        )),
        el("small", { class: "muted", text: nt("{n} card left in the black-market deck", "{n} cards left in the black-market deck", view.market.deck_size)
          .replace("{n}", String(view.market.deck_size)) }),
      ]));
    }
    const chooses = legalOf("choose");
    const again = legalOf("recruit_again");
    if (chooses.length || again.length) {
      const box = el("div", { class: "aa-task", "data-kb-group": "" }, [
        el("p", { class: "aa-prompt", text: view.pending?.kind === "again"
          ? fmt("Spycation: recruit {card} again, or keep it in hand?", { card: agentName(view.pending.card) })
          : t("Choose the agent for the black-market effect.") }),
      ]);
      for (const a of chooses) box.append(agentCard(a.card, { onClick: () => send(a), small: true }));
      for (const a of again) {
        box.append(el("button", { type: "button", class: "button", text: a.recruit ? t("Recruit it again") : t("Keep it in hand"), onclick: () => send(a) }));
      }
      below.append(box);
    }
  }

  // -- each side: agents in play, hand size, discards, black-market cards --------

  /** "Space 4 · 1 space from a catch · 3 cards in hand": the distance only
   * when there is one to close (never "-1 spaces"). @param {any} side @param {any} view */
  function sideStats(side, view) {
    const d = side.distance_to_catch;
    return [
      fmt("Space {cell}", { cell: side.cell }),
      d > 0 ? nt("{d} space from a catch", "{d} spaces from a catch", d).replace("{d}", String(d)) : null,
      handSizes(side.seats.map((/** @type {number} */ s) => view.hand_sizes[s])),
    ].filter(Boolean).join(" · ");
  }

  /** "1 card in hand", "4 cards in hand"; a team's hands as "4+3 cards".
   * @param {number[]} sizes */
  function handSizes(sizes) {
    const n = sizes.length === 1 ? sizes[0] : 2;
    return nt("{h} card in hand", "{h} cards in hand", n).replace("{h}", sizes.join("+"));
  }

  function drawSides(/** @type {any} */ view) {
    clear(sides);
    view.sides.forEach((side, team) => {
      const players = side.seats.map((s) => ctx.name(s)).join(" & ");
      const agents = Object.entries(side.agents);
      const box = el("section", { class: `aa-side${view.team === team ? " mine" : ""}`, style: `--team: ${TEAM_COLORS[team]}` }, [
        el("h3", {}, [
          el("span", { class: "aa-swatch" }),
          `${teamName(team)} · ${players}`,
        ]),
        el("p", { class: "muted aa-stats", text: sideStats(side, view) }),
        el("div", { class: "aa-agents" }, agents.length ? agents.map(([id, count]) => {
          const next = side.next_move[id];
          const node = agentCard(id, {
            small: true,
            hint: fmt("{card}: {count} in play; the next one moves {next}", {
              card: agentName(id), count, next: next > 0 ? `+${next}` : String(next),
            }),
          });
          node.append(el("span", { class: "aa-count", text: `×${count}` }));
          return node;
        }) : [el("span", { class: "muted", text: t("No agents yet.") })]),
        side.bm_owned.length ? el("div", { class: "aa-owned" }, side.bm_owned.map((id) => bmCard(id, undefined))) : null,
        ...side.seats.map((s) => {
          const known = Object.entries(view.known_in_hand?.[s] ?? {});
          if (!known.length || s === view.seat) return null;
          return el("p", { class: "muted aa-known", text: fmt("{player} is known to hold: {cards}", {
            player: ctx.name(s),
            cards: known.map(([id, n]) => (n > 1 ? `${agentName(id)} ×${n}` : agentName(id))).join(", "),
          }) });
        }),
        el("p", { class: "muted aa-discards", text: side.seats.map((s) => nfmt("{player}: {left} discard left", "{player}: {left} discards left",
          view.discards[s].left, { player: ctx.name(s), left: view.discards[s].left })).join(" · ") }),
      ]);
      sides.append(box);
    });
  }

  // -- the hand ---------------------------------------------------------------------

  function drawHand(/** @type {any} */ view) {
    clear(handBox);
    if (!view.hand) return;
    const offers = legalOf("offer");
    const discards = legalOf("discard");
    const singles = [...legalOf("lead"), ...legalOf("follow")];
    const cards = [];
    for (const [id, count] of Object.entries(view.hand)) for (let i = 0; i < count; i++) cards.push({ id, i });
    let prompt = "";
    if (pick.discard) prompt = t("Click the card to discard face down; you draw another.");
    else if (offers.length && pick.up === null) prompt = t("Choose your face-up card.");
    else if (offers.length) prompt = fmt("Face up: {card}. Now choose the face-down card.", { card: agentName(pick.up ?? "") });
    else if (singles.length) prompt = singles[0].type === "lead" ? t("Choose the face-up card.") : t("Choose the face-down card.");
    const row = el("div", { class: "aa-hand-cards", "data-kb-group": "" });
    for (const { id, i } of cards) {
      let action = null;
      let selected = false;
      if (pick.discard) {
        action = discards.find((a) => a.card === id) ? () => send({ type: "discard", card: id }) : null;
      } else if (offers.length && pick.up === null) {
        if (offers.some((a) => a.up === id)) action = () => { pick.up = id; redraw(); };
      } else if (offers.length) {
        selected = id === pick.up && i === 0;
        const offer = offers.find((a) => a.up === pick.up && a.down === id);
        if (selected) action = () => { pick.up = null; redraw(); };
        else if (offer) action = () => send(offer);
      } else {
        const single = singles.find((a) => a.card === id);
        if (single) action = () => send(single);
      }
      row.append(agentCard(id, { onClick: action ?? undefined, selected }));
    }
    handBox.append(
      el("div", { class: "aa-hand-head" }, [
        el("h3", { text: t("Your hand") }),
        prompt ? el("span", { class: "aa-prompt", text: prompt }) : null,
        discards.length ? el("button", {
          type: "button", class: `button${pick.discard ? " primary" : ""}`,
          text: pick.discard ? t("Cancel the discard") : nfmt("Discard and draw ({left} left)", "Discard and draw ({left} left)",
            view.discards[view.seat].left, { left: view.discards[view.seat].left }),
          onclick: () => { pick.discard = !pick.discard; pick.up = null; redraw(); },
        }) : null,
      ]),
      row,
    );
    if (view.my_discards?.length) {
      handBox.append(el("p", { class: "muted", text: fmt("Your discards: {cards}", { cards: view.my_discards.map(agentName).join(", ") }) }));
    }
  }

  function redraw() {
    if (!last?.view) return;
    drawMiddle(last.view);
    drawHand(last.view);
  }

  // -- keyboard (static/core/keyboard.js) ------------------------------------------

  const press = (/** @type {string} */ selector) => ctx.keys.press(root.querySelector(selector));
  ctx.keys.add(
    { key: "1-9", label: t("Choose the n-th card of your hand"), run: (/** @type {any} */ _e, /** @type {number} */ n) =>
      ctx.keys.press(root.querySelectorAll(".aa-hand-cards .card")[n - 1]) },
    { word: t("open"), label: t("Take the face-up card"), run: () => press(".aa-offer figure:first-child .card") },
    { word: t("hidden"), label: t("Take the face-down card"), run: () => press(".aa-offer figure:last-child .card") },
    { word: t("discard"), label: t("Discard and draw (again: cancel)"), run: () => press(".aa-hand-head button") },
    { word: t("market"), label: t("Go to the black market"), run: () => ctx.keys.focus(root.querySelector(".aa-supply .aa-bm:not([disabled])")) },
    { key: "Escape", label: t("Cancel the card chosen first"), run: () => {
      if (pick.up === null && !pick.discard) return false;
      pick.up = null;
      pick.discard = false;
      redraw();
      ctx.keys.focus(root.querySelector(".aa-hand-cards .card:not([disabled])"));
      return true;
    } },
  );

  let drawnTrack = false;
  return {
    /** @param {any} state */
    update(state) {
      const changedPhase = !last || last.version !== state.version;
      last = state;
      if (changedPhase) { pick.up = null; pick.discard = false; }
      const view = state.view;
      if (!view) return;
      if (!drawnTrack) { drawTrack(view); drawnTrack = true; }
      view.sides.forEach((side, team) => movePawn(team, side.position));
      redraw();
      drawSides(view);
    },
  };
}
