"""Keyboard play: for every game, one person plays a full match against bots
with the keyboard alone (Tab, arrows, Enter, the game's shortcuts: every move
is a `page.keyboard.press`, never a click nor a script that acts), to the end
screen. Setting the table up in the lobby uses the ordinary page calls.

Also: the "?" overlay opens and closes from the keyboard and lists the
table's and the game's shortcuts in English and in Portuguese.
Screenshots (focus ring, overlay; phone and desktop): test-artifacts/kb-*.png.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from ludoteca.engine import registry
from tests.e2e.conftest import DESKTOP, shot
from tests.e2e.keys import choose, reach, shortcut
from tests.web.live import (
    free_port,
    from_template,
    server_env,
    start_server,
    stop,
    wait_http,
)

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-keyboard")]

PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def fast_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Bots answer at once: the matches are about the person's keys. (On a
    busy machine a start may take longer than wait_http's default.)"""
    workdir = tmp_path_factory.mktemp("e2e-kb")
    port = free_port()
    from_template(workdir)
    proc = start_server(workdir, port, server_env(workdir, {"LUDOTECA_BOT_DELAY": "0"}))
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(base + "/", timeout=180)
        yield base
    finally:
        stop(proc)


def need(game: str) -> None:
    if game not in registry.ids():
        pytest.skip(f"{game} is not installed")


# Where the focus is the moment the end dialog opens (a microtask after the
# script that opened it): the test's own key presses, racing a match that ends
# by a timer, may move it a moment later.
END_FOCUS = """
new MutationObserver(() => {
  if (window.__endFocus === undefined && document.querySelector('dialog.end[open]')) {
    window.__endFocus = document.activeElement.matches('dialog.end h2');
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['open'] });
"""


def signup(page: Any, base: str, name: str) -> None:
    page.context.add_init_script(END_FOCUS)
    page.goto(base + "/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", "noite-de-jogos-2026")
    page.fill("input[name=password2]", "noite-de-jogos-2026")
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")


