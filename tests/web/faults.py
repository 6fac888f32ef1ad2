"""Helpers for the fault tests: a private Redis, a TCP proxy that can cut
PostgreSQL away, a fresh database, server processes, and players that keep
playing through it all while counting what the server acknowledged.

Nothing here touches the machine's shared PostgreSQL or Redis servers: Redis
runs as a private `redis-server` on a free port, and PostgreSQL is cut by
closing the proxy in front of it, never by stopping it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.web.live import ROOT, Http, free_port, server_env, start_server, stop
from tests.web.services import (
    PG_ADMIN,
    create_database,
    drop_database,
    pg_url,
    require_pg_redis,
)

REDIS_SERVER = "/usr/bin/redis-server"
PING_EVERY = 10.0  # seconds; browsers ping every 20


def wait_for(condition: Callable[[], Any], timeout: float, what: str) -> Any:
    """Poll `condition` until it is truthy (blocking; for setup code)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(f"timed out after {timeout}s waiting for {what}")


async def until(condition: Callable[[], Any], timeout: float, what: str) -> Any:
    """Await `condition` becoming truthy, checking every 20 ms."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        await asyncio.sleep(0.02)
    raise TimeoutError(f"timed out after {timeout}s waiting for {what}")


# -- Redis ---------------------------------------------------------------------


def _port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.2)
        return s.connect_ex(("127.0.0.1", port)) == 0


class PrivateRedis:
    """A `redis-server` of our own on a free port, to kill and restart."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        log = open(self.workdir / f"redis-{self.port}.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        wait_for(lambda: _port_open(self.port), 10, f"redis-server on {self.port}")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
        wait_for(lambda: not _port_open(self.port), 10, "redis-server to go away")

    def stop(self) -> None:
        if self.proc is not None:
            stop(self.proc)


@contextlib.contextmanager
def private_redis(workdir: Path) -> Iterator[PrivateRedis]:
    if not Path(REDIS_SERVER).exists():
        message = f"{REDIS_SERVER} is missing (Debian package redis-server)"
        if _ci():
            pytest.fail(message)
        pytest.skip(message)
    redis = PrivateRedis(workdir)
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()


def _ci() -> bool:
    import os

    return os.environ.get("CI") == "true"


# -- a TCP proxy that can be cut -------------------------------------------------


