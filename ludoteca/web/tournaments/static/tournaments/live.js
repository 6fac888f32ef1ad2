// The tournament page refreshes its live part (status, sign-up, podium,
// standings, rounds) every few seconds until the tournament is over. The part
// is replaced only when what it shows changed (each answer carries a fresh
// CSRF token, which alone is no change), so focus stays where it was.
const box = document.querySelector("[data-role=tournament-live]");
const EVERY_MS = 5000;
const TOKEN = /name="csrfmiddlewaretoken" value="[^"]*"/g;

async function refresh() {
  if (document.hidden) return;
  try {
    const response = await fetch(box.dataset.url, { credentials: "same-origin" });
    if (!response.ok) return;
    // Both sides as the browser writes them out, to compare like with like.
    const fresh = document.createElement("template");
    fresh.innerHTML = await response.text();
    if (fresh.innerHTML.replace(TOKEN, "").trim() !== box.innerHTML.replace(TOKEN, "").trim()) {
      box.replaceChildren(fresh.content);
    }
  } catch {
    // Offline for a moment: the next poll tries again.
  }
}

if (box && !box.dataset.done) {
  setInterval(refresh, EVERY_MS);
}
