"""What makes a change durable: the rows of one `Write`, and a batch of them
written in one transaction.

A write is prepared on the event loop, when the change is made (its values
are copied then, since the live table goes on changing), and written by the
writer thread (`writer`) or, for a page's one-off change, in the page's own
transaction. Per table of a batch: one UPDATE of the row that checks the
owner epoch (zero rows: the table was taken by someone else, and nothing of
that table is written), then one multi-row INSERT of every move, the seats'
changed columns, the notices and chat lines, and the signals that must
commit with the move (`match_finished`: results and ratings).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.utils import timezone

from ludoteca.web.play import rows
from ludoteca.web.play.models import ChatMessage, Move, Seat, Table
from ludoteca.web.play.signals import match_finished, turn_came

if TYPE_CHECKING:
    from ludoteca.web.live.table import LiveTable

TABLE_FIELDS = (
    "version",
    "status",
    "outcome",
    "started_at",
    "finished_at",
    "turn_started_at",
    "deadline",
    "phase_key",
    "phase_started_at",
    "paused_phases",
)
STATE_FIELDS = ("state", "state_version")
MOVE_FIELDS = ("table", "index", "seat", "action", "events", "by_bot", "created_at")
PRESENCE_FIELDS = ("connected", "last_seen", "absent_since")


class Fenced(Exception):
    """The table's owner epoch moved on: another owner took it."""


@dataclass
class Write:
    table_id: int
    epoch: int
    table: list[Any] | None = None  # TABLE_FIELDS, ready for the driver
    state: list[Any] | None = None  # STATE_FIELDS
    moves: list[list[Any]] = field(default_factory=list)  # MOVE_FIELDS
    seats: list[tuple[int, tuple[str, ...], list[Any]]] = field(default_factory=list)
    lines: list[ChatMessage] = field(default_factory=list)  # given their ids
    after: list[Callable[[], None]] = field(default_factory=list)  # in the transaction
    generation: int = 0  # the actor's (see `writer`)

    @classmethod
    def of(
        cls,
        live: LiveTable,
        state: bool = False,
        seats: list[tuple[Seat, tuple[str, ...]]] | tuple[()] = (),
    ) -> Write:
        """The table row as it is now (and its state, when `state`) and the
        seats' `names` columns."""
        write = cls(live.table_id, live.epoch)
        write.table = rows.values(live.table, TABLE_FIELDS)
        if state:
            data = live.game.to_json(live.state)
            write.state = rows.prepared(
                Table, STATE_FIELDS, [data, live.table.state_version]
            )
        write.seats = [(s.pk, names, rows.values(s, names)) for s, names in seats]
        return write

    @classmethod
    def seats_only(
        cls, live: LiveTable, seats: list[tuple[Seat, tuple[str, ...]]]
    ) -> Write:
        write = cls(live.table_id, live.epoch)
        write.seats = [(s.pk, names, rows.values(s, names)) for s, names in seats]
        return write

    @classmethod
    def blank(cls, live: LiveTable) -> Write:
        """A write of the table that holds nothing yet: chat lines go on it,
        and left empty (a presence) it keeps its place in the writer's line
        and stores nothing."""
        return cls(live.table_id, live.epoch)

    @property
    def empty(self) -> bool:
        return (
            self.table is None
            and self.state is None
            and not (self.moves or self.seats or self.lines or self.after)
        )


def with_presence(live: LiveTable, write: Write) -> Write:
    """`write` with the presence of the seats whose presence is not written
    yet, as it is now (then it is written, as far as the table knows)."""
    if live.unsaved_presence and not write.empty:
        write.seats.extend(
            (s.pk, PRESENCE_FIELDS, rows.values(s, PRESENCE_FIELDS))
            for s in (live.seats[i] for i in sorted(live.unsaved_presence))
        )
        live.unsaved_presence.clear()
    return write


def presence_write(live: LiveTable) -> Write:
    """The seats' presence not written yet, alone."""
    write = Write.seats_only(
        live, [(live.seats[i], PRESENCE_FIELDS) for i in sorted(live.unsaved_presence)]
    )
    live.unsaved_presence.clear()
    return write


def move_row(
    live: LiveTable,
    seat: int | None,
    action: Any,
    events: Any,
    bot: str,
    now: Any,
) -> list[Any]:
    stored = [{"type": e.type, "data": dict(e.data), "to": e.to} for e in events]
    return rows.prepared(
        Move,
        MOVE_FIELDS,
        [live.table_id, live.table.version, seat, action, stored, bot, now],
    )


def finished_signal(live: LiveTable) -> Callable[[], None]:
    """`match_finished` with the table and seats as they are at the end."""
    table = copy.copy(live.table)
    seats = [copy.copy(s) for s in live.seats]
    return lambda: match_finished.send(sender=Table, table=table, seats=seats)


def turn_signal(live: LiveTable, indexes: list[int]) -> Callable[[], None]:
    table = copy.copy(live.table)
    seats = [copy.copy(live.seats[i]) for i in indexes]
    return lambda: turn_came.send(sender=Table, table=table, seats=seats)


# -- writing a batch ------------------------------------------------------------