def open_table(
    page: Any,
    base: str,
    game: str,
    bots: int,
    bot: str = "random",
    players: int | None = None,
    options: dict[str, str] | None = None,
) -> None:
    page.goto(f"{base}/new/{game}/")
    if players is not None:
        page.select_option("select[name=players]", str(players))
    if options and page.locator("details.advanced").count():
        page.click("details.advanced summary")  # a long form's options are folded
    for name, value in (options or {}).items():
        field = page.locator(f"[name=option_{name}]")
        if field.evaluate("n => n.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click("form.new-table button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/\d+/$"))
    for _ in range(bots):
        page.select_option("form[action$='/bot/add/'] select >> nth=0", bot)
        page.click("form[action$='/bot/add/'] button >> nth=0")
        page.wait_for_load_state()
    page.wait_for_selector("[data-role=board] *", state="attached", timeout=60000)
    # No two shortcuts share a key (a game's letter never shadows a table key).
    keys = page.evaluate("window.ludoteca.keys.list().map((s) => s.key)")
    single = [k for key in keys for k in key.lower().split(" ")]
    assert len(single) == len(set(single)), keys


def table(page: Any) -> dict[str, Any]:
    return dict(
        page.evaluate(
            "(() => { const t = window.ludoteca && window.ludoteca.table;"
            " return t ? {version: t.version, status: t.status, legal: t.legal,"
            " view: t.view, seat: t.seat} : {legal: []}; })()"
        )
    )


def finished(page: Any) -> bool:
    return bool(
        page.evaluate("window.ludoteca && window.ludoteca.table.status === 'finished'")
    )


def wait_change(page: Any, s: dict[str, Any], timeout: float = 20) -> None:
    """Until the version moved on (this seat's action went in, or another's)."""
    page.wait_for_function(
        "v => window.ludoteca.table.version !== v"
        " || window.ludoteca.table.status === 'finished'",
        arg=s["version"],
        timeout=timeout * 1000,
    )


def end_screen(page: Any, prefix: str) -> None:
    page.wait_for_selector("dialog.end[open]", timeout=15000)
    shot(page, f"kb-{prefix}-end")
    # Its heading has the focus: a late Enter meant for the board goes nowhere.
    assert page.evaluate("window.__endFocus") is True
    # The end dialog takes the focus: Tab reaches its buttons, Esc closes it.
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.end", state="hidden")


def play(
    page: Any,
    decide: Any,
    limit_s: float = 300,
    prefix: str = "",
) -> int:
    """Take decisions with `decide(page, state) -> bool` until the end."""
    deadline = time.monotonic() + limit_s
    moves = 0
    while not finished(page):
        assert time.monotonic() < deadline, f"the match did not end ({moves} moves)"
        s = table(page)
        if not s["legal"] or s["status"] != "playing":
            time.sleep(0.05)
            continue
        if decide(page, s):
            moves += 1
            if moves == 3 and prefix:
                shot(page, f"kb-{prefix}-desktop-focus")
            # A partial choice, or a refusal: decide again.
            with contextlib.suppress(Exception):
                wait_change(page, s, timeout=5)
        else:
            time.sleep(0.05)
    return moves


# -- Agent Avenue --------------------------------------------------------------


def aa_decide(page: Any, s: dict[str, Any]) -> bool:
    kinds = {a["type"] for a in s["legal"]}
    turn = s["version"]
    if "pick" in kinds:
        # The face-up card's shortcut, or Tab to the offer and Enter.
        if turn % 3 == 0:
            page.keyboard.press(shortcut(page, "open"))
            return True
        return choose(page, ".aa-offer .card:not([disabled])")
    if "take_bm" in kinds and turn % 2 == 0:
        return choose(page, ".aa-supply .aa-bm:not([disabled])")
    if kinds & {"choose", "recruit_again"}:
        return choose(page, ".aa-task .card:not([disabled]), .aa-task button")
    if "offer" in kinds:
        # The first card by its number, the second by arrows in the hand.
        page.keyboard.press("1")
        page.wait_for_selector(".aa-hand-cards .card.selected")
        return choose(page, ".aa-hand-cards .card:not([disabled]):not(.selected)")
    if kinds & {"lead", "follow"}:
        return choose(page, ".aa-hand-cards .card:not([disabled])")
    if "take_bm" in kinds:
        return choose(page, ".aa-supply .aa-bm:not([disabled])")
    return False


def test_agentavenue_by_keyboard(browser, fast_server):
    need("agentavenue")
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, fast_server, "kbaa")
    open_table(page, fast_server, "agentavenue", 1, options={"black_market": "true"})
    page.wait_for_selector(".aa-track")
    # How many of the person's turns the counter sees varies with the deal and
    # timing; what matters is that the person's seat played by keyboard to the
    # end and was never handed to a stand-in bot.
    assert play(page, aa_decide, prefix="aa") >= 1
    assert not page.evaluate("window.ludoteca.table.seats.some((s) => s.standin)")
    end_screen(page, "aa")
    assert not errors, errors
    context.close()


# -- Piles! (real time) --------------------------------------------------------


def test_piles_by_keyboard(browser, fast_server):
    need("piles")
    context = browser.new_context(viewport=PHONE, locale="pt-BR", has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, fast_server, "kbpiles")
    open_table(
        page,
        fast_server,
        "piles",
        1,
        bot="piles-fast",
        players=2,
        options={"match_minutes": "3", "action_limit": "40"},
    )
    page.wait_for_selector(".pl-ready")
    page.keyboard.press("Enter")  # I am ready
    page.wait_for_function(
        "() => window.ludoteca.table.view.phase === 'play'", timeout=15000
    )
    swaps = steps = 0
    deadline = time.monotonic() + 120
    while not finished(page):
        assert time.monotonic() < deadline, "the match did not end"
        steps += 1
        actions = table(page)["legal"]
        sent = int(page.evaluate("Object.keys(window.ludoteca.marks.sent).length"))
        if any(a["type"] == "swap" for a in actions):
            if steps % 5 == 4:
                page.keyboard.press("Escape")  # put the pile down
            else:
                page.keyboard.press("ArrowDown")
                for _ in range(steps % 4):
                    page.keyboard.press("ArrowRight")
                page.keyboard.press("Enter")
                swaps += 1
        else:
            pile = next((a["pile"] for a in actions if a["type"] == "open"), None)
            if pile is None:
                time.sleep(0.05)
                continue
            page.keyboard.press(str(pile + 1))
        if steps == 6:
            shot(page, "kb-piles-phone-playing")
        # A swap of two cards of one design sends nothing.
        with contextlib.suppress(Exception):
            page.wait_for_function(
                "n => Object.keys(window.ludoteca.marks.sent).length > n"
                " || window.ludoteca.table.status === 'finished'",
                arg=sent,
                timeout=3000,
            )
        time.sleep(0.16)  # the table's rate limit
    assert swaps >= 1
    page.wait_for_selector(".pl-winner")
    end_screen(page, "piles")
    assert not errors, errors
    context.close()


