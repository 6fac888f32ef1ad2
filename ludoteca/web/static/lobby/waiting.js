// @ts-check
// The waiting room: reload when a seat changes or the match starts, and the
// invitation link's copy button (a file of its own: the site's
// Content-Security-Policy runs no inline script or handler).

const box = /** @type {HTMLElement} */ (document.getElementById("waiting"));
// The status this page was drawn with: a match that starts, or a seat that
// changes, while the page loads differs from it at the first poll.
let last = /** @type {string | null} */ (box.dataset.shownStatus ? JSON.stringify(JSON.parse(box.dataset.shownStatus)) : null);

async function poll() {
  try {
    const r = await fetch(box.dataset.statusUrl || "", { credentials: "same-origin" });
    const now = JSON.stringify(await r.json());
    if (last !== null && now !== last) { location.reload(); return; }
    last = now;
  } catch (e) { /* try again */ }
  setTimeout(poll, 1500);
}
poll();

const link = /** @type {HTMLInputElement} */ (document.getElementById("invite-link"));
link.addEventListener("click", () => link.select());

const copy = /** @type {HTMLElement} */ (document.getElementById("copy-invite"));
copy.addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(link.value);
  } catch (e) {  // no clipboard API (plain http on another host): select it
    link.select();
    document.execCommand("copy");
  }
  /** @type {HTMLElement} */ (document.getElementById("copy-status")).textContent = copy.dataset.done || "";
});
