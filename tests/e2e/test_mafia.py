"""Mafia in a real browser: one person and six bots play a 7-player match to
the end with short phase timers, by clicking on the board; desktop and phone
(360x740) screenshots are saved in test-artifacts/.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from ludoteca.engine import registry
from tests.e2e.conftest import DESKTOP, shot
from tests.e2e.test_agentavenue import finished, signup

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-mafia")]

SMALL_PHONE = {"width": 360, "height": 740}
# Five seats of a 7-player custom list (two Mafia killers go before them).
# Every match of it reaches day 1: the first night kills at most one player
# (Vigilantes do not shoot then, and no role of the list or of its Town
# Investigative slot attacks), so one Vigilante and a neutral survive it: no
# parity, no dominance. (With a random Town Killing slot, a Veteran on alert
# could kill two visitors beside the Mafia's kill, and the Mafia won by parity
# at the first dawn, before the discussion this test photographs.)
CUSTOM = "Witch, Vigilante, Vigilante, Town Investigative, Jester"
# Day 0 stays 20 s (the default): the person must reach the square before the
# first night, which may kill them and keep the square shut for them.
FAST = {
    "day0_seconds": "20",
    "dawn_seconds": "3",
    "discussion_seconds": "3",
    "voting_seconds": "6",
    "defense_seconds": "3",
    "judgement_seconds": "4",
    "last_words_seconds": "3",
    "night_seconds": "6",
}


@pytest.fixture(autouse=True)
def _mafia_installed() -> None:
    if "mafia" not in registry.ids():
        pytest.skip("Mafia is not installed")


def phase(page: Any) -> str:
    return str(page.evaluate("document.querySelector('.mf')?.dataset.phase || ''"))


CLICK = """(turn) => {
  const table = window.ludoteca.table;
  if (!table.legal.length) return false;
  const phase = document.querySelector('.mf')?.dataset.phase;
  const all = (sel) => [...document.querySelectorAll(sel)];
  const panel = all('.mf-panel button');
  const seats = all('.mf-seat .mf-buttons button');
  let pick = null;
  if (phase === 'judgement') pick = panel[turn % panel.length];
  else if ((phase === 'voting' && turn % 3 === 0) || !seats.length) pick = panel[0];
  else pick = seats[turn % seats.length];
  if (!pick) return false;
  pick.click();
  return true;
}"""


def act(page: Any, turn: int) -> bool:
    """One decision by clicking, if the seat has one; True when it clicked.
    (In one script: the board redraws on every update.)"""
    return bool(page.evaluate(CLICK, turn))


def test_a_person_plays_a_seven_player_match_with_six_bots(browser, server):
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, server, "mara")
    page.goto(f"{server}/new/mafia/")
    page.click("details.advanced summary")  # Mafia's options are folded
    for name, value in FAST.items():
        page.fill(f"[name=option_{name}]", value)
    # A custom role list, first with a broken rule (refused, the form stays).
    page.fill("[name=option_rolelist]", "Godfather, Godfather, " + CUSTOM)
    page.click("form.new-table button[type=submit]")
    page.wait_for_selector("form.new-table .errorlist")
    assert "The Godfather is a unique role" in page.inner_text("form.new-table")
    shot(page, "mafia-desktop-form-refused")
    page.fill("[name=option_rolelist]", "Godfather, Mafioso, " + CUSTOM)
    page.set_viewport_size(SMALL_PHONE)
    shot(page, "mafia-phone-form")
    page.set_viewport_size(DESKTOP)
    page.click("form.new-table button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/\d+/$"))
    table_url = page.url
    for _ in range(6):  # the table starts by itself once full
        page.select_option("form[action$='/bot/add/'] select >> nth=0", "random")
        page.click("form[action$='/bot/add/'] button >> nth=0")
        page.wait_for_load_state()
    page.wait_for_selector(".mf-seat")
    page.wait_for_selector("[data-role=role-card]")
    role = page.inner_text("[data-role=role-card] h3")
    assert role and page.query_selector_all(".mf-seat").__len__() == 7
    # The card wears its faction: an emblem beside the role's name.
    assert page.query_selector("[data-role=role-card] .mf-card-head svg.mf-emblem")
    # Only this seat's own card: no other seat's role is drawn before deaths.
    team = page.evaluate("(window.ludoteca.table.view.you.team || []).length")
    assert len(page.query_selector_all(".mf-seat .mf-role")) <= max(team, 1)
    # Spectators see the square without any role card.
    watching = context.browser.new_context(viewport=SMALL_PHONE, locale="pt-BR")
    watcher = watching.new_page()
    watcher.goto(table_url + "watch/")
    watcher.wait_for_selector(".mf-seat")
    assert not watcher.query_selector("[data-role=role-card]")
    assert watcher.evaluate("'mafia' in window.ludoteca.table.channels") is False

    # On a very loaded machine day 0 may be over: the square opens again by day.
    page.wait_for_selector(".mf-say input:not([disabled])", timeout=60000)
    page.fill(".mf-say input", "bom dia, cidade")
    page.press(".mf-say input", "Enter")
    page.wait_for_selector(".mf-lines li:has-text('bom dia, cidade')")
    watcher.wait_for_selector(".mf-lines li:has-text('bom dia, cidade')")

    shot(watcher, "mafia-phone-spectator-pt")
    assert "Praça" in watcher.inner_text(".mf-tabs")  # the board speaks pt-BR

    shots: set[str] = set()
    turn = 0
    deadline = time.monotonic() + 240
    while not finished(page):
        assert time.monotonic() < deadline, "the match did not end in 4 minutes"
        current = phase(page)
        if current and current not in shots and current != "over":
            shots.add(current)
            shot(page, f"mafia-desktop-{current}")
            page.set_viewport_size(SMALL_PHONE)
            shot(page, f"mafia-phone-{current}")
            page.set_viewport_size(DESKTOP)
        if act(page, turn):
            turn += 1
            time.sleep(0.3)
        else:
            time.sleep(0.2)
    page.wait_for_selector("dialog.end[open]", timeout=10000)
    shot(page, "mafia-desktop-end-dialog")
    page.click("dialog.end button")
    page.wait_for_selector(".mf-end")
    shot(page, "mafia-desktop-end")
    page.set_viewport_size(SMALL_PHONE)
    shot(page, "mafia-phone-end")
    roles = page.query_selector_all(".mf-end tr")
    assert len(roles) == 7
    # The role guide lists the custom list's roles and what its slots may give.
    page.set_viewport_size(DESKTOP)
    page.click(".mf-guide summary")
    guide = page.inner_text(".mf-guide dl")
    for name in ("Godfather", "Mafioso", "Witch", "Jester", "Vigilante"):
        assert name in guide
    for name in ("Detective", "Spy", "Lookout", "Gravedigger"):  # the slot's
        assert name in guide
    assert "Serial Killer" not in guide and "Consort" not in guide
    assert "Doctor" not in guide and "Veteran" not in guide  # other Town slots'
    shot(page, "mafia-desktop-guide")
    assert "night" in shots and "discussion" in shots
    watcher.wait_for_selector(".mf-end")
    shot(watcher, "mafia-phone-spectator-pt-end")
    assert not errors, errors
    watching.close()
    context.close()
