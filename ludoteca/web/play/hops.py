"""The hops from the event loop to the database on every table action.

Django's ORM is synchronous, so `actions.do_act` runs on a worker thread, and
so does `snapshot.load`, which every process holding seats of a table runs
after each of its actions. By default every such call of a process goes to
one thread, one after another: on PostgreSQL each statement is a network round
trip, so one table's action holds up every other table's. There they run on a
small pool of threads instead (`LUDOTECA_DB_THREADS`, each with its own
connection): the per-table lock and PostgreSQL's row lock already order one
table's actions, and the hub loads a table once at a time. SQLite allows one
writer at a time, so it keeps the one thread.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from channels.db import DatabaseSyncToAsync, database_sync_to_async
from django.conf import settings
from django.db import connection

from ludoteca.web.play import actions, snapshot

_hops: dict[str, Callable[..., Awaitable[Any]]] = {}
_pool: list[ThreadPoolExecutor] = []


def pooled() -> bool:
    """Whether the database calls of table actions run on a pool of threads."""
    return connection.vendor == "postgresql" and settings.LUDOTECA_DB_THREADS > 1


def grouped() -> bool:
    """Whether table actions are written in groups (`groupcommit`): on
    SQLite only. On PostgreSQL a group would hold every row lock it took
    until its one COMMIT, and two processes locking two tables in opposite
    orders would deadlock; there each action is its own transaction."""
    return connection.vendor == "sqlite"


def hop(func: Callable[..., Any]) -> Callable[..., Awaitable[Any]]:
    """`func` as a coroutine function run on the database threads, made once
    per process (wrapping anew on every call costs as much as the hop)."""
    name = func.__qualname__
    found = _hops.get(name)
    if found is None:
        if pooled():
            if not _pool:
                threads = settings.LUDOTECA_DB_THREADS
                _pool.append(ThreadPoolExecutor(threads, thread_name_prefix="db"))
            found = DatabaseSyncToAsync(func, thread_sensitive=False, executor=_pool[0])
        else:
            found = database_sync_to_async(func)
        _hops[name] = found
    return found


async def do_act(*args: Any, **kwargs: Any) -> actions.Change:
    change: actions.Change = await hop(actions.do_act)(*args, **kwargs)
    return change


async def load(table_id: int, previous: Any = None) -> snapshot.Snapshot:
    """A table's snapshot (`snapshot.load`): read by every process holding
    seats of the table after each of its actions."""
    snap: snapshot.Snapshot = await hop(snapshot.load)(table_id, previous)
    return snap
