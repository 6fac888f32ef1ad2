// The tournament page refreshes its live part (status, podium, standings,
// rounds) every few seconds until the tournament is over.
const box = document.querySelector("[data-role=tournament-live]");
const EVERY_MS = 8000;

async function refresh() {
  if (document.hidden) return;
  try {
    const response = await fetch(box.dataset.url, { credentials: "same-origin" });
    if (!response.ok) return;
    const html = await response.text();
    if (html !== box.innerHTML) box.innerHTML = html;
  } catch {
    // Offline for a moment: the next round of polling tries again.
  }
}

if (box && !box.dataset.done) {
  setInterval(refresh, EVERY_MS);
}
