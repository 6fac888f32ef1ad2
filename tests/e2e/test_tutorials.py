"""Every game's tutorial completed in a real browser, by clicking.

Each game brings a small driver that turns the action the guide expects into
clicks on its board; the loop waits for the guide (`window.ludotecaTutorial`)
to move to the next step after each one, so a step that the board cannot
reach, or a guide that stalls, fails the test. Desktop and phone screenshots
of the guide go to test-artifacts/tutorial-<game>-*.png.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from ludoteca.engine import registry
from ludoteca.engine import tutorial as scripts
from tests.e2e.conftest import ARTIFACTS, DESKTOP, SERVER_LOGS, shot
from tests.e2e.test_agentavenue import signup

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-tutorials")]

PHONE_SIZE = {"width": 360, "height": 740}


def progress(page: Any) -> dict[str, Any] | None:
    return page.evaluate("window.ludotecaTutorial && window.ludotecaTutorial.progress")  # type: ignore[no-any-return]


def wait_for(
    page: Any,
    test: Callable[[dict[str, Any]], bool],
    what: str,
    timeout: float = 30,
    give_up: bool = True,
) -> dict[str, Any]:
    """The guide's progress once `test` holds; {} after `timeout` seconds
    when not `give_up`, else a failure."""
    end = time.time() + timeout
    while time.time() < end:
        p = progress(page)
        if p and test(p):
            return p
        page.wait_for_timeout(60)
    if not give_up:
        return {}
    raise AssertionError(
        f"the guide never got to {what}: {progress(page)}; {diagnosis(page)}"
    )


def diagnosis(page: Any) -> str:
    """What the table page and its server say, for a failure's message: the
    version and moves the board holds, its notice and refusal, and the last
    lines of the server's log (a refused or unsaved action, a socket closed)."""
    shown = page.evaluate(
        "({version: window.ludoteca?.table?.version,"
        " legal: (window.ludoteca?.table?.legal || []).length,"
        " notice: document.querySelector('[data-role=notice]')?.textContent || '',"
        " refusal: [...document.querySelectorAll('[role=alert]')]"
        ".map((e) => e.textContent).join(' | ')})"
    )
    log = SERVER_LOGS.get(page.url.split("/tutorial/")[0])
    lines = log.read_text(errors="replace").splitlines()[-20:] if log else []
    return f"the page shows {shown}; the server's log ends with {lines}"


def has_a_move(page: Any, p: dict[str, Any]) -> bool:
    """Whether the step can be played now. The guide's progress and the
    board's frames arrive apart: a scripted step whose move is not legal yet
    reads [], and a free step (expected None) is played from the board's own
    legal moves, which must be those of the same version and not empty."""
    if p.get("expected") is not None:
        return bool(p["expected"])
    board = page.evaluate(
        "({version: window.ludoteca.table.version,"
        " moves: window.ludoteca.table.legal.length})"
    )
    return bool(board["version"] == p["version"] and board["moves"] > 0)


# -- drivers: the clicks that make a board send the expected action ---------------


def agentavenue(page: Any, p: dict[str, Any]) -> None:
    action = (p["expected"] or [None])[0]
    names = {
        "double_agent": "Double Agent",
        "henchman": "Enforcer",
        "sentinel": "Sentinel",
        "assistant": "Sidekick",
        "saboteur": "Saboteur",
        "codebreaker": "Codebreaker",
        "daredevil": "Daredevil",
        "mole": "Mole",
    }
    hand = ".aa-hand-cards .card"
    if action is None or action["type"] == "pick":
        take = action["take"] if action else "up"
        page.locator(".aa-offer .card").nth(0 if take == "up" else 1).click()
    elif action["type"] == "offer":
        page.locator(hand, has_text=names[action["up"]]).first.click()
        page.locator(hand, has_text=names[action["down"]]).first.click()
    elif action["type"] == "discard":
        page.click(".aa-hand-head button")
        page.locator(hand, has_text=names[action["card"]]).first.click()


def agentavenue_wrong(page: Any) -> None:
    """At the first step, offer another pair: the guide explains instead."""
    page.locator(".aa-hand-cards .card", has_text="Enforcer").first.click()
    page.locator(".aa-hand-cards .card", has_text="Sentinel").first.click()


def luckybox(page: Any, p: dict[str, Any]) -> None:
    action = p["expected"][0]
    sheet = '.lb-mine .lb-sheet[data-card="{}"] .lb-cell[data-cell="{}"]'
    if action["type"] == "keep":
        for card in action["cards"]:
            page.click(f'.lb-offer-card[data-card="{card}"]')
        page.click(".lb-keep")
    elif action["type"] == "cross":
        page.click(sheet.format(action["card"], action["cell"]))
        if action["shift"]:
            page.click(".lb-confirm")
    elif action["type"] == "bonus":
        page.click(sheet.format(action["target"], action["cell"]))


