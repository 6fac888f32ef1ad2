"""The statements of one action, written once and run on the driver's cursor.

The ORM builds a query's SQL anew on every call, and Django's cursor wrapper
rewrites it again for SQLite (a regular expression over the whole statement)
on every execute: together several times the cost of running it. These read
the locked table and its seats and write the move, the table and a seat's
clock with SQL composed once per process from the models' own column names,
values passed as plain tuples (JSON columns encoded by orjson, datetimes by
the backend's adapter) and rows converted by the converters the ORM itself
would apply, so the rows and the objects are the same as the ORM's. Driver
errors still come out as Django's (`django.db.DatabaseError`). No model here
has save signals to skip.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

import orjson
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import DateTimeField, Field, JSONField, Model
from django.utils import timezone

from ludoteca.web.play.models import ChatMessage, Move, Seat, Table

User = get_user_model()


# The default database's backend ("sqlite", "postgresql"): the same for every
# thread's connection and for the life of the process, so read once instead of
# through `django.db.connection`, whose every attribute goes through an asgiref
# local (the rows of every action asked it several times).
_vendor: str | None = None


def vendor() -> str:
    global _vendor
    found = _vendor
    if found is None:
        found = _vendor = connections[DEFAULT_DB_ALIAS].vendor
    return found


def _quote(name: str) -> str:
    return str(connection.ops.quote_name(name))


def _sql(template: str) -> str:
    """A statement with ``%s`` placeholders in the driver's own style."""
    if vendor() == "sqlite":
        return template.replace("%s", "?")
    return template


def _for_update() -> str:
    return " FOR UPDATE" if connection.features.has_select_for_update else ""


def _execute(sql: str, params: Sequence[Any], fetch: bool = False) -> list[Any]:
    """Run one statement on the driver's cursor (in the caller's transaction,
    if any), with the driver's errors turned into Django's; its rows if
    `fetch`."""
    db = connections[DEFAULT_DB_ALIAS]
    db.ensure_connection()
    with db.wrap_database_errors:
        cursor = db.connection.cursor()
        try:
            cursor.execute(sql, params)
            return list(cursor.fetchall()) if fetch else []
        finally:
            cursor.close()


# -- reading ------------------------------------------------------------------


@functools.cache
def _columns(model: type[Model], names: tuple[str, ...] | None) -> tuple[Field, ...]:
    """The fields read: `names` (attribute names), or every column."""
    if names is None:
        return tuple(model._meta.concrete_fields)
    by_name = {f.attname: f for f in model._meta.concrete_fields}
    return tuple(by_name[n] for n in names)


@functools.cache
def _select_sql(
    vendor: str,
    model: type[Model],
    names: tuple[str, ...] | None,
    where: tuple[str, ...],
    order: str,
    lock: bool,
    limit: int = 0,
) -> str:
    """SELECT `names` FROM model WHERE each of `where` ("column op") holds,
    in `order` (a column, "-column": descending), the first `limit` rows."""
    conditions = []
    for condition in where:
        column, op = condition.split()
        conditions.append(f"{_quote(column)} {op} %s")
    sql = (
        f"SELECT {', '.join(_quote(f.column) for f in _columns(model, names))}"
        f" FROM {_quote(model._meta.db_table)} WHERE {' AND '.join(conditions)}"
    )
    if order:
        column = order.removeprefix("-")
        sql += f" ORDER BY {_quote(column)}" + (" DESC" if column != order else "")
    if limit:
        sql += f" LIMIT {int(limit)}"
    return _sql(sql + (_for_update() if lock else ""))


# By database vendor: the converters depend on the backend and the settings
# only (SQLite's datetimes take the configured time zone), not on which
# thread's connection asks.
_converters: dict[Any, list[tuple[int, list[Any], Any]]] = {}


def _converters_of(
    model: type[Model], names: tuple[str, ...] | None
) -> list[tuple[int, list[Any], Any]]:
    """(position, converters, column) for the columns that have any, as the
    ORM's compiler applies them (backend's first, then the field's)."""
    key = (vendor(), model, names)
    found = _converters.get(key)
    if found is None:
        found = []
        for index, field in enumerate(_columns(model, names)):
            column = field.get_col(model._meta.db_table)
            funcs = connection.ops.get_db_converters(column) + field.get_db_converters(
                connection
            )
            if funcs:
                found.append((index, funcs, column))
        _converters[key] = found
    return found


