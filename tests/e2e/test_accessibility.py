"""The accessibility audit in a real browser, one page load per page.

axe-core (tests/e2e/axe.py) finds no serious or critical violation on the home
page (the lobby), First steps, a help page and the wiki's pages (a game page,
the index, a history, the editor), the login and sign-up pages, a profile, a
leaderboard, the new-table form, the waiting room, and a table of each of the
seven games while it is being played (with its description open), and on a
table in the high-contrast theme. Every page also fits both phones (390 x 844
and 360 x 740) and a desktop window zoomed to 200% without sideways scrolling:
nothing sticks out of the screen unless it is inside a box that scrolls
sideways, no control lies under the chat button, and the header's "Your turn"
count is on screen; a card's title never breaks inside a word. At a table, the live
region reads out the events and "Describe the table" puts the seat's view into
words; on a touch screen a long press shows a control's hint.

The same page loads check the Content-Security-Policy (issue 20, item 16):
every page and table draws and runs with no CSP violation, neither as a
`securitypolicyviolation` event nor as a console message, and no script error
(one pass for both audits: each table of each game is opened once).

Screenshots at desktop and phone sizes: test-artifacts/a11y-{desktop,390,360}-*.png.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca.engine import registry
from tests.e2e.axe import audit, axe_script, explain
from tests.e2e.conftest import DESKTOP, shot
from tests.web.live import (
    Http,
    free_port,
    from_template,
    server_env,
    start_server,
    stop,
    wait_http,
)

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-accessibility")]

PHONES = ({"width": 390, "height": 844}, {"width": 360, "height": 740})
ZOOMED = {"width": DESKTOP["width"] // 2, "height": DESKTOP["height"] // 2}
# Players at the audited tables: the smallest count, Mafia needs seven.
GAMES = {
    "agentavenue": 2,
    "catinthebox": 3,
    "darwinsjourney": 1,
    "insidejob": 3,
    "luckybox": 2,
    "mafia": 7,
    "piles": 2,
}


# Recorded from the first script the page runs (an init script comes through
# the debugging protocol, so the policy does not stop it).
WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const where = `${e.sourceFile}:${e.lineNumber}`;
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${where}`);
});
"""


@pytest.fixture(scope="module")
def script() -> Any:
    return axe_script()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Http]]:
    """A server with one person signed up (its cookies are reused by pages)."""
    workdir = tmp_path_factory.mktemp("e2e-a11y")
    port = free_port()
    # A new account may edit at once, so the wiki's editor itself is audited.
    env = server_env(
        workdir, {"LUDOTECA_BOT_DELAY": "0.6", "LUDOTECA_WIKI_NEW_ACCOUNT_WAIT": "0"}
    )
    from_template(workdir)
    proc = start_server(workdir, port, env)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(base + "/", timeout=180)  # a busy machine migrates slowly
        person = Http(base)
        person.signup("leitora")
        Http(base).signup("vizinha")  # another person's profile and report page
        yield base, person
    finally:
        stop(proc)


def defaults(person: Http, game: str) -> dict[str, str]:
    """The new-table form's preselected options."""
    _, form = person.get(f"/new/{game}/")
    out = {}
    for name, body in re.findall(
        r'<select name="(option_\w+)"[^>]*>(.*?)</select>', form, re.S
    ):
        chosen = re.search(r'<option value="([^"]*)" selected', body) or re.search(
            r'<option value="([^"]*)"', body
        )
        assert chosen, name
        out[name] = html.unescape(chosen.group(1))
    for name, value in re.findall(
        r'<input type="\w+" name="(option_\w+)" value="([^"]*)"', form
    ):
        out[name] = html.unescape(value)
    return out


def start_with_bots(person: Http, game: str, players: int) -> int:
    fields = {
        "players": str(players),
        "clock": "relaxed",
        "clock_minutes": "10",
        "clock_increment": "0",
        **defaults(person, game),
    }
    url, _ = person.post(f"/new/{game}/", fields)
    match = re.search(r"/t/(\d+)/$", url)
    assert match, url
    pk = int(match.group(1))
    for _ in range(players - 1):
        person.post(f"/t/{pk}/bot/add/", {"bot": "random"})
    person.post(f"/t/{pk}/start/", {})
    return pk


def open_page(browser: Any, base: str, person: Http | None, **options: Any) -> Any:
    context = browser.new_context(
        viewport=DESKTOP, locale="pt-BR", reduced_motion="reduce", **options
    )
    if person is not None:
        context.add_cookies(
            [{"name": c.name, "value": c.value, "url": base} for c in person.jar]
        )
    context.add_init_script(WATCH_CSP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if (m.type == "error" and "Failed to load resource" not in m.text)
            or "Content Security Policy" in m.text
            or "Refused to" in m.text
            else None
        ),
    )
    page.errors = errors
    return page


