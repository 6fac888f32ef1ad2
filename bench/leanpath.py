"""The floor in process: `bench/load_lean.py`'s server driven as
`bench/actorpath.py` drives ours, with no network.

`bench/load.py --lean-owned` compares the floor with ours through real
sockets, where the transport (uvicorn's framing, the clients sharing the two
cores) is most of the echo's cost and moves with the machine's load. This
runs the floor's own per-action work (`Lean.on_frame`, its writer thread, its
frames) behind in-process clients that play as actorpath's do: every seat's
frame read (`orjson.loads`), a random legal action sent when its seat may
act, at most one in flight, each sent from a task of its own. The floor's
matches never end here (`--endless`: dealt again at the same table), and
there is no spectator (the floor has none), so compare with
`actorpath.py --spectators 0`, whose matches do end.

Printed as actorpath prints: the CPU per action of every thread, the clients'
share taken out, by thread.

    .venv/bin/python bench/leanpath.py [--tables 50] [--actions 4000] [--owned]
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import actorpath  # noqa: E402


class Client(actorpath.Client):
    """actorpath's client, whose socket is the floor's."""

    def __init__(self, run: Any, match: Any, seat: int) -> None:
        super().__init__(run, match.key, seat)
        self.match = match

    async def act(self, text: str) -> None:
        self.run.lean.on_frame(self.match, self.socket, text)


class Run:
    def __init__(self, lean: Any, seed: int) -> None:
        self.lean = lean
        self.rng = random.Random(seed)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.acked = self.refused = 0
        self.client_s = 0.0
        self.frames = self.frame_bytes = 0  # every socket's, read by its client
        self.started = False

    def spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


async def play(args: argparse.Namespace, lean: Any) -> dict[str, Any]:
    from bench import load_lean
    from ludoteca.web import collector

    clock = collector.start() if collector.wanted() else None
    lean.loop = asyncio.get_running_loop()
    run = Run(lean, args.seed)
    clients: list[Client] = []
    for key in range(1, args.tables + 1):
        match = lean.matches[key] = load_lean.Match(lean.game, key)
        for seat in range(load_lean.SEATS):
            client = Client(run, match, seat)
            client.socket = match.sockets[seat] = load_lean.Socket(client.send, seat)
            clients.append(client)
            lean.on_frame(match, client.socket, '{"t": "hello"}')
    await asyncio.sleep(0.1)
    run.started = True
    for client in clients:
        client.act_if_able()
    marks: list[tuple[int, float, float, dict[str, float], int, int]] = []

    def mark() -> None:
        cpu = actorpath.thread_cpu()
        marks.append(
            (
                run.acked,
                time.process_time(),
                run.client_s,
                cpu,
                run.frames,
                run.frame_bytes,
            )
        )

    while run.acked < args.warmup:
        await asyncio.sleep(0.01)
    mark()
    while run.acked < args.warmup + args.actions:
        await asyncio.sleep(0.01)
    mark()
    (a0, p0, c0, t0, f0, y0), (a1, p1, c1, t1, f1, y1) = marks
    n = a1 - a0
    for task in list(run.tasks):
        task.cancel()
    lean.stop()  # its writer's last wake-up before the loop closes
    if clock is not None:
        await collector.stop(clock)
    return {
        "actions": n,
        "cpu_ms": 1000 * (p1 - p0) / n,
        "client_ms": 1000 * (c1 - c0) / n,
        "refused": run.refused,
        "frames": (f1 - f0) / n,
        "frame_bytes": (y1 - y0) / max(1, f1 - f0),
        "threads": {k: 1000 * (v - t0.get(k, 0.0)) / n for k, v in sorted(t1.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--actions", type=int, default=4000)
    parser.add_argument("--warmup", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--owned", action="store_true")
    args = parser.parse_args()

    os.environ.setdefault("LUDOTECA_FRAME_RATE", "1000000")
    from bench import hotpath

    hotpath.setup(Path(tempfile.mkdtemp(prefix="ludoteca-leanpath-")))
    from bench import load_lean
    from ludoteca.cli import SWITCH_INTERVAL, quiet_collector

    db = str(Path(tempfile.mkdtemp(prefix="ludoteca-leanpath-db-")) / "lean.sqlite3")
    lean = load_lean.Lean(db, endless=True, owned=args.owned)
    sys.setswitchinterval(SWITCH_INTERVAL)
    quiet_collector()
    import uvloop

    f = uvloop.run(play(args, lean))
    floor = "the owned floor" if args.owned else "the floor"
    print(
        f"catinthebox, {args.tables} tables x {load_lean.SEATS} seats,"
        f" {f['actions']} actions ({floor}, in process, no network):"
    )
    actorpath.print_cpu(f)
    print(f"  {f['refused']} actions refused")


if __name__ == "__main__":
    main()
