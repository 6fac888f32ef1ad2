"""Black-box tests against real `ludoteca serve` processes.

- SIGKILL in the middle of matches, restart: every table resumes at the last
  acknowledged action (bots included) and clients pick up where they were.
- Two server processes sharing PostgreSQL and Redis, behind nginx: players
  who signed up on different processes meet at one table's owner and see
  each other's actions and chat; nothing of an action crosses Redis.
- The websocket suite (test_socket.py) again on PostgreSQL with Redis pub/sub.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.web.live import (
    ROOT,
    Http,
    Ws,
    free_port,
    server_env,
    start_server,
    stop,
    wait_http,
)
from tests.web.services import REDIS, create_database, drop_database, require_pg_redis

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("live")]


async def seated_pair(base: str, ana: Http, bia: Http) -> int:
    ana.signup("ana")
    bia.signup("bia")
    table = ana.new_table("highcard", 2, cards="8")
    bia.post(f"/t/{table}/join/", {})
    ana.post(f"/t/{table}/start/", {})
    return table


def test_sigkill_mid_match_resumes_every_table(tmp_path: Path):
    asyncio.run(_sigkill(tmp_path))


async def _view_frame(ws: Ws) -> dict:
    """The next state or update frame."""
    loop = asyncio.get_running_loop()
    end = loop.time() + 10
    while True:
        import json

        raw = await asyncio.wait_for(ws.conn.recv(), end - loop.time())
        frame = json.loads(raw)
        ws.frames.append(frame)
        if frame["t"] in ("state", "update"):
            return frame


async def _sigkill(tmp_path: Path) -> None:
    port = free_port()
    env = server_env(tmp_path)
    proc = start_server(tmp_path, port, env)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(base + "/")
        ana, bia = Http(base), Http(base)
        table = await seated_pair(base, ana, bia)
        # A second table against a bot, killed while the bot is due to move.
        bot_table = ana.new_table("highcard", 2, cards="8")
        ana.post(f"/t/{bot_table}/bot/add/", {"bot": "random"})

        a = await Ws.open(ana, f"/ws/play/{table}/")
        b = await Ws.open(bia, f"/ws/play/{table}/")
        # The client offers compression; unless LUDOTECA_WS_DEFLATE says
        # otherwise the server declines it and frames go out as they are.
        assert a.conn.response.headers.get("Sec-WebSocket-Extensions") is None
        await a.send("hello")
        await b.send("hello")
        sa, sb = await a.until("state"), await b.until("state")
        await a.send(
            "act", 0, action={"type": "play", "card": sa["d"]["view"]["hand"][0]}
        )
        assert (await a.until("ack"))["v"] == 1
        update = await b.until("update")
        await b.send(
            "act", 1, action={"type": "play", "card": sb["d"]["view"]["hand"][0]}
        )
        assert (await b.until("ack"))["v"] == 2
        expected_a = (await a.until("update", v=2))["d"]["view"]

        c = await Ws.open(ana, f"/ws/play/{bot_table}/")
        await c.send("hello")
        sc = await c.until("state")
        await c.send(
            "act", 0, action={"type": "play", "card": sc["d"]["view"]["hand"][0]}
        )
        assert (await c.until("ack"))["v"] == 1
        proc.send_signal(signal.SIGKILL)  # the bot's move is still in the air
        proc.wait()
        for ws in (a, b, c):
            await ws.close()

        proc = start_server(tmp_path, port, env)
        wait_http(base + "/")
        a = await Ws.open(ana, f"/ws/play/{table}/")
        await a.send("hello", 2)
        frame = await _view_frame(a)
        assert frame["v"] == 2 and frame["d"]["view"] == expected_a
        await a.send("act", 2, action={"type": "play", "card": expected_a["hand"][0]})
        assert (await a.until("ack"))["v"] == 3
        # The bot table resumed by itself: the bot's move arrives.
        c = await Ws.open(ana, f"/ws/play/{bot_table}/")
        await c.send("hello", 1)
        frame = await _view_frame(c)
        while frame["v"] < 2:
            frame = await _view_frame(c)
        assert frame["d"]["legal"]  # ana to play again
        for ws in (a, c):
            await ws.close()
        assert update["v"] == 1
    finally:
        stop(proc)


def test_two_processes_share_postgres_and_redis(tmp_path: Path):
    require_pg_redis()
    name = f"ludoteca_mp_{os.getpid()}"
    url = create_database(name)
    try:
        asyncio.run(_two_processes(tmp_path, url))
    finally:
        drop_database(name)


async def _two_processes(tmp_path: Path, database_url: str) -> None:
    from tests.web.faults import cluster, need_router

    env = server_env(tmp_path, {"DATABASE_URL": database_url, "REDIS_URL": REDIS})
    subprocess.run(
        [sys.executable, "-m", "ludoteca.cli", "migrate", "--verbosity", "0"],
        env=env,
        cwd=ROOT,
        check=True,
    )
    extra = {"DATABASE_URL": database_url, "REDIS_URL": REDIS}
    with cluster(tmp_path, 2, extra) as servers:
        router = need_router(servers)
        bases = servers.bases
        ana, bia = Http(bases[0]), Http(bases[1])
        table = await seated_pair(bases[0], ana, bia)
        a = await Ws.open(ana, f"/ws/play/{table}/", router)
        b = await Ws.open(bia, f"/ws/play/{table}/", router)
        w = await Ws.open(Http(bases[1]), f"/ws/watch/{table}/", router)
        for ws in (a, b, w):
            await ws.send("hello")
        sa, sb, _ = (
            await a.until("state"),
            await b.until("state"),
            await w.until("state"),
        )
        await a.send(
            "act", 0, action={"type": "play", "card": sa["d"]["view"]["hand"][0]}
        )
        await a.until("ack")
        got = await b.until("update")
        assert got["v"] == 1 and got["d"]["legal"]
        assert (await w.until("update"))["v"] == 1
        await b.send(
            "act", 1, action={"type": "play", "card": sb["d"]["view"]["hand"][0]}
        )
        await b.until("ack")
        assert (await a.until("update", v=2))["v"] == 2
        await b.send("chat", text="oi de outro processo")
        line = await a.until("chat", where=lambda d: not d["notice"])
        assert line["d"]["text"] == "oi de outro processo"
        for ws in (a, b, w):
            await ws.close()


@pytest.mark.parametrize("threads", ["4", "1"])
def test_websocket_suite_on_postgres_with_redis(tmp_path: Path, threads: str):
    """The socket tests on PostgreSQL, with the pool of database threads and
    with one thread (each action its own transaction: no group commit, which
    is SQLite's alone)."""
    require_pg_redis()
    name = f"ludoteca_suite_{os.getpid()}_{threads}"
    from tests.web.services import pg_url

    env = {
        **os.environ,
        "DATABASE_URL": pg_url(name),
        "REDIS_URL": REDIS,
        "PYTHONPATH": str(ROOT),
        "LUDOTECA_DB_THREADS": threads,
    }
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:xdist",
            "-o",
            "addopts=",
            "-q",
            "-p",
            "no:cacheprovider",
            "--create-db",
            "tests/web/test_socket.py",
        ],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and " failed" not in result.stdout
    assert "skipped" not in result.stdout


def test_site_commands_migrate_and_createsuperuser(tmp_path: Path):
    env = server_env(tmp_path, {"DJANGO_SUPERUSER_PASSWORD": "a-long-admin-pass"})
    for args in (
        ["migrate", "--verbosity", "0"],
        ["createsuperuser", "--noinput", "--username", "boss", "--email", "b@x.org"],
    ):
        subprocess.run(
            [sys.executable, "-m", "ludoteca.cli", *args], env=env, cwd=ROOT, check=True
        )
    assert (tmp_path / "ludoteca.sqlite3").exists()
