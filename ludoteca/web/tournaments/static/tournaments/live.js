// The tournament page refreshes its live part (status, sign-up, podium,
// standings, rounds) every few seconds until the tournament is over. The part
// is replaced only when what it shows changed (each answer carries a fresh
// CSRF token and the countdowns' seconds, which alone are no change), so
// focus stays where it was. Between refreshes the countdowns (the start, the
// round's time limit) tick here, in the server's own format.
const box = document.querySelector("[data-role=tournament-live]");
const EVERY_MS = 5000;
const TOKEN = /name="csrfmiddlewaretoken" value="[^"]*"/g;
const COUNTDOWN = /(<time[^>]*data-countdown[^>]*>)[^<]*(<\/time>)/g;
const DAY = 24 * 3600;

function comparable(html) {
  return html.replace(TOKEN, "").replace(COUNTDOWN, "$1$2").trim();
}

async function refresh() {
  if (document.hidden) return;
  try {
    const response = await fetch(box.dataset.url, { credentials: "same-origin" });
    if (!response.ok) return;
    // Both sides as the browser writes them out, to compare like with like.
    const fresh = document.createElement("template");
    fresh.innerHTML = await response.text();
    if (comparable(fresh.innerHTML) !== comparable(box.innerHTML)) {
      box.replaceChildren(fresh.content);
      tick();
    }
  } catch {
    // Offline for a moment: the next poll tries again.
  }
}

/** `1:02:03` under a day; beyond, the page's sentence for the days. */
function left(element) {
  const seconds = Math.max(0, Math.floor((Number(element.dataset.at) * 1000 - Date.now()) / 1000));
  const days = Math.floor(seconds / DAY);
  const rest = seconds % DAY;
  const two = (n) => String(n).padStart(2, "0");
  const clock = `${Math.floor(rest / 3600)}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`;
  if (!days) return clock;
  const format = days === 1 ? element.dataset.one : element.dataset.many;
  return format.replace("%(days)d", String(days)).replace("%(clock)s", clock);
}

function tick() {
  for (const element of box.querySelectorAll("time[data-countdown]")) {
    const text = left(element);
    if (element.textContent !== text) element.textContent = text;
  }
}

if (box && !box.dataset.done) {
  setInterval(refresh, EVERY_MS);
  setInterval(tick, 1000);
}
