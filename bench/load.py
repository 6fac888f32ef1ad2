"""Load bench: Ludoteca's table sockets beside the bare transport and a peer server.

Real websocket clients on loopback play T tables of S seats (Cat in the Box 4,
Agent Avenue 2, Piles! 8). Two load shapes:

- paced: each table acts every 0.5 s (the load is fixed, latencies compare);
- saturated: each seat acts as soon as it may (throughput).

Every seat keeps at most one action in flight and acts only on what its last
frame showed (a random legal action). Per run it prints actions/s, the time
from an action's send to its `ack` and to the other seats' updates (p50, p99,
max), server CPU and memory, refusals and errors. In the same run, under the
same pattern and on the same sockets, two anchors:

- echo: `bench/load_echo.py`, a bare websocket relay that answers each action
  with an ack and an update of Ludoteca's mean update size to every seat;
- peer: boardgame.io's server (npm, installed into bench/.peer/, never
  committed) with a tiny trick game of hidden hands (`bench/load_peer.py`),
  spoken to through socket.io over a plain websocket. It has no ack: the
  sender's own update counts as one.

Ludoteca runs `ludoteca serve` with the production settings: one process on
SQLite, or N processes on PostgreSQL + Redis behind nginx (a temporary config
that, like deploy/nginx/ludoteca.conf, sends every socket of a table to one
process by the table's id). Matches that end are replaced
by fresh tables (made in bulk beforehand, `bench/load_tables.py`). Bounded: a
fixed time per run and a cap on actions; every wait has a timeout.

    .venv/bin/python bench/load.py               # the full matrix (~20 min)
    .venv/bin/python bench/load.py --quick       # a smoke run (~2 min)
    .venv/bin/python bench/load.py --only catinthebox --tables 200 --shape paced
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import load_peer  # noqa: E402
from tests.web.live import free_port  # noqa: E402  (the tests' own helper)

PACE = 0.5  # seconds between a paced table's actions
SEATS = {"agentavenue": 2, "catinthebox": 4, "piles": 8}
MEAN_MOVES = {"agentavenue": 16, "catinthebox": 120, "piles": 400}
PG_ADMIN = os.environ.get("LUDOTECA_TEST_PG", "postgres://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("LUDOTECA_TEST_REDIS", "redis://127.0.0.1:6379/0")
PY = sys.executable


def wait_port(port: int, timeout: float = 60) -> None:
    end = time.time() + timeout
    while time.time() < end:
        with (
            contextlib.suppress(OSError),
            socket.create_connection(("127.0.0.1", port), timeout=1),
        ):
            return
        time.sleep(0.2)
    raise TimeoutError(f"nothing listens on {port}")


def wait_http(url: str, timeout: float = 60, attempt: float = 2) -> None:
    end = time.time() + timeout
    while time.time() < end:
        try:
            urllib.request.urlopen(url, timeout=attempt).read()
            return
        except Exception:
            time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer")


def cpu_seconds(pid: int, stat: str = "") -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    try:
        text = Path(stat or f"/proc/{pid}/stat").read_text()
        fields = text.rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def loop_cpu_seconds(pid: int) -> float:
    """`cpu_seconds` of the process's first thread alone (the event loop of
    ours, the floor's and the echo's; node's JavaScript thread)."""
    return cpu_seconds(pid, f"/proc/{pid}/task/{pid}/stat")


def rss_bytes(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    """A process and its descendants (uvicorn, node and nginx workers)."""
    found = [pid]
    try:
        for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            found += children(int(child))
    except OSError:
        pass
    return found


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# -- what the clients record --------------------------------------------------


@dataclass
class Recorder:
    measuring: bool = False
    sent: dict[tuple[Any, int, int], float] = field(default_factory=dict)
    produced: dict[tuple[Any, int], tuple[int, float]] = field(default_factory=dict)
    seen: dict[tuple[Any, int], list[tuple[int, float]]] = field(default_factory=dict)
    ack_ms: list[float] = field(default_factory=list)
    acked: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    sizes: Counter[str] = field(default_factory=Counter)
    counts: Counter[str] = field(default_factory=Counter)
    cap: int = 10**9

    def size(self, kind: str, raw: str | bytes) -> None:
        if self.measuring:
            self.sizes[kind] += len(raw)
            self.counts[kind] += 1


class Seat:
    """One player's socket: acts on what its last frame showed."""

    def __init__(self, slot: Slot, index: int) -> None:
        self.slot, self.index, self.rec = slot, index, slot.rec
        self.ws: Any = None
        self.version = -1
        self.legal: list[Any] = []
        self.finished = False
        self.outstanding: int | None = None
        self.acted_at = -2  # the version the last action was based on
        self.ref = 0
        self.reader: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    def can_act(self) -> bool:
        return (
            bool(self.legal)
            and self.outstanding is None
            and self.version > self.acted_at
            and not self.finished
            and self.slot.running
        )

    async def act(self) -> None:
        if self.rec.acked >= self.rec.cap:
            return
        self.ref += 1
        self.outstanding, self.acted_at = self.ref, self.version
        if self.rec.measuring:
            self.rec.sent[(self.slot.key, self.index, self.ref)] = time.perf_counter()
        try:
            await self.send_action(self.ref)
        except Exception as error:
            self.rec.errors[f"send: {type(error).__name__}"] += 1

    def got_ack(self, ref: Any, version: int) -> bool:
        if ref != self.outstanding:
            return False
        self.outstanding = None
        sent = self.rec.sent.pop((self.slot.key, self.index, ref), None)
        if sent is not None:
            self.rec.ack_ms.append((time.perf_counter() - sent) * 1000)
            self.rec.produced[(self.slot.key, version)] = (self.index, sent)
            self.rec.acked += 1
        return True

    def got_refused(self, ref: Any, code: str) -> None:
        if self.rec.measuring:
            self.rec.refused[code] += 1
        if ref == self.outstanding:
            self.outstanding = None
            self.rec.sent.pop((self.slot.key, self.index, ref), None)

    def got_view(self, version: int, legal: list[Any], finished: bool) -> None:
        if version > self.version:
            self.rec.seen.setdefault((self.slot.key, self.index), []).append(
                (version, time.perf_counter())
            )
        self.version = max(self.version, version)
        self.legal, self.finished = legal, finished
        self.ready.set()

    async def read(self) -> None:
        try:
            async for raw in self.ws:
                await self.on_frame(raw)
                if self.finished:
                    self.slot.finished()
                elif self.slot.saturated and self.can_act():
                    await self.act()
        except asyncio.CancelledError:
            raise
        except Exception as error:
            if self.slot.running:
                self.rec.errors[f"socket: {type(error).__name__}"] += 1

    async def open(self) -> None:
        raise NotImplementedError

    async def on_frame(self, raw: str | bytes) -> None:
        raise NotImplementedError

    async def send_action(self, ref: int) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(BaseException):
                await self.reader
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 2)


