"""Darwin's Journey in a real browser: a solo match and a match against a bot,
each played to the end by clicking the board (worker, location, confirm, the
location's parts, skips), with desktop and phone screenshots in
test-artifacts/.

To keep a match short the player takes the parts of a location only in the
first round and ends the turn or skips otherwise.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS, DESKTOP, shot
from tests.e2e.keys import shortcut

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-darwinsjourney")]

PHONE = {"width": 360, "height": 740}
ACT = ".dj-panel .dj-act"


def signup(page: Any, base: str, name: str) -> None:
    page.goto(base + "/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", "noite-de-jogos-2026")
    page.fill("input[name=password2]", "noite-de-jogos-2026")
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")


def new_table(page: Any, base: str, players: int, **options: str) -> str:
    page.goto(f"{base}/new/darwinsjourney/")
    page.select_option("select[name=players]", str(players))
    for name, value in options.items():
        page.select_option(f"select[name=option_{name}]", value)
    page.click("form.new-table button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/\d+/$"))
    return str(page.url)


def screen(page: Any, name: str) -> None:
    """What the player sees without scrolling (the phone's first screen)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def table(page: Any, expr: str) -> Any:
    return page.evaluate(f"window.ludoteca && window.ludoteca.table.{expr}")


def version(page: Any) -> int:
    raw = page.evaluate("document.body.dataset.version")
    return int(raw) if raw not in (None, "", "null", "undefined") else -1


def task_kind(page: Any) -> str:
    task = table(page, "view && window.ludoteca.table.view.task")
    return str(task["kind"]) if task else ""


def click_and_wait(page: Any, selector: str) -> None:
    before = version(page)
    page.click(selector)
    page.wait_for_function(
        f"() => Number(document.body.dataset.version) > {before}", timeout=10000
    )


def place_worker(page: Any, turn: int) -> None:
    """Worker, then a location: on the board or from the list; check the cost
    is shown and that Undo cancels the choice before confirming."""
    page.click(".dj-worker-pick")
    if turn % 2:
        page.click(".dj-loc.hot")
    else:
        page.click(".dj-loc-pick")
    page.wait_for_selector(".dj-confirm")
    text = page.inner_text(".dj-confirm")
    assert re.search(r"Cost|Custo|Free|Grátis", text), text
    if turn == 1:
        page.click("[data-action=undo]")
        page.wait_for_selector(".dj-pick-locs")
        page.click(".dj-loc-pick")
        page.wait_for_selector(".dj-confirm")
    click_and_wait(page, "[data-action=confirm]")


def decide(page: Any, turn: int, eager: bool) -> None:
    """One decision through the board."""
    kind = task_kind(page)
    if kind == "turn" and page.query_selector(".dj-worker-pick"):
        place_worker(page, turn)
        return
    if eager and kind == "menu" and page.query_selector(f"{ACT}[data-action=part]"):
        click_and_wait(page, f"{ACT}[data-action=part]")
        return
    if (
        eager
        and kind in ("explore", "navigate")
        and page.query_selector(".dj-space.hot")
    ):
        click_and_wait(page, ".dj-space.hot")  # the destination, on the map
        return
    if kind == "academy" and eager and page.query_selector(".dj-seal-btn"):
        page.click(".dj-seal-btn")
        page.wait_for_selector(f"{ACT}[data-action=buy_seal].primary")
        click_and_wait(page, f"{ACT}[data-action=buy_seal]")
        return
    for quick in ("end_turn", "skip"):
        if page.query_selector(f"{ACT}[data-action={quick}]"):
            click_and_wait(page, f"{ACT}[data-action={quick}]")
            return
    click_and_wait(page, ACT)


def play_to_the_end(page: Any, name: str, limit: int = 400) -> None:
    turns = 0
    steps = 0
    shots = set()
    while table(page, "status") != "finished":
        steps += 1
        assert steps < limit, "the match did not end"
        if not table(page, "legal.length"):
            time.sleep(0.05)
            continue
        kind = task_kind(page)
        eager = (table(page, "view.round") or 0) <= 1
        if kind == "turn":
            turns += 1
        if kind not in shots and kind in ("menu", "explore", "navigate", "turn"):
            shots.add(kind)
            screen(page, f"dj-{name}-{kind}")
        decide(page, turns, eager)


@pytest.fixture()
def errors() -> list[str]:
    return []


def watch(page: Any, errors: list[str]) -> None:
    page.on("pageerror", lambda e: errors.append(str(e)))


def test_a_solo_match_played_to_the_end(browser, server, errors):
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    watch(page, errors)
    signup(page, server, "darwin")
    new_table(page, server, 1)
    page.wait_for_selector(".dj-panel .dj-act", timeout=20000)
    assert page.query_selector(".dj-track-ocean") and page.query_selector(
        ".dj-journals"
    )
    shot(page, "dj-solo-crew")
    while task_kind(page) in ("draft", "crew", "start_pair"):  # the rulebook's setup
        if task_kind(page) == "start_pair":
            shot(page, "dj-solo-start-pair")
        click_and_wait(page, ACT)
    assert page.query_selector("[data-reserve]")  # my own reserve objectives
    play_to_the_end(page, "solo")
    page.wait_for_selector("dialog.end[open]", timeout=10000)
    assert "Solo result" in page.inner_text("dialog.end .dj-end-summary")
    screen(page, "dj-solo-end-dialog")
    page.click("dialog.end button")  # see the board
    page.wait_for_selector(".dj-final-table")
    text = page.inner_text(".dj-final-table")
    assert "Evolution books" in text and "Total" in text
    shot(page, "dj-solo-end")
    page.set_viewport_size(PHONE)
    shot(page, "dj-solo-end-phone")
    assert not errors, errors
    context.close()


def test_a_solo_match_against_alfred_played_to_the_end(browser, server, errors):
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    watch(page, errors)
    signup(page, server, "alfredfan")
    new_table(page, server, 1, solo_alfred="true")
    page.wait_for_selector(".dj-panel .dj-act", timeout=20000)
    while task_kind(page) in ("draft", "crew", "start_pair"):
        click_and_wait(page, ACT)
    panel = page.wait_for_selector("[data-alfred]")
    assert panel and "Alfred" in panel.inner_text()
    assert page.query_selector(".dj-pawn.alfred")  # his first worker is out
    shot(page, "dj-alfred-turn")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "dj-alfred-turn-phone")
    page.set_viewport_size(DESKTOP)
    play_to_the_end(page, "alfred")
    page.wait_for_selector("dialog.end[open]", timeout=10000)
    assert "Alfred scores" in page.inner_text("dialog.end .dj-end-summary")
    screen(page, "dj-alfred-end-dialog")
    assert not errors, errors
    context.close()


