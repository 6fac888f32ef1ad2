"""Fixtures for the web tests: users, tables and websocket clients.

The toy game of the engine tests (High Card, `tests/engine/toygame.py`) is
registered for these tests, so the platform is tested on a game with hidden
hands whatever games are installed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio
from django.contrib.auth.models import User
from django.test import Client

from ludoteca.engine import registry
from ludoteca.web.catalogs import compile_all
from tests.engine import toygame
from tests.web.communicator import WebsocketCommunicator, database_sync_to_async

registry._games()[toygame.GAME.info.id] = toygame.GAME
ORIGIN = (b"origin", b"http://127.0.0.1:8000")


@pytest.fixture(scope="session", autouse=True)
def _catalogs() -> None:
    compile_all()


@pytest.fixture(autouse=True)
def _runtime_cleanup() -> Iterator[None]:
    yield
    from ludoteca.web.live import owners
    from ludoteca.web.play import limits

    for owner in list(owners._owners.values()):
        if owner.loop.is_closed():
            owner.writer.stop()
            continue
        if owner.sweeper is not None:
            owner.sweeper.cancel()
    owners._owners.clear()
    limits.local.hits.clear()  # user ids come back in the next test's database


def make_user(name: str) -> User:
    return User.objects.create_user(name, password="pw-" + name + "-123")


def make_table(users: list[User | str], game: str = "highcard", **kwargs: Any) -> int:
    """A started table; a str in `users` is a bot name."""
    from ludoteca.web.lobby import actions as lobby
    from ludoteca.web.play import actions as play

    owner = next(u for u in users if isinstance(u, User))
    table = lobby.do_create_table(owner, game, len(users), {}, **kwargs)
    for index, who in enumerate(users):
        seat = table.seats.get(index=index)
        seat.user = who if isinstance(who, User) else None
        seat.bot = who if isinstance(who, str) else ""
        seat.save()
    play.do_start(table.pk)
    return table.pk


def open_highcard_table(client: Any) -> Any:
    """A three-seat High Card table opened through the lobby's form by the
    client's user, with its waiting room: the table the form redirects to,
    not whichever table the database holds."""
    from django.urls import resolve

    from ludoteca.web.play.models import Table

    response = client.post(
        "/new/highcard/",
        {
            "players": "3",
            "option_cards": "8",
            "clock": "realtime",
            "clock_minutes": "10",
            "clock_increment": "0",
        },
    )
    assert response.status_code == 302, response.content.decode()[:500]
    return Table.objects.get(pk=resolve(response.url).kwargs["pk"])


def state_of(table_id: int) -> Any:
    """The decoded match state at the table's version (the row's state
    column may be a few versions older, see `actions.current_state`)."""
    from ludoteca.web.play import actions, games
    from ludoteca.web.play.models import Table

    table = Table.objects.get(pk=table_id)
    return actions.current_state(table, games.get(table.game))


def next_move(table_id: int) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """`actions.do_act`'s arguments for the first legal action of the table's
    lowest active seat, played by that seat's person."""
    from ludoteca.web.play import games
    from ludoteca.web.play.models import Seat, Table

    table = Table.objects.get(pk=table_id)
    game = games.get(table.game)
    state = state_of(table_id)
    seat = min(game.active_seats(state))
    user = Seat.objects.get(table_id=table_id, index=seat).user_id
    action = game.legal_actions(state, seat)[0]
    return (table_id, seat, action, table.version), {"user_id": user}


def session_cookie(user: User) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


class Socket:
    """A websocket client that records every frame it receives."""

    def __init__(self, path: str, cookie: bytes | None, lang: str = "en") -> None:
        headers = [ORIGIN, (b"host", b"127.0.0.1:8000")]
        cookies = f"django_language={lang}".encode()
        if cookie:
            cookies = cookie + b"; " + cookies
        headers.append((b"cookie", cookies))
        from ludoteca.web.asgi import websocket_app

        self.comm = WebsocketCommunicator(websocket_app, path, headers=headers)
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []

    async def connect(self) -> bool:
        connected, _ = await self.comm.connect()
        return connected

    async def send(self, t: str, v: int | None = None, **d: Any) -> None:
        await self.comm.send_to(text_data=json.dumps({"t": t, "v": v, "d": d}))

    async def send_raw(self, text: str) -> None:
        await self.comm.send_to(text_data=text)

    async def recv(self, timeout: float = 3) -> dict[str, Any]:
        text = await self.comm.receive_from(timeout)
        self.raw.append(text)
        frame = json.loads(text)
        self.frames.append(frame)
        return frame

    async def until(
        self, t: str, timeout: float = 15, where: Any = None
    ) -> dict[str, Any]:
        """Read frames until one of type `t` (matching `where`) arrives."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            frame = await self.recv(max(0.05, end - loop.time()))
            if frame["t"] == t and (where is None or where(frame["d"])):
                return frame

    async def drain(self, wait: float = 0.2) -> list[dict[str, Any]]:
        got = []
        while not await self.comm.receive_nothing(wait):
            got.append(await self.recv())
        return got

    async def close(self) -> None:
        await self.comm.disconnect()


@pytest_asyncio.fixture
async def sockets() -> AsyncIterator[list[Socket]]:
    opened: list[Socket] = []
    yield opened
    for s in opened:
        with contextlib.suppress(BaseException):  # the app may have stopped
            await s.close()
    from ludoteca.web.live import owners

    await owners.shutdown()


async def open_socket(
    opened: list[Socket], path: str, user: User | None, lang: str = "en"
) -> Socket:
    cookie = await database_sync_to_async(session_cookie)(user) if user else None
    s = Socket(path, cookie, lang)
    opened.append(s)
    assert await s.connect()
    return s


@pytest.fixture(scope="session")
def pg_template() -> Iterator[str]:
    """A migrated PostgreSQL database to copy (the fault and nginx tests);
    skips without PostgreSQL and Redis, except under CI=true."""
    from tests.web.faults import migrated_template

    with migrated_template() as name:
        yield name


@pytest.fixture
def pg_url(pg_template: str) -> Iterator[str]:
    """A fresh, uniquely named PostgreSQL database, dropped after the test."""
    from tests.web.faults import fresh_database

    with fresh_database(pg_template) as url:
        yield url