class OurSeat(Seat):
    """Ludoteca's envelope (docs/protocol.md)."""

    def address(self) -> tuple[str, dict[str, str]]:
        """The socket's URL and the handshake's headers (the seat's session)."""
        run = self.slot.run
        return f"ws://127.0.0.1:{run.port}/ws/play/{self.slot.key}/", {
            "Cookie": run.cookies[self.index] + "; django_language=en",
            "Origin": f"http://127.0.0.1:{run.port}",
        }

    async def open(self) -> None:
        from websockets.asyncio.client import connect

        url, headers = self.address()
        self.ws = await connect(
            url,
            additional_headers=headers,
            max_queue=None,
            ping_interval=None,
            open_timeout=30,
        )
        self.reader = asyncio.create_task(self.read())
        await self.ws.send(json.dumps({"t": "hello", "v": None, "d": {}}))

    async def on_frame(self, raw: str | bytes) -> None:
        frame = json.loads(raw)
        kind, d = frame["t"], frame["d"]
        self.rec.size(kind, raw)
        if kind in ("state", "update"):
            self.got_view(frame["v"], d["legal"], d["status"] != "playing")
        elif kind == "ack":
            self.got_ack(d.get("ref"), frame["v"])
        elif kind == "refused":
            self.got_refused(d.get("ref"), d["code"])
        elif kind == "error":
            self.rec.errors[d["code"]] += 1

    async def send_action(self, ref: int) -> None:
        action = self.slot.rng.choice(self.legal)
        await self.ws.send(
            json.dumps(
                {"t": "act", "v": self.version, "d": {"action": action, "ref": ref}}
            )
        )


class EchoSeat(Seat):
    """The relay: turns go round the table; the sender names the next seat."""

    async def open(self) -> None:
        from websockets.asyncio.client import connect

        self.ws = await connect(
            f"ws://127.0.0.1:{self.slot.run.port}/ws/play/{self.slot.key}/",
            max_queue=None,
            ping_interval=None,
            open_timeout=30,
        )
        self.reader = asyncio.create_task(self.read())
        self.got_view(0, [1] if self.index == 0 else [], False)

    async def on_frame(self, raw: str | bytes) -> None:
        frame = json.loads(raw)
        self.rec.size(frame["t"], raw)
        if frame["t"] == "ack":
            self.got_ack(frame["d"]["ref"], frame["v"])
        else:
            mine = frame["d"]["next"] == self.index
            self.got_view(frame["v"], [1] if mine else [], False)

    async def send_action(self, ref: int) -> None:
        seats = self.slot.seats_count
        action = {"type": "play", "card": self.slot.rng.randrange(40), "color": "red"}
        await self.ws.send(
            json.dumps(
                {
                    "t": "act",
                    "v": self.version + 1,
                    "ref": ref,
                    "n": (self.index + 1) % seats,
                    "d": {"action": action},
                }
            )
        )


class PeerSeat(Seat):
    """boardgame.io through socket.io (engine.io v4) on a plain websocket."""

    NSP = "/" + load_peer.GAME

    async def open(self) -> None:
        from websockets.asyncio.client import connect

        self.ws = await connect(
            f"ws://127.0.0.1:{self.slot.run.port}/socket.io/?EIO=4&transport=websocket",
            max_queue=None,
            ping_interval=None,
            open_timeout=30,
        )
        await self.ws.recv()  # engine.io open packet
        await self.ws.send(f"40{self.NSP},")
        await self.ws.recv()  # the namespace is joined: events count from now
        self.reader = asyncio.create_task(self.read())
        await self.emit(
            "sync", self.match, str(self.index), None, self.slot.seats_count
        )

    @property
    def match(self) -> str:
        return f"m{self.slot.key}"

    async def emit(self, *args: Any) -> None:
        await self.ws.send(f"42{self.NSP}," + json.dumps(args))

    async def on_frame(self, raw: str | bytes) -> None:
        text = raw if isinstance(raw, str) else raw.decode()
        if text == "2":  # engine.io ping
            await self.ws.send("3")
            return
        prefix = f"42{self.NSP},"
        if not text.startswith(prefix):
            return
        event = json.loads(text[len(prefix) :])
        name = event[0]
        if name == "sync":
            state = event[2]["state"]
        elif name == "update":
            state = event[2]
        else:
            return
        self.rec.size(name, raw)
        version = int(state["_stateID"])
        mine = state["ctx"]["currentPlayer"] == str(self.index)
        hand = state["G"]["players"].get(str(self.index), {}).get("hand", [])
        if self.outstanding is not None and version > self.acted_at:
            self.got_ack(self.outstanding, version)
        self.got_view(version, hand if mine else [], False)

    async def send_action(self, ref: int) -> None:
        card = self.slot.rng.choice(self.legal)
        action = {
            "type": "MAKE_MOVE",
            "payload": {"type": "play", "args": [card], "playerID": str(self.index)},
        }
        await self.emit("update", action, self.version, self.match, str(self.index))


class LeanSeat(OurSeat):
    """The floor (`bench/load_lean.py`): Ludoteca's envelope, the seat in the
    path instead of a session."""

    def address(self) -> tuple[str, dict[str, str]]:
        port, key = self.slot.run.port, self.slot.key
        return f"ws://127.0.0.1:{port}/ws/play/{key}/{self.index}/", {}


SEAT_KINDS: dict[str, type[Seat]] = {
    "ours": OurSeat,
    "lean": LeanSeat,
    "lean-endless": LeanSeat,
    "lean-owned": LeanSeat,
    "echo": EchoSeat,
    "peer": PeerSeat,
}


