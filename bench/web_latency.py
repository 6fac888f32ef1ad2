"""Time from one player's action to the opponent's screen, through a real server.

Starts `ludoteca serve` (SQLite, one process; or with --multi two processes
sharing PostgreSQL and Redis, the players on different processes), signs two
players up, and plays matches of the toy game (High Card) or Agent Avenue by
sending the first legal action. For every move it measures the time from
sending the `act` frame to the opponent receiving the `update` frame.

    .venv/bin/python bench/web_latency.py [--game agentavenue] [--moves 200] [--multi]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

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


async def play(bases: list[str], game: str, moves: int) -> list[float]:
    ana, bia = Http(bases[0]), Http(bases[-1])
    ana.signup("ana")
    bia.signup("bia")
    options = {
        "highcard": {"cards": "8"},
        "agentavenue": {"black_market": "false", "teams": "false"},
    }.get(game, {})
    samples: list[float] = []
    while len(samples) < moves:
        table = ana.new_table(game, 2, **options)
        bia.post(f"/t/{table}/join/", {})
        ana.post(f"/t/{table}/start/", {})
        socks = [
            await Ws.open(ana, f"/ws/play/{table}/"),
            await Ws.open(bia, f"/ws/play/{table}/"),
        ]
        latest = []
        for s in socks:
            await s.send("hello")
            latest.append((await s.until("state"))["d"])
        version = 0
        while latest[0]["status"] == "playing" and len(samples) < moves:
            mover = 0 if latest[0]["legal"] else 1
            other = 1 - mover
            started = time.perf_counter()
            await socks[mover].send("act", version, action=latest[mover]["legal"][0])
            frame = await socks[other].until("update", v=version + 1)
            samples.append((time.perf_counter() - started) * 1000)
            version = frame["v"]
            latest[other] = frame["d"]
            latest[mover] = (await socks[mover].until("update", v=version))["d"]
        for s in socks:
            await s.close()
    return samples


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="highcard")
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument(
        "--multi", action="store_true", help="PostgreSQL + Redis, 2 processes"
    )
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="ludoteca-bench-"))
    extra: dict[str, str] = {"DJANGO_SETTINGS_MODULE": "ludoteca.web.settings.dev"}
    count = 1
    if args.multi:
        from tests.web.services import REDIS, create_database

        extra.update(DATABASE_URL=create_database("ludoteca_bench"), REDIS_URL=REDIS)
        count = 2
    env = server_env(work, extra)
    subprocess.run(
        [sys.executable, "-m", "ludoteca.cli", "migrate", "--verbosity", "0"],
        env=env,
        cwd=ROOT,
        check=True,
    )
    ports = [free_port() for _ in range(count)]
    procs = [start_server(work, p, env) for p in ports]
    try:
        bases = [f"http://127.0.0.1:{p}" for p in ports]
        for base in bases:
            wait_http(base + "/")
        samples = sorted(asyncio.run(play(bases, args.game, args.moves)))
    finally:
        for proc in procs:
            stop(proc)
    p95 = samples[int(0.95 * (len(samples) - 1))]
    where = "2 processes, PostgreSQL + Redis" if args.multi else "1 process, SQLite"
    print(
        f"{args.game}, {where}: {len(samples)} moves, sent -> opponent update: "
        f"median {statistics.median(samples):.1f} ms, p95 {p95:.1f} ms, "
        f"max {samples[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
