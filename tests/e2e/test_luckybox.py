"""Super Mega Lucky Box in a real browser: a solo match and a match against
two greedy bots, each played to the end by clicking the cards.

Saves desktop and phone screenshots of the table in test-artifacts/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import DESKTOP, shot
from tests.web.live import live_server

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-luckybox")]

PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Quick bots: a match has about a hundred of their moves."""
    workdir = tmp_path_factory.mktemp("e2e-luckybox")
    with live_server(workdir, {"LUDOTECA_BOT_DELAY": "0.03"}) as (base, _):
        yield base


# What changes for this seat after any of its actions (so that the loop waits
# for its own action, not for a bot's).
MY_SIGNATURE = """() => {
  const t = window.ludoteca.table, v = t.view;
  if (!v || !v.you) return "";
  const me = v.players[v.you.seat];
  return JSON.stringify([t.status, v.phase, v.round, v.revealed.length, me.status,
    me.cards.map((c) => c.crossed), me.pending_bonuses, v.you.picked]);
}"""


STATUS_MISMATCHES = """() => {
  const t = window.ludoteca.table;
  return [...document.querySelectorAll(".lb-other")].filter((node) => {
    const p = t.view.players[Number(node.dataset.seat)];
    const badge = node.querySelector(".lb-status");
    return badge.dataset.status !== p.status
      || badge.classList.contains("busy") !== t.active.includes(p.seat);
  }).map((node) => node.dataset.seat);
}"""


def signup(page: Any, base: str, name: str) -> None:
    page.goto(base + "/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", "noite-de-jogos-2026")
    page.fill("input[name=password2]", "noite-de-jogos-2026")
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")


def new_table(page: Any, base: str, players: int) -> str:
    page.goto(f"{base}/new/luckybox/")
    page.select_option("select[name=players]", str(players))
    page.click("form.new-table button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/\d+/$"))
    return str(page.url)


def finished(page: Any) -> bool:
    return bool(page.evaluate("window.ludoteca.table.status === 'finished'"))


def legal(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("window.ludoteca.table.legal"))


def act(page: Any, seen: set[str]) -> None:
    """One decision, by clicking what the board offers: keep the first cards
    offered, cross a cell (spending lightning if needed), pass, or use a bonus
    (choosing which first when several wait)."""
    kind = legal(page)[0]["type"]
    if kind == "keep":
        seen.add("draft")
        want = len(legal(page)[0]["cards"])
        picked = len(page.query_selector_all(".lb-offer-card.picked"))
        for _ in range(want - picked):
            page.click(".lb-offer-card:not([disabled]):not(.picked)")
        page.click(".lb-keep:not([disabled])")
    elif kind == "bonus":
        seen.add("bonus")
        if page.query_selector(".lb-bonus-choice"):
            seen.add("bonus order")
            page.click(".lb-bonus-choice >> nth=-1")  # not the first: the order is ours
        page.click(".lb-my-cards .lb-cell.playable.bonus")
    elif page.query_selector(".lb-my-cards .lb-cell.playable.cross"):
        seen.add("cross")
        page.click(".lb-my-cards .lb-cell.playable.cross")
    elif page.query_selector(".lb-my-cards .lb-cell.playable.shift"):
        seen.add("lightning")
        page.click(".lb-my-cards .lb-cell.playable.shift")
        page.click(".lb-confirm")
    else:
        seen.add("pass")
        page.click(".lb-pass")


def play_to_the_end(page: Any, on_step: Any = None) -> set[str]:
    seen: set[str] = set()
    steps = 0
    while not finished(page):
        steps += 1
        assert steps < 300, "the match did not end"
        if not legal(page):
            page.wait_for_function(
                "() => window.ludoteca.table.legal.length > 0"
                " || window.ludoteca.table.status === 'finished'",
                timeout=15000,
            )
            continue
        before = page.evaluate(MY_SIGNATURE)
        act(page, seen)
        page.wait_for_function(
            f"() => ({MY_SIGNATURE})() !== {before!r}", timeout=10000
        )
        if on_step:
            on_step(steps, seen)
    return seen