class Slot:
    """A table's place in the run: its seats, and a fresh table when one ends."""

    def __init__(self, run: Run, number: int, key: Any) -> None:
        self.run, self.number, self.key = run, number, key
        self.rec = run.rec
        self.saturated = run.shape == "saturated"
        self.seats_count = run.seats
        self.rng = random.Random(number)
        self.running = True
        self.rotating = False
        self.seats: list[Seat] = []
        self.last = -1

    async def open(self, first: int = 0) -> None:
        """Open the seats from `first` on (the idle probe opens seat 0 alone)."""
        kind = SEAT_KINDS[self.run.target]
        if first == 0:
            self.seats = [kind(self, i) for i in range(self.seats_count)]
        for seat in self.seats[first:]:
            await seat.open()
            if self.run.target == "peer" and seat.index == 0:
                # The first sync creates the match; the others join it.
                await asyncio.wait_for(seat.ready.wait(), 30)
        await asyncio.wait_for(
            asyncio.gather(*(s.ready.wait() for s in self.seats[first:])), 60
        )

    def finished(self) -> None:
        if not self.rotating and self.running:
            self.rotating = True
            self.run.spawn(self.rotate())

    async def rotate(self) -> None:
        """The match ended: the same players sit down at the next table, once
        each has seen the end (else the last update, on its way to a seat
        closed early, would count as missing)."""
        until = time.perf_counter() + 2.0
        while not all(s.finished for s in self.seats) and time.perf_counter() < until:
            await asyncio.sleep(0.005)
        for seat in self.seats:
            await seat.close()
        if not self.run.spare:
            self.running = False
            self.rec.errors["out of spare tables"] += 1
            return
        self.key = self.run.spare.pop()
        self.run.used.append(self.key)
        self.rec.counts["tables replaced"] += 1
        try:
            await self.open()
        except Exception as error:
            self.running = False
            self.rec.errors[f"reopen: {type(error).__name__}"] += 1
            return
        self.rotating = False
        if self.saturated:
            await self.kick()

    async def kick(self) -> None:
        for seat in self.seats:
            if seat.can_act():
                await seat.act()

    async def pace(self, until: float) -> None:
        """Paced: one action per table every PACE seconds, seats in turn."""
        tick = time.perf_counter() + self.rng.random() * PACE
        while tick < until and self.running:
            await asyncio.sleep(max(0.0, tick - time.perf_counter()))
            end = tick + PACE
            while time.perf_counter() < end and self.running:
                ready = [s for s in self.seats if s.can_act() and not self.rotating]
                if ready:
                    start = (self.last + 1) % self.seats_count
                    ready.sort(key=lambda s: (s.index - start) % self.seats_count)
                    self.last = ready[0].index
                    await ready[0].act()
                    break
                await asyncio.sleep(0.005)
            tick = end


@dataclass
class Run:
    target: str  # ours | echo | peer | lean | lean-endless | lean-owned
    game: str
    tables: int
    shape: str  # paced | saturated
    port: int
    cookies: list[str]
    keys: list[Any]
    spare: list[Any]
    seconds: float
    rec: Recorder = field(default_factory=Recorder)
    used: list[Any] = field(default_factory=list)  # spare tables sat at
    tasks: set[asyncio.Task[Any]] = field(default_factory=set)

    @property
    def seats(self) -> int:
        return SEATS[self.game]

    def spawn(self, coro: Any) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


async def drive(run: Run, on_connected: Any = None) -> dict[str, Any]:
    """Connect every seat, play for `run.seconds`, then compute the figures."""
    slots = [Slot(run, n, key) for n, key in enumerate(run.keys)]
    begin = time.perf_counter()
    # Open the tables a few at a time (a burst of thousands of handshakes
    # would time out on two cores); the first seat of each first, so the
    # memory of a table and of a socket can be told apart.
    sem = asyncio.Semaphore(20)

    async def open_slot(slot: Slot) -> None:
        async with sem:
            try:
                await slot.open()
            except Exception as error:  # counted, the run goes on without it
                slot.running = False
                run.rec.errors[f"connect: {type(error).__name__}"] += 1

    async def open_first(slot: Slot) -> None:
        async with sem:
            kind = SEAT_KINDS[run.target]
            slot.seats = [kind(slot, i) for i in range(slot.seats_count)]
            await slot.seats[0].open()
            await asyncio.wait_for(slot.seats[0].ready.wait(), 60)

    async def open_rest(slot: Slot) -> None:
        async with sem:
            await slot.open(first=1)

    if run.shape == "idle":
        # Memory: one socket per table first, then the other seats.
        await asyncio.gather(*(open_first(s) for s in slots))
        await asyncio.sleep(1.0)
        if on_connected is not None:
            on_connected("one")
        await asyncio.gather(*(open_rest(s) for s in slots))
        await asyncio.sleep(1.0)
        if on_connected is not None:
            on_connected("all")
        await asyncio.gather(*(seat.close() for slot in slots for seat in slot.seats))
        return figures(run, 1.0, time.perf_counter() - begin)
    await asyncio.gather(*(open_slot(s) for s in slots))
    connect_s = time.perf_counter() - begin
    if on_connected is not None:
        on_connected("all")
    await asyncio.sleep(1.0)  # let presence notices settle
    if on_connected is not None:
        on_connected("start")
    run.rec.measuring = True
    start = time.perf_counter()
    until = start + run.seconds
    if run.shape == "paced":
        for slot in slots:
            run.spawn(slot.pace(until))
    else:
        for slot in slots:
            run.spawn(slot.kick())
    while time.perf_counter() < until and run.rec.acked < run.rec.cap:
        await asyncio.sleep(0.1)
    for slot in slots:
        slot.running = False
    elapsed = time.perf_counter() - start
    if on_connected is not None:
        on_connected("end")
    run.rec.measuring = False
    await asyncio.sleep(1.5)  # the last updates arrive
    for task in list(run.tasks):
        task.cancel()
    await asyncio.gather(*run.tasks, return_exceptions=True)
    await asyncio.gather(*(seat.close() for slot in slots for seat in slot.seats))
    return figures(run, elapsed, connect_s)


def percentile(ordered: list[float], q: float) -> float:
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def figures(run: Run, elapsed: float, connect_s: float) -> dict[str, Any]:
    rec = run.rec
    others: list[float] = []
    missing = 0
    for (key, version), (sender, sent) in rec.produced.items():
        for seat in range(run.seats):
            if seat == sender:
                continue
            frames = rec.seen.get((key, seat), [])
            at = bisect.bisect_left(frames, (version, -1.0))
            if at == len(frames):
                missing += 1
            else:
                others.append((frames[at][1] - sent) * 1000)
    ack = sorted(rec.ack_ms)
    others.sort()
    mean_size = {k: rec.sizes[k] / rec.counts[k] for k in rec.sizes if rec.counts[k]}
    return {
        "actions_s": rec.acked / elapsed,
        "acked": rec.acked,
        "ack": (percentile(ack, 0.5), percentile(ack, 0.99), ack[-1] if ack else 0),
        "other": (
            percentile(others, 0.5),
            percentile(others, 0.99),
            others[-1] if others else 0,
        ),
        "deliveries": len(others),
        "missing": missing,
        "refused": dict(rec.refused),
        "errors": dict(rec.errors),
        "sizes": mean_size,
        "replaced": rec.counts["tables replaced"],
        "connect_s": connect_s,
        "elapsed": elapsed,
    }


