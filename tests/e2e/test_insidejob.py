"""Inside Job in a real browser: one person against three bots, 4 players with
betting and two characters (the Paranoid Agent and the Decoy: with them every
seat votes), every decision made by clicking: the leader's secret mission
choice, cards (one of them with a bet), the final vote (two names for the
Paranoid Agent).

Bots play at random, so about half the matches end before the vote; the test
deals new matches (at most a few) until one has been played to the end through
the final vote. Screenshots at desktop and phone (360 x 740) size go to
test-artifacts/.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from ludoteca.engine import registry
from tests.e2e.conftest import DESKTOP, shot

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-insidejob")]

PHONE = {"width": 360, "height": 740}
OPTIONS = {
    "wagers": "true",
    "character_paranoid": "true",
    "character_decoy": "true",
}
MAX_MATCHES = 8
CLICK = """s => {
  const all = document.querySelectorAll(s);
  const e = all[all.length - 1];
  const version = Number(document.body.dataset.version);
  if (e) e.click();
  return e ? version : null;
}"""


@pytest.fixture(autouse=True)
def _insidejob_installed() -> None:
    if "insidejob" not in registry.ids():
        pytest.skip("Inside Job is not installed (ludoteca/games/insidejob)")


def signup(page: Any, base: str, name: str) -> None:
    page.goto(base + "/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", "noite-de-jogos-2026")
    page.fill("input[name=password2]", "noite-de-jogos-2026")
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")


def new_table_against_bots(page: Any, base: str) -> None:
    page.goto(f"{base}/new/insidejob/")
    page.select_option("select[name=players]", "4")
    for name, value in OPTIONS.items():
        page.select_option(f"select[name=option_{name}]", value)
    page.click("form.new-table button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/\d+/$"))
    for _ in range(3):
        page.select_option("form[action$='/bot/add/'] select", "random")
        page.click("form[action$='/bot/add/'] button")
        page.wait_for_load_state()
    page.wait_for_selector(".ij-players .ij-player")


def js(page: Any, expression: str) -> Any:
    script = f"(() => {{ const t = window.ludoteca.table; return {expression}; }})()"
    return page.evaluate(script)


def click_now(page: Any, selector: str) -> int | None:
    """Click the (last) element that matches now, in one step (bots act at the
    same time and each frame redraws the board). Returns the version the click
    was made at, None if nothing matches any more."""
    clicked = page.evaluate(CLICK, selector)
    return None if clicked is None else int(clicked)


def version(page: Any) -> int:
    raw = page.evaluate("document.body.dataset.version")
    return int(raw) if raw not in (None, "", "null") else -1


class Match:
    """One match, driven by clicks; remembers what the test saw."""

    def __init__(self, page: Any, shots: set[str]) -> None:
        self.page = page
        self.shots = shots  # screenshots taken so far, one of each moment
        self.bet_placed = False
        self.seen: set[str] = set()
        self.acted_at: int | None = None  # the version of the last action sent

    def shoot(self, name: str) -> None:
        if name in self.shots:
            return
        self.shots.add(name)
        shot(self.page, f"ij-desktop-{name}")
        self.page.set_viewport_size(PHONE)
        shot(self.page, f"ij-phone-{name}")
        self.page.set_viewport_size(DESKTOP)

    def decide(self) -> None:
        """Make the one decision the table is waiting for, by clicking."""
        page = self.page
        if page.query_selector(".ij-task [data-partner]"):
            self.seen.add("partner")
            self.acted_at = click_now(page, ".ij-task [data-partner]")
        elif page.query_selector(".ij-offered button.ij-mission:not([disabled])"):
            self.seen.add("mission")
            # Only the leader sees the two drawn missions.
            assert js(page, "t.view.you.offered.length") == 2
            self.shoot("mission-choice")
            self.acted_at = click_now(
                page, ".ij-offered button.ij-mission:not([disabled])"
            )
        elif page.query_selector(".ij-vote .ij-target"):
            self.vote()
        else:
            self.play_card()

    def play_card(self) -> None:
        page = self.page
        if not self.bet_placed and page.query_selector(".ij-bet-toggle"):
            page.click(".ij-bet-toggle")
            page.wait_for_selector(".ij-bet-toggle[aria-pressed=true]")
            self.bet_placed = True
            self.seen.add("bet")
        cards = page.query_selector_all(".ij-hand-cards .ij-card.playable")
        if not cards:
            return  # the moment passed (the table moved on while deciding)
        legal = js(page, "t.legal.filter(a => a.type === 'play').map(a => a.card)")
        for card in cards:  # only legal cards are clickable
            assert int(card.get_attribute("data-card")) in legal
            assert card.query_selector(".ij-pip svg.ij-suit-icon")  # suit as an icon
        if js(page, "t.view.trick.length") >= 2:
            self.shoot("trick")
        self.acted_at = click_now(page, ".ij-hand-cards .ij-card.playable")

    def vote(self) -> None:
        page = self.page
        # The ballots are secret until all are in: while the vote runs the view
        # shows who has voted, never whom (read in one step with the phase).
        assert js(page, "t.view.phase !== 'vote' || t.view.result === undefined")
        if not js(page, "t.view.phase === 'vote' && t.legal.length > 0"):
            return  # the vote moved on meanwhile
        self.seen.add("vote")
        self.shoot("vote")
        if page.query_selector(".ij-cast"):  # the Paranoid Agent names two players
            self.seen.add("two votes")
            click_now(page, ".ij-vote .ij-target:nth-of-type(1)")
            if click_now(page, ".ij-vote .ij-target:nth-of-type(2)") is None:
                click_now(page, ".ij-vote .ij-target")  # one name, twice
            self.acted_at = click_now(page, ".ij-cast:not([disabled])")
        else:
            self.acted_at = click_now(page, ".ij-vote .ij-target")

    def play(self) -> str:
        page = self.page
        steps = 0
        while not js(page, "t.status === 'finished' || t.view.phase === 'over'"):
            steps += 1
            assert steps < 600, "the match did not end"
            if js(page, "t.legal.length > 0"):
                self.acted_at = None
                self.decide()
                # Wait for a version after the one the click was made at (frames
                # may arrive while deciding, and screenshots take a while).
                at = version(page) - 1 if self.acted_at is None else self.acted_at
                page.wait_for_function(
                    f"() => Number(document.body.dataset.version) > {at}"
                    " || window.ludoteca.table.status === 'finished'",
                    timeout=10000,
                )
            else:
                time.sleep(0.05)
        page.wait_for_selector("dialog.end[open]", timeout=10000)
        return str(js(page, "t.view.result.reason"))


def check_role_card(page: Any) -> None:
    """Your role shows only to you, and a tap hides it from onlookers."""
    role = js(page, "t.view.you.role")
    assert role in {"agent", "insider", "paranoid", "decoy"}
    name = page.inner_text(".ij-role-name")
    page.click(".ij-role-toggle")
    page.wait_for_selector(".ij-role.covered")
    assert name not in page.inner_text(".ij-role-area")
    page.click(".ij-role-toggle")
    page.wait_for_selector(".ij-role-name")
    # Other players' roles stay hidden until revealed.
    me = js(page, "t.view.you.seat")
    shown = js(page, "t.view.revealed.map(r => r.seat)")
    for seat in range(4):
        if seat != me and seat not in shown:
            text = page.inner_text(f".ij-player[data-seat='{seat}']")
            assert "papel oculto" in text


def test_a_person_plays_insidejob_against_bots_through_the_final_vote(browser, server):
    context = browser.new_context(viewport=DESKTOP, locale="pt-BR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, server, "ines")
    reasons: list[str] = []
    seen: set[str] = set()
    shots: set[str] = set()
    for number in range(MAX_MATCHES):
        new_table_against_bots(page, server)
        if number == 0:
            assert "Personagens em jogo" in page.inner_text(".ij-score")
            check_role_card(page)
        match = Match(page, shots)
        reasons.append(match.play())
        seen |= match.seen
        if number == 0:
            page.click("dialog.end button")  # see the board
            shot(page, "ij-desktop-end")
            page.set_viewport_size(PHONE)
            shot(page, "ij-phone-end")
            page.set_viewport_size(DESKTOP)
        result = page.inner_text(".ij-result")
        assert "A partida terminou" in result and "venceu" in result
        if reasons[-1] == "vote":
            assert "Os votos" in result  # the ballots, shown together at the end
        # The leader (the last trick's winner) chooses the mission, so a
        # match may pass without this seat choosing one: play on until it has.
        if reasons[-1] == "vote" and {"mission", "vote"} <= seen:
            break
    assert "vote" in reasons, f"no match reached the final vote: {reasons}"
    assert {"mission", "vote"} <= seen, (seen, reasons)
    assert not errors, errors
    context.close()