def catinthebox(page: Any, p: dict[str, Any]) -> None:
    action = p["expected"][0]
    if action["type"] == "predict":
        page.click(f'.cb-predict[data-tricks="{action["tricks"]}"]')
        return
    page.locator(f'.cb-hand-cards [data-card="{action["card"]}"]').first.click()
    if action["type"] == "set_aside":
        page.click(".cb-chooser .button.primary")
    else:
        page.click(f'.cb-color[data-color="{action["color"]}"]')


def darwinsjourney(page: Any, p: dict[str, Any]) -> None:
    action = p["expected"][0]
    kind = action["type"]
    if kind == "place":
        page.click(f'.dj-worker-pick[data-worker="{action["worker"]}"]')
        page.click(f'.dj-loc-pick[data-loc="{action["location"]}"]')
        page.click('.dj-confirm [data-action="confirm"]')
        return
    legal = page.evaluate("window.ludoteca.table.legal")
    if kind == "buy_seal":
        page.click(f'.dj-seal-btn[data-academy="{action["row"]}:{action["slot"]}"]')
        same = [
            a
            for a in legal
            if a["type"] == kind
            and (a["row"], a["slot"]) == (action["row"], action["slot"])
        ]
    else:
        same = [a for a in legal if a["type"] == kind]
    page.locator(f'.dj-act[data-action="{kind}"]').nth(same.index(action)).click()


def insidejob(page: Any, p: dict[str, Any]) -> None:
    action = (p["expected"] or page.evaluate("window.ludoteca.table.legal"))[0]
    if action["type"] == "choose_mission":
        page.click(f'.ij-offered [data-mission="{action["mission"]}"]')
    else:
        page.click(f'.ij-hand-cards [data-card="{action["card"]}"]')


def piles(page: Any, p: dict[str, Any]) -> None:
    kind = (p["expected"] or [{"type": ""}])[0]["type"]
    if kind == "ready":
        page.click(".pl-ready")
    elif kind == "open":
        page.click(".pl-piles .pl-stack.closed:not([disabled])")
    elif kind == "swap":
        page.locator(".pl-fan .pl-card").first.click()
        page.locator(".pl-centre .pl-slot .pl-card:not(.back)").first.click()
    elif kind == "close":
        page.click(".pl-close")


def mafia(page: Any, p: dict[str, Any]) -> None:
    action = p["expected"][0]
    if action["type"] in ("act", "vote"):  # "Choose" at night, "Vote" by day
        page.click(f'.mf-seat[data-seat="{action["target"]}"] .mf-buttons button')
    elif action["type"] == "judge":
        page.click(f'.mf-panel [data-verdict="{action["verdict"]}"]')
    else:
        page.click(f'.mf-panel [data-action="{action["type"]}"]')


def mafia_wrong(page: Any) -> None:
    """At the first step, investigate another player: the guide explains."""
    page.click('.mf-seat[data-seat="3"] .mf-buttons button')


DRIVERS: dict[str, Callable[[Any, dict[str, Any]], None]] = {
    "piles": piles,
    "insidejob": insidejob,
    "darwinsjourney": darwinsjourney,
    "catinthebox": catinthebox,
    "agentavenue": agentavenue,
    "luckybox": luckybox,
    "mafia": mafia,
}
WRONG: dict[str, Callable[[Any], None]] = {
    "agentavenue": agentavenue_wrong,
    "mafia": mafia_wrong,
}


def games_with_tutorials() -> list[str]:
    return [g for g in registry.ids() if scripts.load(g) is not None]


# The table's frames held back in the page (a loaded machine, a slow
# network) while the step's HTTP answers are not: `window.heldFrames`.
HOLD_FRAMES = """(() => {
  const Native = window.WebSocket;
  const queue = [];
  let on = false;
  window.heldFrames = {
    hold() { on = true; },
    types() { return queue.map(([, , e]) => JSON.parse(e.data).t); },
    release(n = Infinity) {
      for (const [fn, ws, e] of queue.splice(0, n)) fn.call(ws, e);
      if (n === Infinity) on = false;
    },
  };
  window.WebSocket = class extends Native {
    get onmessage() { return super.onmessage; }
    set onmessage(fn) {
      super.onmessage = (e) => {
        if (on) queue.push([fn, this, e]);
        else fn.call(this, e);
      };
    }
  };
})();"""


