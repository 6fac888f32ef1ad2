// @ts-check
/**
 * Mafia's board: the town square (every seat alive or dead, with the revealed
 * role), the phase and its countdown, your role card (only yours), the action
 * panel of the phase (night targets, nominations, the trial, the judgement),
 * the dawn report and your private messages, the chats of the channels this
 * seat may read, the role guide and the end with factions and co-winners.
 * It only draws the view and sends actions taken from `legal`
 * (docs/board-api.md); sentences come from the game's text.py (`ctx.texts`).
 */

import { nfmt, nt } from "../../core/i18n.js";
import { factionEmblem } from "./emblems.js";

/** @param {HTMLElement} root @param {any} ctx */
export function createBoard(root, ctx) {
  const { el, clear, canonical } = ctx.widgets;
  const { t, fmt } = ctx;
  const T = ctx.texts || {};
  /** @type {any} */ let last = null;
  /** The chat tab shown and the lines of each channel. */
  const chat = { tab: "table", lines: /** @type {Record<string, any[]>} */ ({}), unread: /** @type {Record<string, number>} */ ({}) };
  let witchFirst = /** @type {number|null} */ (null);

  root.classList.add("mf");
  const top = el("div", { class: "mf-top" });
  const square = el("div", { class: "mf-square", "data-kb-group": "" });
  const panel = el("div", { class: "mf-panel", "data-kb-group": "" });
  const side = el("div", { class: "mf-side" });
  const chatBox = el("section", { class: "mf-chat" });
  const guide = el("details", { class: "mf-guide" });
  root.append(top, el("div", { class: "mf-main" }, [el("div", { class: "mf-left" }, [square, panel]), el("div", { class: "mf-right" }, [side, chatBox])]), guide);

  /** A seat's name; seats with the same name (bots) get their number too. */
  const who = (/** @type {number} */ s) => {
    const name = ctx.name(s);
    const twins = (last?.seats || []).filter((/** @type {any} */ x, /** @type {number} */ i) => ctx.name(i) === name).length;
    return twins > 1 ? `${name} ${s + 1}` : name;
  };
  const cat = (/** @type {string} */ name, /** @type {string} */ key) => (T[name] && T[name][key]) || key;
  const roleName = (/** @type {string} */ role) => (role === "" ? "?" : cat("ROLE_NAMES", role));
  const names = (/** @type {number[]} */ seats) => (seats.length ? seats.map((s) => who(s)).join(", ") : t("nobody"));
  const fill = (/** @type {string} */ sentence, /** @type {Record<string, string>} */ params) =>
    sentence.replace(/\{(\w+)\}/g, (m, k) => (k in params ? params[k] : m));
  /** One result word: a cause of death, a check result or a note kind. */
  const result = (/** @type {string} */ r) =>
    r.split(",").filter(Boolean).map((x) => (T.RESULTS?.[x] || T.CAUSES?.[x] || T.NOTES?.[x]?.replace(/\{\w+\}/g, "…") || x)).join(", ");
  /** A private message or a public announcement (view `notes` / `report`). */
  const noteText = (/** @type {any} */ n) =>
    fill(cat("NOTES", n.kind), {
      player: n.seat !== undefined ? who(n.seat) : "",
      role: roleName(n.role || ""),
      result: result(n.result || ""),
      seats: names(n.seats || []),
      roles: (n.roles || []).map(roleName).join(", ") || t("nobody"),
      night: String(n.night),
    });
  const legalOf = (/** @type {string} */ type) => (last?.legal ?? []).filter((/** @type {any} */ a) => a.type === type);
  const send = (/** @type {any} */ action) => { witchFirst = null; ctx.send(action); };

  // -- the phase and its countdown ------------------------------------------------

  const phaseLabel = el("span", { class: "mf-phase" });
  const countdown = el("span", { class: "mf-countdown", dataset: { role: "countdown" } });
  top.append(phaseLabel, countdown);
  function tick() {
    const clock = last?.clock;
    const end = clock?.phase_ends;
    if (!end || last.status !== "playing") { countdown.textContent = ""; return; }
    const left = Math.max(0, end - ctx.now());
    const secs = Math.ceil(left / 1000);
    countdown.textContent = `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;
    countdown.classList.toggle("low", secs <= 5);
  }
  setInterval(tick, 250);

  function drawTop(/** @type {any} */ view) {
    const phase = cat("PHASES", view.phase);
    phaseLabel.textContent = view.phase === "day0" || view.phase === "over"
      ? phase
      : view.phase === "night"
        ? fmt("{phase} {n}", { phase, n: view.day })
        : fmt("{phase} · day {n}", { phase, n: view.day });
    root.dataset.phase = view.phase;
    top.classList.toggle("night", view.phase === "night");
    if (view.full_moon && view.phase === "night") phaseLabel.append(el("span", { class: "mf-moon", text: " ◯ " + t("full moon") }));
  }

  // -- the town square ------------------------------------------------------------

  function drawSquare(/** @type {any} */ view) {
    clear(square);
    const you = view.you;
    const team = new Map((you?.team || []).map((/** @type {any} */ m) => [m.seat, m.role]));
    const masons = new Set(you?.masons || []);
    const votes = new Map();
    for (const p of view.players) if (p.vote !== undefined && p.vote >= 0) votes.set(p.vote, (votes.get(p.vote) || 0) + 1);
    const acts = legalOf("act");
    const votable = new Map(legalOf("vote").map((/** @type {any} */ a) => [a.target, a]));
    const roles = view.result?.roles;
    /** Each player's latest role claim (the claims are public). */
    const claimedBy = new Map((view.claims || []).filter((/** @type {any} */ c) => c.target === undefined).map((/** @type {any} */ c) => [c.seat, c.role]));
    // The published verdicts belong to the trial just judged: shown during the
    // last words, or in the voting that goes on after an acquittal.
    const verdictsShown = view.phase === "last_words" || (view.phase === "voting" && view.acquittals > 0);
    for (const p of view.players) {
      const s = p.seat;
      const isYou = ctx.seat === s;
      const shown = p.role !== undefined ? p.role : roles ? roles[s] : team.get(s);
      const tile = el("div", {
        class: `mf-seat${p.alive ? "" : " dead"}${isYou ? " you" : ""}${view.accused === s ? " accused" : ""}${witchFirst === s ? " picked" : ""}`,
        dataset: { seat: String(s) },
      }, [
        el("span", { class: "mf-avatar", text: p.alive ? String(s + 1) : "✝" }),
        el("span", { class: "mf-name", text: who(s) }),
        // Motion (static/core/motion.js): a role revealed at death turns over like a card.
        shown ? el("span", {
          class: `mf-role${p.role === "CLEANED" ? " cleaned" : ""}`, text: roleName(shown),
          dataset: p.role !== undefined ? { motion: `role:${s}`, motionReveal: "" } : {},
        }) : null,
        masons.has(s) && !isYou ? el("span", { class: "mf-badge", text: cat("CHANNELS", "masons") }) : null,
        you?.target === s ? el("span", { class: "mf-badge warn", text: t("your target") }) : null,
        view.accused === s ? el("span", { class: "mf-badge warn", text: t("on trial") }) : null,
        claimedBy.has(s) ? el("span", { class: "mf-badge claim", dataset: { claim: claimedBy.get(s) }, text: fmt("claims: {role}", { role: roleName(claimedBy.get(s)) }) }) : null,
        witchFirst === s ? el("span", { class: "mf-badge", text: t("controlled") }) : null,
        votes.get(s) ? el("span", { class: "mf-votes", text: nt("{n} vote", "{n} votes", votes.get(s)).replace("{n}", String(votes.get(s))) }) : null,
        p.vote !== undefined && p.vote >= 0 ? el("span", { class: "mf-small", text: fmt("votes for {player}", { player: who(p.vote) }) }) : null,
        p.ready ? el("span", { class: "mf-small", text: t("ready") }) : null,
        p.judged ? el("span", { class: "mf-small", text: t("has judged") }) : null,
        verdictsShown && view.last_verdicts?.[s] ? el("span", { class: `mf-small verdict-${view.last_verdicts[s]}`, text: cat("RESULTS", view.last_verdicts[s]) }) : null,
        p.died ? el("span", { class: "mf-small", text: (p.causes || []).map((/** @type {string} */ c) => cat("CAUSES", c)).join(", ") }) : null,
      ]);
      const buttons = el("span", { class: "mf-buttons" });
      const single = acts.find((/** @type {any} */ a) => a.target === s && a.second === undefined);
      if (single) buttons.append(el("button", { type: "button", class: "button small primary", text: t("Choose"), onclick: () => send(single) }));
      const firsts = acts.filter((/** @type {any} */ a) => a.second !== undefined);
      if (firsts.length) {
        if (witchFirst === null && firsts.some((/** @type {any} */ a) => a.target === s)) {
          buttons.append(el("button", { type: "button", class: "button small", text: t("Control"), onclick: () => { witchFirst = s; redraw(); } }));
        }
        const pair = firsts.find((/** @type {any} */ a) => a.target === witchFirst && a.second === s);
        if (pair) buttons.append(el("button", { type: "button", class: "button small primary", text: t("Aim here"), onclick: () => send(pair) }));
      }
      if (votable.has(s)) {
        const mine = you && view.players[you.seat].vote === s;
        if (!mine) buttons.append(el("button", { type: "button", class: "button small primary", text: t("Vote"), onclick: () => send(votable.get(s)) }));
      }
      if (buttons.childNodes.length) tile.append(buttons);
      square.append(tile);
    }
  }

  // -- the action panel of the phase ------------------------------------------------

  function drawPanel(/** @type {any} */ view) {
    clear(panel);
    const you = view.you;
    const line = (/** @type {string} */ text, cls = "") => panel.append(el("p", { class: cls, text }));
    const phase = view.phase;
    if (phase === "over") { drawEnd(view); return; }
    if (!you) { if (view.accused >= 0) line(fmt("{player} is on trial.", { player: who(view.accused) })); return; }
    if (!view.players[you.seat].alive && phase !== "over") line(t("You are dead: you can read the town square and talk in the graveyard."), "muted");
    if (you.silenced) line(t("You were blackmailed: you cannot speak today."), "warn");
    if (phase === "night") {
      if (legalOf("act").length) {
        line(witchFirst === null ? t("Choose your target for tonight on the square.") : fmt("{player} will act on… choose the second player.", { player: who(witchFirst) }));
      } else if (legalOf("pass").length) {
        line(t("You have no action tonight."), "muted");
      } else {
        line(t("The town sleeps."), "muted");
      }
      if (you.action) {
        line(you.action.length ? fmt("Your choice: {player}", { player: you.action.map((/** @type {number} */ x) => who(x)).join(" → ") }) : t("You chose to do nothing tonight."), "ok");
      }
      if (witchFirst !== null) panel.append(el("button", { type: "button", class: "button", text: t("Control someone else"), onclick: () => { witchFirst = null; redraw(); } }));
      const pass = legalOf("pass")[0];
      if (pass) panel.append(el("button", { type: "button", class: "button", text: t("Do nothing tonight"), dataset: { action: "pass" }, onclick: () => send(pass) }));
    } else if (phase === "voting") {
      line(nfmt("Nominate a player: {n} vote puts them on trial.", "Nominate a player: {n} votes put them on trial.", view.threshold, { n: view.threshold }));
      if (view.acquittals > 0) line(fmt("The voting goes on after an acquittal: {n} more trials today at most.", { n: view.trials_left }), "muted");
      const pass = legalOf("pass")[0];
      const unvote = legalOf("unvote")[0];
      if (pass) panel.append(el("button", { type: "button", class: "button", text: t("No trial"), dataset: { action: "pass" }, onclick: () => send(pass) }));
      if (unvote) panel.append(el("button", { type: "button", class: "button", text: t("Withdraw my vote"), dataset: { action: "unvote" }, onclick: () => send(unvote) }));
      drawClaimForm(view);
    } else if (phase === "defense") {
      line(view.accused === you.seat ? t("You are on trial: defend yourself in the town square.") : fmt("{player} is on trial and speaks in defence.", { player: who(view.accused) }));
    } else if (phase === "judgement") {
      line(view.accused === you.seat ? t("The town is judging you.") : fmt("Judge {player}.", { player: who(view.accused) }));
      for (const a of legalOf("judge")) {
        panel.append(el("button", {
          type: "button",
          class: `button${you.verdict === a.verdict ? " primary" : ""}`,
          text: cat("RESULTS", a.verdict),
          dataset: { verdict: a.verdict },
          onclick: () => send(a),
        }));
      }
      if (you.verdict) line(fmt("Your verdict: {verdict}", { verdict: cat("RESULTS", you.verdict) }), "ok");
    } else if (phase === "last_words") {
      const count = (/** @type {string} */ v) => String((view.last_verdicts || []).filter((/** @type {string} */ x) => x === v).length);
      line(fmt("The town found {player} guilty: {guilty} guilty, {innocent} innocent, {abstain} abstaining.", {
        player: who(view.accused), guilty: count("guilty"), innocent: count("innocent"), abstain: count("abstain"),
      }), "warn");
      line(view.accused === you.seat ? t("Your last words: the town is listening.") : fmt("Last words of {player}.", { player: who(view.accused) }));
    } else if (phase === "day0") {
      line(t("Meet the town. The first night comes soon."));
    } else if (phase === "discussion") {
      const ready = legalOf("ready")[0];
      if (ready) {
        line(t("Discuss in the town square and claim if you wish, then say you are ready: the voting opens when everyone is."));
        panel.append(el("button", { type: "button", class: "button primary", text: t("Ready to vote"), dataset: { action: "ready" }, onclick: () => send(ready) }));
      } else if (view.players[you.seat].ready) {
        line(t("You are ready to vote; the others are still talking."), "ok");
      } else {
        line(t("Discuss in the town square. Voting opens soon."));
      }
      drawClaimForm(view);
    }
    // Any other legal action (e.g. the Jester's haunt) is offered on the square.
    if (phase !== "night" && legalOf("act").length) line(t("Choose a player on the square."));
  }

  /** Formal claims (the table's option): a role once a day and a result per
   * player (a report claims the Detective if the latest claim was another
   * role). Both are public and leave the vote. */
  function drawClaimForm(/** @type {any} */ view) {
    const claims = legalOf("claim");
    const reports = legalOf("report");
    if (!claims.length && !reports.length) return;
    const form = el("div", { class: "mf-claim", dataset: { role: "claim-form" } });
    if (claims.length) {
      // No role is chosen until the player picks one: a claim is public and stays.
      const pick = el("select", { "aria-label": t("Role to claim"), dataset: { field: "claim-role" } }, [
        el("option", { value: "", text: t("Choose a role…"), disabled: true, selected: true }),
        ...claims.map((/** @type {any} */ a) => el("option", { value: a.role, text: roleName(a.role) })),
      ]);
      const claimButton = el("button", { type: "button", class: "button", text: t("Claim"), dataset: { action: "claim" }, disabled: true,
        onclick: () => send(claims.find((/** @type {any} */ a) => a.role === /** @type {HTMLSelectElement} */ (pick).value)) });
      pick.addEventListener("change", () => { /** @type {HTMLButtonElement} */ (claimButton).disabled = !(/** @type {HTMLSelectElement} */ (pick).value); });
      form.append(el("label", { class: "mf-small", text: t("Claim a role (public, once a day):") }), pick, claimButton);
    }
    if (reports.length) {
      const targets = [...new Set(reports.map((/** @type {any} */ a) => a.target))];
      const pick = el("select", { "aria-label": t("Player to report on"), dataset: { field: "report-target" } },
        targets.map((s) => el("option", { value: String(s), text: who(s) })));
      const sendReport = (/** @type {string} */ r) => send(reports.find((/** @type {any} */ a) =>
        a.result === r && a.target === Number(/** @type {HTMLSelectElement} */ (pick).value)));
      // A report from a player whose latest claim is not the Detective claims it too.
      const mine = (view.claims || []).filter((/** @type {any} */ c) => c.seat === view.you?.seat && c.target === undefined);
      const asDetective = mine.length > 0 && mine[mine.length - 1].role === "DETECTIVE";
      const label = asDetective ? t("Report a Detective result:") : t("Report a Detective result (this claims the Detective):");
      form.append(el("label", { class: "mf-small", text: label }), pick,
        el("button", { type: "button", class: "button", text: cat("RESULTS", "suspicious"), dataset: { action: "report-suspicious" }, onclick: () => sendReport("suspicious") }),
        el("button", { type: "button", class: "button", text: cat("RESULTS", "not_suspicious"), dataset: { action: "report-not_suspicious" }, onclick: () => sendReport("not_suspicious") }));
    }
    panel.append(form);
  }

  /** The record of claims, newest first, beside the dawn report. */
  function claimsList(/** @type {any} */ view) {
    const claims = view.claims || [];
    if (!claims.length) return null;
    const said = (/** @type {any} */ c) => c.target === undefined
      ? fill(cat("EVENTS", "claimed"), { player: who(c.seat), role: roleName(c.role) })
      : fill(cat("EVENTS", "reported"), { player: who(c.seat), target: who(c.target), result: result(c.result) });
    return el("details", { class: "mf-claims", open: true, dataset: { role: "claims" } }, [
      el("summary", { text: t("Claims") }),
      el("ul", {}, claims.slice().reverse().map((/** @type {any} */ c) =>
        el("li", {}, [el("span", { class: "mf-small", text: fmt("Day {n}", { n: c.day }) + " · " }), el("span", { text: said(c) })]))),
    ]);
  }

  function drawEnd(/** @type {any} */ view) {
    const r = view.result;
    if (!r) return;
    panel.append(
      el("h3", { text: r.primary ? fmt("{faction} wins.", { faction: cat("FACTIONS", r.primary) }) : cat("REASONS", r.reason) }),
      el("p", { text: cat("REASONS", r.reason) }),
      el("p", { text: fmt("Winners: {players}", { players: names(r.winners) }) }),
      el("table", { class: "mf-end" }, [el("tbody", {}, r.roles.map((/** @type {string} */ role, /** @type {number} */ s) =>
        el("tr", { class: r.winners.includes(s) ? "won" : "" }, [
          el("td", { text: who(s) }),
          el("td", { text: roleName(role) }),
          el("td", { text: r.winners.includes(s) ? t("won") : "" }),
        ]),
      ))]),
    );
  }

  // -- your role card, the dawn report, your messages ------------------------------

  function drawSide(/** @type {any} */ view) {
    clear(side);
    const you = view.you;
    if (you) {
      const details = [
        el("div", { class: "mf-card-head" }, [
          factionEmblem(you.faction),
          el("div", {}, [
            el("h3", { text: roleName(you.role) }),
            el("p", { class: "mf-faction", text: cat("FACTIONS", you.faction) }),
          ]),
        ]),
        el("p", { text: cat("ROLE_TEXT", you.role) }),
      ];
      if (you.charges >= 0) details.push(el("p", { class: "mf-small", text: fmt("Uses left: {n}", { n: you.charges }) }));
      if (you.self_uses > 0) details.push(el("p", { class: "mf-small", text: fmt("Self-protection left: {n}", { n: you.self_uses }) }));
      if (you.target !== undefined && you.target >= 0) details.push(el("p", { text: fmt("Your target: {player}", { player: who(you.target) }) }));
      if (you.team?.length > 1) {
        details.push(el("p", { class: "mf-small", text: fmt("Your team: {players}", {
          players: you.team.map((/** @type {any} */ m) => `${who(m.seat)} (${roleName(m.role)})`).join(", "),
        }) }));
      }
      if (you.masons?.length) details.push(el("p", { class: "mf-small", text: fmt("Masons: {players}", { players: names(you.masons) }) }));
      side.append(el("div", { class: `mf-card faction-${String(you.faction).toLowerCase()}`, dataset: { role: "role-card" } }, details));
    }
    if (view.report?.length) {
      side.append(el("div", { class: "mf-report", dataset: { role: "report" } }, [
        el("h4", { text: t("Dawn report") }),
        el("ul", {}, view.report.map((/** @type {any} */ n) => el("li", { text: noteText(n) }))),
      ]));
    }
    const record = claimsList(view);
    if (record) side.append(record);
    const notes = you?.notes || [];
    if (notes.length) {
      side.append(el("details", { class: "mf-notes", open: true }, [
        el("summary", { text: t("Your messages") }),
        el("ul", {}, notes.slice().reverse().map((/** @type {any} */ n) =>
          el("li", {}, [el("span", { class: "mf-small", text: fmt("Night {n}", { n: n.night }) + " · " }), el("span", { text: noteText(n) })]))),
      ]));
    }
  }

  function drawGuide(/** @type {any} */ view) {
    if (guide.dataset.drawn) return;
    guide.dataset.drawn = "1";
    guide.append(
      el("summary", { text: t("Roles in this match") }),
      el("dl", {}, view.role_guide.flatMap((/** @type {string} */ role) => [
        el("dt", { text: roleName(role) }),
        el("dd", { text: cat("ROLE_TEXT", role) }),
      ])),
    );
  }

  // -- chats ---------------------------------------------------------------------------

  const channelName = (/** @type {string} */ c) => {
    if (c === `will:${ctx.seat}`) return t("Your last will");
    if (c.startsWith("will:")) return fmt("{will}: {player}", { will: cat("CHANNELS", "will"), player: who(Number(c.slice(5))) });
    return cat("CHANNELS", c);
  };
  let scrolling = false;
  const tabLabel = (/** @type {string} */ c) => channelName(c) + (chat.unread[c] ? ` (${chat.unread[c]})` : "");
  const lineItem = (/** @type {any} */ l) =>
    el("li", {}, [el("b", { text: `${l.seat !== null && l.seat !== undefined ? who(l.seat) : l.author}: ` }), el("span", { text: l.text })]);
  function drawChat() {
    clear(chatBox);
    const channels = ctx.channels || {};
    const open = Object.keys(channels).filter((c) => !c.startsWith("will:") || chat.lines[c]?.length || channels[c] === "write");
    if (!open.includes(chat.tab)) chat.tab = open.includes("table") ? "table" : open[0];
    const tabs = el("div", { class: "mf-tabs", role: "tablist", "data-kb-group": "" }, open.map((c) => el("button", {
      type: "button",
      role: "tab",
      class: `mf-tab${c === chat.tab ? " on" : ""}`,
      dataset: { channel: c },
      text: tabLabel(c),
      onclick: () => { chat.tab = c; chat.unread[c] = 0; drawChat(); },
    })));
    const lines = el("ol", { class: "mf-lines" }, (chat.lines[chat.tab] || []).map(lineItem));
    const writable = channels[chat.tab] === "write";
    const input = el("input", { name: "text", maxlength: "500", autocomplete: "off", disabled: !writable,
      placeholder: writable ? t("Write a message") : t("You cannot write here now") });
    const form = el("form", { class: "mf-say" }, [input, el("button", { type: "submit", class: "button", disabled: !writable, text: t("Send") })]);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = /** @type {HTMLInputElement} */ (input).value.trim();
      if (text && ctx.say(chat.tab, text)) /** @type {HTMLInputElement} */ (input).value = "";
    });
    chatBox.append(tabs, lines, form);
    lines.scrollTo({ top: lines.scrollHeight });
  }

  function redraw() {
    if (!last?.view) return;
    drawSquare(last.view);
    drawPanel(last.view);
  }

  // -- keyboard (static/core/keyboard.js) ------------------------------------------------

  const focusIn = (/** @type {string} */ selector) => ctx.keys.focus(root.querySelector(selector));
  /** The panel's button whose text is one of `texts` (pass, no trial, withdraw). */
  const panelButton = (/** @type {string[]} */ texts) =>
    [...panel.querySelectorAll("button")].find((b) => texts.includes(b.textContent ?? ""));
  ctx.keys.add(
    { key: "1-9", label: t("Go to player n on the square (Enter: choose, vote)"), run: (/** @type {any} */ _e, /** @type {number} */ n) =>
      focusIn(`.mf-seat[data-seat="${n - 1}"] .mf-buttons button`) },
    { word: t("square"), label: t("Go to the square"), run: () => focusIn(".mf-seat .mf-buttons button") },
    { word: t("phase"), label: t("Go to the buttons of this phase (verdicts, no trial)"), run: () => focusIn(".mf-panel button") },
    { word: t("nothing"), label: t("No trial, or do nothing tonight"), run: () => ctx.keys.press(panelButton([t("No trial"), t("Do nothing tonight")])) },
    { word: t("withdraw"), label: t("Withdraw my vote"), run: () => ctx.keys.press(panelButton([t("Withdraw my vote")])) },
    { key: "c", overrides: true, label: t("Write in the open chat tab"), run: () => focusIn(".mf-say input:not([disabled])") },
    { key: "Escape", label: t("Cancel the first player chosen"), run: () => {
      if (witchFirst === null) return false;
      witchFirst = null;
      redraw();
      return true;
    } },
  );

  return {
    /** @param {any} state */
    update(state) {
      const prev = last;
      last = state;
      const view = state.view;
      if (!view) return;
      if (!prev || prev.view?.phase !== view.phase) witchFirst = null;
      drawTop(view);
      redraw();
      drawSide(view);
      drawGuide(view);
      const focused = chatBox.contains(document.activeElement);
      if (!prev || canonical(prev.channels) !== canonical(state.channels)) drawChat();
      if (focused) /** @type {HTMLElement|null} */ (chatBox.querySelector("input"))?.focus();
      tick();
    },
    /**
     * A line goes into its tab as it is: drawing every line of the chat again
     * for each new one grew with the match (bots talk with most actions).
     * @param {any} line
     */
    chat(line) {
      if (line.notice) return;
      (chat.lines[line.channel] ||= []).push(line);
      const shown = /** @type {HTMLElement|null} */ (chatBox.querySelector(".mf-lines"));
      if (line.channel === chat.tab && shown) {
        shown.append(lineItem(line));
        // Once after the lines that came together (a scroll lays the page out).
        if (!scrolling) {
          scrolling = true;
          queueMicrotask(() => {
            scrolling = false;
            shown.scrollTo({ top: shown.scrollHeight });
          });
        }
        return;
      }
      if (line.channel !== chat.tab) chat.unread[line.channel] = (chat.unread[line.channel] || 0) + 1;
      const tab = [...chatBox.querySelectorAll(".mf-tab")].find((b) => /** @type {HTMLElement} */ (b).dataset.channel === line.channel);
      if (tab) {
        tab.textContent = tabLabel(line.channel);
        return;
      }
      // A channel whose tab comes with its first line (a will read after a death).
      const input = /** @type {HTMLInputElement|null} */ (chatBox.querySelector("input"));
      const typed = input?.value || "";
      const focused = document.activeElement === input;
      drawChat();
      const again = /** @type {HTMLInputElement|null} */ (chatBox.querySelector("input"));
      if (again) { again.value = typed; if (focused) again.focus(); }
    },
  };
}