def select(
    model: type[Model],
    names: tuple[str, ...] | None,
    where: tuple[str, ...],
    params: Sequence[Any],
    order: str = "",
    lock: bool = False,
    limit: int = 0,
) -> list[Any]:
    """Model objects with the fields `names` (None: all) of the rows where
    every "column op" of `where` holds with `params`; `lock`: FOR UPDATE;
    `order` and `limit` as `_select_sql`'s."""
    sql = _select_sql(vendor(), model, names, where, order, lock, limit)
    attnames = [f.attname for f in _columns(model, names)]
    converters = _converters_of(model, names)
    db = connections[DEFAULT_DB_ALIAS]
    found = []
    for row in _execute(sql, params, fetch=True):
        values = list(row)
        for index, funcs, column in converters:
            value = values[index]
            for func in funcs:
                value = func(value, column, db)
            values[index] = value
        found.append(model.from_db(db.alias, attnames, values))
    return found


# Every column of a table but its state (see `actions.current_state`).
TABLE_BUT_STATE = tuple(
    f.attname for f in Table._meta.concrete_fields if f.name != "state"
)


def locked_table(table_id: int) -> Table:
    """The table row without its state column, locked on PostgreSQL; raises
    Table.DoesNotExist."""
    for table in select(Table, TABLE_BUT_STATE, ("id =",), [table_id], lock=True):
        return table  # type: ignore[no-any-return]
    raise Table.DoesNotExist(f"table {table_id}")


def locked_seats(table_id: int) -> list[Seat]:
    return select(Seat, None, ("table_id =",), [table_id], "index", lock=True)


def table(table_id: int) -> Table:
    """The whole table row (not locked); raises Table.DoesNotExist."""
    for found in select(Table, None, ("id =",), [table_id]):
        return found  # type: ignore[no-any-return]
    raise Table.DoesNotExist(f"table {table_id}")


def seats_with_names(table_id: int) -> list[Seat]:
    """The seats of a table in order, each with its user's name loaded (as
    ``select_related("user")`` would, for `Seat.as_public`)."""
    seats = select(Seat, None, ("table_id =",), [table_id], "index")
    ids = sorted({s.user_id for s in seats if s.user_id is not None})
    users = {}
    if ids:  # one statement for them all: a round trip each on PostgreSQL
        names = ("id", User.USERNAME_FIELD)
        for row in _execute(_users_sql(vendor(), len(ids)), ids, fetch=True):
            users[row[0]] = User.from_db(connection.alias, names, list(row))
    for seat in seats:
        seat.user = users.get(seat.user_id)
    return seats


@functools.cache
def _users_sql(vendor: str, count: int) -> str:
    """The id and name of `count` users by id."""
    columns = ", ".join(
        _quote(f.column) for f in _columns(User, ("id", User.USERNAME_FIELD))
    )
    marks = ", ".join(["%s"] * count)
    return _sql(
        f"SELECT {columns} FROM {_quote(User._meta.db_table)}"
        f" WHERE {_quote('id')} IN ({marks})"
    )


def moves_after(table_id: int, index: int) -> list[Move]:
    """The moves of a table after version `index`, in order: their index and
    events only."""
    return select(
        Move,
        ("index", "events"),
        ("table_id =", "index >"),
        [table_id, index],
        "index",
    )


def moves_between(table_id: int, after: int, upto: int) -> list[Move]:
    """The moves of a table after version `after` up to `upto`, in order:
    their seat and action only (to replay them)."""
    return select(
        Move,
        ("index", "seat", "action"),
        ("table_id =", "index >", "index <="),
        [table_id, after, upto],
        "index",
    )


# -- writing ------------------------------------------------------------------
#
# Values go to the driver as the backend stores them, prepared by one small
# function per column made once per process: JSON columns through orjson (on
# PostgreSQL wrapped for jsonb), datetimes through the backend's adapter,
# everything else as it is. Django's field preparation (pre_save,
# get_db_prep_save, its json.dumps) cost more than the statements themselves.


def _json_text(value: Any) -> str:
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # an integer past 64 bits, say: the standard library's way
        return json.dumps(value)


def _preparer(field: Field) -> Callable[[Any], Any]:
    """How a value of `field` is passed to the driver."""
    if isinstance(field, JSONField):
        if vendor() == "postgresql":
            from django.db.backends.postgresql.psycopg_any import Jsonb

            return lambda v: None if v is None else Jsonb(v, dumps=_json_text)
        return lambda v: None if v is None else _json_text(v)
    if isinstance(field, DateTimeField):
        return _datetime_preparer()
    return lambda v: v


