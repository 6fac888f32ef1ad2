"""CPU of one table action in process: the actor's change, then every frame.

No sockets and no other clients: the figure does not depend on how busy the
machine is (CPU time, `time.process_time`), and it runs under
``valgrind --tool=callgrind`` to count instructions. It plays T started tables
of Cat in the Box (or `--game`) round robin, a random legal action of an
active seat each time, through the same functions as the server:

- ``act``: `live.changes.act` on the table held in memory (checks, apply,
  clocks), and the writer's share: `live.store.persist` of the write and its
  COMMIT, `--batch` writes to a transaction (the writer's group commit);
- ``fan-out``: the actor's next snapshot (`frames.of_live`) and the update
  frame of every seat and one spectator (`frames.update_frame`);
- ``deflate``: what permessage-deflate would add to compress those frames (on
  when the server negotiates it, see `LUDOTECA_WS_DEFLATE`).

    .venv/bin/python bench/hotpath.py [--actions 2000] [--tables 20] [--batch 8]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def setup(var: Path) -> None:
    from ludoteca import native

    native.activate()  # as `ludoteca serve` does (LUDOTECA_NATIVE=off: not)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludoteca.web.settings.prod")
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-" + "x" * 40)
    os.environ.setdefault("LUDOTECA_VAR", str(var))
    os.environ["DEBUG"] = "false"
    from ludoteca.web.catalogs import compile_all

    compile_all()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


class Bench:
    def __init__(self, game_id: str, seats: int, tables: int, seed: int) -> None:
        from bench import load_tables

        self.game_id, self.seats = game_id, seats
        self.rng = random.Random(seed)
        self.made = load_tables.make(game_id, seats, tables * 4)
        self.users = self._users()
        self.queue = list(self.made["tables"])
        self.live = [self.queue.pop(0) for _ in range(tables)]
        self.tables: dict[int, Any] = {}
        self.batch = 1
        self.act_s = self.fan_s = self.deflate_s = 0.0
        self.actions = self.frames = self.frame_bytes = 0
        # One compressor per socket, as permessage-deflate keeps its context.
        self.deflaters: dict[tuple[int, int | None], Any] = {}

    def _users(self) -> list[int]:
        from ludoteca.web.play.models import Seat

        first = self.made["tables"][0]
        return [
            s.user_id
            for s in Seat.objects.filter(table_id=first).order_by("index")
            if s.user_id is not None
        ]

    def held(self, table_id: int) -> Any:
        """(live table, its snapshot), taken once, as its actor holds them."""
        from ludoteca.web.live import frames
        from ludoteca.web.live import table as live_table

        found = self.tables.get(table_id)
        if found is None:
            live = live_table.take(table_id)
            found = self.tables[table_id] = (live, frames.of_live(live))
        return found

    def step(self, batch: list[Any]) -> None:
        from ludoteca.web.live import changes, frames

        table_id = self.live[self.actions % len(self.live)]
        live, prev = self.held(table_id)
        game = live.game
        seat = self.rng.choice(sorted(game.active_seats(live.state)))
        action = self.rng.choice(game.legal_actions(live.state, seat))
        t0 = time.process_time()
        pending = changes.act(
            live, seat, action, live.table.version, user_id=self.users[seat]
        )
        batch.append(pending.write)
        if len(batch) >= self.batch:
            self.commit(batch)
        t1 = time.process_time()
        snap = frames.of_live(live, prev)
        texts = []
        for who in [*range(self.seats), None]:
            text, _ = frames.update_frame(snap, who, "pt-br", prev.version)
            texts.append((who, text))
        t2 = time.process_time()
        self.deflate(table_id, texts)
        t3 = time.process_time()
        self.act_s += t1 - t0
        self.fan_s += t2 - t1
        self.deflate_s += t3 - t2
        self.actions += 1
        self.frames += len(texts)
        if pending.change.finished:
            self.commit(batch)
            self.tables.pop(table_id, None)
            self.live[self.live.index(table_id)] = self.queue.pop(0)
        else:
            self.tables[table_id] = (live, snap)

    def commit(self, batch: list[Any]) -> None:
        from django.db import transaction

        from ludoteca.web.live import store

        if batch:
            with transaction.atomic():
                assert not any(store.persist(batch))
            batch.clear()

    def deflate(self, table_id: int, texts: list[tuple[int | None, str]]) -> None:
        for seat, text in texts:
            key = (table_id, seat)
            comp = self.deflaters.get(key)
            if comp is None:
                comp = self.deflaters[key] = zlib.compressobj(wbits=-15)
            data = comp.compress(text.encode()) + comp.flush(zlib.Z_SYNC_FLUSH)
            self.frame_bytes += len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="catinthebox")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--warmup", type=int, default=200)
    parser.add_argument("--batch", type=int, default=1, help="writes per COMMIT")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    var = Path(tempfile.mkdtemp(prefix="ludoteca-hotpath-"))
    setup(var)
    bench = Bench(args.game, args.seats, args.tables, args.seed)
    bench.batch = args.batch
    batch: list[Any] = []
    for _ in range(args.warmup):
        bench.step(batch)
    bench.act_s = bench.fan_s = bench.deflate_s = 0.0
    bench.actions = bench.frames = bench.frame_bytes = 0
    for _ in range(args.actions):
        bench.step(batch)
    bench.commit(batch)
    n = bench.actions
    print(
        f"{args.game}, {args.tables} tables x {args.seats} seats + 1 spectator,"
        f" {n} actions, {args.batch} per COMMIT:"
    )
    print(f"  act      {1000 * bench.act_s / n:6.3f} ms CPU per action")
    print(
        f"  fan-out  {1000 * bench.fan_s / n:6.3f} ms CPU per action"
        f" ({bench.frames / n:.0f} frames)"
    )
    print(
        f"  deflate  {1000 * bench.deflate_s / n:6.3f} ms CPU per action"
        f" ({bench.frame_bytes / max(1, bench.frames):.0f} B per compressed frame)"
    )
    total = bench.act_s + bench.fan_s
    print(f"  total    {1000 * total / n:6.3f} ms CPU per action without deflate")


if __name__ == "__main__":
    main()