# -- Lucky Box (solo) ----------------------------------------------------------


def lb_decide(page: Any, s: dict[str, Any]) -> bool:
    kind = s["legal"][0]["type"]
    if kind == "keep":
        want = len(s["legal"][0]["cards"])
        picked = len(page.query_selector_all(".lb-offer-card.picked"))
        if picked < want and s["version"] % 2:
            for n in range(picked + 1, want + 1):  # by number
                page.keyboard.press(str(n))
        else:
            for _ in range(want - picked):  # by Tab and arrows
                choose(page, ".lb-offer-card:not(.picked)")
        page.wait_for_selector(".lb-keep:not([disabled])")
        if s["version"] % 2:
            page.keyboard.press(shortcut(page, "keep"))
            return True
        return choose(page, ".lb-keep")
    if kind == "bonus":
        if page.query_selector(".lb-bonus-choice"):
            choose(page, ".lb-bonus-choice:last-child")
        return choose(page, ".lb-my-cards .lb-cell.playable.bonus")
    if page.query_selector(".lb-my-cards .lb-cell.playable.cross"):
        return choose(page, ".lb-my-cards .lb-cell.playable.cross")
    if page.query_selector(".lb-my-cards .lb-cell.playable.shift"):
        choose(page, ".lb-my-cards .lb-cell.playable.shift")
        page.wait_for_selector(".lb-confirm")
        return choose(page, ".lb-confirm")
    page.keyboard.press(shortcut(page, "nothing"))
    return True


def test_luckybox_by_keyboard(browser, fast_server):
    need("luckybox")
    context = browser.new_context(viewport=DESKTOP, locale="pt-BR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, fast_server, "kblb")
    open_table(page, fast_server, "luckybox", 0, players=1)
    assert play(page, lb_decide, prefix="lb") > 5
    end_screen(page, "lb")
    assert not errors, errors
    context.close()


# -- Cat in the Box ------------------------------------------------------------


def cb_decide(page: Any, s: dict[str, Any]) -> bool:
    kind = s["legal"][0]["type"]
    turn = s["version"]
    if kind == "set_aside":
        choose(page, ".cb-hand-cards .cb-card:not([disabled])")
        # The state read may be stale: this seat's set-aside may be on its way
        # (the version moved for the bot's), and then no chooser opens. Read
        # the table again rather than wait for a button that cannot come.
        try:
            page.wait_for_selector(".cb-chooser .button.primary", timeout=5000)
        except PlaywrightTimeout:
            return False
        if turn % 2:
            page.keyboard.press("s")
            return True
        return choose(page, ".cb-chooser .button.primary")
    if kind == "predict":
        tricks = s["legal"][turn % len(s["legal"])]["tricks"]
        if turn % 2:
            page.keyboard.press(str(tricks))
            return True
        return choose(page, f".cb-predict[data-tricks='{tricks}']")
    card = min(a["card"] for a in s["legal"])
    colors = [a["color"] for a in s["legal"] if a["card"] == card]
    page.keyboard.press(str(card))  # the card by its number
    page.wait_for_selector(".cb-chooser .cb-color")
    if turn % 3 == 0:
        shot(page, "kb-cb-colours")  # each colour button shows its letter
        page.keyboard.press(shortcut(page, colors[0]))  # a letter of its name
        return True
    if turn % 3 == 1:  # an outlined cell of the research board
        return choose(page, ".cb-cell.legal") or choose(
            page, ".cb-color[data-legal='1']"
        )
    return choose(page, ".cb-color[data-legal='1']")


def test_catinthebox_by_keyboard(browser, fast_server):
    need("catinthebox")
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, fast_server, "kbcb")
    open_table(page, fast_server, "catinthebox", 1, players=2)
    assert play(page, cb_decide, prefix="cb") > 5
    end_screen(page, "cb")
    # What the person did is told as "you": the log and the live region read
    # the same sentences.
    log = page.inner_text("[data-role=log]")
    assert re.search(r"You (play a \d+ and declare|predict|win trick|set a card)", log)
    assert "kbcb plays" not in log and "kbcb predicts" not in log
    assert not errors, errors
    context.close()


