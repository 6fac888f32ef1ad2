"""Started tables for bench/load.py, written straight into the server's database.

Run as a subprocess with the server's environment (LUDOTECA_VAR, DATABASE_URL):
it creates one user per seat index (with a session), then `count` tables of
`game` already dealt, every seat held by that index's user, in a few bulk
INSERTs (the lobby's forms would take minutes for hundreds of tables). Prints
JSON: {"tables": [ids], "cookies": [cookie per seat index]}.

    python bench/load_tables.py catinthebox 4 500
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

OPTIONS: dict[str, dict[str, Any]] = {
    "agentavenue": {"black_market": False, "teams": False},
    # No time limit, no rate limit: seats act as fast as they may.
    "piles": {"match_minutes": 0, "min_action_ms": 0},
}


def users(seats: int) -> tuple[list[Any], list[str]]:
    """One bench user per seat index (with a session cookie), made once."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore

    found, cookies = [], []
    for index in range(seats):
        user, made = User.objects.get_or_create(username=f"bench-seat-{index}")
        if made:
            user.set_unusable_password()
            user.save()
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        # The backend that logs people in (axes' only counts failures).
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        found.append(user)
        cookies.append(f"{settings.SESSION_COOKIE_NAME}={session.session_key}")
    return found, cookies


def make(game_id: str, seats: int, count: int) -> dict[str, Any]:
    from django.db import transaction
    from django.utils import timezone

    from ludoteca.web.live import clocks
    from ludoteca.web.live.table import LiveTable
    from ludoteca.web.play import games
    from ludoteca.web.play.models import Seat, Table

    people, cookies = users(seats)
    game = games.get(game_id)
    options = game.resolve_options(OPTIONS.get(game_id, {}))
    made: list[Table] = []
    with transaction.atomic():
        pending = []
        for _ in range(count):
            table = Table(
                game=game_id,
                options=options,
                players=seats,
                created_by=people[0],
                status=Table.PLAYING,
                rated=False,
            )
            state = game.setup(seats, table.seed, options)
            now = timezone.now()
            table.state = game.to_json(state)
            table.started_at = now
            row = [
                Seat(
                    index=i,
                    user=people[i],
                    clock_ms=table.clock_minutes * 60_000,
                    connected=False,
                )
                for i in range(seats)
            ]
            clocks.set_deadline(LiveTable(table, row, state, [], {}), state, now)
            pending.append(row)
            made.append(table)
        Table.objects.bulk_create(made)
        if not made[0].pk:  # backends without RETURNING
            made = list(Table.objects.order_by("-id")[:count])[::-1]
        for table, row in zip(made, pending, strict=True):
            for seat in row:
                seat.table = table
        Seat.objects.bulk_create([s for row in pending for s in row])
    return {"tables": [t.pk for t in made], "cookies": cookies}


def finish(ids: list[int]) -> None:
    """Close a run's tables, so that no later run's server drives stand-in
    bots for their absent players."""
    from ludoteca.web.play.models import Table

    Table.objects.filter(pk__in=ids).update(status=Table.FINISHED, deadline=None)


def main() -> None:
    import django

    django.setup()
    if sys.argv[1] == "finish":
        finish([int(i) for i in sys.stdin.read().split()])
        return
    game_id, seats, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    print(json.dumps(make(game_id, seats, count)))


if __name__ == "__main__":
    main()