def _datetime_preparer() -> Callable[[Any], Any]:
    """The backend's adapter of datetimes; on SQLite with time zones, an
    aware datetime made naive in the connection's zone and written as text
    as the adapter does, without its lookups of the settings and of the
    connection on every value (six datetimes an action)."""
    adapt = connection.ops.adapt_datetimefield_value
    if vendor() != "sqlite" or not settings.USE_TZ:
        return adapt  # type: ignore[no-any-return]
    zone = connection.timezone
    # The last value and its text, held (so its identity cannot be reused):
    # one preparer per column, and a table's start, say, is the same object
    # at every action.
    last: list[tuple[Any, Any]] = [(None, None)]

    in_utc = zone is UTC

    def prepare(value: Any) -> Any:
        seen = last[0]
        if seen[0] is value and value is not None:
            return seen[1]
        if type(value) is not datetime:
            return adapt(value)
        if in_utc and value.tzinfo is UTC:  # `timezone.now()`'s
            text = value.isoformat(" ")[:-6]  # the same text, made once
        elif value.utcoffset() is not None:
            text = str(value.astimezone(zone).replace(tzinfo=None))
        else:
            return adapt(value)
        last[0] = (value, text)
        return text

    return prepare


# By vendor, like the converters: the preparers depend on the backend only.
_preparers: dict[Any, tuple[tuple[str, Callable[[Any], Any]], ...]] = {}


def _values(obj: Model, names: tuple[str, ...]) -> list[Any]:
    """The row values of `names` (field names) of `obj`, ready for the driver."""
    key = (_vendor or vendor(), type(obj), names)
    found = _preparers.get(key)
    if found is None:
        found = _preparers[key] = tuple(
            (f.attname, _preparer(f)) for f in _fields(type(obj), names)
        )
    return [prepare(getattr(obj, attname)) for attname, prepare in found]


@functools.cache
def _fields(model: type[Model], names: tuple[str, ...]) -> tuple[Field, ...]:
    return tuple(model._meta.get_field(n) for n in names)  # type: ignore[misc]


@functools.cache
def _update_sql(vendor: str, model: type[Model], names: tuple[str, ...]) -> str:
    sets = ", ".join(f"{_quote(f.column)} = %s" for f in _fields(model, names))
    return _sql(
        f"UPDATE {_quote(model._meta.db_table)} SET {sets} WHERE {_quote('id')} = %s"
    )


def update(obj: Table | Seat, names: list[str]) -> None:
    """UPDATE these fields of one row (like ``obj.save(update_fields=names)``;
    none of them is an auto_now field)."""
    key = tuple(names)
    sql = _update_sql(vendor(), type(obj), key)
    _execute(sql, [*_values(obj, key), obj.pk])


MOVE_FIELDS = ("table", "index", "seat", "action", "events", "by_bot", "created_at")


@functools.cache
def _insert_move_sql(vendor: str) -> str:
    columns = [f.column for f in _fields(Move, MOVE_FIELDS)]
    return _sql(
        f"INSERT INTO {_quote(Move._meta.db_table)}"
        f" ({', '.join(map(_quote, columns))})"
        f" VALUES ({', '.join(['%s'] * len(columns))})"
    )


def last_move_at(table_id: int, seat: int) -> Any:
    """When `seat` last moved at the table (None: never), as stored."""
    found = (
        Move.objects.filter(table_id=table_id, seat=seat)
        .order_by("-index")
        .values_list("created_at", flat=True)[:1]
    )
    return next(iter(found), None)


def insert_move(move: Move) -> None:
    """The one INSERT of an action (its id is not needed)."""
    move.created_at = timezone.now()  # auto_now_add
    _execute(_insert_move_sql(vendor()), _values(move, MOVE_FIELDS))


# -- taking a table (`live.table.take`) ----------------------------------------


@functools.cache
def _bump_sql(vendor: str) -> str:
    epoch = _quote(Table._meta.get_field("owner_epoch").column)
    return _sql(
        f"UPDATE {_quote(Table._meta.db_table)} SET {epoch} = {epoch} + 1"
        f" WHERE {_quote('id')} = %s RETURNING {epoch}"
    )


def bump_epoch(table_id: int) -> int | None:
    """A new owner epoch for the table (None: no such table); on PostgreSQL
    the row stays locked until the caller's transaction ends."""
    found = _execute(_bump_sql(vendor()), [table_id], fetch=True)
    return int(found[0][0]) if found else None


def moves_for_live(table_id: int, after: int) -> list[Move]:
    """The moves after version `after`, in order, with what a live table
    keeps of them (`live.table.read`)."""
    return select(
        Move,
        ("index", "seat", "action", "events", "created_at"),
        ("table_id =", "index >"),
        [table_id, after],
        "index",
    )


