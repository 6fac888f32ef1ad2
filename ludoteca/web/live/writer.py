"""The writer: one thread per process that makes the live tables' changes
durable, many at a time (group commit).

Actors hand it `store.Write`s and wait. It takes whatever is waiting (at most
`BATCH_MAX`), writes it in one transaction (`store.persist`) and commits,
then wakes every waiter on the event loop at once. Nothing is acknowledged,
announced or shown to a bot before its COMMIT. When a batch fails, every
write in it fails (the actors reload from the database and answer
`unavailable`), and so does every later write of the same tables made on
top of the lost ones (an older `generation` than the actor's reload), which
is never written.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time

from django.db import (
    DEFAULT_DB_ALIAS,
    DatabaseError,
    close_old_connections,
    connection,
    connections,
    transaction,
)

from ludoteca.web.live import store
from ludoteca.web.play import rows

log = logging.getLogger("ludoteca.writer")

BATCH_MAX = 64  # writes per transaction
# SQLite: the checkpoint thread looks every CHECKPOINT_EVERY seconds, and
# copies the log back once CHECKPOINT_BATCHES batches wait in it, or once the
# oldest of them has waited CHECKPOINT_WAIT seconds (a copy costs about the
# same for a few pages as for a few hundred).
CHECKPOINT_EVERY = 1.0
CHECKPOINT_BATCHES = 64
CHECKPOINT_WAIT = 10.0

Job = tuple[store.Write, "asyncio.Future[None]"]


class Lost(DatabaseError):
    """A write not made because an earlier one of its table failed."""


class Writer:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        # table -> the newest generation whose writes must fail (see Lost)
        self.failed: dict[int, int] = {}
        self.batches = 0  # counted for the benchmark
        # SQLite, as the writer's connection has them (read for the tests):
        self.autocheckpoint = self.synchronous = -1
        self.checkpoints = 0  # done by the checkpoint thread
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="writer", daemon=True)
        self.thread.start()
        self.checkpointer: threading.Thread | None = None
        if connection.vendor == "sqlite":
            self.checkpointer = threading.Thread(
                target=self._checkpoint, name="checkpoint", daemon=True
            )
            self.checkpointer.start()

    def submit(self, write: store.Write) -> asyncio.Future[None]:
        future: asyncio.Future[None] = self.loop.create_future()
        self.jobs.put((write, future))
        return future

    def stop(self) -> None:
        self.jobs.put(None)
        self.stopping.set()
        self.thread.join(timeout=10)
        if self.checkpointer is not None:
            self.checkpointer.join(timeout=10)

    # -- the thread ---------------------------------------------------------------

    def _run(self) -> None:
        try:
            if connection.vendor == "sqlite":
                # SQLite's log is copied back into the database by the
                # checkpoint thread, not by a COMMIT of this one (a copy with
                # its fsync held up every action of the batch behind it).
                connection.ensure_connection()
                with connection.cursor() as cursor:
                    cursor.execute("PRAGMA wal_autocheckpoint=0")
                    cursor.execute("PRAGMA wal_autocheckpoint")
                    (self.autocheckpoint,) = cursor.fetchone()
                    cursor.execute("PRAGMA synchronous")
                    (self.synchronous,) = cursor.fetchone()
            while True:
                first = self.jobs.get()
                if first is None:
                    return
                batch = [first]
                while len(batch) < BATCH_MAX:
                    try:
                        job = self.jobs.get_nowait()
                    except queue.Empty:
                        break
                    if job is None:
                        self.jobs.put(None)  # stop after this batch
                        break
                    batch.append(job)
                self._write(batch)
        finally:
            connection.close()

    def _write(self, batch: list[Job]) -> None:
        live = [
            job
            for job in batch
            if job[0].generation > self.failed.get(job[0].table_id, -1)
        ]
        # An empty write (a presence announced after the table's writes
        # before it) has nothing to store: it only keeps its place in line.
        stored = [job for job in live if not job[0].empty]
        try:
            outcome = self._commit([w for w, _ in stored]) if stored else []
            by_job = dict(zip((id(j) for j in stored), outcome, strict=True))
            # An empty write after a fenced one of its table, made on top of
            # it (not after a reload: a newer generation), fails too: it would
            # announce what was not stored. (Across batches the actor sees to
            # it: `TableActor.failing`.)
            refused: dict[int, tuple[int, Exception]] = {}  # table: newest
            for job in stored:
                result = by_job[id(job)]
                table_id, generation = job[0].table_id, job[0].generation
                if result is not None and generation >= refused.get(table_id, (0,))[0]:
                    refused[table_id] = (generation, result)
            for job in live:
                fenced = refused.get(job[0].table_id)
                if job[0].empty and fenced and job[0].generation <= fenced[0]:
                    by_job[id(job)] = fenced[1]
        except Exception as error:  # BEGIN, a statement or COMMIT failed
            log.warning("a batch of %s writes failed: %s", len(stored), error)
            for write, _ in live:
                self.failed[write.table_id] = max(
                    write.generation, self.failed.get(write.table_id, -1)
                )
            close_old_connections()
            failed = (
                error if isinstance(error, DatabaseError) else DatabaseError(str(error))
            )
            by_job = {id(job): failed for job in live}
        kept = {id(job) for job in live}
        lost = Lost("an earlier write failed")
        results = [by_job.get(id(job)) if id(job) in kept else lost for job in batch]
        if stored:
            self.batches += 1
        self.loop.call_soon_threadsafe(_wake, batch, results)

    def _checkpoint(self) -> None:
        """SQLite: copy what the log holds into the database (PASSIVE: it
        never waits for, nor holds up, the writer or a reader), when enough
        batches wait there or the oldest has waited long enough (see
        CHECKPOINT_BATCHES). Not while the writer wrote nothing since the
        last whole copy: an idle server asks nothing of its database."""
        copied = 0  # the writer's batches when the last whole copy began
        waiting_since: float | None = None  # when batches were first seen waiting
        try:
            while not self.stopping.wait(CHECKPOINT_EVERY):
                batches = self.batches
                if batches == copied:
                    continue
                now = time.monotonic()
                if waiting_since is None:
                    waiting_since = now
                if not checkpoint_due(batches - copied, now - waiting_since):
                    continue
                try:
                    connection.ensure_connection()
                    with connection.cursor() as cursor:
                        cursor.execute("PRAGMA wal_checkpoint(PASSIVE)")
                        _busy, pages, done = cursor.fetchone()
                    if pages == done:  # a reader may hold some back: again
                        copied, waiting_since = batches, None
                    self.checkpoints += 1
                except Exception as error:
                    log.warning("checkpoint failed: %s", error)
                    close_old_connections()
        finally:
            connection.close()

    def _commit(self, writes: list[store.Write]) -> list[Exception | None]:
        connection.ensure_connection()
        if store.runs_orm_code(writes):
            with transaction.atomic():
                return store.persist(writes)
        # Most batches: moves, table rows and clocks only, every statement
        # the writer's own; a transaction on the driver's connection.
        with rows.driver_transaction(connections[DEFAULT_DB_ALIAS]):
            return store.persist(writes)


def checkpoint_due(waiting: int, waited: float) -> bool:
    """Whether to copy the log back, with `waiting` batches in it, the
    oldest written `waited` seconds ago."""
    return waiting >= CHECKPOINT_BATCHES or waited >= CHECKPOINT_WAIT


def _wake(batch: list[Job], results: list[Exception | None]) -> None:
    for (_, future), error in zip(batch, results, strict=True):
        if future.done():  # its waiter went away
            continue
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)
