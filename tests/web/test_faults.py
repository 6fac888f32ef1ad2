"""Faults under play: a server process killed, Redis restarted, PostgreSQL
cut away, a bot worker dead. Nothing acknowledged may be lost, nothing may be
half applied, and play must go on.

Players are real websocket clients (`faults.Player`) on Cat in the Box tables
(2 seats, 25 to 35 moves), each seat's person signed up on a different server
process, their sockets through nginx (`faults.router`: every socket of a table
to its owner), acting as soon as they may. At the end the database is read
directly: every acknowledged action is in the record at its version, the
record replays to the stored state, and each client holds the stored version
and its seat's view.

PostgreSQL and Redis: these tests need the machine's PostgreSQL (a fresh,
uniquely named database per test) and run their own `redis-server`; they skip
when PostgreSQL is unreachable, except under CI=true.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.web.faults import (
    Cluster,
    Player,
    PrivateRedis,
    TcpProxy,
    acked_total,
    check_record,
    cluster,
    describe,
    need_router,
    pair_tables,
    pg_target,
    private_redis,
    until,
    until_finished,
    via_proxy,
    wait_for,
)
from tests.web.live import (
    Http,
    Ws,
    free_port,
    server_env,
    start_server,
    stop,
    wait_http,
)

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("live")]

GAME = "catinthebox"
TABLES = 4
UNAVAILABLE = {
    "en": "The server cannot save anything right now; try again in a moment.",
    "pt-br": "O servidor não consegue gravar nada agora; tente de novo em instantes.",
}


def players_of(servers: Cluster, langs: tuple[str, ...] = ("en",)) -> list[Player]:
    """Two players per table, their sockets through the router; table i
    speaks langs[i % len(langs)]."""
    sockets = [need_router(servers)]
    players = []
    for i, (table, ana, bia) in enumerate(pair_tables(servers.bases, GAME, TABLES)):
        lang = langs[i % len(langs)]
        players += [
            Player(ana, table, sockets, lang, seed=2 * i),
            Player(bia, table, sockets, lang, seed=2 * i + 1),
        ]
    return players


async def play(players: list[Player], scenario: Coroutine[Any, Any, None]) -> None:
    """Run the players while `scenario` (a coroutine) happens, then until
    every match is over."""
    stop_event = asyncio.Event()
    tasks = [asyncio.create_task(p.run(stop_event)) for p in players]
    try:
        await scenario
        await until_finished(players)
    except TimeoutError as error:
        raise TimeoutError(f"{error}\n{describe(players)}") from None
    finally:
        stop_event.set()
        await asyncio.gather(*tasks, return_exceptions=True)


# -- a server process killed ---------------------------------------------------------


def test_sigkill_one_process_its_players_go_on_on_the_other(
    tmp_path: Path, pg_url: str
):
    with (
        private_redis(tmp_path) as redis,
        cluster(
            tmp_path, 2, {"DATABASE_URL": pg_url, "REDIS_URL": redis.url}
        ) as servers,
    ):
        players = players_of(servers)
        before: dict[int, int] = {}

        tables = sorted({p.table for p in players})
        database = urlparse(pg_url).path.lstrip("/")

        async def kill_mid_play() -> None:
            await until(
                lambda: acked_total(players) >= 12, 120, "12 acknowledged actions"
            )

            # nginx's hash may send every table to one process (the ports are
            # drawn at random): the process killed is one that owns tables.
            def owning() -> list[int]:
                counts = servers.owners_of(redis.url, database, tables)
                return [i for i, n in enumerate(counts) if n]

            owned = await until(owning, 30, "the tables' owner notes")
            servers.kill(owned[0])
            before.update({id(p): max(p.acked, default=0) for p in players})

        try:
            asyncio.run(play(players, kill_mid_play()))
        except TimeoutError as error:
            raise AssertionError(f"{error}\n{servers.logs()}") from None
        # The tables the killed process owned moved to the other one (nginx
        # sent their sockets' reconnects on), which took them and replayed
        # them, and their players played on there.
        moved = [p for p in players if p.connections >= 2]
        assert moved, describe(players)
        assert any(max(p.acked, default=0) > before[id(p)] for p in moved)
        check_record(pg_url, players)


# -- Redis restarted -------------------------------------------------------------------


def test_redis_restart_loses_nothing_and_clients_resynchronise(
    tmp_path: Path, pg_url: str
):
    with (
        private_redis(tmp_path) as redis,
        cluster(
            tmp_path, 2, {"DATABASE_URL": pg_url, "REDIS_URL": redis.url}
        ) as servers,
    ):
        players = players_of(servers)

        try:
            asyncio.run(play(players, _restart_redis_twice(players, redis, servers)))
        except TimeoutError as error:
            raise AssertionError(f"{error}\n{servers.logs()}") from None
        logs = servers.logs(tail=0)
        assert logs.count("Redis subscription lost") >= 4  # both processes, twice
        check_record(pg_url, players)


async def _restart_redis_twice(
    players: list[Player], redis: PrivateRedis, servers: Cluster
) -> None:
    # 1. In the middle of play, whatever is in the air.
    await until(lambda: acked_total(players) >= 8, 120, "8 acknowledged actions")
    redis.kill()
    await until(
        lambda: servers.logs(tail=0).count("Redis subscription lost") >= 2,
        60,
        "both processes to notice",
    )
    redis.start()
    count = acked_total(players)
    await until(lambda: acked_total(players) >= count + 4, 60, "play to resume")

    # 2. At rest, so that every table's player to move acts while Redis is
    # down: nothing of an action crosses Redis, so its owner acknowledges it
    # and every socket of the table (all at the owner) gets it.
    for p in players:
        p.hold = True
    await until(lambda: _quiet(players), 60, "the tables to rest")
    movers = [p for p in players if p.legal and not p.finished]
    seen = {id(p): len(p.acked) for p in movers}
    redis.kill()
    for p in players:
        p.hold = False
    await until(
        lambda: all(len(p.acked) > seen[id(p)] for p in movers),
        60,
        "every player to move to be acknowledged without Redis",
    )
    redis.start()


# -- PostgreSQL cut away --------------------------------------------------


def _quiet(players: list[Player]) -> bool:
    """Every unfinished table rests: both clients at one version, nothing in
    the air, and the player to move knows it."""
    tables: dict[int, list[Player]] = {}
    for p in players:
        tables.setdefault(p.table, []).append(p)
    for pair in tables.values():
        if any(p.finished for p in pair):
            continue
        if len({p.version for p in pair}) != 1 or any(p.outstanding for p in pair):
            return False
        if not any(p.legal for p in pair):
            return False
    return True


def test_postgres_unavailable_refuses_clearly_and_resumes(tmp_path: Path, pg_url: str):
    with private_redis(tmp_path) as redis:
        proxy = TcpProxy(*pg_target())
        try:
            extra = {"DATABASE_URL": via_proxy(pg_url, proxy), "REDIS_URL": redis.url}
            with cluster(tmp_path, 2, extra) as servers:
                players = players_of(servers, ("en", "pt-br"))
                try:
                    asyncio.run(play(players, _cut_twice(players, proxy)))
                except TimeoutError as error:
                    raise AssertionError(f"{error}\n{servers.logs()}") from None
        finally:
            proxy.close()
        check_record(pg_url, players)
        refusals = [(p.lang, r) for p in players for r in p.refusals]
        unavailable = [(lang, r) for lang, r in refusals if r["code"] == "unavailable"]
        assert {lang for lang, _ in unavailable} == {"en", "pt-br"}
        assert all(r["text"] == UNAVAILABLE[lang] for lang, r in unavailable)
        # Nothing else went wrong: at most a stale version after a commit
        # whose answer the cut swallowed.
        assert {r["code"] for _, r in refusals} <= {"unavailable", "stale_version"}


async def _cut_twice(players: list[Player], proxy: TcpProxy) -> None:
    def unavailable() -> int:
        return sum(r["code"] == "unavailable" for p in players for r in p.refusals)

    # 1. In the middle of play, whatever is in the air.
    await until(lambda: acked_total(players) >= 8, 120, "8 acknowledged actions")
    proxy.cut()
    await until(lambda: unavailable() >= 3, 60, "actions refused while cut")
    proxy.restore()
    count = acked_total(players)
    await until(lambda: acked_total(players) >= count + 4, 60, "play to resume")

    # 2. At rest, so that every table's player to move tries and is refused.
    for p in players:
        p.hold = True
    await until(lambda: _quiet(players), 60, "the tables to rest")
    movers = [p for p in players if p.legal and not p.finished]
    seen = {id(p): len(p.refusals) for p in movers}
    proxy.cut()
    for p in players:
        p.hold = False
    await until(
        lambda: all(
            any(r["code"] == "unavailable" for r in p.refusals[seen[id(p)] :])
            for p in movers
        ),
        60,
        "every player to move to be refused",
    )
    proxy.restore()


# -- a bot worker process dies ----------------------------------------


def _bot_workers(server_pid: int) -> set[int]:
    """The server's multiprocessing workers (children running spawn_main)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == server_pid and b"spawn_main" in cmdline:
            found.add(int(entry.name))
    return found


