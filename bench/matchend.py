"""What a match's end costs the live tables' writer: the `match_finished` hooks.

When a match ends, the writer runs `match_finished` inside the batch's
transaction (`live.store.finished_signal`): the results and ratings
(`history.results`), the players' notifications (`community.notify`), the
tournament's next round (`tournaments.runner`). `bench/load.py` pays that
once every ~113 actions of Cat in the Box. This bench deals N tables as the
load bench does, ends each (the outcome of a real finished match), and runs
the signal for each in its own transaction, as the writer does: the CPU of
the writer's thread per match's end, the COMMIT left out.

    .venv/bin/python bench/matchend.py [--tables 300] [--rated]
"""

from __future__ import annotations

import argparse
import copy
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--rated", action="store_true", help="ratings too")
    args = parser.parse_args()

    from bench import hotpath, load_tables

    hotpath.setup(Path(tempfile.mkdtemp(prefix="ludoteca-matchend-")))
    from django.db import transaction
    from django.utils import timezone

    from ludoteca.web.play.models import Seat, Table
    from ludoteca.web.play.signals import match_finished

    made = load_tables.make("catinthebox", 4, args.warmup + args.tables)
    Table.objects.filter(pk__in=made["tables"]).update(rated=args.rated)
    ends = []
    for table in Table.objects.filter(pk__in=made["tables"]).order_by("id"):
        table.status = Table.FINISHED
        table.finished_at = timezone.now()
        table.outcome = {"winners": [1], "ranks": [2, 1, 3, 4], "scores": [3, 9, 2, 1]}
        seats = list(Seat.objects.filter(table=table).order_by("index"))
        ends.append((copy.copy(table), seats))

    def end(table: Table, seats: list[Seat]) -> float:
        """The signal's CPU, inside its transaction (BEGIN and COMMIT not
        counted: the writer's batch shares them)."""
        with transaction.atomic():
            began = time.thread_time()
            match_finished.send(sender=Table, table=table, seats=seats)
            return time.thread_time() - began

    for table, seats in ends[: args.warmup]:
        end(table, seats)
    spent = sum(end(table, seats) for table, seats in ends[args.warmup :])
    rated = "rated" if args.rated else "not rated"
    print(
        f"catinthebox, {args.tables} matches' ends ({rated}, 4 players each):"
        f" {1000 * spent / args.tables:.2f} ms of CPU a match's end"
        " (the hooks, in a transaction)"
    )


if __name__ == "__main__":
    main()
