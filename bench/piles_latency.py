"""Piles! latency: from a swap to every other player's screen, over real sockets.

A real server process (`ludoteca serve`, uvicorn, SQLite in WAL mode) listens
on loopback. For each scenario (1, 10 and 50 concurrent tables) this script
creates the tables and 8 players per table (users, seats and session cookies
straight in the same database), opens one real websocket per player, says
"ready", waits for the 3-2-1, then every player sends a swap every 200 ms
(a random card of the pile in hand for a random centre place, naming the
centre card it last saw) for a fixed time. For every accepted swap it takes
the time from sending it to the arrival, at each of the other 7 players, of
the update at the version the swap produced ("their screen" = the frame has
arrived and been parsed; drawing is not included). Clients and server share
this machine's cores, so at high load the figures include the clients' own
CPU time.

Bounded: at most 50 tables, a fixed play time per scenario, every wait has a
timeout; it stops by itself. Not a test.

    .venv/bin/python bench/piles_latency.py [--tables 1,10,50] [--seconds 10]

Measured 2026-11-29 on the 2-core development machine while ~8 other sessions
ran their own tests and benchmarks (load average 15-19, so the server got
only 14-19 % of a core):

    tables | applied swaps/s | p50 ms | p99 ms | server CPU | CPU ms/action
         1 |              17 |    126 |    401 |       14 % |           6.3
        10 |              12 |   2499 |   3408 |       16 % |          10.0
        50 |               0 |      - |      - |       19 % |          15.1

An earlier run at load ~10 gave p50 21 ms (p99 838 ms) for one table. At
~6-10 ms of server CPU per action, one process on one free core serves about
100-150 actions/s: one table of 8 (40 swaps/s offered) fits, 10 tables (400/s)
and 50 tables (2,000/s) need several processes (DATABASE_URL + REDIS_URL).
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = 8
INTERVAL = 0.2  # seconds between a player's swaps
MAX_TABLES = 50
QUIET = ["--log-level", "warning"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(var: Path, port: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "LUDOTECA_VAR": str(var),
        "DJANGO_SETTINGS_MODULE": "ludoteca.web.settings.test",
        "LUDOTECA_TICK": "1",  # as in production
        "PYTHONPATH": str(ROOT),
    }
    log = open(var / "server.log", "ab")  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "ludoteca.cli", "serve", "--port", str(port), *QUIET],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=ROOT,
    )
    end = time.time() + 60
    while time.time() < end:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
            return proc
        except Exception:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit("the server did not start; see " + str(var / "server.log"))


def setup_django(var: Path) -> None:
    os.environ["LUDOTECA_VAR"] = str(var)
    os.environ["DJANGO_SETTINGS_MODULE"] = "ludoteca.web.settings.test"
    import django

    django.setup()


def make_tables(count: int, tag: str) -> list[tuple[int, list[str]]]:
    """`count` started Piles! tables of 8 people; (table id, cookies by seat)."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore

    from ludoteca.web.lobby import actions as lobby
    from ludoteca.web.play import actions

    tables = []
    for t in range(count):
        users = [
            User.objects.create_user(f"{tag}-{t}-{s}", password=None)
            for s in range(PLAYERS)
        ]
        options = {"match_minutes": 0, "min_action_ms": 150}
        table = lobby.do_create_table(users[0], "piles", PLAYERS, options)
        for seat in table.seats.all():
            seat.user = users[seat.index]
            seat.save(update_fields=["user"])
        actions.do_start(table.pk)
        cookies = []
        for user in users:
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            cookies.append(f"{settings.SESSION_COOKIE_NAME}={session.session_key}")
        tables.append((table.pk, cookies))
    return tables


@dataclass
class Stats:
    sent: dict[tuple[int, int, Any], float] = field(default_factory=dict)
    produced: dict[tuple[int, int], tuple[int, float]] = field(default_factory=dict)
    # (table, seat) -> [(version, arrival)]: one update may cover several
    # versions when actions come faster than a socket sends.
    seen: dict[tuple[int, int], list[tuple[int, float]]] = field(default_factory=dict)
    acks: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    swaps_sent: int = 0
    actions_sent: int = 0  # every action, the "ready"s and opens included
    skipped: int = 0  # ticks with the previous action still unanswered


