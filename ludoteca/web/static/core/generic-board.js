// @ts-check
/**
 * The board used for games that have no board of their own yet: it shows the
 * seat's view as a readable list and one button per legal action. It is also
 * the smallest example of the board API (docs/board-api.md).
 */

/**
 * @param {HTMLElement} root
 * @param {any} ctx
 */
export function createBoard(root, ctx) {
  const { el, clear } = ctx.widgets;
  return {
    /** @param {any} state */
    update(state) {
      clear(root);
      root.append(el("pre", { class: "generic-view", text: JSON.stringify(state.view, null, 1) }));
      const actions = el("div", { class: "generic-actions" });
      for (const action of state.legal) {
        const label = Object.entries(action)
          .map(([k, v]) => (k === "type" ? String(v) : `${k}: ${JSON.stringify(v)}`))
          .join(" · ");
        actions.append(
          el("button", { type: "button", class: "button", text: label, onclick: () => ctx.send(action) }),
        );
      }
      root.append(actions);
    },
  };
}
