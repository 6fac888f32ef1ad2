// @ts-check
/**
 * The final vote (a simultaneous secret ballot: only who has voted shows
 * until everyone has) and the end of the match: why it ended, the ballots,
 * every role and who won, team by team.
 */

import { wonBy } from "../../core/i18n.js";
import { REASONS } from "./cards.js";

/** @param {any} ctx @param {any} roleParts */
export function vote(ctx, roleParts) {
  const { el, canonical } = ctx.widgets;
  const { t, fmt } = ctx;
  /** The Paranoid Agent's names picked so far (UI only). */
  let picks = /** @type {number[]} */ ([]);
  let pickedAt = -1;

  /** @param {any} view @param {any[]} legal @param {(a: any) => void} send @param {() => void} redraw @param {number} version */
  function votePanel(view, legal, send, redraw, version) {
    if (pickedAt !== version) { picks = []; pickedAt = version; }
    const ballots = legal.filter((a) => a.type === "vote");
    const box = el("section", { class: "ij-vote" }, [
      el("h3", { text: t("Final vote: who is the Insider?") }),
      el("p", { class: "muted", text: t("Ballots stay secret until everyone has voted.") }),
    ]);
    const voted = new Set(view.vote.voted);
    box.append(el("ul", { class: "ij-voters" }, Array.from({ length: view.players }, (_, seat) => {
      const voter = view.vote.voters.includes(seat);
      const state = !voter ? t("does not vote") : voted.has(seat) ? t("has voted") : t("is choosing…");
      return el("li", { class: voter ? (voted.has(seat) ? "done" : "waiting") : "out", dataset: { seat: String(seat) } }, [
        el("b", { text: ctx.name(seat) }), " ", el("span", { text: state }),
      ]);
    })));
    if (view.you?.ballot) {
      box.append(el("p", { class: "ij-prompt", text: fmt("Your ballot: {names}", { names: view.you.ballot.map(ctx.name).join(", ") }) }));
    }
    if (!ballots.length) return box;
    const two = ballots.some((a) => a.targets.length === 2);
    const targets = [...new Set(ballots.flatMap((a) => a.targets))].sort((a, b) => a - b);
    const key = (/** @type {number[]} */ list) => canonical({ type: "vote", targets: [...list].sort((a, b) => a - b) });
    const legalKeys = new Map(ballots.map((a) => [canonical(a), a]));
    box.append(el("p", { class: "ij-prompt", text: two ? t("You are the Paranoid Agent: name two players, then cast your votes.") : t("Name the player you think is the Insider.") }));
    const row = el("div", { class: "ij-buttons", "data-kb-group": "" });
    for (const target of targets) {
      const count = picks.filter((p) => p === target).length;
      row.append(el("button", {
        type: "button", class: `button ij-target${count ? " primary" : ""}`, dataset: { target: String(target) },
        text: count > 1 ? `${ctx.name(target)} ×2` : ctx.name(target),
        "aria-pressed": count ? "true" : "false",
        onclick: () => {
          if (!two) { send(/** @type {any} */ (legalKeys.get(key([target])))); return; }
          const again = [...picks, target];
          if (count && (count > 1 || !legalKeys.has(key(again)) || picks.length >= 2)) {
            picks.splice(picks.indexOf(target), 1);
          } else if (picks.length < 2) {
            picks.push(target);
          }
          redraw();
        },
      }));
    }
    box.append(row);
    if (two) {
      const ballot = legalKeys.get(key(picks));
      box.append(el("button", {
        type: "button", class: "button primary ij-cast", disabled: !ballot || !picks.length,
        text: t("Cast my votes"), onclick: () => ballot && send(ballot),
      }));
    }
    return box;
  }

  /** The end: reason, ballots and tally, roles, winners by team. @param {any} view @param {any} outcome */
  function resultPanel(view, outcome) {
    const result = view.result;
    const box = el("section", { class: "ij-result" });
    const reason = /** @type {any} */ (REASONS)[result.reason] ?? result.reason;
    const youWon = view.you && result.winners.includes(view.you.seat);
    box.append(
      el("h3", { text: view.you ? (youWon ? t("You won!") : t("You lost."))
        : result.winners.length ? wonBy(result.winners.map(ctx.name)) : t("The match is over.") }),
      el("p", { text: fmt("The match is over: {reason}", { reason: t(reason) }) }),
    );
    if (result.votes) {
      const rows = Object.entries(result.votes).map(([seat, names]) => el("li", {}, [
        el("b", { text: ctx.name(Number(seat)) }), " → ",
        /** @type {number[]} */ (names).map(ctx.name).join(", "),
      ]));
      box.append(
        el("h4", { text: t("The ballots") }),
        el("ul", { class: "ij-ballots" }, rows),
        el("p", { class: "muted", text: result.tally.map((/** @type {number} */ n, /** @type {number} */ s) => `${ctx.name(s)}: ${n}`).join(" · ") }),
      );
    }
    const teams = outcome?.teams?.length ? outcome.teams : [Array.from({ length: view.players }, (_, s) => s)];
    const table = el("table", { class: "ij-teams" });
    teams.forEach((/** @type {number[]} */ team, /** @type {number} */ i) => {
      if (!team.length) return;
      const label = i === 0 ? t("Agents") : i === 1 ? t("The Insider's side") : t("Alone");
      team.forEach((seat, j) => {
        const won = result.winners.includes(seat);
        table.append(el("tr", { class: won ? "won" : "lost", dataset: { seat: String(seat) } }, [
          el("td", { class: "ij-team", text: j === 0 ? label : "" }),
          el("td", { text: ctx.name(seat) }),
          el("td", { text: roleParts.roleName(result.roles[seat]) }),
          el("td", { class: "ij-won", text: won ? t("won") : t("lost") }),
        ]));
      });
    });
    box.append(table);
    return box;
  }

  return { votePanel, resultPanel };
}