class Player:
    def __init__(self, table: int, seat: int, ws: Any, stats: Stats) -> None:
        self.table, self.seat, self.ws, self.stats = table, seat, ws, stats
        self.view: dict[str, Any] | None = None
        self.legal: list[dict[str, Any]] = []
        self.version = -1
        self.ref = 0
        self.outstanding: str | None = None  # an action not answered yet

    async def send(self, action: dict[str, Any]) -> Any:
        self.ref += 1
        ref = f"{self.seat}-{self.ref}"
        if action["type"] == "swap":
            self.stats.sent[(self.table, self.seat, ref)] = time.perf_counter()
            self.stats.swaps_sent += 1
        frame = {"t": "act", "v": self.version, "d": {"action": action, "ref": ref}}
        self.outstanding = ref
        self.stats.actions_sent += 1
        await self.ws.send(json.dumps(frame))
        return ref

    async def receive(self) -> None:
        async for raw in self.ws:
            now = time.perf_counter()
            frame = json.loads(raw)
            kind, d = frame["t"], frame["d"]
            if kind in ("state", "update"):
                self.version = frame["v"]
                self.view, self.legal = d["view"], d["legal"]
                if kind == "update":
                    key = (self.table, self.seat)
                    self.stats.seen.setdefault(key, []).append((frame["v"], now))
            if kind in ("ack", "refused") and d.get("ref") == self.outstanding:
                self.outstanding = None
            if kind == "ack":
                sent = self.stats.sent.pop((self.table, self.seat, d["ref"]), None)
                if sent is not None:
                    self.stats.acks += 1
                    key = (self.table, frame["v"])
                    self.stats.produced[key] = (self.seat, sent)
            elif kind == "refused":
                self.stats.sent.pop((self.table, self.seat, d["ref"]), None)
                code = d["code"]
                self.stats.refused[code] = self.stats.refused.get(code, 0) + 1

    def next_action(self, rng: random.Random) -> dict[str, Any] | None:
        swaps = [a for a in self.legal if a["type"] == "swap"]
        if swaps:
            return rng.choice(swaps)
        opens = [a for a in self.legal if a["type"] == "open"]
        return opens[0] if opens else None

    async def play(self, until: float, rng: random.Random) -> None:
        await asyncio.sleep(rng.random() * INTERVAL)  # players are not in step
        tick = time.perf_counter()
        while tick < until:
            # Like a person, a player acts on what its screen shows: it waits
            # for the answer to its last action before the next one (so an
            # overloaded server slows the players down instead of drowning).
            action = None if self.outstanding else self.next_action(rng)
            if action is not None:
                await self.send(action)
            elif self.outstanding:
                self.stats.skipped += 1
            tick += INTERVAL
            await asyncio.sleep(max(0.0, tick - time.perf_counter()))


async def wait_for(predicate: Any, timeout: float) -> bool:
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        if predicate():
            return True
        await asyncio.sleep(0.05)
    return False


async def scenario(port: int, tables: list[tuple[int, list[str]]], seconds: float):
    from websockets.asyncio.client import connect

    stats = Stats()
    players: list[Player] = []
    readers = []
    origin = f"http://127.0.0.1:{port}"
    for table_id, cookies in tables:
        for seat, cookie in enumerate(cookies):
            ws = await connect(
                f"ws://127.0.0.1:{port}/ws/play/{table_id}/",
                additional_headers={"Cookie": cookie, "Origin": origin},
                max_queue=None,
            )
            player = Player(table_id, seat, ws, stats)
            players.append(player)
            readers.append(asyncio.create_task(player.receive()))
            await ws.send(json.dumps({"t": "hello", "v": None, "d": {}}))
    started = await wait_for(lambda: all(p.view for p in players), 60)
    assert started, "not every player got the table"
    for p in players:
        await p.send({"type": "ready"})
    playing = await wait_for(
        lambda: all(p.view and p.view["phase"] == "play" for p in players), 60
    )
    assert playing, "the countdown did not end"
    rng = random.Random(7)
    stats.sent.clear()
    begin = time.perf_counter()
    until = begin + seconds
    await asyncio.gather(*(p.play(until, random.Random(rng.random())) for p in players))
    elapsed = time.perf_counter() - begin
    await asyncio.sleep(2.0)  # let the last updates arrive
    for p in players:
        await p.ws.close()
    for r in readers:
        r.cancel()
    await asyncio.gather(*readers, return_exceptions=True)

    latencies = []
    missing = 0
    for (table, version), (sender, sent) in stats.produced.items():
        for seat in range(PLAYERS):
            if seat == sender:
                continue
            frames = stats.seen.get((table, seat), [])
            # The first update at this version or later shows the swap.
            at = bisect.bisect_left(frames, (version, -1.0))
            if at == len(frames):
                missing += 1
            else:
                latencies.append(frames[at][1] - sent)
    return stats, latencies, elapsed, missing


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="1,10,50")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    counts = [min(MAX_TABLES, int(n)) for n in args.tables.split(",")]
    seconds = min(60.0, args.seconds)

    var = Path(tempfile.mkdtemp(prefix="piles-bench-"))
    port = free_port()
    # Stopped from outside (timeout, kill): still stop the server in `finally`.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    proc = start_server(var, port)
    try:
        setup_django(var)
        rows = []
        for n, count in enumerate(counts):
            tables = make_tables(count, f"s{n}")
            cpu_before, wall_before = cpu_seconds(proc.pid), time.perf_counter()
            stats, lat, elapsed, missing = asyncio.run(scenario(port, tables, seconds))
            cpu = cpu_seconds(proc.pid) - cpu_before
            wall = time.perf_counter() - wall_before
            ms = [x * 1000 for x in lat]
            ticks = count * PLAYERS * seconds / INTERVAL
            rows.append(
                {
                    "tables": count,
                    "sockets": count * PLAYERS,
                    "offered": count * PLAYERS / INTERVAL,
                    "sent": stats.swaps_sent / elapsed,
                    "applied": stats.acks / elapsed,
                    "waited": 100 * stats.skipped / ticks,
                    "refused": dict(stats.refused),
                    "n": len(ms),
                    "p50": statistics.median(ms) if ms else float("nan"),
                    "p99": percentile(ms, 0.99) if ms else float("nan"),
                    "max": max(ms) if ms else float("nan"),
                    "missing": missing,
                    "cpu": 100 * cpu / wall,
                    "cpu_ms": 1000 * cpu / max(1, stats.actions_sent),
                }
            )
            print(f"  {count} table(s) done", file=sys.stderr)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()

    print(
        f"\nPiles! swap -> other players' screens, {PLAYERS} players per table,"
        f" a swap every {INTERVAL * 1000:.0f} ms each, {seconds:.0f} s per row,"
        f" {os.cpu_count()} cores, one server process (SQLite);"
        f" load average at the end {os.getloadavg()[0]:.1f}\n"
    )
    head = (
        "tables | sockets | swaps/s offered | sent | applied | ticks waited |"
        " deliveries | p50 ms | p99 ms | max ms | server CPU | CPU ms/action |"
        " refused (code: n)"
    )
    print(head)
    print("-" * len(head))
    for r in rows:
        codes = ", ".join(f"{k}: {v}" for k, v in sorted(r["refused"].items()))
        print(
            f"{r['tables']:6d} | {r['sockets']:7d} | {r['offered']:15.0f} |"
            f" {r['sent']:4.0f} | {r['applied']:7.0f} | {r['waited']:11.0f}% |"
            f" {r['n']:10d} | {r['p50']:6.1f} | {r['p99']:6.1f} | {r['max']:6.0f} |"
            f" {r['cpu']:9.0f}% | {r['cpu_ms']:13.1f} | {codes or '-'}"
        )
    lost = sum(r["missing"] for r in rows)
    if lost:
        print(f"\n{lost} deliveries did not arrive within 2 s of the end")


if __name__ == "__main__":
    main()
