// @ts-check
/**
 * Roles on the table: your own secret role card (tap to hide it from someone
 * looking at your screen), the characters in play listed for everyone, and
 * the Accomplice's choice of a partner.
 */

import { CHARACTER_OPTIONS, ROLES, SIDES } from "./cards.js";

/** @param {any} ctx */
export function roles(ctx) {
  const { el } = ctx.widgets;
  const { t, fmt } = ctx;
  /** Hidden by the player (kept while the page lives). */
  let covered = false;

  const info = (/** @type {string} */ role) => /** @type {any} */ (ROLES)[role] ?? { name: role, side: "crew", power: "" };
  const roleName = (/** @type {string} */ role) => t(info(role).name);

  /** Your role card: name, side, powers and the numbers that matter to it. */
  function roleCard(/** @type {any} */ view, /** @type {() => void} */ redraw) {
    const you = view.you;
    const role = info(you.role);
    const box = el("section", { class: `ij-role side-${role.side}${covered ? " covered" : ""}` });
    const toggle = el("button", {
      type: "button", class: "ij-role-toggle",
      "aria-pressed": covered ? "true" : "false",
      text: covered ? t("Show my role") : t("Hide"),
      onclick: () => { covered = !covered; redraw(); },
    });
    if (covered) {
      box.append(el("div", { class: "ij-role-back" }, [
        el("span", { class: "ij-role-label", text: t("Your secret role") }),
        toggle,
      ]));
      box.addEventListener("click", (e) => { if (e.target === box) { covered = false; redraw(); } });
      return box;
    }
    const mine = view.revealed.find((/** @type {any} */ r) => r.seat === you.seat);
    const lines = [];
    if (view.targets.intel !== null && role.side === "traitor") {
      lines.push(fmt("You need {n} intel to win.", { n: view.targets.intel }));
    }
    if (view.wagers && view.phase === "play") {
      lines.push(you.may_bet ? t("You may bet an intel token on a card you play after the leader.") : t("You cannot bet right now."));
    }
    if (you.partner_role !== undefined && view.partner !== null) {
      lines.push(fmt("Your partner {partner} is: {role}.", { partner: ctx.name(view.partner), role: roleName(you.partner_role) }));
    }
    if (you.role === "tim_shady") {
      const right = (you.seat - 1 + view.players) % view.players;
      lines.push(fmt("The player on your right: {player}.", { player: ctx.name(right) }));
    }
    box.append(
      el("div", { class: "ij-role-top" }, [
        el("span", { class: "ij-role-label", text: mine || view.phase === "over" ? t("Your role (everyone sees it)") : t("Your secret role") }),
        toggle,
      ]),
      el("h3", { class: "ij-role-name", text: roleName(you.role) }),
      el("p", { class: "ij-role-side", text: t(/** @type {any} */ (SIDES)[role.side]) }),
      el("p", { class: "ij-role-power", text: t(role.power) }),
    );
    if (lines.length) box.append(el("ul", { class: "ij-role-notes" }, lines.map((line) => el("li", { text: line }))));
    return box;
  }

  /** The character being read (kept across redraws until closed). */
  let reading = /** @type {string|null} */ (null);

  /**
   * The characters of this match, for everyone: tap one to read it in a
   * panel under the list, on the board itself (not a modal over the clock
   * and the board: the match goes on while it is open), closed with its ✕.
   */
  function characterList(/** @type {any} */ view) {
    if (!view.characters.length) return null;
    if (reading && !view.characters.includes(reading)) reading = null;
    const panel = el("div", { class: "ij-character-info", "aria-live": "polite" });
    const show = () => {
      panel.replaceChildren();
      panel.hidden = !reading;
      if (!reading) return;
      const c = reading;
      panel.append(el("div", { class: `ij-role side-${info(c).side}` }, [
        el("div", { class: "ij-role-top" }, [
          el("h3", { class: "ij-role-name", text: roleName(c) }),
          el("button", {
            type: "button", class: "button ij-close", "aria-label": t("Close"), title: t("Close"), text: "✕",
            onclick: () => { reading = null; show(); },
          }),
        ]),
        el("p", { class: "ij-role-side", text: t(/** @type {any} */ (SIDES)[info(c).side]) }),
        el("p", { class: "ij-role-power", text: t(info(c).power) }),
      ]));
    };
    show();
    return el("div", { class: "ij-characters" }, [
      el("span", { class: "muted", text: t("Characters in play:") }),
      ...view.characters.map((/** @type {string} */ c) => el("button", {
        type: "button", class: `ij-chip side-${info(c).side}`, text: roleName(c),
        title: t(/** @type {any} */ (CHARACTER_OPTIONS)[c] ?? ""),
        "aria-expanded": String(reading === c),
        onclick: (/** @type {Event} */ event) => {
          reading = reading === c ? null : c;
          const chips = /** @type {HTMLElement} */ (event.currentTarget).parentElement?.querySelectorAll(".ij-chip") ?? [];
          for (const chip of chips) chip.setAttribute("aria-expanded", String(chip.textContent === roleName(reading ?? "")));
          show();
        },
      })),
      panel,
    ]);
  }

  /** The Accomplice picks whose role to look at. */
  function partnerChoice(/** @type {any[]} */ legal, /** @type {(a: any) => void} */ send) {
    const picks = legal.filter((a) => a.type === "pick_partner");
    if (!picks.length) return null;
    return el("div", { class: "ij-task" }, [
      el("p", { class: "ij-prompt", text: t("Choose the player whose role card you look at: they become your partner.") }),
      el("div", { class: "ij-buttons", "data-kb-group": "" }, picks.map((a) => el("button", {
        type: "button", class: "button primary", dataset: { partner: String(a.seat) },
        text: ctx.name(a.seat), onclick: () => send(a),
      }))),
    ]);
  }

  return { roleCard, characterList, partnerChoice, roleName, info };
}