def test_the_guide_waits_for_the_board(browser: Any, server: str) -> None:
    """The guide's answer (HTTP) may tell of a version whose frames have not
    reached the board yet: the learner's move and the bots' replies played.
    It is shown once the board draws that version, never over an older
    board (a "your turn" there made the learner click the previous turn's
    board, and the action was refused as stale: a CI run stalled so)."""
    game = "catinthebox"
    if scripts.load(game) is None:
        pytest.skip(f"{game} is not installed")
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(HOLD_FRAMES)
    page = context.new_page()
    context.add_cookies([{"name": "django_language", "value": "en", "url": server}])
    signup(page, server, "learner-held-frames")
    page.goto(f"{server}/tutorial/{game}/")
    # Step 2 (lead the first trick) is answered by both bots.
    for index in range(3):
        p = wait_for(
            page,
            lambda p, i=index: (
                p["step"] == i and p["your_turn"] and has_a_move(page, p)
            ),
            f"step {index}",
        )
        if index == 2:
            page.evaluate("window.heldFrames.hold()")
        DRIVERS[game](page, p)
    # The server plays the move and the bots' replies; the page sees none of it.
    end = time.time() + 30
    while True:
        answer = page.request.get(f"{server}/tutorial/{game}/step.json").json()
        if answer["step"] == 3 and answer["your_turn"]:
            break
        assert time.time() < end, f"the server never got to step 3: {answer}"
        page.wait_for_timeout(60)
    types = page.evaluate("window.heldFrames.types()")
    own = types.index("update")  # the learner's move (after its ack)
    assert "update" in types[own + 1 :], f"no bot replied after the move: {types}"
    # The board draws the learner's move only; the guide asks and is told of
    # the bots' replies, which the board has not drawn.
    page.evaluate("n => window.heldFrames.release(n)", own + 1)
    page.wait_for_function(
        "v => [window.ludotecaTutorial.latest, window.ludotecaTutorial.progress]"
        ".some((p) => p && p.version >= v)",
        arg=answer["version"],
    )
    shown = page.evaluate(
        "({progress: window.ludotecaTutorial.progress,"
        " board: Number(document.body.dataset.version)})"
    )
    assert shown["board"] < answer["version"]
    assert shown["progress"]["version"] <= shown["board"], shown["progress"]
    assert shown["progress"]["step"] == 2
    # The rest of the frames: the board and the guide meet at step 3, and
    # the step is played on the board it speaks of.
    page.evaluate("window.heldFrames.release()")
    p = wait_for(page, lambda p: p["step"] == 3 and p["your_turn"], "step 3")
    assert page.evaluate("window.ludoteca.table.version") == p["version"]
    DRIVERS[game](page, p)
    wait_for(page, lambda p: p["step"] > 3, "the end of step 3")
    context.close()


def test_every_tutorial_has_a_driver() -> None:
    assert set(games_with_tutorials()) <= set(DRIVERS)


@pytest.mark.parametrize("game", sorted(DRIVERS))
def test_complete_the_tutorial_by_clicking(
    browser: Any, server: str, game: str
) -> None:
    if scripts.load(game) is None:
        pytest.skip(f"{game} is not installed or has no tutorial")
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    context.add_cookies([{"name": "django_language", "value": "en", "url": server}])
    signup(page, server, f"learner-{game}")
    page.goto(f"{server}/tutorial/{game}/")
    first = wait_for(page, lambda p: p["your_turn"], "the first step")
    assert first["step"] == 0 and page.is_visible(".tutorial-guide")
    page.wait_for_selector(".tutorial-target", state="attached", timeout=20000)
    shot(page, f"tutorial-{game}-desktop")
    if game in WRONG:
        WRONG[game](page)
        page.wait_for_selector(".guide-wrong:not([hidden])")
        assert page.inner_text(".guide-wrong") == first["wrong"]
        assert progress(page)["step"] == 0  # type: ignore[index]
    # Leave and come back (on a phone): the guide resumes at the same step,
    # docked under the part of the board it points at.
    page.set_viewport_size(PHONE_SIZE)
    page.reload()
    wait_for(page, lambda p: p["step"] == 0 and p["your_turn"], "the resumed step")
    page.wait_for_selector(".tutorial-guide.docked")
    page.wait_for_timeout(300)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tutorial-{game}-phone.png"))
    page.set_viewport_size(DESKTOP)
    steps = first["steps"]
    for index in range(steps):
        p = wait_for(
            page,
            lambda p, i=index: (
                p["step"] == i and p["your_turn"] and has_a_move(page, p)
            ),
            f"step {index}",
        )
        if index == min(3, steps - 1):
            page.wait_for_timeout(200)
            shot(page, f"tutorial-{game}-step")
        DRIVERS[game](page, p)
        # Real time: a bot may take the centre card first; then click again.
        retries = 4 if registry.get(game).info.kind == "real-time" else 0
        while not wait_for(
            page,
            lambda p, i=index: p["step"] > i,
            f"the end of step {index}",
            6 if retries else 30,
            give_up=retries <= 0,
        ):
            retries -= 1
            DRIVERS[game](page, progress(page) or p)
    done = wait_for(page, lambda p: p["done"], "the end")
    assert page.is_visible(".tutorial-guide.done")
    shot(page, f"tutorial-{game}-done")
    page.goto(f"{server}/u/learner-{game}/")
    assert "tutorial" in page.inner_text(".tutorials-done")
    assert done["steps"] == steps
    context.close()
