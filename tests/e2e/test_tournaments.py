"""Whole tournaments against a real server: sign up on the page in a browser,
watch the page turn to round 1 by itself when the server's sweep starts it,
then every entrant plays their table (found on the tournament page) over the
table's socket, round after round, while the browser page follows the rounds
to the podium. A 4-player Swiss of a 2-seat game, and a 2-round tournament
of a 4-seat game whose tables bots fill."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import DESKTOP, PHONE, shot
from tests.web.live import Http, Ws, free_port, live_server

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-tournaments")]

PASSWORD = "noite-de-jogos-2026"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    workdir = tmp_path_factory.mktemp("tournaments")
    env = {"LUDOTECA_TOURNAMENT_EVERY": "0.3", "LUDOTECA_BOT_BUDGET": "0.05"}
    with live_server(workdir, env, free_port()) as (base, _):
        yield base, workdir / "ludoteca.sqlite3"


def person(base: str, name: str) -> Http:
    http = Http(base)
    http.signup(name)
    return http


def create(http: Http, **fields: str) -> int:
    when = (datetime.now() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    url, _ = http.post(
        "/tournaments/new/",
        {
            "game": "highcard",
            "format": "swiss",
            "rounds": "3",
            "table_size": "2",
            "clock": "realtime",
            "clock_minutes": "10",
            "clock_increment": "5",
            "round_minutes": "",
            "starts_at": when,
            "max_entrants": "8",
            "rated": "on",
            "option_cards": "8",  # High Card's option (other games ignore it)
            **fields,
        },
    )
    match = re.search(r"/tournaments/(\d+)/$", url)
    assert match, url
    return int(match.group(1))


def start_now(db: Path, tid: int) -> None:
    """The start time comes (the server's sweep does the rest)."""
    past = (datetime.now(UTC) - timedelta(seconds=1)).strftime("%Y-%m-%d %H:%M:%S")
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE tournaments_tournament SET starts_at = ? WHERE id = ?", (past, tid)
        )


async def _play_seat(http: Http, table: int) -> None:
    """A person plays their seat to the end: the first legal action, each time
    the table says they may act (a stale one is refused and harmless)."""
    ws = await Ws.open(http, f"/ws/play/{table}/")
    try:
        await ws.send("hello")
        while True:
            frame = json.loads(await asyncio.wait_for(ws.conn.recv(), 60))
            if frame["t"] not in ("state", "update"):
                continue
            data = frame["d"]
            if data.get("status") == "finished":
                return
            if data.get("legal"):
                await ws.send("act", frame["v"], action=data["legal"][0], ref=1)
    finally:
        await ws.close()


def my_table(http: Http, tid: int) -> int | None:
    _, html = http.get(f"/tournaments/{tid}/live/")
    found = re.search(r'<a class="button primary" href="/t/(\d+)/">', html)
    return int(found.group(1)) if found else None


def play_round(people: list[Http], tid: int) -> None:
    """Everyone who has a table this round plays it, all at once."""
    seats = [(http, table) for http in people if (table := my_table(http, tid))]
    assert seats

    async def everyone() -> None:
        await asyncio.gather(*(_play_seat(http, table) for http, table in seats))

    with ThreadPoolExecutor(1) as pool:  # Playwright holds this thread's loop
        pool.submit(asyncio.run, everyone()).result()


def test_a_whole_swiss_of_four_from_sign_up_to_podium(browser: Any, site: Any) -> None:
    base, db = site
    ana = person(base, "ana")
    tid = create(ana, name="Copa da Ludoteca")
    people = [ana]
    for name in ("bia", "cid"):
        people.append(person(base, name))
        people[-1].post(f"/tournaments/{tid}/signup/", {})
    people.append(person(base, "dan"))

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
    start_now(db, tid)
    page.wait_for_selector("text=A rodada 1 de 3 está sendo jogada.", timeout=20_000)
    link = page.locator("a:has-text('Ir para a sua mesa')")
    assert re.fullmatch(r"/t/\d+/", link.get_attribute("href") or "")
    assert page.locator("time[data-countdown]").count() == 1
    shot(page, "tournament-round-1-phone")
    page.set_viewport_size(DESKTOP)
    shot(page, "tournament-round-1-desktop")

    for number in (1, 2, 3):
        play_round(people, tid)
        if number < 3:
            page.wait_for_selector(
                f"text=A rodada {number + 1} de 3 está sendo jogada.", timeout=20_000
            )
    page.wait_for_selector("text=O torneio terminou.", timeout=20_000)
    podium = page.locator(".podium-steps li")
    assert podium.count() == 3
    assert page.locator("time[data-countdown]").count() == 0
    standings = page.locator("table.standings tbody tr")
    assert standings.count() == 4
    shot(page, "tournament-podium-desktop")
    page.set_viewport_size(PHONE)
    shot(page, "tournament-podium-phone")
    context.close()


def test_two_rounds_of_a_four_seat_game_with_bots_filling_in(
    browser: Any, site: Any
) -> None:
    base, db = site
    eva = person(base, "eva")
    tid = create(
        eva,
        name="Gatos",
        game="catinthebox",
        table_size="4",
        rounds="2",
        option_predictions='"rulebook"',
        option_two_player_seed="true",
        option_leader_red_when_forced="true",
        option_row_order='"blue-yellow-green-red"',
        option_first_start_player='"random"',
        option_prediction_order='"start_player_first"',
        option_paradox_tokens_stay="true",
        option_tie_break='"final_round"',
    )
    people = [eva]
    for name in ("fia", "gil"):
        people.append(person(base, name))
        people[-1].post(f"/tournaments/{tid}/signup/", {})
    start_now(db, tid)
    context = browser.new_context(viewport=DESKTOP, locale="en")
    page = context.new_page()
    page.goto(f"{base}/tournaments/{tid}/")
    page.wait_for_selector("text=Round 1 of 2 is being played.", timeout=20_000)
    assert page.locator(".round-tables li").first.inner_text().count("bot") == 1
    play_round(people, tid)
    page.wait_for_selector("text=Round 2 of 2 is being played.", timeout=60_000)
    play_round(people, tid)
    page.wait_for_selector("text=The tournament is over.", timeout=60_000)
    assert page.locator(".podium-steps li").count() == 3
    shot(page, "tournament-bots-podium-desktop")
    context.close()
