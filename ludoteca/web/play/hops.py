"""The hop from the event loop to the database for a table action.

Django's ORM is synchronous, so `actions.do_act` runs on a worker thread. By
default every such call of a process goes to one thread, one after another:
on PostgreSQL each statement is a network round trip, so one table's action
holds up every other table's. There the actions run on a small pool of
threads instead (`LUDOTECA_DB_THREADS`, each with its own connection): the
per-table lock and PostgreSQL's row lock already order one table's actions.
SQLite allows one writer at a time, so it keeps the one thread.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from channels.db import DatabaseSyncToAsync, database_sync_to_async
from django.conf import settings
from django.db import connection

from ludoteca.web.play import actions

_act: Callable[..., Awaitable[actions.Change]] | None = None


def act() -> Callable[..., Awaitable[actions.Change]]:
    """`actions.do_act` as a coroutine function, made once per process
    (wrapping anew on every call costs as much as the hop)."""
    global _act
    if _act is None:
        threads = settings.LUDOTECA_DB_THREADS
        if connection.vendor == "postgresql" and threads > 1:
            pool = ThreadPoolExecutor(threads, thread_name_prefix="db-act")
            _act = DatabaseSyncToAsync(
                actions.do_act, thread_sensitive=False, executor=pool
            )
        else:
            _act = database_sync_to_async(actions.do_act)
    return _act


async def do_act(*args: Any, **kwargs: Any) -> actions.Change:
    return await act()(*args, **kwargs)