# What a phone hides or covers (issue 23, item 8): elements outside the screen
# that no sideways-scrolling box holds, controls under the chat button, the
# header's turn count cut off, and card titles that break inside a word.
PHONE_AUDIT = """() => {
  const scrolls = (n) => {
    for (let p = n.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      const box = o === "auto" || o === "scroll";
      if (box && p.scrollWidth > p.clientWidth) return true;
    }
    return false;
  };
  const name = (n) => n.tagName.toLowerCase() + "." + (n.getAttribute("class") || "")
    + ' "' + (n.textContent || "").trim().slice(0, 24) + '"';
  const shown = (r) => r.width > 1 && r.height > 1;
  const out = [...document.querySelectorAll("body *")].filter((n) => {
    const r = n.getBoundingClientRect();
    return shown(r) && (r.right > innerWidth + 0.5 || r.left < -0.5) && !scrolls(n)
      && !n.closest("dialog:not([open]), [hidden]");
  }).map(name).slice(0, 6);
  const chat = document.querySelector("[data-role=chat-toggle]");
  let covered = [];
  if (chat && chat.getClientRects().length) {
    const c = chat.getBoundingClientRect();
    covered = [...document.querySelectorAll(
      "button, a[href], input, select, textarea, [role=button], [tabindex]")]
      .filter((n) => !chat.contains(n) && !n.contains(chat) && !n.closest(".chat"))
      .filter((n) => { const r = n.getBoundingClientRect();
        return shown(r) && r.left < c.right && r.right > c.left
          && r.top < c.bottom && r.bottom > c.top; })
      .map(name);
  }
  const turns = document.querySelector("header a.turns");
  const t = turns && turns.getBoundingClientRect();
  const broken = [...document.querySelectorAll(".board .card-title, .board .aa-bm b")]
    .filter((n) => {
      const wrap = n.style.overflowWrap;
      n.style.overflowWrap = "normal";
      const over = n.scrollWidth > n.clientWidth + 1;
      n.style.overflowWrap = wrap;
      return over;
    }).map(name);
  const cut = !!t && (t.right > innerWidth || t.left < 0);
  return { out, covered, broken, turnsCut: cut };
}"""


def phone_audit(page: Any, name: str) -> None:
    found = page.evaluate(PHONE_AUDIT)
    assert found["out"] == [], f"{name}: off the screen: {found['out']}"
    assert found["covered"] == [], f"{name}: under the chat button: {found['covered']}"
    assert found["broken"] == [], f"{name}: titles broken in a word: {found['broken']}"
    assert not found["turnsCut"], f"{name}: the header's turn count is cut off"


