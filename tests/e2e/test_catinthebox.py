"""Cat in the Box in a real browser: one person plays a whole 4-player match
against three bots by clicking (setting a card aside, predicting, choosing a
card and then a colour, on the colour buttons or on the research board), and
an illegal colour is explained by the server in Portuguese.

Screenshots of the phases at desktop and phone (360 x 740) sizes go to
test-artifacts/cb-*.png.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca.engine import registry
from tests.e2e.conftest import DESKTOP, shot
from tests.web.live import live_server

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e")]

PHONE = {"width": 360, "height": 740}
HAND = ".cb-hand-cards .cb-card:not([disabled])"


@pytest.fixture(autouse=True)
def _catinthebox_installed() -> None:
    if "catinthebox" not in registry.ids():
        pytest.skip("Cat in the Box is not installed")


@pytest.fixture(scope="module")
def fast_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose bots answer at once (no pause between bot moves)."""
    workdir = tmp_path_factory.mktemp("e2e-cb")
    with live_server(workdir, {"LUDOTECA_BOT_DELAY": "0"}) as (base, _):
        yield base


def js(page: Any, expression: str) -> Any:
    return page.evaluate(expression)


def state(page: Any) -> dict[str, Any]:
    return dict(
        js(
            page,
            "(() => { const t = window.ludoteca && window.ludoteca.table;"
            " return t ? {version: t.version, status: t.status, legal: t.legal,"
            " view: t.view} : {}; })()",
        )
    )


def wait_applied(page: Any, s: dict[str, Any]) -> None:
    """Until this seat's own action is in (other seats may move meanwhile):
    its legal actions change after each of its actions."""
    page.wait_for_function(
        "legal => JSON.stringify(window.ludoteca.table.legal) !== legal",
        arg=json.dumps(s["legal"], separators=(",", ":")),
        timeout=10000,
    )


def signup(page: Any, base: str, name: str) -> None:
    page.goto(base + "/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", "a-long-pass-" + name)
    page.fill("input[name=password2]", "a-long-pass-" + name)
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")


def open_table_with_bots(page: Any, base: str) -> None:
    page.goto(f"{base}/new/catinthebox/")
    # The options read in Portuguese on the form.
    form = page.inner_text("form.new-table")
    assert "Previsões permitidas" in form and "Um jogador sorteado" in form
    page.select_option("select[name=players]", "4")
    page.click("form.new-table button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/\d+/$"))
    for _ in range(3):
        page.select_option("form[action$='/bot/add/'] select", "random")
        page.click("form[action$='/bot/add/'] button")
        page.wait_for_load_state()
    page.wait_for_selector(".cb-research", timeout=15000)


class Player:
    """Takes one decision per call by clicking, like a person would."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.plays = 0
        self.refusal = ""
        self.shots: set[str] = set()

    def shoot(self, name: str, phone: bool = True) -> None:
        if name in self.shots:
            return
        self.shots.add(name)
        shot(self.page, f"cb-desktop-{name}")
        if phone:
            self.page.set_viewport_size(PHONE)
            shot(self.page, f"cb-phone-{name}")
            self.page.set_viewport_size(DESKTOP)

    def act(self, s: dict[str, Any]) -> None:
        kind = s["legal"][0]["type"]
        page = self.page
        if kind == "set_aside":
            cards = page.locator(HAND)
            cards.nth(cards.count() // 2).click()
            page.wait_for_selector(".cb-hand-cards .cb-card.selected")
            self.shoot(f"set-aside-round{s['view']['round']}", phone=False)
            if s["view"]["round"] == 2:
                self.shoot("review")
            page.click(".cb-chooser button.primary")
        elif kind == "predict":
            self.shoot("predict")
            buttons = page.locator(".cb-predict")
            buttons.nth(min(1, buttons.count() - 1)).click()
        else:
            self.play(s)

    def play(self, s: dict[str, Any]) -> None:
        page = self.page
        playable = {a["card"] for a in s["legal"]}
        card = min(playable)
        page.click(f"{HAND}[data-card='{card}']")
        page.wait_for_selector(".cb-chooser .cb-color")
        legal_colors = {a["color"] for a in s["legal"] if a["card"] == card}
        shown = {
            b.get_attribute("data-color")
            for b in page.query_selector_all(".cb-color[data-legal='1']")
        }
        assert shown == legal_colors  # only the legal colours are offered
        if page.query_selector(".cb-color[data-legal='0']") and not self.refusal:
            # An illegal colour: the server refuses and says why, translated.
            version = s["version"]
            page.click(".cb-color[data-legal='0']")
            page.wait_for_selector(".cb-refusal:not([hidden])")
            self.refusal = page.inner_text(".cb-refusal")
            assert state(page)["version"] == version  # nothing changed
            self.shoot("refused")
        self.plays += 1
        if self.plays % 2:
            page.click(".cb-color[data-legal='1']")
        else:  # or click an outlined cell of the research board
            assert len(page.query_selector_all(".cb-cell.legal")) == len(legal_colors)
            page.click(".cb-cell.legal")
        if self.plays == 3:
            self.shoot("played")


def test_a_person_plays_a_whole_match_against_three_bots(browser, fast_server):
    context = browser.new_context(viewport=DESKTOP, locale="pt-BR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, fast_server, "gata")
    open_table_with_bots(page, fast_server)
    player = Player(page)
    started = time.time()
    decisions = 0
    while True:
        s = state(page)
        if s.get("status") == "finished":
            break
        if not s.get("legal"):
            time.sleep(0.03)
            continue
        decisions += 1
        assert decisions < 200, "the match did not end"
        view = s["view"]
        assert "hands" not in view and len(view["hand"]) == max(view["hand_sizes"])
        if view["phase"] == "play" and view["trick"]["plays"]:
            player.shoot("trick", phone=False)
        player.act(s)
        wait_applied(page, s)
    page.wait_for_selector("dialog.end[open]", timeout=10000)
    shot(page, "cb-desktop-end")
    page.click("dialog.end button")  # see the board
    final = state(page)["view"]
    assert len(final["results"]) == 4 and final["phase"] == "over"
    # The last round is reviewed on the board, each largest group outlined.
    page.wait_for_selector(".cb-review .cb-research")
    grouped = len(page.query_selector_all(".cb-review .cb-token.grouped"))
    assert grouped == sum(len(c) for c in final["results"][-1]["group_cells"])
    rows = page.query_selector_all(".cb-scores tbody tr")
    totals = [t.inner_text() for t in page.query_selector_all(".cb-scores tfoot td")]
    assert len(rows) == 4 and totals == [str(x) for x in final["scores"]]
    paradoxes = [r for r in final["results"] if r["paradox"] is not None]
    if paradoxes:
        index = final["results"].index(paradoxes[0])
        page.click(f".cb-scores tbody tr:nth-child({index + 1}) .cb-show")
        assert "Paradoxo!" in page.inner_text(".cb-paradox")
    shot(page, "cb-desktop-final-board")
    page.set_viewport_size(PHONE)
    shot(page, "cb-phone-final-board")
    # The refusal came from the server, in Portuguese.
    assert player.refusal and re.search(
        r"não|já foi declarad|bloquead|vermelho", player.refusal
    ), player.refusal
    assert not errors, errors
    print(f"match of {decisions} decisions in {time.time() - started:.1f} s")
    context.close()
