"""Two processes running one tournament at once on PostgreSQL (`test_race`).

    python -m tests.web.tournaments.race setup        # prints the tournament's id
    python -m tests.web.tournaments.race race ID      # exits 0 when nothing failed

`setup` signs five players up for a three-round Swiss of High Card whose
start time has passed. `race` forks two processes, each with its own
database connection. At each step both wait for each other and call
`runner.advance` together, three times each (the start, or nothing to do);
then the first plays the round's tables to their end, its last move opening
the next round from the commit hook, while the second calls `advance` in a
loop until it sees that round. Any exception in either makes it exit 1.

Run with the test settings and `DATABASE_URL` (`tests.web.live.server_env`).
"""

from __future__ import annotations

import multiprocessing
import sys
import time
import traceback
from datetime import timedelta
from typing import Any

import django

STEP_TIMEOUT = 120.0  # seconds; a step takes well under one


def setup() -> int:
    from django.utils import timezone

    from ludoteca.web.tournaments import entries
    from ludoteca.web.tournaments.models import Tournament
    from tests.web.conftest import make_user

    people = [make_user(n) for n in ("ana", "bia", "cid", "dan", "eva")]
    t = entries.do_create(
        people[0],
        name="Corrida",
        game="highcard",
        format=Tournament.SWISS,
        table_size=2,
        rounds=3,
        starts_at=timezone.now() + timedelta(hours=1),
    )
    for person in people:
        entries.do_sign_up(t.pk, person)
    Tournament.objects.filter(pk=t.pk).update(starts_at=timezone.now())
    return t.pk


def _round(tournament_id: int) -> tuple[str, int]:
    from ludoteca.web.tournaments.models import Tournament

    t = Tournament.objects.get(pk=tournament_id)
    return t.status, t.current_round


def _racer(index: int, tournament_id: int, barrier: Any) -> None:
    from django.db import connections

    from ludoteca.web.play.models import Table
    from ludoteca.web.tournaments import runner
    from ludoteca.web.tournaments.models import Tournament
    from tests.web.tournaments.helpers import play_out, round_tables

    connections.close_all()  # never share the parent's connection
    try:
        while True:
            barrier.wait(STEP_TIMEOUT)
            for _ in range(3):
                runner.advance(tournament_id)
            status, number = _round(tournament_id)
            barrier.wait(STEP_TIMEOUT)
            if status != Tournament.RUNNING:
                return
            if index == 0:
                t = Tournament.objects.get(pk=tournament_id)
                for table in round_tables(t, number):
                    if Table.objects.get(pk=table).status == Table.PLAYING:
                        play_out(table)  # the last one advances on commit
            else:
                end = time.monotonic() + STEP_TIMEOUT
                while _round(tournament_id) == (status, number):
                    if time.monotonic() > end:
                        raise TimeoutError(f"round {number} never ended")
                    runner.advance(tournament_id)
    except BaseException:
        traceback.print_exc()
        barrier.abort()
        sys.exit(1)


def race(tournament_id: int) -> int:
    context = multiprocessing.get_context("fork")
    barrier = context.Barrier(2)
    racers = [
        context.Process(target=_racer, args=(i, tournament_id, barrier))
        for i in range(2)
    ]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    return max(racer.exitcode or 0 for racer in racers)


def main(argv: list[str]) -> int:
    django.setup()
    if argv[0] == "setup":
        print(setup())
        return 0
    return race(int(argv[1]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