@pytest.mark.parametrize(
    ("locale", "letters"),
    [
        ("en-US", {"L": "Declare blue", "Y": "Declare yellow", "R": "Declare red"}),
        (
            "pt-BR",
            {
                "A": "Declarar azul",
                "M": "Declarar amarelo",
                "V": "Declarar verde",
                "E": "Declarar vermelho",
            },
        ),
    ],
)
def test_catinthebox_colour_keys_follow_the_language(
    browser, fast_server, locale, letters
):
    """A colour's key is a letter of its name in the reader's language, never
    one of the table's keys: "b" still goes to the board."""
    need("catinthebox")
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    page = context.new_page()
    signup(page, fast_server, f"kbcolour{locale[:2]}")
    open_table(page, fast_server, "catinthebox", 1, players=2)
    page.wait_for_selector(".cb-hand-cards .cb-card")
    page.keyboard.press("?")
    page.wait_for_selector("dialog.kb-help[open]")
    rows = page.locator("dialog.kb-help table[data-keys=game] tr").all_inner_texts()
    listed = {r.split("\t")[0].strip(): r.split("\t")[-1].strip() for r in rows}
    for key, label in letters.items():
        assert listed.get(key) == label, (key, listed)
    assert "null" not in page.inner_text("dialog.kb-help")
    shot(page, f"kb-cb-keys-{locale[:2]}")
    keys = page.evaluate("window.ludoteca.keys.list()")
    game = [k["key"] for k in keys if k.get("word")]
    table_keys = {"?", "b", "c"}
    assert len(game) == len(set(game)) == 4 and not set(game) & table_keys
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.kb-help", state="hidden")
    page.keyboard.press("b")
    assert page.evaluate(
        "document.querySelector('[data-role=board]').contains(document.activeElement)"
    )
    # A number pressed twice keeps its card chosen, even with two of that
    # number in the hand (the other copy's click would have cancelled it).
    hand = [int(n) for n in page.locator(".cb-hand-cards .cb-card").all_inner_texts()]
    number = max(hand, key=hand.count)
    for _ in range(2):
        page.keyboard.press(str(number))
        page.wait_for_selector(
            f".cb-hand-cards .cb-card.selected[data-card='{number}']"
        )
    assert page.locator(".cb-chooser .button.primary").is_visible()
    context.close()


# -- Inside Job ----------------------------------------------------------------


def ij_decide(page: Any, s: dict[str, Any]) -> bool:
    turn = s["version"]
    kinds = {a["type"] for a in s["legal"]}
    if "pick_partner" in kinds:
        return choose(page, ".ij-task [data-partner]")
    if "choose_mission" in kinds:
        if turn % 2:
            page.keyboard.press("1")
            return True
        return choose(page, ".ij-offered button.ij-mission:not([disabled])")
    if "vote" in kinds:
        if page.query_selector(".ij-cast"):  # the Paranoid Agent names two
            choose(page, ".ij-vote .ij-target")
            if not choose(page, ".ij-vote .ij-target[aria-pressed=false]"):
                choose(page, ".ij-vote .ij-target")  # one name, twice
            page.keyboard.press(shortcut(page, "vote"))
            return True
        return choose(page, ".ij-vote .ij-target")
    if any(a.get("wager") for a in s["legal"]) and turn % 4 == 0:
        page.keyboard.press(shortcut(page, "wager"))  # bet an intel token on the card
        page.wait_for_selector(".ij-bet-toggle[aria-pressed=true]")
    return choose(page, ".ij-hand-cards .ij-card.playable")


