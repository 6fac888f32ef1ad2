"""The site works under its Content-Security-Policy (issue 20, item 16): the
main pages, the waiting room and a table of each game being played load,
draw and run with no CSP violation, neither as a `securitypolicyviolation`
event nor as a console message, and no script error.

Screenshots at desktop and phone (390 x 844) sizes: test-artifacts/csp-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca.engine import registry
from tests.e2e.conftest import DESKTOP, PHONE, shot
from tests.e2e.test_accessibility import GAMES, defaults, start_with_bots
from tests.web.live import Http, live_server

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-csp")]

# Recorded from the first script the page runs (an init script comes through
# the debugging protocol, so the policy does not stop it).
WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  const where = `${e.sourceFile}:${e.lineNumber}`;
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${where}`);
});
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Http]]:
    workdir = tmp_path_factory.mktemp("e2e-csp")
    env = {"LUDOTECA_BOT_DELAY": "0.3", "LUDOTECA_WIKI_NEW_ACCOUNT_WAIT": "0"}
    with live_server(workdir, env) as (base, _):
        person = Http(base)
        person.signup("guarda")
        yield base, person


def open_page(browser: Any, base: str, person: Http | None) -> Any:
    context = browser.new_context(viewport=DESKTOP, locale="pt-BR")
    if person is not None:
        context.add_cookies(
            [{"name": c.name, "value": c.value, "url": base} for c in person.jar]
        )
    context.add_init_script(WATCH)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"error: {e}"))
    page.on(
        "console",
        lambda m: (
            problems.append(f"console: {m.text}")
            if "Content Security Policy" in m.text or "Refused to" in m.text
            else None
        ),
    )
    page.problems = problems
    return page


def assert_clean(page: Any, name: str) -> None:
    shot(page, f"csp-desktop-{name}")
    page.set_viewport_size(PHONE)
    page.wait_for_function("() => document.readyState === 'complete'")
    shot(page, f"csp-phone-{name}")
    violations = page.evaluate("window.__csp")
    assert violations == [], f"{name}: {violations}"
    assert page.problems == [], f"{name}: {page.problems}"
    page.context.close()


@pytest.mark.parametrize(
    ("name", "path", "signed_in", "ready"),
    [
        ("home", "/", True, "main h1, main h2"),
        ("first-steps", "/first-steps/", False, "main h1"),
        ("help", "/help/catinthebox/", False, "main h1"),
        ("wiki-page", "/wiki/en/insidejob/", False, "main h1"),
        ("wiki-edit", "/wiki/pt-br/piles/edit/", True, "#wiki-source"),
        ("login", "/accounts/login/", False, "form button"),
        ("signup", "/accounts/signup/", False, "form button"),
        ("profile", "/u/guarda/", False, "main h1"),
        ("new-table", "/new/catinthebox/", True, "form button"),
        ("leaderboard", "/leaderboard/agentavenue/", False, "main h1"),
    ],
)
def test_site_pages_run_under_the_policy(browser, site, name, path, signed_in, ready):
    base, person = site
    page = open_page(browser, base, person if signed_in else None)
    response = page.goto(base + path)
    assert response.status == 200
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector(ready)
    # The theme switch (core/theme.js) runs: the page's own script is allowed.
    page.wait_for_function("() => document.documentElement.dataset.contrast")
    assert_clean(page, name)


def test_the_waiting_room_polls_and_copies_under_the_policy(browser, site):
    base, person = site
    url, _ = person.post(
        "/new/agentavenue/",
        {
            "players": "2",
            "clock": "relaxed",
            "clock_minutes": "10",
            "clock_increment": "0",
            **defaults(person, "agentavenue"),
        },
    )
    page = open_page(browser, base, person)
    page.goto(url)
    page.click("#copy-invite")  # lobby/waiting.js, no inline handler
    page.wait_for_function(
        "() => document.getElementById('copy-status').textContent.length > 0"
    )
    # Someone takes the other seat: the page's poll sees it and reloads.
    other = Http(base)
    other.signup("visita")
    pk = url.rstrip("/").rsplit("/", 1)[1]
    with page.expect_navigation():
        other.post(f"/t/{pk}/join/", {"seat": "1"})
    page.wait_for_selector("text=visita")
    assert_clean(page, "waiting-room")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_table_of_each_game_runs_under_the_policy(browser, site, game):
    if game not in registry.ids():
        pytest.skip(f"{game} is not installed")
    base, person = site
    pk = start_with_bots(person, game, GAMES[game])
    page = open_page(browser, base, person)
    page.goto(f"{base}/t/{pk}/")
    page.wait_for_function("() => document.body.dataset.version !== undefined")
    # The board is drawn (its module, styles and data all allowed) and the
    # socket is open ('self' covers the site's own ws://).
    page.wait_for_function(
        "() => document.querySelector('[data-role=board]').children.length > 0"
    )
    page.wait_for_function("() => window.ludoteca.table.view")
    assert_clean(page, f"table-{game}")
