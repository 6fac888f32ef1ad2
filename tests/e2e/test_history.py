"""Profiles, rivalries and replays in a real browser."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import DESKTOP, PHONE, shot
from tests.web.live import ROOT, from_template, live_server, server_env

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-history")]

SEED = """
import django
django.setup()
from django.core.management import call_command
call_command("migrate", interactive=False, verbosity=0)
from tests.web.history_fixtures import finished, played, user
ana, bia = user("ana"), user("bia")
for who in (ana, bia):
    who.set_password("noite-de-jogos-2026")
    who.save()
played("darwinsjourney", [ana, bia], seed=5)
finished([ana, bia], [2, 1])
finished([ana, bia], [1, 2])
"""


@pytest.fixture(scope="module")
def history_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    workdir = tmp_path_factory.mktemp("history")
    env = server_env(workdir)
    from_template(workdir)  # the seed's migrate then has nothing to do
    subprocess.run([sys.executable, "-c", SEED], env=env, cwd=ROOT, check=True)
    with live_server(workdir) as (base, _):
        yield base


def login(page: Any, base: str, name: str) -> None:
    page.goto(base + "/accounts/login/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "noite-de-jogos-2026")
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")


def test_profile_rivalry_and_replay_by_keyboard(
    browser: Any, history_server: str
) -> None:
    base = history_server
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    login(page, base, "ana")
    page.click("header .me")
    page.wait_for_url(base + "/u/ana/")
    assert (
        page.locator("text=Recent matches").count()
        + page.locator("text=Partidas recentes").count()
        >= 1
    )
    shot(page, "history-profile-desktop")
    page.click("a[href='/rivalry/ana/bia/']")
    page.wait_for_url(base + "/rivalry/ana/bia/")
    assert page.locator(".h2h .big").count() == 2
    shot(page, "history-rivalry-desktop")
    page.goto(base + "/u/ana/")
    page.locator("tr:has-text('Darwin') a[href^='/replay/']").first.click()
    page.wait_for_selector("[data-role=counter]:has-text('0')")
    counter = page.locator("[data-role=counter]")
    first = counter.inner_text()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "(first) => document.querySelector('[data-role=counter]').textContent"
        " !== first",
        arg=first,
    )
    assert "2" in counter.inner_text()
    # The move line follows the counter once the frame has arrived.
    page.wait_for_function(
        "() => /ana|bia/.test(document.querySelector('[data-role=move]').textContent)"
    )
    move_line = page.locator("[data-role=move]").inner_text()
    assert "type:" not in move_line and "{" not in move_line
    page.keyboard.press("End")
    page.wait_for_timeout(300)
    page.select_option("[data-role=pov]", "all")
    page.wait_for_timeout(500)
    assert page.locator(".replay-board").count() == 2
    # The boards take the room beside the log (a stray grid area once
    # squeezed them into a 232 px column).
    widths = page.evaluate(
        "() => ['.replay-main', '.replay-boards', '.replay-log'].map("
        "(q) => document.querySelector(q).getBoundingClientRect().width)"
    )
    assert widths[1] > widths[0] * 0.6 and widths[2] < widths[0] * 0.3, widths
    shot(page, "history-replay-desktop")
    phone = browser.new_context(viewport=PHONE, locale="pt-BR").new_page()
    phone.goto(page.url)
    phone.wait_for_selector("[data-role=counter]")
    shot(phone, "history-replay-phone")
    assert not errors, errors
    context.close()
