"""Group commit: on SQLite, the actions waiting for the database thread are
applied in one transaction.

SQLite has one writer and the process one database thread for it, so under
load actions queue for that thread, each paying its own hop (the thread
handoff, Django's connection checks) and its own BEGIN and COMMIT. Here the
actions that arrived while a batch was being written are handed over
together: each runs in its own savepoint (`do_act`'s `transaction.atomic`
nests), so a refused or failed action undoes only itself, and every caller
gets its answer only after the one COMMIT: an action is still acknowledged
only once it is stored. If the COMMIT fails, every action of the batch gets
the error and none is announced. A batch holds at most `BATCH_MAX` actions
(the rest wait for the next one), so no action waits behind an unbounded
transaction.
"""

from __future__ import annotations

import asyncio
from typing import Any

from channels.db import database_sync_to_async
from django.db import DatabaseError, transaction

from ludoteca.web.play import actions

Call = tuple[tuple[Any, ...], dict[str, Any]]
Outcome = tuple[bool, Any]  # (applied, the Change or the exception)

BATCH_MAX = 64  # actions per transaction


def apply_all(calls: list[Call]) -> list[Outcome]:
    """Run `do_act` for each call in one transaction; one outcome per call."""
    if len(calls) == 1:  # nothing to share: its own transaction
        args, kwargs = calls[0]
        try:
            return [(True, actions.do_act(*args, **kwargs))]
        except Exception as error:
            return [(False, error)]
    outcomes: list[Outcome] = []
    with transaction.atomic():
        for args, kwargs in calls:
            try:
                outcomes.append((True, actions.do_act(*args, **kwargs)))
            except Exception as error:  # its savepoint is rolled back
                outcomes.append((False, error))
        if transaction.get_rollback():
            # A savepoint could not be rolled back: Django would roll the
            # whole transaction back without a word; fail the batch instead.
            raise DatabaseError("the batch's transaction was marked for rollback")
    return outcomes


_apply_all = database_sync_to_async(apply_all)


class Batcher:
    """Gathers the actions of one event loop for the database thread."""

    def __init__(self) -> None:
        self.waiting: list[tuple[Call, asyncio.Future[actions.Change]]] = []
        self.running = False
        self.drain: asyncio.Task[None] | None = None

    async def do_act(self, *args: Any, **kwargs: Any) -> actions.Change:
        future = asyncio.get_running_loop().create_future()
        self.waiting.append(((args, kwargs), future))
        if not self.running:
            self.running = True
            self.drain = asyncio.ensure_future(self._drain())
        return await future

    async def _drain(self) -> None:
        batch: list[tuple[Call, asyncio.Future[actions.Change]]] = []
        try:
            while self.waiting:
                batch = self.waiting[:BATCH_MAX]
                self.waiting = self.waiting[BATCH_MAX:]
                try:
                    outcomes = await _apply_all([call for call, _ in batch])
                except asyncio.CancelledError:
                    for _, future in [*batch, *self.waiting]:
                        future.cancel()
                    self.waiting = []
                    raise
                except Exception as error:  # BEGIN or COMMIT failed
                    outcomes = [(False, error)] * len(batch)
                for (_, future), (applied, value) in zip(batch, outcomes, strict=True):
                    if future.done():  # its caller went away
                        continue
                    if applied:
                        future.set_result(value)
                    else:
                        future.set_exception(value)
        finally:
            # No await since `waiting` was last seen empty: the next action
            # starts a new drain.
            self.running = False