class TcpProxy:
    """Forwards 127.0.0.1:<port> to a target; `cut()` drops every connection
    and refuses new ones until `restore()`. Runs its own event loop in a
    thread, so blocking test code (urllib) cannot stall it."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.server: asyncio.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.restore()

    def _call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(10)

    def restore(self) -> None:
        async def listen() -> None:
            self.server = await asyncio.start_server(
                self._pipe_client, "127.0.0.1", self.port, reuse_address=True
            )

        self._call(listen())

    def cut(self) -> None:
        async def close() -> None:
            if self.server is not None:
                self.server.close()
                self.server = None
            for writer in list(self.writers):
                writer.transport.abort()
            self.writers.clear()

        self._call(close())

    def close(self) -> None:
        self.cut()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)

    async def _pipe_client(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> None:
        self.writers.add(writer)  # a cut while connecting upstream aborts it
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        if writer not in self.writers:  # cut meanwhile: no pipe survives a cut
            writer.transport.abort()
            up_writer.transport.abort()
            return
        self.writers.add(up_writer)

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (OSError, asyncio.IncompleteReadError):
                pass
            finally:
                dst.transport.abort()
                self.writers.discard(dst)

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))


# -- PostgreSQL --------------------------------------------------------------------


@contextlib.contextmanager
def migrated_template() -> Iterator[str]:
    """A uniquely named PostgreSQL database with every migration applied, to
    copy for each test (one `migrate` per test run); dropped afterwards."""
    require_pg_redis()
    name = f"ludoteca_faults_tpl_{uuid.uuid4().hex[:10]}"
    url = create_database(name)
    try:
        env = server_env(Path("/tmp"), {"DATABASE_URL": url})
        subprocess.run(
            [sys.executable, "-m", "ludoteca.cli", "migrate", "--verbosity", "0"],
            env=env,
            cwd=ROOT,
            check=True,
        )
        yield name
    finally:
        drop_database(name)


@contextlib.contextmanager
def fresh_database(template: str) -> Iterator[str]:
    """A new, uniquely named copy of `template`, dropped afterwards."""
    import psycopg

    name = f"ludoteca_faults_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(
        PG_ADMIN.replace("postgres://", "postgresql://"), autocommit=True
    ) as conn:
        conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    try:
        yield pg_url(name)
    finally:
        drop_database(name)


def pg_target() -> tuple[str, int]:
    from urllib.parse import urlparse

    parsed = urlparse(PG_ADMIN)
    return parsed.hostname or "127.0.0.1", parsed.port or 5432


def via_proxy(url: str, proxy: TcpProxy) -> str:
    host, port = pg_target()
    return url.replace(f"@{host}:{port}/", f"@127.0.0.1:{proxy.port}/")


def query(url: str, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(url.replace("postgres://", "postgresql://")) as conn:
        return list(conn.execute(sql, params).fetchall())


# -- server processes --------------------------------------------------------------


@dataclass
class Cluster:
    """Several `ludoteca serve` processes sharing one database and Redis."""

    workdir: Path
    env: dict[str, str]
    ports: list[int] = field(default_factory=list)
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    router: str | None = None  # nginx routing the table sockets (`router`)

    @property
    def bases(self) -> list[str]:
        return [f"http://127.0.0.1:{p}" for p in self.ports]

    def start(self, count: int) -> None:
        from tests.web.live import wait_http

        for _ in range(count):
            port = free_port()
            self.ports.append(port)
            self.procs.append(start_server(self.workdir, port, self.env))
        for base in self.bases:
            wait_http(base + "/", timeout=120)  # a loaded machine starts slowly

    def owners_of(self, redis_url: str, database: str, tables: list[int]) -> list[int]:
        """How many of `tables` each process owns now, by the owner notes its
        takes leave in Redis (`live.owners`: the note names the pid)."""
        import redis as redis_client

        from ludoteca.web.live.owners import REDIS_CHANNEL

        pids = [proc.pid for proc in self.procs]
        counts = [0] * len(pids)
        client = redis_client.Redis.from_url(redis_url)
        try:
            for table in tables:
                note = client.get(f"{REDIS_CHANNEL}:{database}:owner:{table}")
                pid = int(note.decode().split("-")[0]) if note else None
                if pid in pids:
                    counts[pids.index(pid)] += 1
        finally:
            client.close()
        return counts

    def kill(self, index: int) -> None:
        proc = self.procs[index]
        proc.send_signal(signal.SIGKILL)
        proc.wait()

    def stop(self) -> None:
        for proc in self.procs:
            stop(proc)

    def logs(self, tail: int = 3000) -> str:
        """The servers' logs (the last `tail` characters of each; 0: all)."""
        return "\n".join(
            (self.workdir / f"server-{p}.log").read_text(errors="replace")[-tail:]
            for p in self.ports
        )


@contextlib.contextmanager
def cluster(workdir: Path, count: int, extra: dict[str, str]) -> Iterator[Cluster]:
    env = server_env(workdir, {"LUDOTECA_BOT_DELAY": "0", **extra})
    running = Cluster(workdir, env)
    try:
        running.start(count)
        with router(workdir, running.ports) as base:
            running.router = base
            yield running
    finally:
        running.stop()


# The sockets' routing of deploy/nginx/ludoteca.conf (every socket of a table
# to one process, by the table's id on a consistent hash ring; the next one
# when that process is gone), over plain HTTP.
ROUTER = """
worker_processes 1;
{user}
pid {tmp}/router.pid;
error_log {tmp}/router-error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/router-body;
    proxy_temp_path {tmp}/router-proxy;
    map $uri $table_id {{
        ~^/ws/(play|watch)/(?<id>[0-9]+)/  $id;
        default                            "";
    }}
    upstream tables {{
        hash $table_id consistent;
        {servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        location /ws/ {{
            proxy_pass http://tables;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection "upgrade";
            proxy_set_header Host $http_host;
            proxy_connect_timeout 2s;
            proxy_read_timeout 75s;
        }}
    }}
}}
"""


