"""The statements of one action, written once.

The ORM builds a query's SQL anew on every call, which takes about as long as
running it; an action makes five. These read the locked table and its seats
and write the move, the table and a seat's clock with SQL composed once per
process from the models' own column names, values prepared by the models' own
fields (JSON, datetimes), so the rows are the same as the ORM would write.
No model here has save signals to skip.
"""

from __future__ import annotations

import functools
from typing import Any

from django.db import connection

from ludoteca.web.play.models import Move, Seat, Table


def _quote(name: str) -> str:
    return str(connection.ops.quote_name(name))


def _for_update() -> str:
    return " FOR UPDATE" if connection.features.has_select_for_update else ""


@functools.cache
def _table_sql() -> str:
    columns = [f.column for f in Table._meta.concrete_fields if f.name != "state"]
    return (
        f"SELECT {', '.join(map(_quote, columns))} FROM {_quote(Table._meta.db_table)}"
        f" WHERE {_quote('id')} = %s{_for_update()}"
    )


@functools.cache
def _seats_sql() -> str:
    return (
        f"SELECT * FROM {_quote(Seat._meta.db_table)} WHERE {_quote('table_id')} = %s"
        f" ORDER BY {_quote('index')}{_for_update()}"
    )


def locked_table(table_id: int) -> Table:
    """The table row without its state column (see `actions.current_state`),
    locked on PostgreSQL; raises Table.DoesNotExist."""
    for table in Table.objects.raw(_table_sql(), [table_id]):
        return table
    raise Table.DoesNotExist(f"table {table_id}")


def locked_seats(table_id: int) -> list[Seat]:
    return list(Seat.objects.raw(_seats_sql(), [table_id]))


def _prepared(model: Any, obj: Any, names: list[str]) -> list[Any]:
    fields = [model._meta.get_field(n) for n in names]
    return [f.get_db_prep_save(f.pre_save(obj, False), connection) for f in fields]


@functools.cache
def _update_sql(model: Any, names: tuple[str, ...]) -> str:
    sets = ", ".join(f"{_quote(model._meta.get_field(n).column)} = %s" for n in names)
    return f"UPDATE {_quote(model._meta.db_table)} SET {sets} WHERE {_quote('id')} = %s"


def update(obj: Table | Seat, names: list[str]) -> None:
    """UPDATE these fields of one row (like ``obj.save(update_fields=names)``)."""
    model = type(obj)
    values = _prepared(model, obj, names)
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(model, tuple(names)), [*values, obj.pk])


MOVE_FIELDS = ["table", "index", "seat", "action", "events", "by_bot", "created_at"]


@functools.cache
def _insert_move_sql() -> str:
    columns = [Move._meta.get_field(n).column for n in MOVE_FIELDS]
    return (
        f"INSERT INTO {_quote(Move._meta.db_table)}"
        f" ({', '.join(map(_quote, columns))})"
        f" VALUES ({', '.join(['%s'] * len(columns))})"
    )


def insert_move(move: Move) -> None:
    """The one INSERT of an action (its id is not needed)."""
    move.created_at = None  # auto_now_add: set by pre_save
    values = [
        f.get_db_prep_save(f.pre_save(move, True), connection)
        for f in (Move._meta.get_field(n) for n in MOVE_FIELDS)
    ]
    with connection.cursor() as cursor:
        cursor.execute(_insert_move_sql(), values)