def test_a_solo_match_to_the_end_shows_the_rating_band(browser, server):
    context = browser.new_context(viewport=DESKTOP, locale="pt-BR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, server, "sol")
    new_table(page, server, 1)  # a solo table starts at once
    page.wait_for_selector(".lb-offer-card")
    assert "Escolha as 3 cartelas" in page.inner_text(".lb-task")
    assert len(page.query_selector_all(".lb-offer-card")) == 5

    def look(step: int, seen: set[str]) -> None:
        view = page.evaluate("window.ludoteca.table.view")
        if (
            view["phase"] == "draft"
            and view["round"] == 1
            and not view["draft"]["opening"]
        ):
            # Between rounds the round's points are told before the next draft.
            cards = view["players"][0]["round_scores"][0]["cards"]
            assert f"Rodada 1: {cards} pelas cartelas" in page.inner_text(".lb-task")
            seen.add("round scored")
        if step == 12:
            shot(page, "lb-desktop-solo")
            page.set_viewport_size(PHONE)
            shot(page, "lb-phone-solo")
            page.set_viewport_size(DESKTOP)

    seen = play_to_the_end(page, look)
    assert {"draft", "cross", "round scored"} <= seen
    page.wait_for_selector("dialog.end[open]", timeout=10000)
    # The end dialog gives the rating, in the reader's language, not a "win".
    assert page.inner_text("dialog.end h2") == "A partida terminou."
    assert page.inner_text("dialog.end .lb-band").startswith("Pontuação final")
    assert "null" not in page.inner_text("dialog.end")
    shot(page, "lb-desktop-solo-end-dialog")
    page.click("dialog.end button")  # see the board
    band = page.inner_text(".lb .lb-band")
    total = int(page.inner_text(".lb .lb-result-total"))
    assert band.startswith(f"Pontuação final {total}:")
    view = page.evaluate("window.ludoteca.table.view")
    assert view["final"]["players"][0]["total"] == total
    assert (
        page.get_attribute(".lb .lb-result", "data-band")
        == (view["final"]["solo_band"])
    )
    assert page.query_selector(".lb-bands li.here")
    shot(page, "lb-desktop-solo-end")
    page.set_viewport_size(PHONE)
    shot(page, "lb-phone-solo-end")
    assert not errors, errors
    context.close()


def test_a_match_against_two_greedy_bots(browser, server):
    context = browser.new_context(
        viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, server, "tri")
    table_url = new_table(page, server, 3)
    options = page.eval_on_selector_all(
        "form[action$='/bot/add/'] select option", "os => os.map(o => o.value)"
    )
    assert "luckybox-greedy" in options
    for _ in range(2):
        page.select_option("form[action$='/bot/add/'] select", "luckybox-greedy")
        page.click("form[action$='/bot/add/'] button")
    page.wait_for_selector(".lb-offer-card")
    # Only this seat's offer is on the page; the bots' are counted, not shown.
    view = page.evaluate("window.ludoteca.table.view")
    assert len(page.query_selector_all(".lb-offer-card")) == len(view["you"]["offer"])
    assert all(p["offered"] == 5 for p in view["players"])
    assert all("offer" not in p and "picked" not in p for p in view["players"])
    watcher = browser.new_context(viewport=DESKTOP, locale="en-US").new_page()
    watcher.on("pageerror", lambda e: errors.append(str(e)))
    watcher.goto(table_url.rstrip("/") + "/watch/")
    watcher.wait_for_selector(".lb-others")

    def look(step: int, seen: set[str]) -> None:
        # Each bot's badge says what it is doing, lit while it still has to act.
        assert page.evaluate(STATUS_MISMATCHES) == []
        if step == 10:
            # A spectator sees every player's cards, and nobody's offer.
            assert len(watcher.query_selector_all(".lb-other")) == 3
            assert watcher.query_selector(".lb-other-cards .lb-sheet")
            assert not watcher.query_selector(".lb-offer-card, .lb-my-cards")
            assert "null" not in watcher.inner_text(".lb")
            shot(watcher, "lb-desktop-spectator")
            page.click(".lb-toggle >> nth=0")  # a bot's cards, compact
            page.wait_for_selector(".lb-other-cards .lb-sheet")
            # Nothing sticks out sideways on a 360-pixel phone.
            width = page.evaluate("document.documentElement.scrollWidth")
            # What is wider than its box and not scrolled (a phone's layout
            # widens to fit it: a clock's "10:00" in a squeezed player chip).
            wide = page.evaluate(
                """() => [...document.querySelectorAll('main *')]
                  .filter((n) => n.scrollWidth > n.clientWidth + 1 && n.clientWidth
                    && getComputedStyle(n).overflowX === 'visible')
                  .slice(0, 6).map((n) => n.tagName + '.' + n.className)"""
            )
            assert width <= 360, wide
            shot(page, "lb-phone-bots")
            page.set_viewport_size(DESKTOP)
            shot(page, "lb-desktop-bots")
            page.set_viewport_size(PHONE)

    seen = play_to_the_end(page, look)
    assert {"draft", "cross"} <= seen
    page.wait_for_selector("dialog.end[open]", timeout=10000)
    shot(page, "lb-phone-bots-end-dialog")
    page.click("dialog.end button")
    view = page.evaluate("window.ludoteca.table.view")
    totals = [p["total"] for p in view["final"]["players"]]
    rows = page.query_selector_all(".lb-scores tbody tr")
    assert [int(r.query_selector(".lb-total").inner_text()) for r in rows] == totals
    assert not page.query_selector(".lb-bands")  # bands are for solo play
    assert "won" in page.inner_text("dialog.end h2")  # a ranking, not a rating
    shot(page, "lb-phone-bots-end")
    assert not errors, errors
    watcher.context.close()
    context.close()
