"""CPU of the whole live-table path in process: sockets, actor, writer; no network.

`bench/load.py` measures the server with real websocket clients, so its CPU per
action carries the transport (uvicorn's framing, one send per frame), and on a
shared 2-core machine its figures move with the load. `bench/hotpath.py`
measures only the change and the frames. This one sits between them: T started
tables of Cat in the Box (or `--game`), each seat's socket the server's own
`live.socket.TableSocket` on an event loop with the server's `live.owners.Owner`
(its actor per table, its writer thread, SQLite with every COMMIT synced), and
an in-process client behind each socket's ASGI `send` that answers every frame
that lets its seat act with a random legal action through the socket's own
`_on_frame`, at most one in flight per seat, as `bench/load.py`'s saturated
shape. A finished match is replaced by a fresh table (its sockets closed, new
ones opened with hello), as there.

Printed: the process's CPU per applied action (every thread), the clients'
share taken out (their code is timed on the loop's thread), the writer's
COMMITs per action, and the matches replaced. CPU time, not wall time, so
the figure moves little with the machine's load; it runs under
``valgrind --tool=callgrind`` too.

    .venv/bin/python bench/actorpath.py [--tables 50] [--actions 4000]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


class Client:
    """One seat's (or a spectator's) end of a socket: it reads every frame
    and, when its seat may act, plays a random legal action."""

    def __init__(self, run: Run, table_id: int, seat: int | None) -> None:
        self.run, self.table_id, self.seat = run, table_id, seat
        self.socket: Any = None
        self.version = -1
        self.legal: list[Any] = []
        self.inflight = False
        self.finished = False

    async def send(self, message: dict[str, Any]) -> None:
        """The socket's ASGI send: the client's reading of a frame."""
        started = time.thread_time()
        try:
            if message["type"] == "websocket.send":
                self.run.frames += 1
                self.run.frame_bytes += len(message["text"])
                self.read(orjson.loads(message["text"]))
        finally:
            self.run.client_s += time.thread_time() - started

    def read(self, frame: dict[str, Any]) -> None:
        kind, data = frame["t"], frame["d"]
        if kind == "ack":  # before the update of its version
            self.inflight = False
            self.run.acked += 1
            return
        if kind == "refused":
            self.inflight = False
            self.run.refused += 1
            return
        if kind not in ("state", "update"):
            return
        self.version = max(self.version, frame["v"])
        if data.get("status") == "finished":
            if not self.finished:
                self.finished = True
                self.run.table_finished(self.table_id)
            return
        self.legal = data.get("legal") or []
        self.act_if_able()

    def act_if_able(self) -> None:
        if self.seat is None or self.inflight or not self.legal:
            return
        if not self.run.started:
            return  # every table opens before any plays
        self.inflight = True
        action = self.run.rng.choice(self.legal)
        text = orjson.dumps({"t": "act", "v": self.version, "d": {"action": action}})
        self.run.spawn(self.act(text.decode()))

    async def act(self, text: str) -> None:
        await self.socket._on_frame(text)


class Run:
    def __init__(self, args: argparse.Namespace, made: dict[str, Any]) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.queue = list(made["tables"])
        self.cookies: list[str] = made["cookies"]
        self.clients: dict[int, list[Client]] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self.acked = self.refused = self.replaced = 0
        self.client_s = 0.0
        self.frames = self.frame_bytes = 0  # every socket's, read by its client
        self.done = asyncio.Event()
        # Tables play only once all are open: while the first ones played,
        # each later opening waited behind their traffic (the in-process
        # clients answer at once, so the loop is never idle) and the run
        # used up its spare tables before the last had opened.
        self.started = False

    def spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def open_table(self, table_id: int) -> None:
        from ludoteca.web.live.socket import TableSocket

        clients = self.clients[table_id] = []
        for seat in [*range(self.args.seats), *[None] * self.args.spectators]:
            client = Client(self, table_id, seat)
            cookie = self.cookies[0 if seat is None else seat]
            kind = "watch" if seat is None else "play"
            scope = {
                "type": "websocket",
                "path": f"/ws/{kind}/{table_id}/",
                "headers": [(b"cookie", cookie.encode())],
                "client": ("127.0.0.1", 40000 + len(clients)),
            }
            socket = TableSocket(
                scope, _never, client.send, table_id, watch=seat is None
            )
            client.socket = socket
            clients.append(client)
            if not await socket._open():
                raise SystemExit(f"table {table_id}: a socket was refused")
            await socket._on_frame('{"t": "hello"}')

    def table_finished(self, table_id: int) -> None:
        if table_id in self.clients:  # the first of its sockets to hear
            self.spawn(self.replace(self.clients.pop(table_id)))

    async def replace(self, clients: list[Client]) -> None:
        for client in clients:
            await client.socket._closed()
            # As a server's connection goes: nothing holds the socket after
            # (the client and its socket's `send` would be a cycle).
            client.socket = None
        self.replaced += 1
        if not self.queue:
            raise SystemExit("out of tables: give --spare more")
        await self.open_table(self.queue.pop(0))


def thread_cpu() -> dict[str, float]:
    """Seconds of CPU of each thread of this process so far, by name (Linux)."""
    import threading

    names = {t.native_id: t.name for t in threading.enumerate()}
    tick = os.sysconf("SC_CLK_TCK")
    out: dict[str, float] = {}
    for task in Path("/proc/self/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        name = names.get(int(task.name), "other")
        name = name.rstrip("0123456789").rstrip("_") or name
        out[name] = out.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / tick
    return out


async def _never() -> dict[str, Any]:
    await asyncio.Event().wait()
    return {}


async def play(args: argparse.Namespace, made: dict[str, Any]) -> dict[str, Any]:
    from ludoteca.web import collector
    from ludoteca.web.live import owners

    clock = collector.start() if collector.wanted() else None
    owner = await owners.get()
    run = Run(args, made)
    for _ in range(args.tables):
        await run.open_table(run.queue.pop(0))
    run.started = True
    for clients in list(run.clients.values()):
        for client in clients:
            client.act_if_able()
    figures: dict[str, Any] = {}
    marks: list[tuple[int, float, float, int, int, int, int, int]] = []
    threads: list[dict[str, float]] = []

    def mark() -> None:
        threads.append(thread_cpu())
        marks.append(
            (
                run.acked,
                time.process_time(),
                run.client_s,
                owner.writer.batches,
                run.replaced,
                run.refused,
                run.frames,
                run.frame_bytes,
            )
        )

    start = run.acked
    while run.acked < start + args.warmup:
        await asyncio.sleep(0.01)
    mark()
    while run.acked < start + args.warmup + args.actions:
        await asyncio.sleep(0.01)
    mark()
    (a0, p0, c0, b0, r0, s0, f0, y0), (a1, p1, c1, b1, r1, s1, f1, y1) = marks
    n = a1 - a0
    figures = {
        "actions": n,
        "cpu_ms": 1000 * (p1 - p0) / n,
        "client_ms": 1000 * (c1 - c0) / n,
        "commits": (b1 - b0) / n,
        "replaced": r1 - r0,
        "refused": s1 - s0,
        "frames": (f1 - f0) / n,
        "frame_bytes": (y1 - y0) / max(1, f1 - f0),
        "threads": {
            name: 1000 * (spent - threads[0].get(name, 0.0)) / n
            for name, spent in sorted(threads[1].items())
        },
    }
    for task in list(run.tasks):
        task.cancel()
    for clients in run.clients.values():
        for client in clients:
            client.socket.closing = True  # no more frames to answer
    await owners.shutdown()
    if clock is not None:
        await collector.stop(clock)
    return figures


def print_cpu(f: dict[str, Any]) -> None:
    """The CPU per action of every thread, the clients' share, by thread,
    and the frames the clients read."""
    own = f["cpu_ms"] - f["client_ms"]
    print(f"  process  {f['cpu_ms']:6.3f} ms CPU per action (every thread)")
    print(f"  clients  {f['client_ms']:6.3f} ms of it (the in-process clients)")
    print(f"  server   {own:6.3f} ms CPU per action without the clients")
    print(
        "  by thread (ms per action, clock ticks): "
        + ", ".join(f"{name} {ms:.3f}" for name, ms in f["threads"].items() if ms)
    )
    print(f"  {f['frames']:.2f} frames per action, {f['frame_bytes']:.0f} B each")
    from ludoteca import native

    print(f"  the hot path {'compiled' if native.active() else 'in Python'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="catinthebox")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--spectators", type=int, default=1, help="per table")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--actions", type=int, default=4000)
    parser.add_argument("--warmup", type=int, default=500)
    parser.add_argument("--spare", type=int, default=0, help="tables to replace")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    os.environ.setdefault("LUDOTECA_FRAME_RATE", "1000000")
    from bench import hotpath, load_tables

    hotpath.setup(Path(tempfile.mkdtemp(prefix="ludoteca-actorpath-")))
    from ludoteca.cli import SWITCH_INTERVAL, quiet_collector

    spare = args.spare or 2 * args.tables + (args.warmup + args.actions) // 30
    made = load_tables.make(args.game, args.seats, args.tables + spare)
    sys.setswitchinterval(SWITCH_INTERVAL)
    quiet_collector()
    import uvloop

    f = uvloop.run(play(args, made))
    print(
        f"{args.game}, {args.tables} tables x {args.seats} seats"
        f" + {args.spectators} spectators,"
        f" {f['actions']} actions (in process, no network):"
    )
    print_cpu(f)
    print(
        f"  {f['commits']:.3f} COMMITs per action, {f['replaced']} matches"
        f" replaced, {f['refused']} actions refused"
    )


if __name__ == "__main__":
    main()
