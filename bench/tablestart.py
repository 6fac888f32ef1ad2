"""What a match's start costs the server: four sockets open, hello, close.

`bench/load.py` replaces every finished table with a fresh one, so its
figures per action carry each match's start: the seats' websocket handshakes
(the session and the user read), the table taken by the process and every
seat's first view. This bench measures only that. It deals N started tables
of a game (as `bench/load.py` does), starts one server, then opens each
table's seats one table after another: every seat connects, says hello and
waits for its state frame; then every socket closes. No action is played.

Printed: the server's CPU per table started (and per socket), and under
`--callgrind` its instructions per table (read from valgrind's counts, which
do not move with the machine's load). `--profile FILE` records the server
with py-spy (raw collapsed stacks) while the tables open.

    .venv/bin/python bench/tablestart.py [--tables 200] [--callgrind]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.load import SEATS, Ours, cpu_seconds  # noqa: E402


async def open_table(port: int, table: int, cookies: list[str]) -> None:
    """Every seat of one table connects, says hello, reads its state frame;
    then every socket closes."""
    from websockets.asyncio.client import connect

    async def seat(cookie: str) -> object:
        ws = await connect(
            f"ws://127.0.0.1:{port}/ws/play/{table}/",
            additional_headers={
                "Cookie": cookie + "; django_language=en",
                "Origin": f"http://127.0.0.1:{port}",
            },
            max_queue=None,
            ping_interval=None,
            open_timeout=60,
        )
        await ws.send(json.dumps({"t": "hello", "v": None, "d": {}}))
        seen = json.loads(await ws.recv())
        while seen["t"] != "state":  # whatever comes before the seat's state
            seen = json.loads(await ws.recv())
        return ws

    sockets = await asyncio.gather(*(seat(c) for c in cookies))
    await asyncio.gather(*(ws.close() for ws in sockets))  # type: ignore[attr-defined]


async def open_all(port: int, tables: list[int], cookies: list[str]) -> None:
    for table in tables:
        await open_table(port, table, cookies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="catinthebox")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--profile", help="py-spy raw output file")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="tablestart-") as folder:
        work = Path(folder)
        ours = Ours(work, 1, False, args.callgrind)
        ours.migrate()
        made = ours.make_tables(args.game, args.warmup + args.tables)
        warm, measured = made["tables"][: args.warmup], made["tables"][args.warmup :]
        cookies = made["cookies"][: SEATS[args.game]]
        port = ours.start()
        try:
            asyncio.run(open_all(port, warm, cookies))
            pids = ours.server_pids()
            spy = None
            if args.profile:
                spy = subprocess.Popen(
                    [
                        str(Path(sys.executable).parent / "py-spy"),
                        "record",
                        "--rate",
                        "250",
                        "--gil",
                        "--format",
                        "raw",
                        "--output",
                        args.profile,
                        "--pid",
                        str(pids[0]),
                    ],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
                time.sleep(1.0)
            ours.instructions("start")
            cpu = sum(cpu_seconds(p) for p in pids)
            began = time.perf_counter()
            asyncio.run(open_all(port, measured, cookies))
            wall = time.perf_counter() - began
            cpu = sum(cpu_seconds(p) for p in pids) - cpu
            instructions = ours.instructions("end")
            if spy is not None:
                spy.send_signal(2)
                spy.wait(30)
        finally:
            ours.stop()
    seats = len(cookies)
    n = len(measured)
    print(f"{args.game}: {n} tables started, {seats} seats each, one after another")
    per_table = 1000 * cpu / n
    print(
        f"  server CPU  {per_table:.2f} ms a table, {per_table / seats:.2f} ms a socket"
    )
    print(f"  wall        {1000 * wall / n:.1f} ms a table")
    if args.callgrind:
        print(f"  instructions {instructions / n / 1e6:.1f} M a table (callgrind)")


if __name__ == "__main__":
    main()
