// @ts-check
/**
 * Keyboard play at every table (docs/board-api.md, "Keyboard").
 *
 * - Shortcuts: a board declares them with `ctx.keys.add({key, label, run})`;
 *   the table adds its own (? help, c chat, b board). One keydown listener
 *   runs them, never while the person types in a field. A letter is best
 *   given as a `word` in the reader's language (`t("blue")`): the key is its
 *   first letter that no other shortcut uses, so letters follow the language
 *   and never clash. A board that has its own version of a table key (Mafia's
 *   chat) declares it with `overrides: true`, which replaces the table's.
 * - The "?" overlay lists the table's and the game's shortcuts in the
 *   reader's language (labels are translated by the board with ctx.t).
 * - Groups: a container marked `data-kb-group` (a hand, a row of cards) is one
 *   Tab stop (roving tabindex); the arrow keys move inside it, Home/End jump
 *   to its ends.
 * - Focus survives redraws: boards rebuild their DOM on every update, so the
 *   focused control is found again (same `data-kb` key, same text, or the
 *   same place) when the keyboard had put the focus there.
 * - Enter and Space activate a focused `role="button"` that is not a native
 *   button (SVG cells, ...).
 */

const FOCUSABLE =
  "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]";

/**
 * @typedef {{key?: string, word?: string, label: string, run: (event: KeyboardEvent, n: number) => (boolean|void),
 *            show?: string, overrides?: boolean}} Shortcut
 * `key`: a KeyboardEvent.key ("a", "Enter", "Escape", "ArrowLeft"), several
 * separated by spaces, or a digit range "1-9" (run gets the digit as n).
 * `word` instead of `key`: a translated word whose first free letter is the key.
 * `run` returns false when it did nothing (the key then goes on as usual).
 * `show`: how the overlay writes the keys, if not `key` itself.
 * `overrides`: the table's shortcut on the same key gives way to this one.
 */

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/**
 * The first letter of `word` (accents dropped: "ações" gives "a") that is not
 * `taken`, else the first free letter of the alphabet; "" when none is left.
 * @param {string} word @param {Set<string>} taken
 */
export function freeLetter(word, taken) {
  const plain = word.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  for (const ch of [...plain, ...LETTERS]) if (LETTERS.includes(ch) && !taken.has(ch)) return ch;
  return "";
}

/** The single keys a list of shortcuts uses. @param {Shortcut[]} list */
function keysOf(list) {
  return list.flatMap((s) => (s.key ? s.key.toLowerCase().split(" ") : []));
}

/**
 * @param {{app: HTMLElement, board: HTMLElement, t: (s: string) => string,
 *          el: (tag: string, attrs?: any, children?: any[]) => HTMLElement,
 *          openChat: () => void}} opts
 */