def test_two_players_against_a_bot_in_portuguese(browser, server, errors):
    context = browser.new_context(
        viewport=PHONE, locale="pt-BR", is_mobile=True, has_touch=True
    )
    page = context.new_page()
    watch(page, errors)
    signup(page, server, "fitzroy")
    new_table(page, server, 2)
    page.select_option("form[action$='/bot/add/'] select", "random")
    page.click("form[action$='/bot/add/'] button")
    page.wait_for_selector(".dj-track-ocean", timeout=20000)
    page.wait_for_function(
        "() => window.ludoteca.table.legal.length > 0", timeout=20000
    )
    assert "Rodada" in page.inner_text(".dj-head")
    # The other board on demand: public facts only, its reserve stays hidden.
    page.click(".dj-other-btn")
    other = page.wait_for_selector(".dj-personal:not(.mine)")
    assert other and not other.query_selector("[data-reserve]")
    assert "ocultos" in other.inner_text()
    shot(page, "dj-phone-other-board")
    # The board's parts are tabs on a phone: back to the journals and ocean.
    page.click(".dj-tab[data-zone=board]")
    assert page.get_attribute(".dj-tab[data-zone=board]", "aria-selected") == "true"
    assert not page.is_visible(".dj-personal:not(.mine)")
    # Tapping a space says what it holds (no hover on a phone).
    page.click(".dj-track-ocean .dj-space.info[data-space=O6]")
    toast = page.wait_for_selector(".dj-toast:not([hidden])")
    assert toast and "O6" in toast.inner_text() and "Acampamento" in toast.inner_text()
    screen(page, "dj-phone-space-info")
    # A spectator sees the table but nobody's reserve objectives.
    table_id = page.url.rstrip("/").rsplit("/", 1)[1]
    spectator = browser.new_context(viewport=DESKTOP, locale="en-US").new_page()
    watch(spectator, errors)
    spectator.goto(f"{server}/t/{table_id}/watch/")
    spectator.wait_for_selector(".dj-other-btn")
    assert not spectator.query_selector(".dj-personal.mine")
    spectator.click(".dj-other-btn")
    spectator.wait_for_selector(".dj-personal.compact")
    assert not spectator.query_selector("[data-reserve]")
    assert not spectator.query_selector(".dj-panel .dj-act")
    shot(spectator, "dj-desktop-spectator")
    spectator.context.close()
    play_to_the_end(page, "bot")
    page.wait_for_selector("dialog.end[open]", timeout=10000)
    page.click("dialog.end button")
    page.wait_for_selector(".dj-final-table")
    assert "Total" in page.inner_text(".dj-final-table")
    page.set_viewport_size(DESKTOP)
    shot(page, "dj-bot-end")
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("players", [3, 4])
def test_a_match_with_bots_filling_the_seats(browser, server, errors, players):
    """3 and 4 players: the board side for the count, played to the end."""
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    watch(page, errors)
    signup(page, server, f"wallace{players}")
    new_table(page, server, players)
    for _ in range(players - 1):
        page.select_option("form[action$='/bot/add/'] select", "random")
        page.click("form[action$='/bot/add/'] button")
        page.wait_for_load_state()
    page.wait_for_selector(".dj-track-ocean", timeout=20000)
    side = page.wait_for_selector(".dj-board-side")
    assert side and side.get_attribute("data-side") == (
        "large" if players == 4 else "small"
    )
    shot(page, f"dj-{players}p-start")
    play_to_the_end(page, f"{players}p", limit=600)
    page.wait_for_selector("dialog.end[open]", timeout=10000)
    page.click("dialog.end button")
    page.wait_for_selector(".dj-final-table")
    assert "Total" in page.inner_text(".dj-final-table")
    shot(page, f"dj-{players}p-end")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, f"dj-{players}p-end-phone")
    assert not errors, errors
    context.close()


