"""Cat in the Box's board module on chosen positions, in chromium: the views
come from the real game (seeded random play), the board is drawn in a plain
page of the site with the JavaScript catalog, and what it sends is recorded
instead of going to a server. Covers what a random match may not reach: a
paradox, five players, two players' observed cells, a spectator.

Screenshots: test-artifacts/cb-board-*.png (desktop and phone 360 x 740).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca.engine import Rng, registry
from tests.e2e.conftest import DESKTOP, shot

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e")]

PHONE = {"width": 360, "height": 740}
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
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport=DESKTOP, locale="pt-BR")
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.goto(server + "/")
    yield p
    assert not errors, errors
    context.close()


@pytest.fixture(autouse=True)
def _catinthebox_installed() -> None:
    if "catinthebox" not in registry.ids():
        pytest.skip("Cat in the Box is not installed")


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
    for seat in range(3):
        mine = card if seat == 2 else state.hands[seat][0]
        state = game.apply(state, seat, {"type": "set_aside", "card": mine}).state
    shown = mount(page, state, state.turn)
    both_sizes(page, "predict")
    page.click(".cb-predict[data-tricks='2']")
    assert page.evaluate("window.sent") == [{"type": "predict", "tricks": 2}]


def test_a_spectator_sees_no_hand(page):
    state = first(3, lambda s: s.phase == "play" and len(s.trick) == 1)
    shown = mount(page, state, None)
    assert "hand" not in shown["view"]
    assert page.query_selector(".cb-hand").is_hidden()
    assert len(page.query_selector_all(".cb-player")) == 3
    assert "hand" not in json.dumps(page.evaluate("window.sent"))