def human_move_counts(table_id: int) -> dict[int, int]:
    """seat -> how many of its moves its person made (not a bot)."""
    found = _execute(_human_moves_sql(vendor()), [table_id], fetch=True)
    return {seat: count for seat, count in found}


@functools.cache
def _human_moves_sql(vendor: str) -> str:
    seat = _quote(Move._meta.get_field("seat").column)
    return _sql(
        f"SELECT {seat}, COUNT(*) FROM {_quote(Move._meta.db_table)}"
        f" WHERE {_quote('table_id')} = %s"
        f" AND {_quote(Move._meta.get_field('by_bot').column)} = ''"
        f" AND {seat} IS NOT NULL GROUP BY {seat}"
    )


def prepared(
    model: type[Model], names: tuple[str, ...], values: list[Any]
) -> list[Any]:
    """`values` of the fields `names` of `model`, ready for the driver."""
    key = (_vendor or vendor(), model, names)
    found = _preparers.get(key)
    if found is None:
        found = _preparers[key] = tuple(
            (f.attname, _preparer(f)) for f in _fields(model, names)
        )
    return [prepare(v) for (_, prepare), v in zip(found, values, strict=True)]


def insert(objs: Sequence[Model]) -> None:
    """INSERT `objs` (of one model) as new rows in one statement, like the
    ORM's `bulk_create` but without reading their ids back (the caller does
    not need them): every field's value as the ORM saves it (`pre_save`:
    an auto_now_add's time, say), passed to the driver the plain way."""
    if not objs:
        return
    model = type(objs[0])
    fields = _insertable(model)
    names = tuple(f.attname for f in fields)
    params: list[Any] = []
    for obj in objs:
        params.extend(prepared(model, names, [f.pre_save(obj, True) for f in fields]))
    _execute(_insert_sql(vendor(), model, len(objs)), params)


@functools.cache
def _insertable(model: type[Model]) -> tuple[Field, ...]:
    """Every column but an automatic primary key."""
    auto = model._meta.pk
    return tuple(
        f
        for f in model._meta.concrete_fields
        if not (f is auto and getattr(f, "db_returning", False))
    )


@functools.cache
def _insert_sql(vendor: str, model: type[Model], count: int) -> str:
    columns = ", ".join(_quote(f.column) for f in _insertable(model))
    row = "(" + ", ".join(["%s"] * len(_insertable(model))) + ")"
    return _sql(
        f"INSERT INTO {_quote(model._meta.db_table)} ({columns})"
        f" VALUES {', '.join([row] * count)}"
    )


def exists(model: type[Model], where: tuple[str, ...], params: Sequence[Any]) -> bool:
    """Whether a row of `model` matches (`select`'s `where`), as the ORM's
    `filter(...).exists()` answers it."""
    sql = _select_sql(vendor(), model, ("id",), where, "", False, 1)
    return bool(_execute(sql, params, fetch=True))


def values(obj: Model, names: tuple[str, ...]) -> list[Any]:
    """The row values of `names` (field names) of `obj`, ready for the driver."""
    return _values(obj, names)


def execute(sql: str, params: Sequence[Any], db: Any = None) -> int:
    """Run one statement on the driver's cursor: the rows it changed. `db`:
    this thread's connection (`connections[DEFAULT_DB_ALIAS]`), when the
    caller holds it already."""
    if db is None:
        db = connections[DEFAULT_DB_ALIAS]
    db.ensure_connection()
    with db.wrap_database_errors:
        cursor = db.connection.cursor()
        try:
            cursor.execute(sql, params)
            return int(cursor.rowcount)
        finally:
            cursor.close()


def execute_many(sql: str, params: Sequence[Sequence[Any]], db: Any = None) -> int:
    """Run one statement once for each of `params` on the driver's cursor
    (PostgreSQL: in one pipeline): the rows changed, all runs together."""
    if db is None:
        db = connections[DEFAULT_DB_ALIAS]
    db.ensure_connection()
    with db.wrap_database_errors:
        cursor = db.connection.cursor()
        try:
            cursor.executemany(sql, params)
            return int(cursor.rowcount)
        finally:
            cursor.close()


@contextlib.contextmanager
def driver_transaction(db: Any) -> Iterator[None]:
    """One transaction begun and ended on the driver's connection `db` (this
    thread's, connected), for statements run with `execute` and
    `execute_many` only: the ORM inside would not know of it. Django's
    `transaction.atomic` costs some 25 us more a transaction (its
    bookkeeping, and the BEGIN through its cursor wrapper), paid by every
    batch of the writer. Rolled back on any error, the COMMIT's included."""
    driver = db.connection
    with db.wrap_database_errors:
        driver.execute(_begin_sql(db))
        try:
            yield
            driver.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(Exception):
                driver.execute("ROLLBACK")
            raise