def check(page: Any, script: Any, name: str) -> None:
    """axe at desktop size, then the same page at both phone sizes: no
    sideways scroll, nothing off the screen or under the chat button; and
    nothing the CSP refused, no script error."""
    # The theme switch (core/theme.js) ran: the page's own script is allowed.
    page.wait_for_function("() => document.documentElement.dataset.contrast")
    violations = audit(page, script)
    shot(page, f"a11y-desktop-{name}")
    # 200% zoom on the desktop window: the layout of a 683 x 450 window.
    page.set_viewport_size(ZOOMED)
    page.wait_for_timeout(100)
    zoomed = page.evaluate("() => document.documentElement.scrollWidth")
    too_wide = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
          .filter((n) => n.getBoundingClientRect().right > innerWidth + 0.5)
          .slice(-4).map((n) => n.tagName + '.' + n.className)"""
    )
    assert zoomed <= ZOOMED["width"], (
        f"{name} scrolls sideways at 200% zoom: {too_wide}"
    )
    assert violations == [], f"{name}:\n{explain(violations)}"
    for phone in PHONES:
        page.set_viewport_size(phone)
        page.wait_for_timeout(100)
        shot(page, f"a11y-{phone['width']}-{name}")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        wide = page.evaluate(
            """() => [...document.querySelectorAll('body *')]
              .filter((n) => n.getBoundingClientRect().right > innerWidth + 0.5)
              .slice(-4).map((n) => n.tagName + '.' + n.className)"""
        )
        assert width <= phone["width"], f"{name} is {width}px wide on a phone: {wide}"
        phone_audit(page, f"{name} at {phone['width']}px")
    assert page.evaluate("window.__csp") == [], name
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize(
    "name,path,signed_in",
    [
        ("home", "/", True),
        ("first-steps", "/first-steps/", False),
        ("help", "/help/catinthebox/", False),
        ("wiki", "/wiki/en/insidejob/", False),
        ("login", "/accounts/login/", False),
        ("profile", "/u/leitora/", True),
        ("signup", "/accounts/signup/", False),
        ("new-table", "/new/catinthebox/", True),
        ("wiki-index", "/wiki/pt-br/", False),
        ("wiki-history", "/wiki/pt-br/piles/history/", False),
        ("wiki-edit", "/wiki/pt-br/piles/edit/", True),
        ("leaderboard", "/leaderboard/agentavenue/", False),
        ("notifications", "/notifications/", True),
        ("account", "/account/", True),
        ("emails", "/account/emails/", True),
        ("friends", "/friends/", True),
        ("delete-account", "/account/delete/", True),
        ("password-reset", "/account/reset/", False),
        ("other-profile", "/u/vizinha/", True),
        ("report-player", "/report/player/vizinha/", True),
        ("tournaments", "/tournaments/", True),
        ("new-tournament", "/tournaments/new/", True),
        ("new-tournament-mafia", "/tournaments/new/?game=mafia", True),
        ("tournament-help", "/tournaments/help/", False),
    ],
)
def test_site_pages_pass_the_audit(browser, site, script, name, path, signed_in):
    base, person = site
    page = open_page(browser, base, person if signed_in else None)
    response = page.goto(base + path)
    assert response.status == 200
    assert "script-src 'self'" in response.headers["content-security-policy"]
    check(page, script, name)


def test_a_wiki_edit_conflict_keeps_the_text_and_passes_the_audit(
    browser, site, script
):
    """Two saves of one page from the same starting version: the later one is
    told, keeps its text and sees what it would change (in Portuguese)."""
    base, person = site
    url = "/wiki/pt-br/luckybox/edit/"
    page = open_page(browser, base, person)
    page.goto(base + url)
    mine = page.input_value("#wiki-source") + "\n\nMinha dica: comece pelo meio."
    page.fill("#wiki-source", mine)
    _, form = person.get(url)  # the same page saved meanwhile, in another tab
    found = re.search(r"<textarea[^>]*>(.*?)</textarea>", form, re.S)
    start = re.search(r'name="base" value="(\d+)"', form)
    assert found and start
    theirs = html.unescape(found.group(1)) + "\n\nOutra dica, salva antes."
    person.post(url, {"source": theirs, "base": start.group(1), "save": "1"})
    page.click("button[name=save]")
    page.wait_for_selector(".wiki-conflict")
    text = page.inner_text("main")
    assert "Alguém salvou esta página enquanto você a editava" in text
    assert page.input_value("#wiki-source").replace("\r\n", "\n") == mine
    assert "Outra dica, salva antes." in page.inner_text(".wiki-conflict")
    check(page, script, "wiki-conflict")


def test_the_waiting_room_passes_the_audit(browser, site, script):
    base, person = site
    url, _ = person.post(
        "/new/catinthebox/",
        {
            "players": "3",
            "clock": "relaxed",
            "clock_minutes": "10",
            "clock_increment": "0",
            **defaults(person, "catinthebox"),
        },
    )
    page = open_page(browser, base, person)
    page.goto(url)
    page.wait_for_selector("input.invite")
    page.click(
        "#copy-invite"
    )  # the invitation link, copied in one click (no inline handler)
    page.wait_for_function(
        "() => document.getElementById('copy-status').textContent.length > 0"
    )
    assert page.inner_text("#copy-status") == "Link copiado: mande para os seus amigos."
    # Someone takes a seat: the page's poll (lobby/waiting.js) sees it and
    # reloads, still the waiting room (one seat is left).
    other = Http(base)
    other.signup("visita")
    pk = url.rstrip("/").rsplit("/", 1)[1]
    with page.expect_navigation():
        other.post(f"/t/{pk}/join/", {"seat": "1"})
    page.wait_for_selector("text=visita")
    page.wait_for_selector("input.invite")
    check(page, script, "waiting-room")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_table_of_each_game_passes_the_audit(browser, site, script, game):
    if game not in registry.ids():
        pytest.skip(f"{game} is not installed")
    base, person = site
    pk = start_with_bots(person, game, GAMES[game])
    page = open_page(browser, base, person)
    page.goto(f"{base}/t/{pk}/")
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    # The board is drawn (its module, styles and data all allowed by the CSP)
    # and the socket is open ('self' covers the site's own ws://).
    page.wait_for_function(
        "() => document.querySelector('[data-role=board]').children.length > 0"
    )
    page.wait_for_function("() => window.ludoteca.table.view")
    # The game's own description of the seat's view, audited with the page.
    page.click("[data-role=describe]")
    page.wait_for_selector("#table-description li")
    lines = page.locator("#table-description li").all_inner_texts()
    assert len(lines) >= 3, lines
    for line in lines:
        assert not re.search(r"undefined|NaN|\[object|\{\w+\}", line), line
    check(page, script, f"table-{game}")


def test_every_part_of_the_darwinsjourney_board_passes_the_audit(browser, site, script):
    """Its board is in tabs: each part is audited while shown (one page load
    each, as check closes it), the journals with a worker chosen (the other
    locations dimmed, the legal ones lit)."""
    base, person = site
    pk = start_with_bots(person, "darwinsjourney", 1)
    task = "window.ludoteca.table.view.task.kind"
    for part in ("journals", "islands", "collections", "players"):
        page = open_page(browser, base, person)
        page.goto(f"{base}/t/{pk}/")
        page.wait_for_selector(".dj-panel .dj-act, .dj-worker-pick", timeout=20000)
        while page.evaluate(task) != "turn":  # the crew draft, the starting pair
            before = page.evaluate("document.body.dataset.version")
            page.click(".dj-panel .dj-act")
            page.wait_for_function(
                f"() => document.body.dataset.version !== '{before}'", timeout=10000
            )
            page.wait_for_function("() => window.ludoteca.table.legal.length > 0")
        if part == "journals":
            page.click(".dj-worker-pick")
            page.wait_for_selector(".dj.dj-choosing .dj-loc.hot")
        else:
            page.click(f".dj-tab[data-zone={part}]")
            page.wait_for_selector(f".dj-zone[data-zone={part}]:not([hidden])")
        check(page, script, f"table-dj-{part}")


def test_high_contrast_table_and_what_a_screen_reader_hears(browser, site, script):
    base, person = site
    pk = start_with_bots(person, "catinthebox", 3)
    page = open_page(browser, base, person)
    page.add_init_script("localStorage.setItem('ludoteca-contrast', 'more')")
    page.goto(f"{base}/t/{pk}/")
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    assert page.evaluate("document.documentElement.dataset.contrast") == "more"
    assert page.get_attribute("[data-role=contrast]", "aria-pressed") == "true"
    # Moves are read out, in Portuguese, from the events: the reader's own as
    # "você", the bots' by their names. (The bots may have set their cards
    # aside before the page connected, so the reader's move comes first: a
    # wait for a bot's announcement then raced the page load.)
    page.locator(".cb-hand-cards .cb-card:not([disabled])").first.click()
    page.click(".cb-chooser .button.primary")
    page.wait_for_function(
        "() => document.querySelector('[data-role=announce]').textContent"
        ".includes('Você separa uma carta virada para baixo.')",
        timeout=20000,
    )
    heard = page.inner_text("[data-role=announce]")
    log = page.inner_text("[data-role=log]")
    assert heard.split(".")[0] in log
    bots = page.evaluate(
        "() => { const t = window.ludoteca.table;"
        " return t.active.filter((s) => s !== t.seat).map((s) => t.seats[s].name); }"
    )
    if bots:  # a bot acts next: its move is read out by its name
        page.wait_for_function(
            "(names) => names.some((n) => document.querySelector("
            "'[data-role=announce]').textContent.includes(n))",
            arg=bots,
            timeout=20000,
        )
    log = page.inner_text("[data-role=log]")
    assert "leitora separa" not in log
    assert re.search(r"· [^\n]* separa uma carta", log), log
    # Describe the table: the seat's own hand, and no one else's.
    page.click("[data-role=describe]")
    page.wait_for_selector("#table-description li")
    described = page.inner_text("#table-description")
    view = page.evaluate("window.ludoteca.table.view")
    assert "Sua mão: " + ", ".join(map(str, view["hand"])) in described
    assert "Jogadores: leitora (você)" in described
    assert page.evaluate("document.activeElement.id") == "table-description"
    check(page, script, "table-contrast")


def test_a_long_press_on_a_phone_shows_what_hover_would(browser, site):
    base, person = site
    pk = start_with_bots(person, "catinthebox", 3)
    page = open_page(browser, base, person, has_touch=True, is_mobile=True)
    page.set_viewport_size(PHONES[1])
    page.goto(f"{base}/t/{pk}/")
    page.wait_for_selector(".cb-hand-cards .cb-card")
    # The chat button shows only an icon; its title names it.
    button = page.locator("[data-role=chat-toggle]")
    hint = button.get_attribute("title")
    assert hint == "Bate-papo"
    box = button.bounding_box()
    point = [{"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}]
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    page.wait_for_selector(".longpress-bubble", timeout=3000)
    assert page.inner_text(".longpress-bubble") == hint
    shot(page, "a11y-phone-longpress")
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    # Lifting the finger after a long press does not press the button...
    page.wait_for_timeout(150)
    assert page.locator("[data-role=chat]").is_hidden()
    # ...but a plain tap does.
    page.wait_for_timeout(450)
    button.tap()
    page.wait_for_selector("[data-role=chat]:not([hidden])")
    assert page.locator(".longpress-bubble").count() == 0
    assert page.errors == []
    page.context.close()
