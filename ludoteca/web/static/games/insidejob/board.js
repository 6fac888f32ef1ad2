// @ts-check
/**
 * Inside Job's board: your secret role card, the mission in play (or, for the
 * leader alone, the two drawn missions to choose from), the trick in play
 * order with bet tokens, the completed missions against the target, each
 * player's intel and revealed role, your hand with only legal cards playable,
 * the final vote and the outcome. It draws the seat's view and sends actions
 * taken from the list of legal actions, nothing else (docs/board-api.md).
 */

import { nfmt, nt } from "../../core/i18n.js";
import { SUITS, suitOf } from "./cards.js";
import { pieces } from "./pieces.js";
import { roles } from "./roles.js";
import { vote } from "./vote.js";

/** @param {HTMLElement} root @param {any} outer */
export function createBoard(root, outer) {
  const { t, fmt } = outer;
  /** Seats whose players share a name (several bots) get their seat number too. */
  const ctx = Object.create(outer);
  ctx.name = (/** @type {number} */ seat) => {
    const name = outer.name(seat);
    const seats = last?.seats ?? [];
    const twins = seats.filter((/** @type {any} */ s, /** @type {number} */ i) => outer.name(i) === name).length;
    return twins > 1 ? fmt("{name} (seat {n})", { name, n: seat + 1 }) : name;
  };
  const { el, clear } = ctx.widgets;
  const P = pieces(ctx);
  const R = roles(ctx);
  const V = vote(ctx, R);

  /** UI only: bet mode armed for the next card. */
  let betting = false;
  /** @type {any} */ let last = null;

  root.classList.add("ij");
  const scoreBox = el("section", { class: "ij-score" });
  const missionBox = el("section", { class: "ij-mission-area" });
  const roleBox = el("div", { class: "ij-role-area" });
  const centre = el("section", { class: "ij-centre" });
  const handBox = el("section", { class: "ij-hand" });
  const playersBox = el("section", { class: "ij-players" });
  // Three columns on a desktop; on a phone the wrappers dissolve (CSS
  // display: contents) and the parts stack: mission, trick, hand, role, ...
  root.append(
    el("div", { class: "ij-left" }, [missionBox, scoreBox]),
    el("div", { class: "ij-main" }, [centre, handBox, playersBox]),
    roleBox,
  );

  const legalOf = (/** @type {string} */ type) => (last?.legal ?? []).filter((/** @type {any} */ a) => a.type === type);
  const send = (/** @type {any} */ action) => { betting = false; ctx.send(action); };
  const revealedRole = (/** @type {any} */ view, /** @type {number} */ seat) =>
    view.revealed.find((/** @type {any} */ r) => r.seat === seat)?.role;

  // -- targets, supply, options and characters ------------------------------------

  function drawScore(/** @type {any} */ view) {
    clear(scoreBox);
    const pips = el("span", { class: "ij-pips", title: fmt("{done} of {target} missions completed", { done: view.completed.length, target: view.targets.missions }) });
    for (let i = 0; i < view.targets.missions; i++) pips.append(el("span", { class: `ij-pip-slot${i < view.completed.length ? " done" : ""}` }));
    const options = [
      view.wagers ? t("Betting") : null,
      view.risky_missions || view.characters.includes("full_risk") ? t("Risky missions") : null,
    ].filter(Boolean);
    scoreBox.append(
      el("div", { class: "ij-stat" }, [
        el("b", { text: t("Missions") }), pips,
        el("span", { text: fmt("{done}/{target} completed · {failed} failed", { done: view.completed.length, target: view.targets.missions, failed: view.failed.length }) }),
      ]),
      el("div", { class: "ij-stat" }, [
        el("b", { text: t("Intel") }),
        el("span", { text: view.targets.intel === null
          ? fmt("Everyone is revealed at {n} intel.", { n: view.targets.reveal })
          : fmt("The Insider needs {n}; an Agent who reaches it is revealed.", { n: view.targets.intel }) }),
        el("span", { class: "ij-supply" }, [P.token(), fmt("{n} in the supply", { n: view.supply })]),
      ]),
      el("div", { class: "ij-stat" }, [
        el("b", { text: fmt("Trick {n} of {total}", { n: view.trick_number, total: view.tricks_planned }) }),
        el("span", { class: "muted", text: nfmt("{n} mission card left", "{n} mission cards left", view.mission_deck, { n: view.mission_deck }) }),
      ]),
    );
    if (options.length) scoreBox.append(el("p", { class: "ij-options muted", text: fmt("Options: {list}", { list: options.join(", ") }) }));
    const chars = R.characterList(view);
    if (chars) scoreBox.append(chars);
  }

  // -- each player: intel, hand size, role if revealed, turn --------------------

  function drawPlayers(/** @type {any} */ view) {
    clear(playersBox);
    playersBox.dataset.count = String(view.players);
    const threshold = view.targets.reveal;
    for (let seat = 0; seat < view.players; seat++) {
      const role = view.phase === "over" ? view.result.roles[seat] : revealedRole(view, seat);
      const marks = [];
      if (view.turn === seat) marks.push(t("to play"));
      if (view.phase === "mission" && view.leader === seat) marks.push(t("choosing a mission"));
      if (view.leader === seat && view.phase === "play") marks.push(t("leads"));
      if (view.partner === seat) marks.push(t("the Accomplice's partner"));
      const box = el("div", {
        class: `ij-player${seat === view.you?.seat ? " me" : ""}${last.active.includes(seat) ? " turn" : ""}${role ? ` side-${R.info(role).side}` : ""}`,
        dataset: { seat: String(seat) },
      }, [
        el("div", { class: "ij-player-head" }, [
          el("b", { text: ctx.name(seat) }),
          ...marks.map((m) => el("span", { class: "ij-badge", text: m })),
        ]),
        el("div", { class: "ij-player-intel", title: nt("{n} intel; revealed at {threshold}", "{n} intel; revealed at {threshold}", view.intel[seat])
          .replace("{n}", String(view.intel[seat])).replace("{threshold}", String(threshold)) }, [
          P.tokens(view.intel[seat]),
          el("small", { class: "muted", text: `${view.intel[seat]}/${threshold}` }),
          el("small", { class: "muted ij-hand-size", text: nt("{n} card in hand", "{n} cards in hand", view.hand_sizes[seat]).replace("{n}", String(view.hand_sizes[seat])) }),
        ]),
        role ? el("div", { class: "ij-revealed", text: R.roleName(role) }) : el("div", { class: "ij-hidden-role muted", text: t("role hidden") }),
      ]);
      playersBox.append(box);
    }
  }

  // -- the mission in play, or the leader's choice ----------------------------------

  function drawMission(/** @type {any} */ view) {
    clear(missionBox);
    if (view.phase === "mission" && view.you?.offered) {
      // The choice itself is in the centre.
    } else if (view.phase === "mission") {
      missionBox.append(el("p", { class: "ij-waiting", text: fmt("{player} draws two missions and keeps one in secret.", { player: ctx.name(view.leader) }) }));
    } else if (view.phase === "partner") {
      missionBox.append(el("p", { class: "ij-waiting", text: t("The Accomplice is choosing whose role to look at.") }));
    } else if (view.mission) {
      missionBox.append(el("h3", { class: "ij-heading", text: t("Mission of this trick") }), P.missionCard(view.mission));
    } else if (view.phase === "play") {
      missionBox.append(el("p", { class: "ij-waiting", text: t("No mission for this trick: the deck is empty.") }));
    }
    if (view.you?.discarded?.length) {
      missionBox.append(el("p", { class: "muted ij-discards", text: fmt("Missions you put away unseen: {list}", { list: view.you.discarded.join(", ") }) }));
    }
  }

  // -- the trick, the last trick, the vote, the result ------------------------------

  function trickRow(/** @type {any[]} */ cards, /** @type {number|null} */ trump, /** @type {number|null} */ winner) {
    // Motion (static/core/motion.js): a card of the trick in play keeps its
    // hand's key, so mine slides from my hand and another's from its panel.
    const live = (/** @type {any} */ c) => (winner === null ? { motion: `card:${c.card}`, motionFrom: `seat:${c.seat}` } : {});
    return el("div", { class: "ij-trick" }, cards.map((c, i) => el("figure", {
      class: `ij-played${winner === c.seat ? " winner" : ""}`, dataset: { seat: String(c.seat), ...live(c) },
    }, [
      P.playingCard(c.card, { wager: c.wager, trump: trump !== null && suitOf(c.card) === trump }),
      el("figcaption", { text: `${i + 1}. ${ctx.name(c.seat)}` }),
    ])));
  }

  /** Only the leader sees the two drawn missions and keeps one. */
  function missionChoice(/** @type {any} */ view) {
    const allowed = new Set(legalOf("choose_mission").map((/** @type {any} */ a) => a.mission));
    return el("div", { class: "ij-task" }, [
      el("p", { class: "ij-prompt", text: t("Keep one of these two missions; the other leaves the game unseen.") }),
      el("div", { class: "ij-offered", "data-kb-group": "" }, view.you.offered.map((/** @type {any} */ m) => P.missionCard(m, {
        onClick: allowed.has(m.id) ? () => send({ type: "choose_mission", mission: m.id }) : undefined,
        disabled: !allowed.has(m.id),
        note: allowed.has(m.id) ? undefined : t("The Agent at Full Risk is in play: you must keep the risky mission."),
      }))),
    ]);
  }

  function drawCentre(/** @type {any} */ view) {
    clear(centre);
    const pick = R.partnerChoice(last.legal, send);
    if (pick) centre.append(pick);
    if (view.phase === "mission" && view.you?.offered) centre.append(missionChoice(view));
    if (view.phase === "vote") centre.append(V.votePanel(view, last.legal, send, redraw, last.version));
    if (view.phase === "over") centre.append(V.resultPanel(view, last.outcome));
    const trump = view.mission ? view.mission.trump : null;
    if (view.phase === "play") {
      const led = view.trick.length ? SUITS[suitOf(view.trick[0].card)] : null;
      centre.append(el("div", { class: "ij-trick-head" }, [
        el("h3", { class: "ij-heading", text: t("Current trick") }),
        led ? el("span", {}, [t("Led colour:"), " ", P.suitLabel(suitOf(view.trick[0].card))]) : null,
        view.turn !== null ? el("span", { class: "muted", text: fmt("{player} plays next.", { player: ctx.name(view.turn) }) }) : null,
      ]));
      const row = trickRow(view.trick, trump, null);
      for (let i = view.trick.length; i < view.players; i++) {
        const seat = (view.leader + i) % view.players;
        row.append(el("figure", { class: "ij-played empty" }, [
          el("div", { class: `ij-slot${seat === view.turn ? " next" : ""}` }),
          el("figcaption", { text: `${i + 1}. ${ctx.name(seat)}` }),
        ]));
      }
      centre.append(row);
    }
    const prev = view.tricks[view.tricks.length - 1];
    if (prev) {
      const mission = prev.mission ? fmt("Mission {id}: {result}", { id: prev.mission, result: prev.completed ? t("completed") : t("failed") }) : t("no mission");
      centre.append(el("details", { class: "ij-last", open: view.phase !== "play" || view.trick.length === 0 ? true : undefined }, [
        el("summary", { text: fmt("Last trick: {player} won · {mission}", { player: ctx.name(prev.winner), mission }) }),
        trickRow(prev.cards, null, prev.winner),
      ]));
    }
  }

  // -- your hand --------------------------------------------------------------------

  function drawHand(/** @type {any} */ view) {
    clear(handBox);
    if (!view.you) return;
    const plays = legalOf("play");
    const plain = new Set(plays.filter((/** @type {any} */ a) => !a.wager).map((/** @type {any} */ a) => a.card));
    const bets = new Set(plays.filter((/** @type {any} */ a) => a.wager).map((/** @type {any} */ a) => a.card));
    if (!bets.size) betting = false;
    const trump = view.mission ? view.mission.trump : null;
    const head = el("div", { class: "ij-hand-head" }, [el("h3", { text: t("Your hand") })]);
    if (plays.length) {
      head.append(el("span", { class: "ij-prompt", text: betting ? t("Choose the card to bet on: it becomes a trump.") : t("Your turn: play a card.") }));
    }
    if (bets.size) {
      head.append(el("button", {
        type: "button", class: `button ij-bet-toggle${betting ? " primary" : ""}`, "aria-pressed": betting ? "true" : "false",
        onclick: () => { betting = !betting; redraw(); },
      }, [P.token(), betting ? t("Cancel the bet") : t("Bet an intel token")]));
    }
    const row = el("div", { class: "ij-hand-cards", "data-kb-group": "" });
    for (const card of view.you.hand) {
      const ok = betting ? bets.has(card) : plain.has(card);
      const face = P.playingCard(card, {
        onClick: ok ? () => send({ type: "play", card, wager: betting }) : undefined,
        dim: plays.length > 0 && !ok,
        trump: trump !== null && suitOf(card) === trump,
      });
      face.dataset.motion = `card:${card}`;
      row.append(face);
    }
    if (!view.you.hand.length) row.append(el("span", { class: "muted", text: t("No cards left.") }));
    handBox.append(head, row);
  }

  function redraw() {
    if (!last?.view) return;
    const view = last.view;
    drawMission(view);
    drawCentre(view);
    drawHand(view);
    clear(roleBox);
    if (view.you) roleBox.append(R.roleCard(view, redraw));
  }

  // -- keyboard (static/core/keyboard.js) ---------------------------------------------

  const pressIn = (/** @type {string} */ selector) => ctx.keys.press(root.querySelector(selector));
  const nth = (/** @type {string} */ selector, /** @type {number} */ n) => ctx.keys.press(root.querySelectorAll(selector)[n - 1]);
  ctx.keys.add(
    { key: "1-9", label: t("Play the n-th card of your hand (missions, votes: the n-th choice)"), run: (/** @type {any} */ _e, /** @type {number} */ n) =>
      nth(".ij-offered .ij-mission", n) || nth(".ij-task [data-partner]", n) || nth(".ij-vote .ij-target", n) || nth(".ij-hand-cards .ij-card", n) },
    { word: t("wager"), label: t("Bet an intel token (again: cancel the bet)"), run: () => pressIn(".ij-bet-toggle") },
    { word: t("vote"), label: t("Cast my votes"), run: () => pressIn(".ij-cast") },
    { word: t("role"), label: t("Hide or show my role"), run: () => pressIn(".ij-role-toggle") },
    { key: "Escape", label: t("Cancel the bet"), run: () => {
      if (!betting) return false;
      betting = false;
      redraw();
      return true;
    } },
  );

  return {
    /** The trick's cards fly to its winner. @param {any[]} events */
    exitSeat(events) {
      return events.find((e) => e.type === "trick_won")?.seat ?? null;
    },
    /** @param {any} state */
    update(state) {
      if (last && last.version !== state.version) betting = false;
      last = state;
      const view = state.view;
      if (!view) return;
      root.dataset.phase = view.phase;
      redraw();
      drawScore(view);
      drawPlayers(view);
    },
  };
}
