"""Agent Avenue in a real browser: two people and a spectator, and one person
against a bot, each match played to the end by clicking.

Also measures the time a move takes from the click to the opponent's screen
(written to test-artifacts/latency.txt) and saves desktop and phone
screenshots of the table in test-artifacts/.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from typing import Any

import pytest

from ludoteca.engine import registry
from tests.e2e.conftest import ARTIFACTS, DESKTOP, PHONE, shot

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-agentavenue")]

PICKABLE = ".aa-offer .card:not([disabled])"
HAND = ".aa-hand-cards .card:not([disabled])"


@pytest.fixture(autouse=True)
def _agentavenue_installed() -> None:
    if "agentavenue" not in registry.ids():
        pytest.skip("Agent Avenue is not installed (ludoteca/games/agentavenue)")


def signup(page: Any, base: str, name: str) -> None:
    page.goto(base + "/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", "noite-de-jogos-2026")
    page.fill("input[name=password2]", "noite-de-jogos-2026")
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")


def new_table(page: Any, base: str, **options: str) -> str:
    page.goto(f"{base}/new/agentavenue/")
    for name, value in options.items():
        page.select_option(f"select[name=option_{name}]", value)
    page.click("form.new-table button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/\d+/$"))
    return str(page.url)


def version(page: Any) -> int:
    raw = page.evaluate("document.body.dataset.version")
    return int(raw) if raw not in (None, "", "null") else -1


def finished(page: Any) -> bool:
    return bool(
        page.evaluate("window.ludoteca && window.ludoteca.table.status === 'finished'")
    )


def my_turn(page: Any) -> bool:
    return bool(
        page.evaluate("window.ludoteca && window.ludoteca.table.legal.length > 0")
    )


def take_turn(page: Any) -> None:
    """One decision by clicking: take an offered card, a black-market card,
    answer a black-market effect, or offer two cards."""
    for selector in (
        PICKABLE,
        ".aa-bm:not([disabled])",
        ".aa-task .card",
        ".aa-task button",
    ):
        if page.query_selector(selector):
            page.click(selector)
            return
    offering = page.evaluate(
        "window.ludoteca.table.legal.some((a) => a.type === 'offer')"
    )
    if not page.query_selector(HAND):
        # A teammate (team variant) may have decided first; otherwise a bug.
        assert not my_turn(page), "no card to click although it is my turn"
        return
    # Every agent in the hand is drawn as a figure, not only named (figures.js).
    faces = page.query_selector_all(".aa-hand-cards .card")
    assert all(face.query_selector("svg.aa-figure") for face in faces)
    page.click(HAND)
    if offering:  # a second click picks the face-down card
        page.wait_for_selector(".aa-hand-cards .card.selected")
        page.click(".aa-hand-cards .card:not([disabled]):not(.selected)")


def wait_version(page: Any, at_least: int, timeout: float = 30) -> None:
    try:
        page.wait_for_function(
            f"() => Number(document.body.dataset.version) >= {at_least}",
            timeout=timeout * 1000,
        )
    except Exception:
        shot(page, "failed-wait-version")
        state = page.evaluate(
            "JSON.stringify({v: document.body.dataset.version,"
            " legal: window.ludoteca.table.legal,"
            " conn: document.querySelector('[data-role=conn]').dataset.status})"
        )
        raise AssertionError(f"version {at_least} never came: {state}") from None


def test_two_people_and_a_spectator_play_to_the_end(browser, server):
    contexts = [browser.new_context(viewport=DESKTOP, locale="pt-BR") for _ in range(3)]
    ana, bia, eve = (c.new_page() for c in contexts)
    errors: list[str] = []
    for page in (ana, bia, eve):
        page.on("pageerror", lambda e: errors.append(str(e)))
    signup(ana, server, "ana")
    signup(bia, server, "bia")
    table_url = new_table(ana, server)
    table_id = table_url.rstrip("/").rsplit("/", 1)[1]
    bia.goto(server + "/")
    bia.click(f"a[href='/t/{table_id}/']")
    bia.click("form[action$='/join/'] button")
    ana.wait_for_selector(
        "form[action$='/start/'] button:not([disabled])", timeout=10000
    )
    ana.click("form[action$='/start/'] button")
    ana.wait_for_selector(".aa-track")
    # Bia's waiting room reloads itself into the match (lobby/waiting.js); a
    # goto of her own would race that reload ("navigation interrupted").
    bia.wait_for_selector(".aa-track")
    eve.goto(f"{server}/t/{table_id}/watch/")
    eve.wait_for_selector(".aa-track")
    assert "Agent Avenue" in ana.content() and "Sua vez" in (
        ana.inner_text("[data-role=status]") + bia.inner_text("[data-role=status]")
    )

    latencies: list[float] = []
    shots_taken = False
    turns = 0
    while not finished(ana):
        turns += 1
        assert turns < 400, "the match did not end"
        mover, other = (ana, bia) if my_turn(ana) else (bia, ana)
        if not my_turn(mover):
            time.sleep(0.05)
            continue
        if turns == 4:
            # The waiting player's connection drops: the page reconnects by
            # itself and catches up with the move made meanwhile.
            other.evaluate("window.ludoteca.socket.ws.close()")
        before = version(other)
        take_turn(mover)
        wait_version(other, before + 1)
        # The mover's own page too: the next turn is read from it, and the
        # same person often moves again (takes a card, then offers two); its
        # page still showing the offer it just took a card from, the next
        # click went to a card about to go away.
        wait_version(mover, before + 1)
        # From the click that sent the action (table.js stamps it) to the moment
        # the opponent's page drew the new version; both pages share one clock.
        clicked_at = mover.evaluate(
            "Math.max(...Object.values(window.ludoteca.marks.sent))"
        )
        received = other.evaluate(f"window.ludoteca.marks.received[{before + 1}]")
        if received and clicked_at:
            latencies.append(received - clicked_at)
        # The face-down card of an offer never reaches the other side nor the spectator.
        if mover.query_selector(".aa-known-down"):
            assert other.query_selector(".aa-offer .hidden-card")
            assert eve.query_selector(".aa-offer .hidden-card")
            assert not eve.query_selector(".aa-hand-cards .card")
            if not shots_taken and turns > 6:
                shots_taken = True
                shot(other, "aa-desktop-choosing")
                mover.set_viewport_size(PHONE)
                shot(mover, "aa-phone-offered")
                mover.set_viewport_size(DESKTOP)
                shot(eve, "aa-desktop-spectator")
    for page in (ana, bia, eve):
        page.wait_for_selector("dialog.end[open]", timeout=10000)
    shot(ana, "aa-desktop-end")
    assert eve.query_selector("dialog.end a[href$='record.json']")
    record = json.loads(
        ana.evaluate(f"fetch('/t/{table_id}/record.json').then(r => r.text())")
    )
    assert record["game"] == "agentavenue" and record["moves"]
    assert not errors, errors
    write_latency("two people", latencies)
    for c in contexts:
        c.close()


def test_one_person_plays_the_black_market_against_a_bot(browser, server):
    context = browser.new_context(
        viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, server, "solo")
    new_table(page, server, black_market="true")
    page.select_option("form[action$='/bot/add/'] select", "random")
    page.click("form[action$='/bot/add/'] button")
    page.wait_for_selector(".aa-track")
    # The bot's seat: a persona, its level, and a robot-head avatar.
    bot_seat = page.locator(".player:has(.avatar.bot) .player-name")
    assert bot_seat.inner_text().endswith(" · beginner bot")
    shot(page, "aa-phone-start")
    # Chat before the first move: the bot alone cannot end the match while
    # it waits on us, so no end screen can cover the chat button.
    assert page.query_selector(".aa-supply .aa-bm")  # the supply is drawn
    page.click("[data-role=chat-toggle]")
    page.fill("[data-role=chat-form] input", "<b>boa</b> partida")
    page.press("[data-role=chat-form] input", "Enter")
    page.wait_for_selector("[data-role=chat-lines] li:has-text('<b>boa</b>')")
    shot(page, "aa-phone-chat")
    page.click("[data-role=chat-close]")
    steps = 0
    while not finished(page):
        steps += 1
        assert steps < 400, "the match did not end"
        if my_turn(page):
            before = version(page)
            take_turn(page)
            wait_version(page, before + 1)
        else:
            time.sleep(0.05)
    page.wait_for_selector("dialog.end[open]", timeout=10000)
    shot(page, "aa-phone-end")
    page.click("dialog.end button")  # see the board
    page.set_viewport_size(DESKTOP)
    shot(page, "aa-desktop-black-market-end")
    assert not errors, errors
    context.close()


def write_latency(label: str, values: list[float]) -> None:
    if not values:
        return
    values = sorted(values)
    p95 = values[int(0.95 * (len(values) - 1))]
    line = (
        f"{label}: {len(values)} moves, click to opponent's screen: "
        f"median {statistics.median(values):.0f} ms, p95 {p95:.0f} ms, "
        f"max {values[-1]:.0f} ms\n"
    )
    ARTIFACTS.mkdir(exist_ok=True)
    with open(ARTIFACTS / "latency.txt", "a", encoding="utf-8") as out:
        out.write(line)
    print(line)