def test_insidejob_by_keyboard(browser, fast_server):
    need("insidejob")
    context = browser.new_context(viewport=DESKTOP, locale="pt-BR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, fast_server, "kbij")
    open_table(
        page,
        fast_server,
        "insidejob",
        3,
        players=4,
        options={"wagers": "true", "character_paranoid": "true"},
    )
    # With wagers the infiltrator may gather its briefcases by the third
    # trick (seen in CI: the match ended after the person's third move), so
    # the count only shows the person played; the end screen shows it ended.
    assert play(page, ij_decide, prefix="ij") >= 1
    end_screen(page, "ij")
    assert not errors, errors
    context.close()


# -- Mafia (short timers) ------------------------------------------------------

MAFIA_FAST = {
    "day0_seconds": "12",  # time to say something first
    "dawn_seconds": "3",
    "discussion_seconds": "3",
    "voting_seconds": "4",
    "defense_seconds": "3",
    "judgement_seconds": "4",
    "last_words_seconds": "3",
    "night_seconds": "4",
}


def mf_decide(page: Any, s: dict[str, Any]) -> bool:
    turn = s["version"]
    phase = s["view"]["phase"]
    kinds = {a["type"] for a in s["legal"]}
    if "judge" in kinds:
        return choose(page, ".mf-panel button:not(.primary)")
    if "pass" in kinds and turn % 3 == 0:
        page.keyboard.press(shortcut(page, "nothing"))  # no trial / nothing tonight
        return True
    targets = [a["target"] for a in s["legal"] if "target" in a and "second" not in a]
    if targets and turn % 2 and targets[0] < 9:
        page.keyboard.press(str(targets[0] + 1))  # to that player's button
        page.keyboard.press("Enter")
        return True
    if choose(page, ".mf-seat .mf-buttons button"):
        return True
    if "pass" in kinds:
        page.keyboard.press(shortcut(page, "nothing"))
        return True
    del phase
    return False


def test_mafia_by_keyboard(browser, fast_server):
    need("mafia")
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, fast_server, "kbmf")
    open_table(page, fast_server, "mafia", 6, options=MAFIA_FAST)
    page.wait_for_selector(".mf-seat")
    # Talk from the keyboard: "c" goes to the square's chat input.
    page.wait_for_selector(".mf-say input:not([disabled])")
    page.keyboard.press("c")
    page.keyboard.type("bom dia")
    page.keyboard.press("Enter")
    page.wait_for_selector(".mf-lines li:has-text('bom dia')")
    page.keyboard.press("Tab")  # out of the chat, back to playing
    # At least one decision by keyboard: the roles and the Mafia's first kill
    # are drawn by the table's seed, and a seat killed on the first night has
    # no more decisions after day 0's.
    assert play(page, mf_decide, limit_s=420, prefix="mf") >= 1
    end_screen(page, "mf")
    log = page.inner_text("[data-role=log]")
    # The person is never named in the third person. (After the end the log
    # keeps the last 64 versions: the person's own moves may be older.)
    assert not re.search(r"kbmf (is ready|votes for|does not want|has voted)", log)
    assert "votes for kbmf" not in log
    own = r"You (are ready|vote for|do not want|have voted|withdraw)|votes for you\."
    assert re.search(own, log) or "kbmf" not in log, log
    assert not errors, errors
    context.close()


# -- Darwin's Journey (solo) ---------------------------------------------------

DJ_ACT = ".dj-panel .dj-act"