def test_the_board_lights_the_chosen_workers_places_and_has_parts_in_tabs(
    browser, server, errors
):
    """The board as a board: a chosen worker lights exactly its legal
    locations, the parts of the board are tabs (keyboard too), pictograms
    carry their names, and a right click shows a track big."""
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    watch(page, errors)
    signup(page, server, "fitzroy-tabs")
    new_table(page, server, 1)
    page.wait_for_selector(".dj-panel .dj-act", timeout=20000)
    while task_kind(page) in ("draft", "crew", "start_pair"):
        click_and_wait(page, ACT)
    page.wait_for_function("() => window.ludoteca.table.legal.length > 0")
    assert task_kind(page) == "turn"
    # A turn brings the journals forward; no legend of letter codes is left.
    assert page.get_attribute(".dj-tab[data-zone=board]", "aria-selected") == "true"
    assert page.is_visible(".dj-journals") and page.is_visible(".dj-track-ocean")
    assert not page.query_selector(".dj-legend")
    for name in page.eval_on_selector_all(
        ".dj [role=img]", "nodes => nodes.map(n => n.getAttribute('aria-label'))"
    ):
        assert name and "undefined" not in name, name
    # Choose each worker in turn: the lit locations are its legal places.
    legal = table(page, "legal")
    for worker in sorted({a["worker"] for a in legal if a["type"] == "place"}):
        page.click(f".dj-worker-pick[data-worker='{worker}']")
        page.wait_for_selector(".dj-worker-pick.primary")
        lit = set(
            page.eval_on_selector_all(
                ".dj-journals .dj-loc.hot", "nodes => nodes.map(n => n.dataset.loc)"
            )
        )
        wanted = {
            a["location"]
            for a in legal
            if a["type"] == "place" and a["worker"] == worker
        }
        assert lit == wanted, (worker, lit, wanted)
        assert page.query_selector(".dj.dj-choosing")
        page.click(f".dj-worker-pick[data-worker='{worker}']")  # unchoose
        page.wait_for_selector(".dj-worker-pick.primary", state="detached")
    # The tabs: a click, then the arrow keys, each showing one part.
    page.click(".dj-tab[data-zone=collections]")
    assert page.is_visible(".dj-museum") and not page.is_visible(".dj-journals")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute(".dj-tab[data-zone=players]", "aria-selected") == "true"
    assert page.evaluate("document.activeElement.dataset.zone") == "players"
    assert page.is_visible(".dj-personal.mine") and not page.is_visible(".dj-museum")
    page.keyboard.press("ArrowRight")  # wraps round to the journals
    assert page.is_visible(".dj-journals")
    # A right click shows the ocean big; a click closes it.
    page.click(".dj-track-ocean", button="right")
    page.wait_for_selector("dialog.enlarge[open] .dj-track-ocean")
    assert "Ocean" in page.inner_text("dialog.enlarge")
    page.click("dialog.enlarge")
    page.wait_for_selector("dialog.enlarge", state="detached")
    # The "map" key goes to a lit place, bringing its part of the board forward.
    page.click(".dj-worker-pick")
    page.click(".dj-tab[data-zone=collections]")
    page.keyboard.press(shortcut(page, "map"))
    assert page.get_attribute(".dj-tab[data-zone=board]", "aria-selected") == "true"
    assert page.evaluate(
        "document.activeElement.matches('.dj-journals .dj-loc.hot')"
    ), page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
    shot(page, "dj-tabs-turn")
    assert not errors, errors
    context.close()
