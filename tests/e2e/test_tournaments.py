"""A tournament in a real browser: sign up on its page, then watch the page
turn to round 1 by itself when the server's sweep starts it."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import DESKTOP, PHONE, shot
from tests.web.live import Http, free_port, live_server

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-tournaments")]

PASSWORD = "noite-de-jogos-2026"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    workdir = tmp_path_factory.mktemp("tournaments")
    env = {"LUDOTECA_TOURNAMENT_EVERY": "0.3"}
    with live_server(workdir, env, free_port()) as (base, _):
        yield base, workdir / "ludoteca.sqlite3"


def person(base: str, name: str) -> Http:
    http = Http(base)
    http.signup(name)
    return http


def test_sign_up_and_see_the_first_round_arrive(browser: Any, site: Any) -> None:
    base, db = site
    ana = person(base, "ana")
    when = (datetime.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    url, _ = ana.post(
        "/tournaments/new/",
        {
            "name": "Copa da Ludoteca",
            "game": "highcard",
            "format": "swiss",
            "rounds": "3",
            "table_size": "2",
            "clock": "realtime",
            "clock_minutes": "10",
            "clock_increment": "5",
            "starts_at": when,
            "max_entrants": "8",
            "rated": "on",
        },
    )
    match = re.search(r"/tournaments/(\d+)/$", url)
    assert match, url
    tid = int(match.group(1))
    for name in ("bia", "cid"):
        person(base, name).post(f"/tournaments/{tid}/signup/", {})
    person(base, "dan")

    context = browser.new_context(viewport=PHONE, locale="pt-BR")
    page = context.new_page()
    page.goto(base + "/accounts/login/")
    page.fill("input[name=username]", "dan")
    page.fill("input[name=password]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")
    page.click("text=Torneios")
    page.click("text=Copa da Ludoteca")
    page.click("button:has-text('Inscrever-me')")
    page.wait_for_selector("button:has-text('Desistir do torneio')")
    standings = page.locator("table.standings").inner_text()
    assert all(n in standings for n in ("ana", "bia", "cid", "dan"))
    assert "4 inscritos de 8." in page.locator("main").inner_text()
    shot(page, "tournament-signed-up-phone")

    # The start time comes: the server's sweep opens round 1, and the page,
    # left as it is, shows it and dan's table.
    past = (datetime.now(UTC) - timedelta(seconds=1)).strftime("%Y-%m-%d %H:%M:%S")
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE tournaments_tournament SET starts_at = ? WHERE id = ?", (past, tid)
        )
    page.wait_for_selector("text=A rodada 1 de 3 está sendo jogada.", timeout=20_000)
    link = page.locator("a:has-text('Ir para a sua mesa')")
    assert re.fullmatch(r"/t/\d+/", link.get_attribute("href") or "")
    shot(page, "tournament-round-1-phone")
    page.set_viewport_size(DESKTOP)
    shot(page, "tournament-round-1-desktop")
    context.close()