def dj_decide(page: Any, s: dict[str, Any]) -> bool:
    """As the click test does: the parts of a location in the first round,
    then end the turn or skip, so that the match stays short."""
    task = s["view"].get("task") or {}
    kind = task.get("kind", "")
    turn = s["version"]
    eager = (s["view"].get("round") or 0) <= 1
    if kind == "turn" and page.query_selector(".dj-worker-pick"):
        if turn % 2:
            page.keyboard.press("1")  # the first worker by its number
        else:
            choose(page, ".dj-worker-pick")
        page.wait_for_selector(".dj-loc-pick")
        if turn % 3 == 0:
            choose(page, ".dj-main .dj-loc.hot")  # the location on the board
        else:
            choose(page, ".dj-loc-pick")
        page.wait_for_selector("[data-action=confirm]")
        if turn % 2:
            page.keyboard.press(shortcut(page, "yes"))
            return True
        return choose(page, "[data-action=confirm]")
    if eager and kind == "menu" and page.query_selector(f"{DJ_ACT}[data-action=part]"):
        return choose(page, f"{DJ_ACT}[data-action=part]")
    if (
        eager
        and kind in ("explore", "navigate")
        and page.query_selector(".dj-space.hot")
    ):
        return choose(page, ".dj-space.hot")  # the destination, on the map
    if kind == "academy" and eager and page.query_selector(".dj-seal-btn"):
        choose(page, ".dj-seal-btn")
        page.wait_for_selector(f"{DJ_ACT}[data-action=buy_seal].primary")
        return choose(page, f"{DJ_ACT}[data-action=buy_seal]")
    for quick in ("end_turn", "skip"):
        if page.query_selector(f"{DJ_ACT}[data-action={quick}]"):
            if turn % 2:
                page.keyboard.press(shortcut(page, "end turn"))
                return True
            return choose(page, f"{DJ_ACT}[data-action={quick}]")
    return choose(page, DJ_ACT)


def test_darwinsjourney_solo_by_keyboard(browser, fast_server):
    need("darwinsjourney")
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, fast_server, "kbdj")
    open_table(page, fast_server, "darwinsjourney", 0, players=1)
    page.wait_for_selector(DJ_ACT, timeout=20000)
    assert play(page, dj_decide, limit_s=420, prefix="dj") > 10
    end_screen(page, "dj")
    assert not errors, errors
    context.close()


# -- the "?" overlay -----------------------------------------------------------


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        (
            "en-US",
            [
                "Keyboard shortcuts",
                "This game",
                "Take the face-up card",
                "Open the chat and write",
            ],
        ),
        (
            "pt-BR",
            [
                "Atalhos de teclado",
                "Este jogo",
                "Ficar com a carta aberta",
                "Abrir o chat e escrever",
            ],
        ),
    ],
)
def test_the_shortcuts_overlay_opens_closes_and_speaks_both_languages(
    browser, fast_server, locale, words
):
    need("agentavenue")
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    signup(page, fast_server, f"kbhelp{locale[:2]}")
    open_table(page, fast_server, "agentavenue", 1)
    page.wait_for_selector(".aa-track")
    page.keyboard.press("?")
    page.wait_for_selector("dialog.kb-help[open]")
    text = page.inner_text("dialog.kb-help")
    for word in words:
        assert word in text, (word, text)
    # Both lists: the game's shortcuts and the table's.
    assert page.query_selector_all("dialog.kb-help table[data-keys=game] tr")
    assert len(page.query_selector_all("dialog.kb-help table[data-keys=table] tr")) >= 8
    tag = locale[:2]
    shot(page, f"kb-help-desktop-{tag}")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog.kb-help", state="hidden")
    # "?" again opens it, and "?" closes it.
    page.keyboard.press("?")
    page.wait_for_selector("dialog.kb-help[open]")
    page.keyboard.press("?")
    page.wait_for_selector("dialog.kb-help", state="hidden")
    # The "?" button in the table's tools is reached with Tab like any control.
    assert choose(page, "[data-role=keys]")
    page.wait_for_selector("dialog.kb-help[open]")
    page.set_viewport_size(PHONE)
    shot(page, f"kb-help-phone-{tag}")
    page.keyboard.press("Tab")  # the dialog keeps the focus inside
    assert page.evaluate("document.activeElement.closest('dialog.kb-help') !== null")
    page.keyboard.press("Enter")  # its Close button
    page.wait_for_selector("dialog.kb-help", state="hidden")
    # The table's own controls and the chat button are on the Tab path too.
    assert reach(page, "[data-role=leave]")
    assert reach(page, "[data-role=chat-toggle]")
    # "b" jumps to the board; the focus ring shows on a phone too.
    page.keyboard.press("b")
    assert page.evaluate(
        "document.querySelector('[data-role=board]').contains(document.activeElement)"
    )
    shot(page, f"kb-focus-phone-{tag}")
    # "c" opens the chat on its input; Esc closes it and the keys work again.
    page.keyboard.press("c")
    assert page.evaluate(
        "document.activeElement.matches('[data-role=chat-form] input')"
    )
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-role=chat]", state="hidden")
    assert not errors, errors
    context.close()