@functools.cache
def _fence_sql(vendor: str, with_table: bool, with_state: bool) -> str:
    """The table's UPDATE, checking the owner epoch (without fields: only
    the check, an UPDATE that changes nothing)."""
    names = (TABLE_FIELDS if with_table else ()) + (STATE_FIELDS if with_state else ())
    epoch = rows.quote("owner_epoch")
    if names:
        sets = ", ".join(
            f"{rows.quote(Table._meta.get_field(n).column)} = %s" for n in names
        )
    else:
        sets = f"{epoch} = {epoch}"
    return rows.driver_sql(
        f"UPDATE {rows.quote(Table._meta.db_table)} SET {sets}"
        f" WHERE {rows.quote('id')} = %s AND {epoch} = %s"
    )


@functools.cache
def _insert_moves_sql(vendor: str, count: int) -> str:
    columns = ", ".join(rows.quote(Move._meta.get_field(n).column) for n in MOVE_FIELDS)
    row = "(" + ", ".join(["%s"] * len(MOVE_FIELDS)) + ")"
    return rows.driver_sql(
        f"INSERT INTO {rows.quote(Move._meta.db_table)} ({columns})"
        f" VALUES {', '.join([row] * count)}"
    )


@functools.cache
def _seat_sql(vendor: str, names: tuple[str, ...]) -> str:
    sets = ", ".join(
        f"{rows.quote(Seat._meta.get_field(n).column)} = %s" for n in names
    )
    return rows.driver_sql(
        f"UPDATE {rows.quote(Seat._meta.db_table)} SET {sets}"
        f" WHERE {rows.quote('id')} = %s"
    )


MOVES_PER_INSERT = 64


def runs_orm_code(batch: list[Write]) -> bool:
    """Whether writing `batch` runs the ORM (chat lines, hooks such as a
    match's results): then only Django's own transaction will do."""
    return any(w.lines or w.after for w in batch)


def persist(batch: list[Write]) -> list[Exception | None]:
    """Write `batch` in the caller's transaction: for each write, None, or
    `Fenced` when its table was taken by another owner (nothing of that
    table is written). Any other error is raised: the caller rolls back."""
    vendor = rows.vendor()
    db = connections[DEFAULT_DB_ALIAS]  # once, not through the asgiref local each time
    outcome: list[Exception | None] = [None] * len(batch)
    by_table: dict[int, list[int]] = {}
    for index, write in enumerate(batch):
        by_table.setdefault(write.table_id, []).append(index)
    # Tables in id order: two transactions never lock two rows in opposite
    # orders. Each table's UPDATE checks its epoch; those with the same
    # statement next to each other run as one `executemany`.
    fences: list[tuple[str, list[Any], int, list[Write]]] = []
    for table_id in sorted(by_table):
        writes = [batch[i] for i in by_table[table_id]]
        epoch = writes[-1].epoch
        if any(w.epoch != epoch for w in writes):
            for i in by_table[table_id]:
                if batch[i].epoch != epoch:
                    outcome[i] = Fenced(f"table {table_id}")
            writes = [w for w in writes if w.epoch == epoch]
        table = next((w.table for w in reversed(writes) if w.table is not None), None)
        state = next((w.state for w in reversed(writes) if w.state is not None), None)
        sql = _fence_sql(vendor, table is not None, state is not None)
        params = [*(table or ()), *(state or ()), table_id, epoch]
        fences.append((sql, params, table_id, writes))
    kept: list[Write] = []
    start = 0
    while start < len(fences):
        end = start + 1
        while end < len(fences) and fences[end][0] == fences[start][0]:
            end += 1
        run = fences[start:end]
        start = end
        if len(run) > 1:
            changed = rows.execute_many(run[0][0], [f[1] for f in run], db)
            if changed == len(run):  # no table fenced
                kept.extend(w for f in run for w in f[3])
                continue
        # One at a time, to tell which table was fenced (an UPDATE run again
        # writes the same values: nothing changes for the others).
        for sql, params, table_id, writes in run:
            if rows.execute(sql, params, db) == 0:
                for i in by_table[table_id]:
                    outcome[i] = Fenced(f"table {table_id}")
                continue
            kept.extend(writes)
    moves = [m for w in kept for m in w.moves]
    for start in range(0, len(moves), MOVES_PER_INSERT):
        part = moves[start : start + MOVES_PER_INSERT]
        rows.execute(
            _insert_moves_sql(vendor, len(part)), [v for m in part for v in m], db
        )
    # The seats' UPDATEs in order (a seat changed twice: the last one stays),
    # those with the same statement next to each other as one `executemany`
    # (most of them: the mover's clock).
    seat_runs: list[tuple[str, list[list[Any]]]] = []
    for write in kept:
        for seat_pk, names, values in write.seats:
            sql = _seat_sql(vendor, names)
            if seat_runs and seat_runs[-1][0] == sql:
                seat_runs[-1][1].append([*values, seat_pk])
            else:
                seat_runs.append((sql, [[*values, seat_pk]]))
    for sql, params in seat_runs:
        if len(params) == 1:
            rows.execute(sql, params[0], db)
        else:
            rows.execute_many(sql, params, db)
    lines = [line for w in kept for line in w.lines]
    if lines:
        now = timezone.now()
        for line in lines:
            line.created_at = now
        ChatMessage.objects.bulk_create(lines)
    for write in kept:
        for hook in write.after:
            hook()
    return outcome