def test_bot_worker_killed_the_next_bot_move_still_happens(tmp_path: Path):
    port = free_port()
    env = server_env(tmp_path, {"LUDOTECA_BOT_EXECUTOR": "process"})
    proc = start_server(tmp_path, port, env)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(base + "/", timeout=120)
        asyncio.run(_bot_worker_dies(base, proc.pid))
    finally:
        stop(proc)


async def _bot_worker_dies(base: str, server_pid: int) -> None:
    ana = Http(base)
    ana.signup("ana")
    table = ana.new_table("highcard", 3, cards="8")
    for _ in range(2):
        ana.post(f"/t/{table}/bot/add/", {"bot": "random"})
    ws = await Ws.open(ana, f"/ws/play/{table}/")
    try:
        await ws.send("hello")
        state = await ws.until("state")
        await ws.send(
            "act", 0, action={"type": "play", "card": state["d"]["view"]["hand"][0]}
        )
        assert (await ws.until("ack"))["v"] == 1
        # Both bots move (versions 2 and 3) in the worker pool.
        frame = await ws.until("update", v=3, timeout=30)
        workers = wait_for(lambda: _bot_workers(server_pid), 10, "bot workers")
        for pid in workers:
            os.kill(pid, 9)
        wait_for(lambda: not (_bot_workers(server_pid) & workers), 10, "workers gone")

        await ws.send(
            "act", 3, action={"type": "play", "card": frame["d"]["view"]["hand"][0]}
        )
        assert (await ws.until("ack"))["v"] == 4
        # The first bot after the death plays (a random fallback move while
        # the pool restarts), the second in a fresh pool.
        final = await ws.until("update", v=6, timeout=30)
        assert final["d"]["status"] == "finished"
        fresh = _bot_workers(server_pid)
        assert fresh and not (fresh & workers)
    finally:
        await ws.close()