def _begin_sql(db: Any) -> str:
    # What Django's own BEGIN would be (SQLite: the settings' IMMEDIATE,
    # so the write lock is taken at once, as for every other writer).
    mode = getattr(db, "transaction_mode", None)
    return f"BEGIN {mode}" if mode else "BEGIN"


def quote(name: str) -> str:
    return _quote(name)


def driver_sql(template: str) -> str:
    return _sql(template)


def last_chat_line(table_id: int) -> int:
    """The id of the table's newest chat line (0: none)."""
    found = _execute(_last_line_sql(vendor()), [table_id], fetch=True)
    return int(found[0][0] or 0)


@functools.cache
def _last_line_sql(vendor: str) -> str:
    return _sql(
        f"SELECT MAX({_quote('id')}) FROM {_quote(ChatMessage._meta.db_table)}"
        f" WHERE {_quote('table_id')} = %s"
    )


def recent_chat(table_id: int, count: int = 50) -> list[ChatMessage]:
    """The table's last `count` chat lines and notices, oldest first."""
    lines = select(ChatMessage, None, ("table_id =",), [table_id], "-id", limit=count)
    return lines[::-1]


# -- the sweeper's looks (every few seconds, whatever the load) ------------------
# The ORM built these in 0.7-1.6 ms a call, most of an idle server's work.


def adapted(moment: datetime) -> Any:
    """A datetime as the backend's adapter writes it (a statement's value)."""
    return connection.ops.adapt_datetimefield_value(moment)


def due_tables(
    now: datetime, absent_before: datetime, idle_before: datetime
) -> list[int]:
    """Playing tables untouched since `idle_before` whose deadline passed by
    `now`, or where a person (not a bot or a stand-in) on a real-time clock
    has been away since before `absent_before`; by id."""
    at, absent, idle = adapted(now), adapted(absent_before), adapted(idle_before)
    expired = _execute(_expired_sql(vendor()), [Table.PLAYING, at, idle], fetch=True)
    away = _execute(
        _away_sql(vendor()),
        [Table.PLAYING, Table.REALTIME, idle, absent, absent],
        fetch=True,
    )
    return sorted({row[0] for row in expired} | {row[0] for row in away})


def fetch(sql: str, params: Sequence[Any]) -> list[Any]:
    """The rows of one statement (`driver_sql`'s style) on the driver's cursor."""
    return _execute(sql, params, fetch=True)


def tables_with_bots(idle_before: datetime) -> list[int]:
    """Playing tables untouched since `idle_before` where a bot or a
    stand-in plays a seat."""
    found = _execute(
        _bots_sql(vendor()), [Table.PLAYING, adapted(idle_before)], fetch=True
    )
    return [row[0] for row in found]


def _seats_join() -> str:
    """FROM the seats (s) JOIN their tables (t)."""
    seat, table = _quote(Seat._meta.db_table), _quote(Table._meta.db_table)
    return f" FROM {seat} s JOIN {table} t ON t.{_quote('id')} = s.{_quote('table_id')}"


@functools.cache
def _expired_sql(vendor: str) -> str:
    q = _quote
    return _sql(
        f"SELECT {q('id')} FROM {q(Table._meta.db_table)} WHERE {q('status')} = %s"
        f" AND {q('deadline')} <= %s AND {q('turn_started_at')} <= %s"
    )


@functools.cache
def _away_sql(vendor: str) -> str:
    q = _quote
    return _sql(
        f"SELECT DISTINCT s.{q('table_id')}{_seats_join()}"
        f" WHERE t.{q('status')} = %s AND t.{q('clock')} = %s"
        f" AND t.{q('turn_started_at')} <= %s"
        f" AND s.{q('user_id')} IS NOT NULL AND s.{q('bot')} = ''"
        f" AND s.{q('standin')} = ''"
        f" AND (s.{q('absent_since')} < %s OR s.{q('last_seen')} < %s)"
    )


@functools.cache
def _bots_sql(vendor: str) -> str:
    q = _quote
    return _sql(
        f"SELECT DISTINCT s.{q('table_id')}{_seats_join()}"
        f" WHERE t.{q('status')} = %s AND t.{q('turn_started_at')} <= %s"
        f" AND NOT (s.{q('bot')} = '' AND s.{q('standin')} = '')"
        f" ORDER BY s.{q('table_id')}"
    )
