"""A live table as its owner holds it in memory, and how it is taken.

`take` is the only read of a table for playing it: it bumps the table's
`owner_epoch` (fencing whoever held it before: their writes now change no
row, see `store`), reads the row, the seats with their names and the last
moves, and replays the few moves since the stored state (at most
`STATE_EVERY - 1`). After that the owner reads nothing per action: every
check and change works on this `LiveTable`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from ludoteca.engine.protocol import Event, Game
from ludoteca.web.play import games, rows
from ludoteca.web.play.models import Seat, Table

KEEP_VERSIONS = 64  # versions whose events stay in memory (replays on reconnect)
RECENT_KEPT = 17  # versions whose mover is kept: the latest and STALE_WINDOW before

# What other apps load with a table, once, when it is taken (the tutorials:
# which script the table follows): table -> {key: value} kept in `extras`.
table_loaders: list[Callable[[Table], dict[str, Any]]] = []


@dataclass
class Version:
    """What `may_use_old_version` asks of a past version: who made it (None:
    the system) and who could act after it (None: not known here)."""

    number: int
    mover: int | None
    active: frozenset[int] | None


@dataclass
class LiveTable:
    table: Table  # the row; its `state` column is not kept (see `state`)
    seats: list[Seat]  # in order, each with its user's name loaded
    state: Any  # the decoded match state at `table.version` (None before the deal)
    recent: list[Version]  # the last RECENT_KEPT versions, oldest first
    events: dict[int, list[Event]]  # by version, the last KEEP_VERSIONS
    last_move_ms: dict[int, float] = field(default_factory=dict)  # seat -> epoch ms
    human_moves: dict[int, int] = field(default_factory=dict)  # seat -> count
    extras: dict[str, Any] = field(default_factory=dict)
    last_line: int = 0  # the newest chat line of the table its sockets were sent
    # Seats whose presence (connected, last seen) changed since it was last
    # written: it goes with the table's next write (see `store.with_presence`).
    unsaved_presence: set[int] = field(default_factory=set)

    # The table's id and game never change: looked up once (an action asks
    # for each several times).
    @functools.cached_property
    def table_id(self) -> int:
        return int(self.table.pk)

    @functools.cached_property
    def game(self) -> Game[Any]:
        return games.get(self.table.game)

    @property
    def epoch(self) -> int:
        return int(self.table.owner_epoch)

    def moved(self, mover: int | None, by_bot: str, at_ms: float) -> None:
        """Record the version just made (`table.version`) by `mover`."""
        active = (
            frozenset(self.game.active_seats(self.state))
            if self.state is not None
            else None
        )
        made = Version(self.table.version, mover, active)
        self.recent = [*self.recent[1 - RECENT_KEPT :], made]
        if mover is not None:
            self.last_move_ms[mover] = at_ms
            if not by_bot:
                self.human_moves[mover] = self.human_moves.get(mover, 0) + 1


def take(table_id: int) -> LiveTable:
    """Take the table for writing (a new owner epoch) and read it whole.
    Raises Table.DoesNotExist."""
    with transaction.atomic():
        bumped = rows.bump_epoch(table_id)
        if bumped is None:
            raise Table.DoesNotExist(f"table {table_id}")
        return read(table_id)


def read(table_id: int) -> LiveTable:
    """The table as stored (inside the caller's transaction)."""
    table = rows.table(table_id)
    seats = rows.seats_with_names(table_id)
    game = games.get(table.game)
    floor = max(0, table.version - KEEP_VERSIONS)
    # The moves whose events are kept, and those since the stored state.
    moves = rows.moves_for_live(table_id, min(floor, table.state_version))
    live = LiveTable(table, seats, None, [], {})
    state = None if table.state is None else game.from_json(table.state)
    table.state = None  # the live state is `live.state`
    for move in moves:
        active = None
        if state is not None and move.index >= table.state_version:
            if move.index > table.state_version:
                state = game.apply(state, move.seat, move.action).state
            active = frozenset(game.active_seats(state))
        live.recent.append(Version(move.index, move.seat, active))
        if move.index > floor:
            live.events[move.index] = [
                Event(
                    e["type"],
                    e.get("data", {}),
                    None if e["to"] is None else tuple(e["to"]),
                )
                for e in move.events
            ]
        if move.seat is not None:
            live.last_move_ms[move.seat] = move.created_at.timestamp() * 1000
    live.state = state
    live.recent = live.recent[-RECENT_KEPT:]
    live.human_moves = rows.human_move_counts(table_id)
    live.last_line = rows.last_chat_line(table_id)
    for loader in table_loaders:
        live.extras.update(loader(table))
    return live
