"""The home page as a game night (issue 24): seven tiles with their covers and
working buttons in both languages, the web manifest and its icons, each game's
cover as its Open Graph image, motion at a table and none under reduced
motion, and the "your turn" cue (the tab's title, the optional sound).

Screenshots: test-artifacts/night-*.png.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca.engine import registry
from tests.e2e.conftest import DESKTOP, PHONE, shot
from tests.e2e.test_accessibility import start_with_bots
from tests.web.live import Http, live_server

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-game_night")]

SEVEN = [
    "agentavenue",
    "catinthebox",
    "insidejob",
    "luckybox",
    "piles",
    "mafia",
    "darwinsjourney",
]
BUTTONS = {
    "pt-BR": ("Nova mesa", "Aprender jogando"),
    "en": ("New table", "Learn by playing"),
}

# Play whatever the seat may play first, straight through the page's socket.
PLAY_FIRST = """() => {
  const { table, socket } = window.ludoteca;
  if (table.status !== "playing" || !table.legal.length) return false;
  return socket.send("act", table.version, { action: table.legal[0], ref: 1 });
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Http]]:
    workdir = tmp_path_factory.mktemp("e2e-night")
    with live_server(workdir, {"LUDOTECA_BOT_DELAY": "0.1"}) as (base, _):
        person = Http(base)
        person.signup("noite")
        yield base, person


def page_for(browser: Any, base: str, person: Http, **options: Any) -> Any:
    options.setdefault("viewport", DESKTOP)
    context = browser.new_context(**options)
    context.add_cookies(
        [{"name": c.name, "value": c.value, "url": base} for c in person.jar]
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # A refusal of the Content-Security-Policy is a console error too.
    page.on(
        "console",
        lambda m: errors.append(m.text) if m.type == "error" else None,
    )
    page.errors = errors
    return page


@pytest.mark.parametrize("locale", ["pt-BR", "en"])
def test_the_home_page_shows_seven_tiles_with_covers_and_buttons(browser, site, locale):
    base, person = site
    page = page_for(browser, base, person, locale=locale)
    page.goto(base + "/")
    if locale == "en":  # the site's language is the reader's choice, not the browser's
        page.click('button[name="language"][value="en"]')
        page.wait_for_selector('html[lang="en"]')
    tiles = page.locator(".game-tile")
    ids = [tiles.nth(i).get_attribute("data-game") for i in range(tiles.count())]
    installed = sorted(g for g in SEVEN if g in registry.ids())
    assert sorted(g for g in ids if g in SEVEN) == installed
    new_table, learn = BUTTONS[locale]
    for game in ids:
        if game not in SEVEN:
            continue
        tile = page.locator(f'.game-tile[data-game="{game}"]')
        loaded = tile.locator("img.cover").evaluate(
            "(img) => img.complete && img.naturalWidth > 0"
        )
        assert loaded, f"{game}'s cover did not load"
        assert tile.locator(".tile-pitch").inner_text().strip()
        assert "min" in tile.locator(".tile-facts").inner_text()
        button = tile.get_by_role("link", name=new_table, exact=True)
        assert button.get_attribute("href") == f"/new/{game}/"
        learning = tile.get_by_role("link", name=learn, exact=True)
        if learning.count():
            assert learning.get_attribute("href") == f"/tutorial/{game}/"
    shot(page, f"night-home-desktop-{locale}")
    page.set_viewport_size(PHONE)
    shot(page, f"night-home-phone-{locale}")
    # The buttons work: the first tile's "New table" opens its form.
    page.set_viewport_size(DESKTOP)
    page.locator(".game-tile").first.get_by_role("link", name=new_table).click()
    page.wait_for_url(f"{base}/new/{ids[0]}/")
    assert page.locator("form").count()
    if locale == "en":  # the choice is kept on the account: give it back
        page.click('button[name="language"][value="pt-br"]')
        page.wait_for_selector('html[lang="pt-br"]')
    assert page.errors == []
    page.context.close()


def test_the_manifest_and_its_icons_are_served(site):
    base, person = site
    _, home = person.get("/")
    assert 'rel="manifest" href="/static/core/manifest.webmanifest"' in home
    with urllib.request.urlopen(base + "/static/core/manifest.webmanifest") as r:
        manifest = json.loads(r.read())
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert {i["purpose"] for i in manifest["icons"]} == {"any", "maskable"}
    for icon in manifest["icons"]:
        with urllib.request.urlopen(f"{base}/static/core/{icon['src']}") as r:
            assert r.headers["Content-Type"] == "image/svg+xml"
            assert r.read().startswith(b"<svg")


def test_each_game_has_its_cover_as_open_graph_image(site):
    base, person = site
    for game in SEVEN:
        if game not in registry.ids():
            continue
        _, help_page = person.get(f"/help/{game}/")
        cover = f"{base}/static/games/{game}/cover.svg"
        assert f'<meta property="og:image" content="{cover}">' in help_page
        assert f'class="help-cover" src="/static/games/{game}/cover.svg"' in help_page
        with urllib.request.urlopen(cover) as r:
            assert r.headers["Content-Type"] == "image/svg+xml"


def play_until(page: Any, moves: int) -> None:
    """Play the seat's first legal action until the table is `moves` versions on."""
    start = int(page.evaluate("() => Number(document.body.dataset.version)"))
    while int(page.evaluate("() => Number(document.body.dataset.version)")) < (
        start + moves
    ):
        version = page.evaluate("() => Number(document.body.dataset.version)")
        page.evaluate(PLAY_FIRST)
        page.wait_for_function(
            f"() => Number(document.body.dataset.version) > {version}"
            " || window.ludoteca.table.status !== 'playing'",
            timeout=30000,
        )
        if page.evaluate("() => window.ludoteca.table.status") != "playing":
            break


def test_motion_runs_at_a_table_and_the_turn_is_cued(browser, site):
    base, person = site
    pk = start_with_bots(person, "catinthebox", 3)
    page = page_for(browser, base, person, locale="pt-BR")
    page.goto(f"{base}/t/{pk}/")
    page.wait_for_selector("body[data-version]")
    sound = page.locator('[data-role="sound"]')
    assert sound.get_attribute("aria-pressed") == "false"  # off by default
    play_until(page, 6)
    assert page.evaluate("() => window.ludoteca.motion.count") > 0
    assert page.locator(".log li.latest").count() > 0
    page.wait_for_function("() => window.ludoteca.table.legal.length > 0")
    page.wait_for_selector("#table-app.my-turn")
    assert page.title().startswith("● Sua vez · ")
    sound.click()
    assert sound.get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => localStorage.getItem('ludoteca.turn-sound')") == "on"
    shot(page, "night-table-catinthebox")
    assert page.errors == []
    page.context.close()


def test_reduced_motion_turns_the_motion_off(browser, site):
    base, person = site
    pk = start_with_bots(person, "catinthebox", 3)
    page = page_for(browser, base, person, locale="pt-BR", reduced_motion="reduce")
    page.goto(f"{base}/t/{pk}/")
    page.wait_for_selector("body[data-version]")
    play_until(page, 6)
    assert page.evaluate("() => window.ludoteca.motion.count") == 0
    # The newest log lines are still marked, only nothing moves.
    assert page.locator(".log li.latest").count() > 0
    assert page.errors == []
    page.context.close()
