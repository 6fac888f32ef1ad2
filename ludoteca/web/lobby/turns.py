"""Whose turn it is at a person's own tables: the lobby's "My tables" (yours
first) and the count in the site header, for real-time and relaxed clocks."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from ludoteca.web.play import actions, games
from ludoteca.web.play.models import Seat, Table


def waiting_on(table: Table, seat_index: int) -> bool:
    """True when the match at `table` waits on `seat_index` (its person may
    act now; a seat a bot plays for them does not count)."""
    if table.status != Table.PLAYING or table.state is None:
        return False
    if not games.exists(table.game):
        return False
    game = games.get(table.game)
    # The state column is written every 16th move: the record holds the rest.
    state = actions.current_state(table, game)
    if seat_index not in game.active_seats(state):
        return False
    return bool(game.legal_actions(state, seat_index))


def my_seats(user: Any) -> list[Seat]:
    """The user's seats at tables not finished, newest table first."""
    return list(
        Seat.objects.filter(user=user)
        .exclude(table__status=Table.FINISHED)
        .select_related("table")
        .order_by("-table__created_at")[:30]
    )


def is_my_turn(seat: Seat) -> bool:
    """The seat's person may act now (not while a bot stands in for them)."""
    return not seat.standin and waiting_on(seat.table, seat.index)


def tables_waiting_on(user: Any) -> set[int]:
    """The ids of the running tables where it is the user's turn."""
    return {s.table_id for s in my_seats(user) if is_my_turn(s)}


def header_count(request: HttpRequest) -> dict[str, Any]:
    """Context processor: how many of the reader's matches wait on them."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"my_turn_count": len(tables_waiting_on(user))}
