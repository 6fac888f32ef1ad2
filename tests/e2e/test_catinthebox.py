"""Cat in the Box in a real browser.

- One person plays a whole 4-player match against three bots by clicking
  (setting a card aside, predicting, choosing a card and then a colour, on the
  colour buttons or on the research board); an illegal colour is explained
  by the server in Portuguese.
- The board module on chosen positions: the views come from the real game
  (seeded random play), the board is drawn in a plain page of the site with
  the JavaScript catalog, and what it sends is recorded instead of going to a
  server. This covers what a random match may not reach: a paradox, five
  players, two players' observed cells, a spectator.

Screenshots at desktop and phone (360 x 740) sizes: test-artifacts/cb-*.png.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca.engine import Rng, registry
from tests.e2e.conftest import DESKTOP, shot
from tests.web.live import live_server

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-catinthebox")]

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
        timeout=20000,
    )


def signup(page: Any, base: str, name: str) -> None:
    page.goto(base + "/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", "noite-de-jogos-2026")
    page.fill("input[name=password2]", "noite-de-jogos-2026")
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
            if s["view"]["round"] == 1:
                self.shoot("set-aside", phone=False)
            if s["view"]["round"] == 2:
                self.shoot("review", phone=False)
            page.click(".cb-chooser button.primary")
        elif kind == "predict":
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
        # One look at the page: the colours offered, refused and outlined.
        offered, refused, cells = page.evaluate(
            """() => [
              [...document.querySelectorAll(".cb-color[data-legal='1']")]
                .map((b) => b.dataset.color),
              document.querySelectorAll(".cb-color[data-legal='0']").length,
              document.querySelectorAll(".cb-cell.legal").length,
            ]"""
        )
        assert set(offered) == legal_colors  # only the legal colours are offered
        assert cells == len(legal_colors)  # and outlined on the board
        if refused and not self.refusal:
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
            page.click(".cb-cell.legal")


def test_a_person_plays_a_whole_match_against_three_bots(browser, fast_server):
    # Reduced motion: no outline animations, so clicks find still targets fast.
    context = browser.new_context(
        viewport=DESKTOP, locale="pt-BR", reduced_motion="reduce"
    )
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
        try:
            wait_applied(page, s)
        except Exception:
            shot(page, "cb-failure")  # what the page showed when it got stuck
            raise
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


# -- the board module on chosen positions ------------------------------------

NAMES = ["Ana", "Bia", "Caio", "Duda", "Eva"]

MOUNT = """
async ({view, legal, active, seat, names}) => {
  if (!window.gettext) {
    await new Promise((ok, fail) => {
      const s = document.createElement("script");
      s.src = "/jsi18n/"; s.onload = ok; s.onerror = fail;
      document.head.append(s);
    });
    for (const href of ["/static/core/table.css",
                        "/static/games/catinthebox/board.css"]) {
      const link = document.createElement("link");
      link.rel = "stylesheet"; link.href = href;
      document.head.append(link);
      await new Promise((ok) => { link.onload = ok; });
    }
  }
  const { t, fmt } = await import("/static/core/i18n.js");
  const widgets = await import("/static/core/widgets.js");
  const { createBoard } = await import("/static/games/catinthebox/board.js");
  document.body.classList.add("table-body");
  const main = document.querySelector("main");
  main.replaceChildren();
  const root = document.createElement("div");
  root.className = "board";
  main.append(root);
  window.sent = [];
  const ctx = {
    seat, spectator: seat === null, t, fmt, widgets,
    // No table around the board here: shortcuts are accepted and unused.
    keys: { add: () => {}, press: (n) => n && n.click() },
    name: (s) => names[s],
    send: (a) => { window.sent.push(a); return true; },
  };
  window.cbBoard = createBoard(root, ctx);
  window.cbBoard.update({view, legal, active, seats: [], status: "playing",
                         outcome: null, version: 1}, []);
}
"""


def walk(players: int, seed: int, stop: Any, limit: int = 2000) -> Any:
    """Random legal play from a seeded match until `stop(state)` holds."""
    game = registry.get("catinthebox")
    rng = Rng(seed)
    state = game.setup(players, seed, {"first_start_player": "first_seat"})
    for _ in range(limit):
        if stop(state):
            return state
        if game.outcome(state) is not None:
            return None
        seat = rng.choice(sorted(game.active_seats(state)))
        action = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action).state
    return None


def first(players: int, stop: Any) -> Any:
    for seed in range(200):
        state = walk(players, seed, stop)
        if state is not None:
            return state
    raise AssertionError("no seed reaches that position")


def mount(page: Any, state: Any, seat: int | None) -> dict[str, Any]:
    game = registry.get("catinthebox")
    view = game.view(state, seat)
    legal = game.legal_actions(state, seat) if seat is not None else []
    page.evaluate(
        MOUNT,
        {
            "view": view,
            "legal": legal,
            "active": sorted(game.active_seats(state)),
            "seat": seat,
            "names": NAMES[: state.num_players],
        },
    )
    return {"view": view, "legal": legal}


@pytest.fixture(scope="module")
def page(browser: Any, fast_server: str) -> Iterator[Any]:
    context = browser.new_context(
        viewport=DESKTOP, locale="pt-BR", reduced_motion="reduce"
    )
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.goto(fast_server + "/")
    yield p
    assert not errors, errors
    context.close()


def both_sizes(page: Any, name: str) -> None:
    shot(page, f"cb-board-{name}-desktop")
    page.set_viewport_size(PHONE)
    shot(page, f"cb-board-{name}-phone")
    page.set_viewport_size(DESKTOP)


def test_five_players_mid_trick(page):
    state = first(
        5,
        lambda s: (
            s.round == 2
            and s.phase == "play"
            and len(s.trick) == 2
            and any(any(c) for c in s.crossed)
        ),
    )
    shown = mount(page, state, state.turn)
    view = shown["view"]
    # Every token of the board is drawn, in its seat's shape.
    owners = [c for row in view["board"] for c in row["cells"] if isinstance(c, int)]
    assert len(page.query_selector_all(".cb-research .cb-token")) == len(owners)
    # Revealed X marks, per seat.
    for seat, colors in enumerate(view["x_revealed"]):
        marks = page.query_selector_all(
            f".cb-player[data-seat='{seat}'] .cb-x[data-revealed='1']"
        )
        assert sorted(m.get_attribute("data-color") for m in marks) == sorted(colors)
    # The trick shows the declared colours in play order.
    played = page.query_selector_all(".cb-trick-cards .cb-card")
    drawn = [
        (int(c.get_attribute("data-card")), c.get_attribute("data-color"))
        for c in played
    ]
    assert drawn == [(p["card"], p["color"]) for p in view["trick"]["plays"]]
    # The hand is sorted; a card, then a colour: only the legal colours offered.
    hand = [
        int(c.get_attribute("data-card"))
        for c in page.query_selector_all(".cb-hand-cards .cb-card")
    ]
    assert hand == sorted(view["hand"])
    card = shown["legal"][0]["card"]
    page.click(f".cb-hand-cards .cb-card[data-card='{card}']")
    legal = {a["color"] for a in shown["legal"] if a["card"] == card}
    offered = {
        b.get_attribute("data-color")
        for b in page.query_selector_all(".cb-color[data-legal='1']")
    }
    assert offered == legal
    assert len(page.query_selector_all(".cb-cell.legal")) == len(legal)
    both_sizes(page, "five-players")
    page.click(".cb-cell.legal")
    assert page.evaluate("window.sent")[-1] == next(
        a for a in shown["legal"] if a["card"] == card
    )
    # A refused colour is sent too, and the board shows the server's reason.
    page.click(f".cb-hand-cards .cb-card[data-card='{card}']")
    if page.query_selector(".cb-color[data-legal='0']"):
        page.click(".cb-color[data-legal='0']")
        assert page.evaluate("window.sent")[-1]["color"] not in legal
        page.evaluate("window.cbBoard.refused({text: 'Motivo do servidor.'})")
        assert page.inner_text(".cb-refusal") == "Motivo do servidor."


def test_a_paradox_is_announced_and_groups_are_shown(page):
    state = first(
        4,
        lambda s: s.phase == "set_aside" and s.results and s.results[-1].paradox >= 0,
    )
    shown = mount(page, state, 0)
    result = shown["view"]["results"][-1]
    banner = page.inner_text(".cb-paradox")
    assert "Paradoxo!" in banner and NAMES[result["paradox"]] in banner
    grouped = page.query_selector_all(".cb-review .cb-token.grouped")
    assert len(grouped) == sum(len(cells) for cells in result["group_cells"])
    row = page.query_selector_all(".cb-scores tbody tr")[-1]
    assert "paradoxo" in row.inner_text()
    both_sizes(page, "paradox")
    # Back to the (empty) board of the new round, then to the scored one again.
    page.click("text=Voltar ao tabuleiro atual")
    assert not page.query_selector(".cb-review")
    page.click(".cb-scores tbody tr:last-child .cb-show")
    assert page.query_selector(".cb-review .cb-paradox")


def test_two_players_observed_cells_and_the_face_down_card(page):
    state = first(2, lambda s: s.phase == "play" and len(s.observed_cards) == 3)
    shown = mount(page, state, 1)
    view = shown["view"]
    observed = sum(row["cells"].count("observed") for row in view["board"])
    assert observed and len(page.query_selector_all(".cb-eye")) == observed
    assert not page.query_selector(".cb-stat.bid")  # no predictions with 2
    aside = page.inner_text(".cb-aside")
    assert str(view["set_aside"]) in aside
    both_sizes(page, "two-players")


def test_predicting_and_setting_aside_by_clicking(page):
    game = registry.get("catinthebox")
    state = game.setup(3, 5, {"first_start_player": "first_seat"})
    shown = mount(page, state, 2)
    card = shown["view"]["hand"][3]
    page.click(f".cb-hand-cards .cb-card[data-card='{card}']")
    page.click(".cb-chooser button.primary")
    assert page.evaluate("window.sent") == [{"type": "set_aside", "card": card}]
    # Another seat set its card aside first: the server refuses the stale
    # action and sends the fresh view in an update; the board sends the card again.
    assert page.evaluate("window.cbBoard.refused({code: 'stale_version', text: ''})")
    mount_again = {"view": shown["view"], "legal": shown["legal"]}
    page.evaluate(
        "s => window.cbBoard.update({...s, active: [0, 1, 2], seats: [],"
        " status: 'playing', outcome: null, version: 2}, [])",
        mount_again,
    )
    assert page.evaluate("window.sent") == [{"type": "set_aside", "card": card}] * 2
    assert not page.evaluate("window.cbBoard.refused({code: 'x', text: 'Não.'})")
    assert page.inner_text(".cb-refusal") == "Não."
    page.evaluate("window.sent.length = 0")
    for seat in range(3):
        mine = card if seat == 2 else state.hands[seat][0]
        state = game.apply(state, seat, {"type": "set_aside", "card": mine}).state
    shown = mount(page, state, state.turn)
    both_sizes(page, "predict")
    # 3 players predict 1, 3 or 4 (the rulebook's player boards): no 2.
    assert page.locator(".cb-predict[data-tricks='2']").count() == 0
    page.click(".cb-predict[data-tricks='3']")
    assert page.evaluate("window.sent") == [{"type": "predict", "tricks": 3}]


def test_a_spectator_sees_no_hand(page):
    state = first(3, lambda s: s.phase == "play" and len(s.trick) == 1)
    shown = mount(page, state, None)
    assert "hand" not in shown["view"]
    assert page.query_selector(".cb-hand").is_hidden()
    assert len(page.query_selector_all(".cb-player")) == 3
    assert "hand" not in json.dumps(page.evaluate("window.sent"))