@contextlib.contextmanager
def router(workdir: Path, ports: list[int]) -> Iterator[str | None]:
    """nginx in front of the servers' table sockets; None without nginx
    (then the tests that need it skip, or fail under CI=true)."""
    binary = nginx_binary()
    if binary is None:
        yield None
        return
    for folder in ("router-body", "router-proxy"):
        (workdir / folder).mkdir(exist_ok=True)
    port = free_port()
    servers = "\n        ".join(
        f"server 127.0.0.1:{p} max_fails=1 fail_timeout=30s;" for p in ports
    )
    user = "user root;" if os.geteuid() == 0 else ""
    conf = workdir / "router.conf"
    conf.write_text(ROUTER.format(tmp=workdir, port=port, servers=servers, user=user))
    command = [binary, "-p", str(workdir), "-e", str(workdir / "router-start.log")]
    proc = subprocess.Popen(
        [*command, "-c", str(conf), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: _port_open(port), 20, "the router to listen")
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(10)


def need_router(servers: Cluster) -> str:
    if servers.router is None:
        if _ci():
            pytest.fail("CI=true needs nginx (Debian package nginx, see .ci/run)")
        pytest.skip("nginx is not installed (Debian package nginx)")
    return servers.router


def pair_tables(
    bases: list[str], game: str, count: int
) -> list[tuple[int, Http, Http]]:
    """`count` started two-seat tables; the first seat's person signed up on
    the first process, the second on the second."""
    from ludoteca.engine import registry

    defaults = {
        name: json.dumps(o.default) if o.choices is not None else str(o.default)
        for name, o in registry.get(game).options.items()
    }
    tables = []
    for n in range(count):
        ana, bia = Http(bases[0]), Http(bases[-1])
        tag = uuid.uuid4().hex[:6]
        ana.signup(f"ana{n}{tag}")
        bia.signup(f"bia{n}{tag}")
        table = ana.new_table(game, 2, **defaults)
        bia.post(f"/t/{table}/join/", {})
        ana.post(f"/t/{table}/start/", {})
        tables.append((table, ana, bia))
    return tables


# -- players -------------------------------------------------------------------------


class Player:
    """A seated person whose client acts as soon as it may, reconnecting to
    the next server when its socket drops. It records every `ack` with the
    action it acknowledged, and every refusal."""

    def __init__(
        self,
        http: Http,
        table: int,
        bases: list[str],
        lang: str = "en",
        seed: int = 0,
    ) -> None:
        self.http = http
        self.table = table
        self.bases = list(bases)
        self.lang = lang
        self.rng = random.Random(seed)
        # The server this client's sockets go to (a router: the only one).
        self.at = bases.index(http.base) if http.base in bases else 0
        self.version = -1
        self.seat: int | None = None
        self.view: Any = None
        self.legal: list[Any] = []
        self.status = ""
        self.outstanding: str | None = None
        self.sent: dict[str, Any] = {}
        self.acked: dict[int, Any] = {}  # version -> the action acknowledged
        self.refusals: list[dict[str, Any]] = []
        self.connections = 0
        self.hold = False  # True: do not act for now
        self.pause_until = 0.0  # after an "unavailable", wait before trying again

    @property
    def base(self) -> str:
        return self.bases[self.at % len(self.bases)]

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    def ws_headers(self) -> dict[str, str]:
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.http.jar)
        return {
            "Cookie": f"{cookies}; django_language={self.lang}",
            "Origin": self.base,
        }

    async def run(self, stop_event: asyncio.Event) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidStatus

        while not stop_event.is_set() and not self.finished:
            url = self.base.replace("http://", "ws://") + f"/ws/play/{self.table}/"
            try:
                conn = await connect(
                    url, additional_headers=self.ws_headers(), open_timeout=3
                )
            except (OSError, InvalidStatus, TimeoutError, ConnectionClosed):
                self.at += 1  # that server is down: try the next one
                await asyncio.sleep(0.1)
                continue
            self.connections += 1
            try:
                await self._play(conn, stop_event)
            except (ConnectionClosed, OSError):
                await asyncio.sleep(0.05)  # the same server first: maybe a blip
                if not await _alive(self.base):
                    self.at += 1
            finally:
                self.outstanding = None
                with contextlib.suppress(Exception):
                    await conn.close()

    async def _play(self, conn: Any, stop_event: asyncio.Event) -> None:
        hello = {"t": "hello", "v": self.version if self.version >= 0 else None}
        await conn.send(json.dumps({**hello, "d": {}}))
        pinged = time.monotonic()
        while not stop_event.is_set() and not self.finished:
            if time.monotonic() - pinged > PING_EVERY:
                # Like a browser: without pings, a seat whose turn it is counts
                # as absent after LUDOTECA_ABSENT_GRACE and a bot takes it.
                pinged = time.monotonic()
                await conn.send(json.dumps({"t": "ping", "v": None, "d": {}}))
            try:
                raw = await asyncio.wait_for(conn.recv(), 0.1)
            except TimeoutError:
                await self._maybe_act(conn)
                continue
            self._on_frame(json.loads(raw))
            await self._maybe_act(conn)

    def _on_frame(self, frame: dict[str, Any]) -> None:
        kind, v, d = frame["t"], frame["v"], frame["d"]
        if kind in ("state", "update"):
            if v < self.version:
                return
            self.version = v
            self.view, self.legal, self.status = d["view"], d["legal"], d["status"]
            if kind == "state":
                self.seat = d["seat"]
        elif kind == "ack":
            self.acked[v] = self.sent[d["ref"]]
            self.outstanding = None
            self.legal = []  # wait for the update of this version
        elif kind == "refused":
            self.refusals.append(d)
            if d.get("ref") == self.outstanding:
                self.outstanding = None
            if d["code"] == "unavailable":
                self.pause_until = time.monotonic() + 0.2

    async def _maybe_act(self, conn: Any) -> None:
        if self.hold or self.outstanding or not self.legal or self.finished:
            return
        if time.monotonic() < self.pause_until:
            return
        action = self.rng.choice(self.legal)
        ref = uuid.uuid4().hex[:8]
        self.sent[ref] = action
        self.outstanding = ref
        await conn.send(
            json.dumps(
                {"t": "act", "v": self.version, "d": {"action": action, "ref": ref}}
            )
        )