export function createKeyboard({ app, board, t, el, openChat }) {
  /** @type {Shortcut[]} */ const gameKeys = [];
  /** @type {Shortcut[]} */ const tableKeys = [
    { key: "?", label: t("Show or hide this list of keys"), run: () => toggleHelp() },
    { key: "b", label: t("Go to the board (the first control you can use)"), run: () => focusBoard() },
    { key: "c", label: t("Open the chat and write"), run: () => { openChat(); return true; } },
  ];
  /** Keys every table has without declaring them: shown, handled elsewhere. */
  const builtIn = () => [
    [t("Tab / Shift+Tab"), t("Next / previous control or group of cards")],
    [t("← → ↑ ↓"), t("Move inside a group of cards or buttons")],
    [t("Home / End"), t("First / last of the group")],
    [t("Enter / Space"), t("Choose the control that has the focus")],
    [t("Esc"), t("Cancel a choice in progress, close a window")],
  ];

  // -- the "?" overlay -----------------------------------------------------------

  const help = /** @type {HTMLDialogElement} */ (el("dialog", { class: "kb-help", "aria-labelledby": "kb-help-title" }));
  app.append(help);
  help.addEventListener("click", (event) => { if (event.target === help) help.close(); });
  // Tab stays inside the overlay (a modal dialog alone lets it out to the browser).
  help.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const inside = reachable(help);
    if (!inside.length) return;
    const at = inside.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    const next = (at + (event.shiftKey ? -1 : 1) + inside.length) % inside.length;
    inside[next].focus();
    event.preventDefault();
  });
  const tools = app.querySelector(".table-tools");
  const button = el("button", {
    type: "button", class: "button kb-help-button", text: "?", "data-role": "keys",
    "aria-label": t("Keyboard shortcuts"), title: t("Keyboard shortcuts (?)"), onClick: () => toggleHelp(),
  });
  tools?.prepend(button);

  function row(/** @type {string} */ keys, /** @type {string} */ label) {
    return el("tr", {}, [el("th", { scope: "row" }, [el("kbd", { text: keys })]), el("td", { text: label })]);
  }

  function showKey(/** @type {Shortcut} */ s) {
    if (s.show) return s.show;
    const names = /** @type {Record<string,string>} */ ({
      Enter: t("Enter"), Escape: t("Esc"), " ": t("Space"), ArrowLeft: "←", ArrowRight: "→", ArrowUp: "↑", ArrowDown: "↓",
    });
    return (s.key ?? "").split(" ").map((k) => names[k] ?? (k.length === 1 ? k.toUpperCase() : k)).join(" / ");
  }

  function fillHelp() {
    // (replaceChildren would write a null as the text "null": leave them out.)
    help.replaceChildren(...[
      el("h2", { id: "kb-help-title", text: t("Keyboard shortcuts") }),
      gameKeys.length ? el("h3", { text: t("This game") }) : null,
      gameKeys.length ? el("table", { class: "kb-keys", dataset: { keys: "game" } }, [el("tbody", {}, gameKeys.map((s) => row(showKey(s), s.label)))]) : null,
      el("h3", { text: t("Every table") }),
      el("table", { class: "kb-keys", dataset: { keys: "table" } }, [el("tbody", {}, [
        ...tableKeys.map((s) => row(showKey(s), s.label)),
        ...builtIn().map(([k, label]) => row(k, label)),
      ])]),
      shared() ? el("p", { class: "muted", text: t("A key that this game also uses does the game's action first.") }) : null,
      el("p", {}, [el("button", { type: "button", class: "button primary", text: t("Close"), onClick: () => help.close() })]),
    ].filter((node) => node !== null));
  }

  /** Whether the game declared one of the table's keys too. */
  function shared() {
    const game = new Set(keysOf(gameKeys));
    return keysOf(tableKeys).some((k) => game.has(k));
  }

  function toggleHelp() {
    if (help.open) {
      help.close();
      return true;
    }
    fillHelp();
    help.showModal();
    return true;
  }

  // -- focus ---------------------------------------------------------------------

  /** Controls a person can reach in `scope` now, in document order. */
  function reachable(/** @type {Element} */ scope) {
    return /** @type {HTMLElement[]} */ ([...scope.querySelectorAll(FOCUSABLE)]).filter(
      (n) => !n.closest("[hidden], [inert]") && n.getClientRects().length > 0
        && !(n.getAttribute("aria-disabled") === "true") && n.tabIndex >= -1,
    );
  }

  function focusBoard() {
    const first = reachable(board).find((n) => n.tabIndex >= 0) ?? reachable(board)[0];
    if (first) {
      first.focus();
      return true;
    }
    // Nothing to use now (another seat's turn, a redraw under way): the board
    // itself, so the key still takes the player there.
    if (!board.hasAttribute("tabindex")) board.tabIndex = -1;
    board.focus({ preventScroll: true });
    return true;
  }

  /** Items of a group: its focusable descendants that are not inside a nested group. */
  function items(/** @type {Element} */ group) {
    return reachable(group).filter((n) => n.closest("[data-kb-group]") === group || n === group);
  }

  /** One Tab stop per group: the remembered item, the selected one or the first. */
  function rove() {
    for (const group of board.querySelectorAll("[data-kb-group]")) {
      const list = items(group);
      if (!list.length) continue;
      const active = document.activeElement;
      const current = list.find((n) => n === active)
        ?? list.find((n) => identity(n) === group.getAttribute("data-kb-current"))
        ?? list.find((n) => n.matches('.selected, [aria-pressed="true"], [aria-selected="true"]'))
        ?? list[0];
      for (const n of list) n.tabIndex = n === current ? 0 : -1;
    }
  }

  /** A name for a control that survives a redraw. @param {HTMLElement} node */
  function identity(node) {
    if (node.dataset.kb) return node.dataset.kb;
    const data = Object.entries(node.dataset).filter(([k]) => !k.startsWith("kb")).map(([k, v]) => `${k}=${v}`).join(",");
    const label = node.getAttribute("aria-label") || node.textContent?.trim().slice(0, 60) || "";
    return `${node.tagName}|${data}|${label}`;
  }

  /** Where the keyboard put the focus in the board last, to find it again. */
  /** @type {{id: string, nth: number, at: number}|null} */ let wanted = null;
  let lastInput = "pointer";
  document.addEventListener("keydown", () => { lastInput = "key"; }, true);
  document.addEventListener("pointerdown", () => { lastInput = "pointer"; }, true);

  document.addEventListener("focusin", (event) => {
    const node = /** @type {HTMLElement} */ (event.target);
    if (!board.contains(node) || node === board) {
      wanted = null;
      return;
    }
    const id = identity(node);
    const all = reachable(board);
    wanted = { id, nth: all.filter((n) => identity(n) === id).indexOf(node), at: all.indexOf(node) };
    const group = node.closest("[data-kb-group]");
    if (group) group.setAttribute("data-kb-current", id);
  });

  function restore() {
    const active = document.activeElement;
    if (!wanted || lastInput !== "key" || (active && active !== document.body && document.contains(active))) return;
    if (document.querySelector("dialog[open]")) return;
    const all = reachable(board);
    if (!all.length) return; // nothing to do now: try again after the next redraw
    const same = all.filter((n) => identity(n) === wanted?.id);
    const target = same[Math.max(0, Math.min(wanted.nth, same.length - 1))]
      ?? all[Math.max(0, Math.min(wanted.at, all.length - 1))];
    target?.focus({ preventScroll: !isOffscreen(target) });
  }

  function isOffscreen(/** @type {HTMLElement} */ node) {
    const r = node.getBoundingClientRect();
    return r.bottom < 0 || r.top > window.innerHeight;
  }

  let scheduled = false;
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      rove();
      restore();
    });
  }).observe(board, { childList: true, subtree: true });

  /** Arrow keys inside a group. @param {KeyboardEvent} event */
  function moveInGroup(event) {
    const node = /** @type {HTMLElement} */ (event.target);
    const group = node.closest?.("[data-kb-group]");
    if (!group || !board.contains(group)) return false;
    const list = items(group);
    const at = list.indexOf(node);
    if (at < 0 || !list.length) return false;
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    let next;
    if (event.key === "Home") next = 0;
    else if (event.key === "End") next = list.length - 1;
    else if (step) next = (at + step + list.length) % list.length;
    else return false;
    list[next].focus();
    return true;
  }

  // -- keys ------------------------------------------------------------------------

  /** @param {Shortcut} s @param {KeyboardEvent} event @returns {number|null} n, or null when it does not match */
  function matches(s, event) {
    const range = /^(\d)-(\d)$/.exec(s.key);
    if (range) {
      const n = Number(event.key);
      return /^\d$/.test(event.key) && n >= Number(range[1]) && n <= Number(range[2]) ? n : null;
    }
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    return (s.key ?? "").split(" ").some((k) => (k.length === 1 ? k.toLowerCase() : k) === key) ? 0 : null;
  }

  /** @param {Shortcut[]} list @param {KeyboardEvent} event */
  function runFirst(list, event) {
    for (const s of list) {
      const n = matches(s, event);
      if (n !== null && s.run(event, n) !== false) return true;
    }
    return false;
  }

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    const target = /** @type {HTMLElement} */ (event.target);
    if (target.closest?.("input, textarea, select, [contenteditable]")) return;
    const dialog = document.querySelector("dialog[open]");
    if (dialog) {
      if (dialog === help && event.key === "?") { help.close(); event.preventDefault(); }
      return; // a dialog keeps its keys (Esc closes it)
    }
    const onButton = target.matches?.("button, a[href], summary");
    if ((event.key === "Enter" || event.key === " ") && !onButton && target.getAttribute?.("role") === "button") {
      target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      event.preventDefault();
      return;
    }
    if (/^Arrow|^Home$|^End$/.test(event.key) && moveInGroup(event)) {
      event.preventDefault();
      return;
    }
    // Enter and Space on a focused button belong to the button.
    if (onButton && (event.key === "Enter" || event.key === " ")) return;
    if (runFirst(gameKeys, event) || runFirst(tableKeys, event)) event.preventDefault();
  });

  return {
    /** The board's shortcuts, shown in the "?" overlay. @param {Shortcut[]} shortcuts */
    add(...shortcuts) {
      const fixed = shortcuts.filter((s) => s.key);
      for (const s of fixed.filter((f) => f.overrides)) {
        const mine = new Set(keysOf([s]));
        for (let i = tableKeys.length - 1; i >= 0; i--) {
          if (keysOf([tableKeys[i]]).some((k) => mine.has(k))) tableKeys.splice(i, 1);
        }
      }
      const taken = new Set([...keysOf(tableKeys), ...keysOf(gameKeys), ...keysOf(fixed)]);
      for (const s of shortcuts) {
        if (s.key || !s.word) continue;
        s.key = freeLetter(s.word, taken);
        taken.add(s.key);
      }
      gameKeys.push(...shortcuts.filter((s) => s.key));
    },
    /** The shortcuts in force, as the overlay lists them (for tests and tools). */
    list() {
      return [...gameKeys, ...tableKeys].map((s) => ({ key: s.key, label: s.label, word: s.word }));
    },
    /** The key given to the shortcut declared with the word `t(msgid)`. @param {string} msgid */
    keyOf(msgid) {
      return gameKeys.find((s) => s.word !== undefined && s.word === t(msgid))?.key ?? "";
    },
    /** Put the focus on the board's first control (as the "b" key does). */
    focusBoard,
    /**
     * Focus a control and activate it as a click would; false when it is
     * missing or disabled (the shortcut then did nothing).
     * @param {Element|null|undefined} node
     */
    press(node) {
      const n = /** @type {HTMLElement|null|undefined} */ (node);
      if (!n || n.matches(":disabled") || n.getAttribute("aria-disabled") === "true") return false;
      n.focus();
      n.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      return true;
    },
    /** Focus a control (false when there is none). @param {Element|null|undefined} node */
    focus(node) {
      const n = /** @type {HTMLElement|null|undefined} */ (node);
      if (!n || n.matches(":disabled")) return false;
      n.focus();
      return true;
    },
    /** Whether a key press should be left to a field (the board's own listeners). @param {KeyboardEvent} event */
    typing(event) {
      const target = /** @type {HTMLElement} */ (event.target);
      return !!target.closest?.("input, textarea, select, [contenteditable], dialog[open]");
    },
  };
}