# -- the servers ----------------------------------------------------------------


class Ours:
    """`ludoteca serve` x N (SQLite for one, PostgreSQL + Redis for more),
    nginx in front when N > 1 or when asked."""

    def __init__(
        self,
        work: Path,
        processes: int,
        postgres: bool,
        callgrind: bool = False,
        quota: float = 0.0,
    ) -> None:
        self.work, self.processes = work, processes
        self.callgrind = callgrind
        self.quota = quota  # % of one core per server process (0: none)
        self.cgroups: list[Path] = []
        self.postgres = postgres or processes > 1
        self.procs: list[subprocess.Popen[bytes]] = []
        self.ports: list[int] = []
        self.nginx: subprocess.Popen[bytes] | None = None
        var = work / ("pg" if self.postgres else "sqlite")
        var.mkdir(exist_ok=True)
        self.env = {
            **os.environ,
            "LUDOTECA_VAR": str(var),
            "DJANGO_SETTINGS_MODULE": "ludoteca.web.settings.prod",
            "SECRET_KEY": "bench-only-secret-key-" + "x" * 40,
            "HTTPS": "false",
            "DEBUG": "false",
            "LUDOTECA_FRAME_RATE": "1000000",
            "LUDOTECA_BOT_EXECUTOR": "thread",
            "PYTHONPATH": str(ROOT),
        }
        if self.postgres:
            self.env["DATABASE_URL"] = PG_ADMIN.rsplit("/", 1)[0] + "/ludoteca_load"
            self.env["REDIS_URL"] = REDIS

    def migrate(self) -> None:
        if self.postgres:
            import psycopg

            admin = PG_ADMIN.replace("postgres://", "postgresql://")
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute('DROP DATABASE IF EXISTS "ludoteca_load" WITH (FORCE)')
                conn.execute('CREATE DATABASE "ludoteca_load"')
        subprocess.run(
            [PY, "-m", "ludoteca.cli", "migrate", "--verbosity", "0"],
            env=self.env,
            cwd=ROOT,
            check=True,
        )

    def make_tables(self, game: str, count: int) -> dict[str, Any]:
        out = subprocess.run(
            [
                PY,
                str(ROOT / "bench" / "load_tables.py"),
                game,
                str(SEATS[game]),
                str(count),
            ],
            env=self.env,
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
        return dict(json.loads(out.stdout.strip().splitlines()[-1]))

    def finish_tables(self, ids: list[int]) -> None:
        subprocess.run(
            [PY, str(ROOT / "bench" / "load_tables.py"), "finish"],
            input=" ".join(map(str, ids)),
            env=self.env,
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )

    def start(self) -> int:
        ports = self.ports = [free_port() for _ in range(self.processes)]
        for port in ports:
            log = open(self.work / f"server-{port}.log", "ab")  # noqa: SIM115
            self.procs.append(
                subprocess.Popen(
                    [
                        *(self.valgrind(port) if self.callgrind else []),
                        PY,
                        "-m",
                        "ludoteca.cli",
                        "serve",
                        "--port",
                        str(port),
                        "--log-level",
                        "warning",
                    ],
                    env=self.env,
                    cwd=ROOT,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
        for port in ports:
            self.wait_served(port)
        if self.quota:
            for proc, port in zip(self.procs, ports, strict=True):
                self.cgroups.append(cpu_quota(proc.pid, port, self.quota))
        if self.processes == 1 and not self.postgres:
            return ports[0]
        return self.start_nginx(ports)

    def valgrind(self, port: int) -> list[str]:
        return [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={self.work}/callgrind-{port}.out",
            "--dump-line=no",
            # One dump per thread (read them with callgrind_annotate); the
            # figures printed then count the first thread's only.
            *(["--separate-threads=yes"] if os.environ.get("LOAD_THREADS") else []),
        ]

    def instructions(self, stage: str) -> int:
        """Under callgrind: zero the counts at "start"; at "end" dump them and
        return the instructions the server processes ran since, all of them
        together (0 otherwise)."""
        if not self.callgrind:
            return 0
        total = 0
        for proc, port in zip(self.procs, self.ports, strict=True):
            pid = str(proc.pid)
            if stage == "start":
                subprocess.run(["callgrind_control", "-z", pid], capture_output=True)
                continue
            subprocess.run(["callgrind_control", "-d", pid], capture_output=True)
            total += self._last_dump(port)
        return total

    def _last_dump(self, port: int) -> int:
        """The instructions in one process's newest dump (under LOAD_THREADS,
        the files of that dump's threads together)."""
        dumps = sorted(self.work.glob(f"callgrind-{port}.out.*"), key=os.path.getmtime)
        if not dumps:
            return 0
        # One file a dump, or (LOAD_THREADS) one a thread: "out.N-TT".
        last = dumps[-1].name.split("-")[:-1] if "-" in dumps[-1].suffix else None
        found = [d for d in dumps if last and d.name.split("-")[:-1] == last]
        total = 0
        for dump in found or dumps[-1:]:
            for line in dump.read_text().splitlines():
                if line.startswith(("totals:", "summary:")):
                    total += int(line.split()[1])
                    break
        return total

    def start_nginx(self, ports: list[int]) -> int:
        port = free_port()
        conf = self.work / "nginx"
        conf.mkdir(exist_ok=True)
        os.chmod(conf, 0o777)
        upstream = "\n".join(f"    server 127.0.0.1:{p};" for p in ports)
        (conf / "nginx.conf").write_text(
            f"""
worker_processes 1;
daemon off;
pid {conf}/nginx.pid;
error_log {conf}/error.log warn;
events {{ worker_connections 8192; }}
http {{
  access_log off;
  client_body_temp_path {conf}/body;
  proxy_temp_path {conf}/proxy;
  fastcgi_temp_path {conf}/fastcgi;
  uwsgi_temp_path {conf}/uwsgi;
  scgi_temp_path {conf}/scgi;
  # As deploy/nginx/ludoteca.conf: a table's sockets go to its owner.
  map $uri $table_id {{
    ~^/ws/(play|watch)/(?<id>[0-9]+)/  $id;
    default                            "";
  }}
  upstream ludoteca {{
{upstream}
  }}
  upstream ludoteca_tables {{
    hash $table_id consistent;
{upstream}
  }}
  server {{
    listen 127.0.0.1:{port};
    location /ws/ {{
      proxy_pass http://ludoteca_tables;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_set_header Host $http_host;
      proxy_read_timeout 3600s;
      proxy_buffering off;
    }}
    location / {{
      proxy_pass http://ludoteca;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";
      proxy_set_header Host $http_host;
      proxy_read_timeout 3600s;
      proxy_buffering off;
    }}
  }}
}}
"""
        )
        self.nginx = subprocess.Popen(
            ["/usr/sbin/nginx", "-p", str(conf), "-c", str(conf / "nginx.conf")],
            stdout=subprocess.DEVNULL,
            stderr=open(conf / "stderr.log", "ab"),  # noqa: SIM115
        )
        # Through nginx a page is served by one of the servers: as slow as
        # they are under callgrind.
        self.wait_served(port)
        return port

    def wait_served(self, port: int) -> None:
        """Wait until the page at `port` is served. Under callgrind the
        first page takes many seconds: a try cut short would be asked again,
        and again, on top of it."""
        if self.callgrind:
            wait_http(f"http://127.0.0.1:{port}/", 1800, 120)
        else:
            wait_http(f"http://127.0.0.1:{port}/", 60, 2)

    def pids(self) -> list[int]:
        found = [pid for p in self.procs for pid in children(p.pid)]
        if self.nginx is not None:
            found += children(self.nginx.pid)
        return found

    def server_pids(self) -> list[int]:
        return [pid for p in self.procs for pid in children(p.pid)]

    def stop(self) -> None:
        if self.nginx is not None:
            stop(self.nginx)
            self.nginx = None
        for proc in self.procs:
            stop(proc)
        self.procs = []
        for group in self.cgroups:
            with contextlib.suppress(OSError):
                group.rmdir()
        self.cgroups = []


CGROUP_CPU = Path("/sys/fs/cgroup/cpu")  # cgroup v1's cpu controller


def cpu_quota(pid: int, port: int, percent: float) -> Path:
    """Hold the process (its threads included) to `percent` of one core: a
    cgroup of its own with a CFS quota. Needs a writable cgroup v1 cpu
    controller (root in a container); cgroup v2's cpu.max is the same idea."""
    group = CGROUP_CPU / f"ludoteca-bench-{port}"
    group.mkdir(exist_ok=True)
    period = 100_000
    (group / "cpu.cfs_period_us").write_text(str(period))
    (group / "cpu.cfs_quota_us").write_text(str(int(period * percent / 100)))
    (group / "cgroup.procs").write_text(str(pid))  # every thread, and later ones
    return group


# --pin: (the clients' cores, the servers' cores); empty: the kernel places them
PINNED: list[set[int]] = []


def pin(pids: list[int], cores: set[int]) -> None:
    """Every thread of these processes on `cores` (threads made later follow)."""
    for pid in pids:
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{pid}/task"):
                with contextlib.suppress(OSError):
                    os.sched_setaffinity(int(task), cores)


class Anchor:
    """The echo relay, the boardgame.io peer or the floor (`--lean`), one process."""

    def __init__(
        self, work: Path, kind: str, update_bytes: int = 1500, game: str = ""
    ) -> None:
        self.work, self.kind, self.update_bytes = work, kind, update_bytes
        self.game = game
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> int:
        port = free_port()
        log = self.work / f"{self.kind}-{port}.log"
        if self.kind == "peer":
            self.proc = load_peer.start(port, log)
        else:
            script, *args = {
                "echo": ["load_echo.py", "--update-bytes", str(self.update_bytes)],
                "lean": [
                    "load_lean.py",
                    "--db",
                    str(self.work / f"lean-{port}.sqlite3"),
                    "--game",
                    self.game,
                ],
            }[self.kind.split("-")[0]]
            if self.kind == "lean-endless":
                args.append("--endless")
            if self.kind == "lean-owned":
                args.append("--owned")
            self.proc = subprocess.Popen(
                [PY, str(ROOT / "bench" / script), "--port", str(port), *args],
                stdout=open(log, "ab"),  # noqa: SIM115
                stderr=subprocess.STDOUT,
            )
        wait_port(port)
        return port

    def pids(self) -> list[int]:
        return [] if self.proc is None else children(self.proc.pid)

    server_pids = pids

    def stop(self) -> None:
        if self.proc is not None:
            stop(self.proc)
            self.proc = None


# -- one measured run ------------------------------------------------------------


# LOAD_PROFILE=DIR in the environment: each server process sampled by py-spy
# while the actions are measured (raw collapsed stacks, one file a process:
# `py-spy`'s own flame-graph tools or a grep read them).
PROFILE = os.environ.get("LOAD_PROFILE", "")


def profile(target: str, pids: list[int], seconds: float) -> None:
    spy = str(Path(sys.executable).parent / "py-spy")
    Path(PROFILE).mkdir(parents=True, exist_ok=True)
    for pid in pids:
        out = Path(PROFILE) / f"{target}-{pid}.txt"
        during = str(max(1, int(seconds) - 1))
        sampling = ["-d", during, "-r", "200", "-f", "raw", "--nonblocking"]
        subprocess.Popen(
            [spy, "record", "-p", str(pid), *sampling, "-o", str(out)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )


def measure(
    server: Ours | Anchor,
    target: str,
    game: str,
    tables: int,
    shape: str,
    seconds: float,
    cap: int,
) -> dict[str, Any]:
    cookies: list[str] = []
    spare: list[Any] = []
    if isinstance(server, Ours):
        mean = MEAN_MOVES[game]
        expected = cap if shape == "saturated" else int(tables * seconds / PACE)
        extra = min(2000, int(1.5 * expected / mean) + 2)
        made = server.make_tables(game, tables + extra)
        keys, spare, cookies = (
            made["tables"][:tables],
            made["tables"][tables:],
            made["cookies"],
        )
    else:
        keys = list(range(1, tables + 1))
        if target.startswith("lean"):  # a finished match: the next key's one
            spare = list(range(tables + 1, tables + 2001))[::-1]
    try:
        port = server.start()
        if PINNED:  # every thread of the servers on the cores the clients leave
            pin(server.pids(), PINNED[1])
    except BaseException:
        server.stop()  # the processes it did start, nginx too
        raise
    memory: dict[str, float] = {}
    run = Run(target, game, tables, shape, port, cookies, keys, spare, seconds)
    run.rec.cap = cap
    try:
        pids = server.server_pids()
        rss_before = sum(rss_bytes(p) for p in pids)

        cpu_at: dict[str, tuple[float, float]] = {}
        own_cpu: dict[str, float] = {}
        loop_cpu: dict[str, float] = {}
        instructions: dict[str, int] = {}
        publishes: dict[str, int] = {}

        def connected(stage: str) -> None:
            if stage == "start" and PROFILE:
                profile(target, server.server_pids(), seconds)
            # CPU counts only while the actions are measured.
            if isinstance(server, Ours) and stage in ("start", "end"):
                instructions[stage] = server.instructions(stage)
                if server.postgres:
                    publishes[stage] = redis_publishes()
            if stage in ("start", "end"):
                used = sum(cpu_seconds(p) for p in server.pids())
                cpu_at[stage] = (used, time.perf_counter())
                # The server processes alone (nginx is in `pids` above).
                own_cpu[stage] = sum(cpu_seconds(p) for p in server.server_pids())
                loop_cpu[stage] = sum(loop_cpu_seconds(p) for p in server.server_pids())
            else:
                memory[stage] = sum(rss_bytes(p) for p in server.server_pids())

        idle_per_s = 0.0
        if isinstance(server, Ours) and server.callgrind:
            # What the server runs with nothing to do (its sweeper, the
            # checkpoint thread, the outbox): counted in the run's window
            # too, and taken out of the figure per action below.
            server.instructions("start")
            started = time.perf_counter()
            time.sleep(min(seconds, 10.0))
            idle_per_s = server.instructions("end") / (time.perf_counter() - started)
        result = asyncio.run(drive(run, connected))
        begin, end = cpu_at.get("start", (0.0, 0.0)), cpu_at.get("end", (0.0, 1.0))
        cpu, wall = end[0] - begin[0], max(1e-9, end[1] - begin[1])
        rss_after = sum(rss_bytes(p) for p in server.server_pids())
    finally:
        server.stop()
        if isinstance(server, Ours):
            server.finish_tables([*keys, *spare, *run.used])
    result.update(
        target=target,
        game=game,
        tables=tables,
        shape=shape,
        cpu_pct=100 * cpu / wall,
        cpu_ms_action=1000 * cpu / max(1, result["acked"]),
        cpu_ms_action_servers=1000
        * (own_cpu.get("end", 0.0) - own_cpu.get("start", 0.0))
        / max(1, result["acked"]),
        cpu_ms_action_loop=1000
        * (loop_cpu.get("end", 0.0) - loop_cpu.get("start", 0.0))
        / max(1, result["acked"]),
        rss_mb=rss_after / 2**20,
        rss_table_kb=(memory.get("all", rss_before) - rss_before) / 1024 / tables,
        rss_before=rss_before,
    )
    if "end" in publishes:
        sent = publishes["end"] - publishes.get("start", 0)
        result["redis_per_action"] = sent / max(1, result["acked"])
    if instructions.get("end"):
        acked = max(1, result["acked"])
        result["minstr_action"] = instructions["end"] / 1e6 / acked
        busy = max(0.0, instructions["end"] - idle_per_s * wall)
        result["minstr_action_net"] = busy / 1e6 / acked
        result["minstr_idle_s"] = idle_per_s / 1e6
    if "one" in memory:
        seats = SEATS[game]
        per_socket = (memory["all"] - memory["one"]) / (tables * (seats - 1))
        result["socket_kb"] = per_socket / 1024
        result["idle_table_kb"] = (
            (memory["one"] - rss_before) / tables - per_socket
        ) / 1024
    return result


def redis_publishes() -> int:
    """PUBLISH commands Redis has run (every message between the servers:
    takes of tables, pages' changes, lobby events)."""
    import redis

    stats = redis.from_url(REDIS).info("commandstats")
    return int(stats.get("cmdstat_publish", {}).get("calls", 0))


# -- printing ---------------------------------------------------------------------


def fmt3(t: tuple[float, float, float]) -> str:
    return f"{t[0]:6.1f} {t[1]:7.1f} {t[2]:7.0f}"


def ratio(a: float, b: float) -> str:
    if not b or b != b or a != a:
        return "   -"
    return f"{a / b:5.2f}"


HEAD = (
    f"{'config':34} {'server':10} {'act/s':>7} | {'ack p50':>6} {'p99':>7} {'max':>7} |"
    f" {'oth p50':>6} {'p99':>7} {'max':>7} | {'CPU%':>5} {'ms/act':>6} {'RSS MB':>6}"
    f" {'kB/tbl':>6} | problems"
)


def row(label: str, r: dict[str, Any]) -> str:
    problems = {**r["errors"], **{f"refused {k}": v for k, v in r["refused"].items()}}
    if r["missing"]:
        problems["updates missing"] = r["missing"]
    text = ", ".join(f"{k}: {v}" for k, v in sorted(problems.items())) or "-"
    if "redis_per_action" in r:
        text += f"; Redis messages/act {r['redis_per_action']:.4f}"
        # Behind nginx, ms/act counts nginx too: the server processes alone.
        text += f"; servers' ms/act {r['cpu_ms_action_servers']:.2f}"
    return (
        f"{label:34} {r['target']:10} {r['actions_s']:7.0f} | {fmt3(r['ack'])} |"
        f" {fmt3(r['other'])} | {r['cpu_pct']:5.0f} {r['cpu_ms_action']:6.2f}"
        f" {r['rss_mb']:6.0f} {r['rss_table_kb']:6.0f} | {text}"
    )


def ratios(ours: dict[str, Any], other: dict[str, Any] | None, name: str) -> str:
    if other is None:
        return ""
    return (
        f"ours/{name}: act/s {ratio(ours['actions_s'], other['actions_s'])},"
        f" ack p99 {ratio(ours['ack'][1], other['ack'][1])},"
        f" others p99 {ratio(ours['other'][1], other['other'][1])},"
        f" CPU ms/act {ratio(ours['cpu_ms_action'], other['cpu_ms_action'])}"
    )


# -- the matrix ---------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    game: str
    tables: int
    shape: str
    processes: int = 1
    postgres: bool = False
    anchors: bool = True
    ws: str = ""  # uvicorn's websocket implementation ("": the server's default)

    @property
    def label(self) -> str:
        where = (
            "1 proc SQLite" if not self.postgres else f"{self.processes} proc PG+Redis"
        )
        ws = f" {self.ws}" if self.ws else ""
        size = f"{self.tables}x{SEATS[self.game]}"
        return f"{self.game} {size} {self.shape[:3]} {where}{ws}"


def matrix(args: argparse.Namespace) -> list[Case]:
    shapes = args.shape.split(",")
    if args.quick:
        return [Case("catinthebox", 10, s) for s in shapes] + [
            Case("catinthebox", 10, "saturated", 2, True, False)
        ]
    cases = []
    tables = [int(t) for t in args.tables.split(",") if t]  # "": none
    for game in args.only.split(","):
        sizes = tables if game == "catinthebox" else [t for t in tables if t <= 50]
        for n in sizes:
            cases += [Case(game, n, s) for s in shapes]
    if "catinthebox" in args.only and args.idle:
        cases.append(Case("catinthebox", args.idle, "idle"))
    if "catinthebox" in args.only and args.processes:
        for procs in [int(p) for p in args.processes.split(",")]:
            # --per-process: each process gets --multi-tables of its own, so
            # every process carries the same load whatever their number.
            size = args.multi_tables * (procs if args.per_process else 1)
            cases += [Case("catinthebox", size, s, procs, True, False) for s in shapes]
    if args.ws:
        # Each configuration once per websocket implementation, side by side;
        # the anchors run after the last one.
        impls = args.ws.split(",")
        cases = [
            replace(c, ws=ws, anchors=c.anchors and ws == impls[-1])
            for c in cases
            for ws in impls
        ]
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="catinthebox,agentavenue,piles")
    parser.add_argument("--tables", default="1,50,200,500")
    parser.add_argument("--shape", default="paced,saturated")
    parser.add_argument("--processes", default="1,2,4", help="PostgreSQL + Redis")
    parser.add_argument("--multi-tables", type=int, default=200)
    parser.add_argument(
        "--per-process",
        action="store_true",
        help="--multi-tables is each process's share (N processes: N times as many)",
    )
    parser.add_argument("--idle", type=int, default=500, help="tables, memory probe")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--cap",
        type=int,
        default=100_000,
        help="actions per run (the default holds every server for the whole window)",
    )
    parser.add_argument("--no-peer", action="store_true")
    parser.add_argument(
        "--lean",
        action="store_true",
        help="also run the floor, bench/load_lean.py: the protocol's own work"
        " (apply, durable batches, each seat's frame) and nothing else; Cat in"
        " the Box only",
    )
    parser.add_argument(
        "--lean-endless",
        action="store_true",
        help="also run the floor dealing again at the same table when a match"
        " ends (no sockets closed and opened between matches, as at the peer)",
    )
    parser.add_argument(
        "--lean-owned",
        action="store_true",
        help="also run the floor with the per-action work the issue asks of an"
        " owned table besides the protocol's: the table's UPDATE checking its"
        " owner epoch in every batch, and real-time clocks running (charged,"
        " the deadline's timer held, the seats' clocks written and shown)",
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="the bench's clients on core 0, every server thread on the others",
    )
    parser.add_argument(
        "--quota",
        type=float,
        default=0.0,
        help="%% of one core each server process may use (a cgroup CPU quota)",
    )
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--ws",
        default="",
        help="uvicorn websocket implementations to run our server with, side by"
        " side (e.g. websockets,websockets-sansio; default: the server's own)",
    )
    parser.add_argument("--json", default="", help="also write the figures here")
    parser.add_argument(
        "--callgrind",
        action="store_true",
        help="run our servers under valgrind's callgrind (each process, no anchors)"
        " and print the instructions per action: a figure that does not depend"
        " on how busy the machine is",
    )
    parser.add_argument(
        "--keep-work",
        action="store_true",
        help="keep the work folder (servers' logs; under --callgrind the dumps,"
        " the first of which is the idle window, for callgrind_annotate; with"
        " LOAD_THREADS=1 in the environment, one dump per thread)",
    )
    args = parser.parse_args()
    # Under callgrind a longer window holds several matches' ends (their
    # results, the next table's handshakes) at their natural rate.
    seconds = min(600.0 if args.callgrind else 60.0, args.seconds)
    if args.quick:
        seconds = min(seconds, 5.0)
    cap = min(100_000, args.cap)

    work = Path(tempfile.mkdtemp(prefix="ludoteca-load-"))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    if not args.no_peer:
        load_peer.ensure_installed()
    cases = matrix(args)
    results: list[
        tuple[Case, dict[str, Any], dict[str, Any] | None, dict[str, Any] | None]
    ] = []
    migrated: set[bool] = set()
    leans: dict[tuple[str, str], dict[str, Any]] = {}
    if args.pin:
        cores = sorted(os.sched_getaffinity(0))
        PINNED[:] = [{cores[0]}, set(cores[1:])]
        pin([os.getpid()], PINNED[0])
    print(f"work folder {work}; {len(cases)} configurations", file=sys.stderr)
    if args.callgrind:
        # Every server process under callgrind, their counts summed.
        cases = [replace(c, anchors=False) for c in cases]
    for case in cases:
        ours = Ours(work, case.processes, case.postgres, args.callgrind, args.quota)
        if case.ws:
            ours.env["LUDOTECA_WS"] = case.ws
        if ours.postgres not in migrated:
            ours.migrate()
            migrated.add(ours.postgres)
        r = measure(ours, "ours", case.game, case.tables, case.shape, seconds, cap)
        print(row(case.label, r), file=sys.stderr)
        if "minstr_action" in r:
            print(
                f"{case.label}: {r['minstr_action']:.2f} million instructions"
                f" per applied action ({r['acked']} actions, callgrind;"
                f" {r.get('replaced', 0)} matches ended and replaced in them);"
                f" {r['minstr_action_net']:.2f} million without the server's idle"
                f" work ({r['minstr_idle_s']:.2f} million a second, measured"
                " before the clients came)"
            )
        echo = peer = None
        if case.anchors:
            update = int(r["sizes"].get("update", 1500))
            echo = measure(
                Anchor(work, "echo", update),
                "echo",
                case.game,
                case.tables,
                case.shape,
                seconds,
                cap,
            )
            print(row(case.label, echo), file=sys.stderr)
            if not args.no_peer:
                peer = measure(
                    Anchor(work, "peer"),
                    "peer",
                    case.game,
                    case.tables,
                    case.shape,
                    seconds,
                    cap,
                )
                print(row(case.label, peer), file=sys.stderr)
            wanted = {
                "lean": args.lean,
                "lean-endless": args.lean_endless,
                "lean-owned": args.lean_owned,
            }
            for kind in KINDS:
                if not wanted[kind] or case.game != "catinthebox":
                    continue
                leans[case.label, kind] = measure(
                    Anchor(work, kind, game=case.game),
                    kind,
                    case.game,
                    case.tables,
                    case.shape,
                    seconds,
                    cap,
                )
                print(row(case.label, leans[case.label, kind]), file=sys.stderr)
        results.append((case, r, echo, peer))
    report(results, seconds)
    floor(results, leans)
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                [
                    {
                        "case": c.label,
                        "ours": r,
                        "echo": e,
                        "peer": p,
                        "lean": leans.get((c.label, "lean")),
                        "lean_endless": leans.get((c.label, "lean-endless")),
                        "lean_owned": leans.get((c.label, "lean-owned")),
                    }
                    for c, r, e, p in results
                ],
                indent=1,
                default=str,
            )
        )
    if args.keep_work:
        print(f"kept {work} (the servers' logs, callgrind's dumps)", file=sys.stderr)
    else:
        shutil.rmtree(work, ignore_errors=True)


KINDS = ("lean", "lean-endless", "lean-owned")


def floor(results: list[Any], leans: dict[tuple[str, str], dict[str, Any]]) -> None:
    """The floor beside the others: what the protocol's own work costs, and
    how far ours and the peer are from it."""
    if not leans:
        return
    print("\nThe floor (bench/load_lean.py: the protocol's own work and nothing else)")
    for case, ours, echo, peer in results:
        threads = [
            f"{r['target']} {r['cpu_ms_action_loop']:.3f} of"
            f" {r['cpu_ms_action_servers']:.3f}"
            for r in (ours, echo, peer, *(leans.get((case.label, k)) for k in KINDS))
            if r is not None
        ]
        print(f"- {case.label}, the first thread's CPU ms/act: " + "; ".join(threads))
        for kind in KINDS:
            lean = leans.get((case.label, kind))
            if lean is None:
                continue
            line = (
                f"- {case.label}, {kind}: {lean['actions_s']:.0f} actions/s,"
                f" {lean['cpu_ms_action']:.3f} CPU ms/act; ours/{kind}"
                f" {ratio(ours['cpu_ms_action'], lean['cpu_ms_action'])}"
            )
            for other, name in ((echo, "echo"), (peer, "peer")):
                if other is not None:
                    line += (
                        f"; {kind}/{name} CPU ms/act"
                        f" {ratio(lean['cpu_ms_action'], other['cpu_ms_action'])},"
                        f" act/s {ratio(lean['actions_s'], other['actions_s'])}"
                    )
            print(line)


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def targets(results: list[Any], single: dict[tuple[str, int, str], Any]) -> None:
    """The issue's targets, checked on this run's figures."""
    print("\nTargets")
    for case, ours, echo, peer in results:
        if case.game != "catinthebox" or case.postgres or echo is None:
            continue
        if case.shape == "paced" and case.tables == 200:
            p99, limit = ours["other"][1], 3 * echo["other"][1]
            print(
                f"- paced 200 tables, action -> every seat p99 {p99:.1f} ms:"
                f" <= 3x echo ({limit:.1f} ms) {verdict(p99 <= limit)};"
                f" < 20 ms {verdict(p99 < 20)}"
            )
        if case.shape == "saturated":
            a, e = ours["actions_s"], echo["actions_s"]
            line = (
                f"- saturated {case.tables} tables: {a:.0f} actions/s, >= 50% of echo"
                f" ({e:.0f}) {verdict(a >= 0.5 * e)}"
            )
            if peer is not None:
                pa = peer["actions_s"]
                line += (
                    f"; >= peer ({pa:.0f}) {verdict(a >= pa)}"
                    f"; p99 {ours['other'][1]:.1f} < peer's {peer['other'][1]:.1f} ms"
                    f" {verdict(ours['other'][1] < peer['other'][1])}"
                )
            print(line)
        if case.shape == "idle" and "socket_kb" in ours:
            table, sock = ours["idle_table_kb"], ours["socket_kb"]
            print(
                f"- idle table {table:.1f} kB < 50 kB {verdict(table < 50)};"
                f" socket {sock:.1f} kB < 100 kB {verdict(sock < 100)}"
            )
    for case, ours, _, _ in results:
        base = one_process(single, case)
        if case.processes == 2 and case.shape == "saturated" and base is not None:
            gain = ours["actions_s"] / max(1e-9, base["actions_s"])
            print(f"- a second process: {gain:.2f}x >= 1.6x {verdict(gain >= 1.6)}")


def one_process(
    single: dict[tuple[str, int, str], dict[str, Any]], case: Case
) -> dict[str, Any] | None:
    """The one-process run to compare a case with: the same tables, or
    (--per-process) one process's share of them."""
    same = single.get((case.game, case.tables, case.shape))
    if same is not None:
        return same
    return single.get((case.game, case.tables // case.processes, case.shape))


def report(results: list[Any], seconds: float) -> None:
    load = os.getloadavg()
    print(
        f"\nLoad bench: {seconds:.0f} s per run, paced = a table acts every"
        f" {PACE * 1000:.0f} ms, saturated = every seat acts as soon as it may;"
        f" {os.cpu_count()} cores shared by clients and servers;"
        f" load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}\n"
    )
    print(
        "latencies in ms: ack = send -> own ack; oth = send -> each other seat's update"
    )
    print(HEAD)
    print("-" * len(HEAD))
    single: dict[tuple[str, int, str], dict[str, Any]] = {}
    # With --ws, the anchors ran once per configuration, after its last
    # implementation: every implementation's ratios are against them.
    shared = {replace(c, ws="", anchors=True): (e, p) for c, _, e, p in results if e}
    for case, ours, echo, peer in results:
        print(row(case.label, ours))
        for anchor in (echo, peer):
            if anchor is not None:
                print(row("", anchor))
        if echo is None:
            echo, peer = shared.get(replace(case, ws="", anchors=True), (None, None))
        for anchor, name in ((echo, "echo"), (peer, "peer")):
            line = ratios(ours, anchor, name)
            if line:
                print(f"{'':34} {line}")
        if case.processes == 1 and case.postgres:
            single[(case.game, case.tables, case.shape)] = ours
    for case, ours, echo, peer in results:
        if case.shape == "idle":
            for r in (ours, echo, peer):
                if r is not None and "socket_kb" in r:
                    print(
                        f"memory, {case.label} ({r['target']}): idle table"
                        f" {r['idle_table_kb']:.1f} kB, connected socket"
                        f" {r['socket_kb']:.1f} kB (RSS deltas)"
                    )
    targets(results, single)
    for case, ours, _, _ in results:
        base = one_process(single, case)
        if case.processes > 1 and base is not None:
            print(
                f"{case.label}: {ours['actions_s'] / max(1e-9, base['actions_s']):.2f}x"
                " the actions/s of one process on PostgreSQL + Redis"
            )


if __name__ == "__main__":
    main()