async def _alive(base: str) -> bool:
    host, port = base.removeprefix("http://").split(":")
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(host, int(port)), 1)
    except (OSError, TimeoutError):
        return False
    writer.close()
    return True


def acked_total(players: list[Player]) -> int:
    return sum(len(p.acked) for p in players)


def describe(players: list[Player]) -> str:
    """Where each client stands, for a failure message."""
    return "\n".join(
        f"table {p.table} seat {p.seat} at {p.base}: v{p.version} {p.status}"
        f" legal={len(p.legal)} waiting={p.outstanding} acked={len(p.acked)}"
        f" refused={[r['code'] for r in p.refusals][-3:]}"
        for p in players
    )


async def until_finished(players: list[Player], stall: float = 30) -> None:
    """Wait until every match is over, however slow the machine, but fail
    when no action has been acknowledged for `stall` seconds."""
    loop = asyncio.get_running_loop()
    count, since = acked_total(players), loop.time()
    while not all(p.finished for p in players):
        await asyncio.sleep(0.05)
        if acked_total(players) != count:
            count, since = acked_total(players), loop.time()
        elif loop.time() - since > stall:
            raise TimeoutError(
                f"no action acknowledged for {stall}s before every match finished"
            )


# -- what the database says ----------------------------------------------------------


def check_record(url: str, players: list[Player]) -> dict[int, int]:
    """Every acknowledged action is in the record at its version; the record,
    the table's version and its stored state agree (nothing half applied:
    the state column is the record replayed to `state_version`, at most
    STATE_EVERY - 1 moves behind, or at the end, the version); each client
    ends on the stored version with the view the record's state gives its
    seat. Returns table -> version."""
    from ludoteca.engine import registry
    from ludoteca.engine.record import Move, Record, replay
    from ludoteca.web.play.models import STATE_EVERY

    versions: dict[int, int] = {}
    for table in sorted({p.table for p in players}):
        ((game_id, count, seed, options, version, state, state_version),) = query(
            url,
            "SELECT game, players, seed, options, version, state, state_version"
            " FROM play_table WHERE id = %s",
            table,
        )
        rows = query(
            url,
            "SELECT index, seat, action FROM play_move WHERE table_id = %s"
            ' ORDER BY "index"',
            table,
        )
        assert [r[0] for r in rows] == list(range(1, version + 1)), (table, version)
        moves = {index: (seat, action) for index, seat, action in rows}
        game = registry.get(game_id)
        played = [Move(s, a) for s, a in moves.values()]
        replayed = replay(Record(game_id, count, seed, dict(options), played))
        for player in (p for p in players if p.table == table):
            for v, action in player.acked.items():
                assert moves.get(v) == (player.seat, action), (table, v, action)
            assert player.version == version, (table, player.seat, player.version)
            expected = game.view(replayed, player.seat)
            assert player.view == json.loads(json.dumps(expected)), (table, player.seat)
        assert 0 <= version - state_version < STATE_EVERY, (table, state_version)
        if game.outcome(replayed) is not None:
            assert state_version == version, table
        upto = Record(game_id, count, seed, dict(options), played[:state_version])
        assert json.loads(json.dumps(game.to_json(replay(upto)))) == state, table
        versions[table] = version
    return versions


def nginx_binary() -> str | None:
    return shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )
