"""Piles! in a real browser: one person against two bots, to the end.

The person plays on a phone-sized page with the keyboard (1-6, arrows, Enter),
by clicking a card then a centre card, and by dragging; a spectator watches
on a desktop page. The match ends by its action limit so it lasts well under
a minute. Screenshots go to test-artifacts/piles-*.png.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from ludoteca.engine import registry
from tests.e2e.conftest import DESKTOP, shot

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-piles")]

PHONE_SMALL = {"width": 360, "height": 740}
ACTION_LIMIT = 120  # room for the person to swap by key and by drag
BOXES = """() => [".pl-fan .pl-card", ".pl-slot[data-slot='3'] .pl-card"].map(q => {
  const r = document.querySelector(q).getBoundingClientRect();
  return {x: r.x, y: r.y};
})"""

# The page's newest action answered, and the table drawn at its answer.
ANSWERED = """() => {
  const { marks, table } = window.ludoteca;
  const last = Math.max(...Object.keys(marks.sent).map(Number));
  return last in marks.answered && table.version >= marks.answered[last];
}"""


@pytest.fixture(autouse=True)
def _piles_installed() -> None:
    if "piles" not in registry.ids():
        pytest.skip("Piles! is not installed")


def signup(page: Any, base: str, name: str) -> None:
    page.goto(base + "/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", "noite-de-jogos-2026")
    page.fill("input[name=password2]", "noite-de-jogos-2026")
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")


def view(page: Any) -> Any:
    return page.evaluate("window.ludoteca && window.ludoteca.table.view")


def legal(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("window.ludoteca ? window.ludoteca.table.legal : []"))


def finished(page: Any) -> bool:
    return bool(
        page.evaluate("window.ludoteca && window.ludoteca.table.status === 'finished'")
    )


def paced(page: Any, before: int, timeout: float = 30000) -> None:
    """Wait until the page sent its action and drew the table's answer to it
    (the version of its ack, or the table's at its refusal), then keep to the
    rate limit. The next move is chosen from the page's legal moves: read
    before the answer was drawn, they were those before the action (a pile
    still in hand that had locked, cards that were gone)."""
    sent(page, before, timeout)
    answered(page)


def sent(page: Any, before: int, timeout: float = 30000) -> None:
    """Wait until the page sent an action after the `before` first ones."""
    page.wait_for_function(
        "n => Object.keys(window.ludoteca.marks.sent).length > n",
        arg=before,
        timeout=timeout,
    )


def answered(page: Any) -> None:
    """Wait until the page drew the answer to its newest action, then keep
    to the rate limit."""
    page.wait_for_function(ANSWERED)
    time.sleep(0.16)  # the table's rate limit: one action per 150 ms


def sent_count(page: Any) -> int:
    return int(page.evaluate("Object.keys(window.ludoteca.marks.sent).length"))


def assert_nothing_hidden(v: dict[str, Any], seat: int | None) -> None:
    """A page never holds a face-down card: only locked piles and the own
    pile in hand show cards."""
    for s, public in enumerate(v["seats"]):
        for pile in public["piles"]:
            assert ("cards" in pile) == (pile["status"] == "locked"), (s, pile)
    if seat is None:
        assert "piles" not in v
        return
    for pile in v["piles"]:
        assert ("cards" in pile) == (pile["status"] in ("locked", "open")), pile


def test_one_person_plays_piles_against_two_bots(browser, server):
    context = browser.new_context(
        viewport=PHONE_SMALL, locale="en-US", is_mobile=True, has_touch=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, server, "pia")
    page.goto(f"{server}/new/piles/")
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=option_match_minutes]", "3")
    page.fill("input[name=option_action_limit]", str(ACTION_LIMIT))
    page.click("form.new-table button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/\d+/$"))
    table_url = str(page.url)
    offered = page.eval_on_selector_all(
        "form[action$='/bot/add/'] select option", "os => os.map(o => o.value)"
    )
    assert {"piles", "piles-fast", "piles-slow"} <= set(offered)
    for _ in range(2):
        page.select_option("form[action$='/bot/add/'] select", "piles-fast")
        page.click("form[action$='/bot/add/'] button")
    page.wait_for_selector(".pl-ready")
    shot(page, "piles-phone-ready")

    watcher = browser.new_context(viewport=DESKTOP, locale="pt-BR")
    eve = watcher.new_page()
    eve.on("pageerror", lambda e: errors.append(str(e)))
    eve.goto(table_url)
    eve.wait_for_selector(".pl-centre")

    page.keyboard.press("Enter")  # "I am ready"
    page.wait_for_selector(".pl-count", timeout=10000)
    shot(page, "piles-phone-countdown")
    page.wait_for_function(
        "() => window.ludoteca.table.view.phase === 'play'", timeout=10000
    )
    assert re.search(r"\d+:\d\d", page.inner_text(".pl-timer"))

    # Keyboard: pick up pile 1, choose a card and a centre card, swap.
    openable = [a["pile"] for a in legal(page) if a["type"] == "open"]
    n = sent_count(page)
    page.keyboard.press(str(openable[0] + 1))
    paced(page, n)
    page.wait_for_selector(".pl-fan .pl-card")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    assert page.query_selector(".pl-fan .pl-card.selected")
    assert page.query_selector(".pl-slot.chosen[data-slot='1']")
    n = sent_count(page)
    page.keyboard.press("Enter")
    page.wait_for_selector(".pl-slot.ok, .pl-slot.refused")  # instant feedback
    paced(page, n)
    shot(page, "piles-phone-swapped")
    swaps = 1

    steps = 0
    while not finished(page):
        steps += 1
        assert steps < 300, "the match did not end"
        actions = legal(page)
        holding = any(a["type"] == "swap" for a in actions)
        n = sent_count(page)
        tried_swap = put_down = False
        if not holding:
            pile = next((a["pile"] for a in actions if a["type"] == "open"), None)
            if pile is None:
                time.sleep(0.05)
                continue
            page.keyboard.press(str(pile + 1))
        elif steps % 3 == 0:
            # Click a card of the pile in hand, then a centre card.
            page.click(".pl-fan .pl-card >> nth=1")
            page.click(".pl-slot[data-slot='2'] .pl-card")
            tried_swap = True
        elif steps % 3 == 1:
            # Drag a card of the pile in hand onto a centre card.
            # (Boxes are read in one go: every update redraws the board.)
            card, slot = page.evaluate(BOXES)
            page.mouse.move(card["x"] + 20, card["y"] + 20)
            page.mouse.down()
            page.mouse.move(card["x"] + 30, card["y"] - 10, steps=3)
            page.mouse.move(slot["x"] + 25, slot["y"] + 25, steps=5)
            page.mouse.up()
            tried_swap = True
        else:
            page.keyboard.press("Escape")  # put the pile down
            put_down = True
        if finished(page):
            break
        try:
            # A drop on a card of the same design (or the centre changing under
            # the pointer) sends nothing: that is the board being right.
            sent(page, n, timeout=3000)
        except Exception:
            # A pile that left the hand meanwhile (put back down when the
            # socket reconnected) leaves Escape nothing to put down.
            moot = put_down and not any(a["type"] == "swap" for a in legal(page))
            if not finished(page) and not tried_swap and not moot:
                raise
        else:
            answered(page)
            swaps += int(tried_swap)
        if steps == 10:
            v = view(page)
            assert_nothing_hidden(v, v["seat"])
            assert_nothing_hidden(view(eve), None)
            shot(page, "piles-phone-playing")
            shot(eve, "piles-desktop-spectator")

    # The keyboard swap above is checked; mouse swaps race the fast bots for
    # the action limit, so how many land depends on the machine.
    assert swaps >= 1
    page.wait_for_selector(".pl-winner")
    eve.wait_for_selector(".pl-winner")  # the winner is announced to everybody
    final = view(page)
    assert final["phase"] == "over" and final["winners"]
    winners = final["winners"]
    assert eve.evaluate("window.ludoteca.table.view.winners") == winners
    page.wait_for_selector("dialog.end[open]", timeout=10000)
    shot(page, "piles-phone-end")
    shot(eve, "piles-desktop-spectator-end")
    page.click("dialog.end button:has-text('See the board')")
    page.set_viewport_size(DESKTOP)
    page.click(".pl-winner button")
    shot(page, "piles-desktop-end")
    assert not errors, errors
    watcher.close()
    context.close()
