"""The table actor: the one owner of a live table in this process.

It holds the `LiveTable` (row, seats, decoded state) and the table's sockets,
and every change to the table goes through `change`: checked and applied in
memory on the event loop (`changes`), handed to the writer, and announced
only once committed, in version order: first the mover's own answer (the
`ack`, through `on_commit`), then every socket's frame of the new version
(or of a newer one committed with it, which carries its events too), then
the bots and the table's timer. A write that fails reloads the table
from the database (`reload`) and the changes made on top of it are answered
`unavailable`; a write refused by the fence (another owner took the table)
lets the table go: its sockets close, and reconnect to the table's owner.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.db import DatabaseError
from django.utils import timezone

from ludoteca.web.live import changes, frames, store, table
from ludoteca.web.live.bots import BotDriver
from ludoteca.web.play.models import ChatMessage, Table

if TYPE_CHECKING:
    from ludoteca.web.live.owners import Owner

log = logging.getLogger("ludoteca.actor")

# A presence not written with another write of the table by then is written
# alone (see `changes._soft`).
PRESENCE_WRITE_DELAY = 2.0

Make = Callable[[table.LiveTable], "changes.Pending | list[changes.Pending] | None"]
OnCommit = Callable[[changes.Change], None]


class Unavailable(DatabaseError):
    """The change could not be stored (nothing of it is kept)."""


class TableActor:
    def __init__(self, owner: Owner, live: table.LiveTable) -> None:
        self.owner = owner
        self.live = live
        self.table_id = live.table_id
        self.generation = 1
        self.sockets: set[Any] = set()
        self.timer: asyncio.TimerHandle | None = None
        self.timer_at = 0.0  # when it rings (epoch seconds)
        self.presence_timer: asyncio.TimerHandle | None = None
        self.dropped = False  # let go: nothing more is written or announced
        # A write of this generation failed, and the table is not read again
        # yet: nothing waiting is announced (it would show what was lost).
        self.failing = False
        self._own_presence()
        self.snap = frames.of_live(live)  # the latest committed, as sent
        self.latest = self.snap  # the latest made (maybe not committed yet)
        self.bots = BotDriver(self)
        self.reloading: asyncio.Future[None] | None = None
        self.again = False  # a reload was asked while one ran
        # Set while a reload cannot reach the database: changes asked
        # meanwhile are answered `unavailable` at once, not held.
        self.unreachable = asyncio.Event()
        self.inflight = 0  # changes handed to the writer, not committed yet
        # Their writes' futures, in the order handed over (and committed).
        self.writing: collections.deque[asyncio.Future[None]] = collections.deque()
        self.settled = asyncio.Event()  # set while none is
        self.settled.set()

    # -- changing the table ----------------------------------------------------

    async def change(
        self, make: Make, on_commit: OnCommit | None = None
    ) -> list[changes.Change]:
        """Apply `make` to the live table and store it; the changes once
        committed (announced by then). Raises `changes.Refused` (nothing
        changed) or `Unavailable` (nothing stored)."""
        await self._reloaded()
        if self.dropped:
            raise Unavailable("the table moved to another process")
        try:
            made = make(self.live)
        except changes.Refused:
            raise
        except Exception:
            log.exception("table %s: a change failed half-way", self.table_id)
            self.reload_soon()
            raise Unavailable("the change failed") from None
        if made is None:
            return []
        if not isinstance(made, list):  # one change: no gathering needed
            return [await self._submit(made, on_commit)]
        committed = [self._submit(p, on_commit) for p in made]
        return list(await asyncio.gather(*committed))

    async def _reloaded(self) -> None:
        """Wait for the reload in progress, if any; raises `Unavailable` while
        it cannot reach the database (the player hears so now, and tries
        again, rather than wait without an answer)."""
        while self.reloading is not None:
            if self.unreachable.is_set():
                raise Unavailable("the database cannot be reached")
            cut = asyncio.ensure_future(self.unreachable.wait())
            try:
                await asyncio.wait(
                    {asyncio.shield(self.reloading), cut},
                    return_when=asyncio.FIRST_COMPLETED,
                )
            finally:
                cut.cancel()

    def _submit(
        self, pending: changes.Pending, on_commit: OnCommit | None
    ) -> asyncio.Future[changes.Change]:
        """Hand one change to the writer; its future resolves once it is
        committed and announced (the announcing does not wait for the caller:
        a change stored is announced even if its socket went away). A change
        with nothing to store (a presence) is announced at once when nothing
        of the table waits for a COMMIT; else after what does."""
        snap = frames.of_live(self.live, self.latest)
        self.latest = snap
        write = store.with_presence(self.live, pending.write)
        write.generation = self.generation
        done: asyncio.Future[changes.Change] = self.owner.loop.create_future()
        if write.empty and not self.inflight and not self.failing:
            self._stored(snap, pending.change, on_commit)
            done.set_result(pending.change)
            return done
        stored = self.owner.writer.submit(write)
        self.writing.append(stored)
        self.inflight += 1
        self.settled.clear()
        generation = self.generation

        def committed(future: asyncio.Future[None]) -> None:
            if self.writing and self.writing[0] is future:
                self.writing.popleft()
            else:  # not reached: the writer keeps a table's writes in order
                self.writing.remove(future)
            self.inflight -= 1
            if not self.inflight:
                self.settled.set()
            error = future.exception() if not future.cancelled() else Unavailable("")
            if error is None and self.failing and generation == self.generation:
                # An empty write (a presence) after a failed one: its snapshot
                # holds what the failed one did not store.
                error = Unavailable("an earlier write of the table failed")
            if error is not None:
                if generation == self.generation:
                    self.failing = True  # until `_write_failed` reads it again
                if not done.done():
                    done.set_exception(Unavailable(str(error)))
                # After the waiter's answer (`unavailable`) is on its way.
                self.owner.loop.call_soon(self._write_failed, error, generation)
                return
            self._stored(snap, pending.change, on_commit, self._covered(pending.change))
            if not done.done():
                done.set_result(pending.change)

        stored.add_done_callback(committed)
        return done

    def _covered(self, change: changes.Change) -> bool:
        """Whether the table's next write was committed with this one (its
        announcement comes next): then this change's frames need not go out
        alone, the next version's update carries its events too (as one
        update after a reconnect does). Only for a plain move: the seats'
        frames and chat lines keep their places."""
        if change.seats_changed or change.lines or change.finished or self.failing:
            return False
        later = self.writing[0] if self.writing else None
        return (
            later is not None
            and later.done()
            and not later.cancelled()
            and later.exception() is None
        )

    def _stored(
        self,
        snap: frames.Snapshot,
        change: changes.Change,
        on_commit: OnCommit | None,
        covered: bool = False,
    ) -> None:
        """The mover's answer (its `ack`), then every socket's frames, unless
        the next committed change's frames carry this one's too."""
        if on_commit is not None:
            try:
                on_commit(change)
            except Exception:  # the mover's socket, say: the others still hear
                log.exception("table %s: answering the mover failed", self.table_id)
        if self.dropped:  # let go meanwhile (its last presence, say)
            return
        if covered:
            if snap.version >= self.snap.version:
                self.snap = snap
            return
        self._announce(snap, change)
        self._keep_presence()

    def _keep_presence(self) -> None:
        """The presence not written yet, written alone if no other write of
        the table takes it along by PRESENCE_WRITE_DELAY."""
        if self.live.unsaved_presence and self.presence_timer is None:
            self.presence_timer = self.owner.loop.call_later(
                PRESENCE_WRITE_DELAY, self.write_presence
            )

    def write_presence(self) -> asyncio.Future[changes.Change] | None:
        """Write the presence that no other write of the table took along
        (None: there is none); the future resolves once it is stored."""
        if self.presence_timer is not None:
            self.presence_timer.cancel()
            self.presence_timer = None
        if not self.live.unsaved_presence or self.dropped:
            return None
        if self.reloading is not None or self.failing:  # once read again
            self._keep_presence()
            return None
        change = changes.Change(self.table_id, self.live.table.version)
        written = self._submit(
            changes.Pending(change, store.presence_write(self.live)), None
        )
        # A failure reloads the table (`_write_failed`); nobody need wait.
        written.add_done_callback(lambda f: f.cancelled() or f.exception())
        return written

    def _write_failed(self, error: BaseException, generation: int) -> None:
        """A write failed: the table is read again; refused by the fence,
        another owner has it, so this process lets it go (its sockets close
        and reconnect to the owner)."""
        if self.dropped or generation != self.generation:
            return  # a reload since has thrown this state away already
        if isinstance(error, store.Fenced):
            self.owner.drop(self, "another owner took it")
            return
        log.warning("table %s: a write failed (%s); reloading", self.table_id, error)
        self.reload_soon()

    # -- announcing ------------------------------------------------------------

    def _announce(self, snap: frames.Snapshot, change: changes.Change) -> None:
        """Every socket's frames of a committed change (its version, the
        seats, its notices and chat lines), then the bots and the timer."""
        if snap.version >= self.snap.version:
            self.snap = snap
        current = self.snap
        for socket in list(self.sockets):
            socket.on_version(current)
        if change.seats_changed:
            for socket in list(self.sockets):
                socket.on_seats(current)
        for line in change.lines:
            self.live.last_line = max(self.live.last_line, line.pk or 0)
            for socket in list(self.sockets):
                socket.on_chat(line, current)
        if change.finished or (change.seats_changed and not change.presence):
            what = "finished" if change.finished else "seats"
            self.owner.lobby_event(self.table_id, what)
        self.arm()
        self.bots.drive()
        if change.finished:
            self.owner.release_if_idle(self)  # a match of bots alone, say

    def push_fresh(self, lines: list[Any]) -> None:
        """Every socket's view of the table as it is now (after a reload),
        with the chat lines written meanwhile (by a page, say)."""
        for socket in list(self.sockets):
            socket.on_version(self.snap)
            socket.on_seats(self.snap)
            for line in lines:
                socket.on_chat(line, self.snap)

    # -- reloading -------------------------------------------------------------

    def reload_soon(self) -> None:
        """Read the table again; asked while a reload runs, once more after
        it (the reload may have read the table before the change that asked)."""
        if self.dropped:
            return
        if self.reloading is not None:
            self.again = True
            return
        self.reloading = self.owner.loop.create_future()
        self.owner.spawn(self._reload())

    async def _reload(self) -> None:
        """Read the table again (taking it: a new owner epoch), once the
        changes in flight are settled (their answers go out first); retried
        while the database does not answer. New changes wait meanwhile."""
        try:
            self.again = True
            while self.again and not self.dropped:
                self.again = False
                await self._reload_once()
        finally:
            waiting, self.reloading = self.reloading, None
            if waiting is not None and not waiting.done():
                waiting.set_result(None)

    async def _reload_once(self) -> None:
        delay = 0.1
        await self.settled.wait()
        while not self.dropped:
            try:
                live, lines = await self.owner.in_thread(
                    _retake, self.table_id, self.live.last_line
                )
                break
            except Table.DoesNotExist:
                self.owner.drop(self, "deleted")
                return
            except DatabaseError as error:
                log.warning("table %s: cannot reload yet (%s)", self.table_id, error)
                self.unreachable.set()
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
        else:
            return
        if self.unreachable.is_set():
            self.unreachable.clear()
            log.info("table %s: read again, the database answers", self.table_id)
        self.generation += 1
        self.failing = False
        self.live = live
        self._own_presence()
        self.snap = self.latest = frames.of_live(live)
        self.owner.taken(self.table_id)
        self.push_fresh(lines)
        self.arm()
        self.bots.drive()

    # -- the table's timer -----------------------------------------------------

    def arm(self) -> None:
        """Hold the table's next deadline (a clock, a timed phase). A timer
        that rings no later than the deadline is kept (most actions move it
        later): ringing early, it holds the deadline again (`_ring`)."""
        deadline = self.live.table.deadline
        if self.live.table.status != Table.PLAYING or deadline is None or self.dropped:
            self._disarm()
            return
        at = deadline.timestamp()
        if self.timer is not None:
            if self.timer_at <= at:
                return
            self.timer.cancel()
        self.timer_at = at
        self.timer = self.owner.loop.call_later(max(0.0, at - time.time()), self._ring)

    def _disarm(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _ring(self) -> None:
        self.timer = None
        deadline = self.live.table.deadline
        if deadline is None or deadline.timestamp() > time.time():
            self.arm()  # the deadline moved on since the timer was set
            return
        self.owner.spawn(self.expire())

    async def expire(self) -> None:
        try:
            await self.change(changes.expire)
        except (changes.Refused, Unavailable) as error:
            log.info("table %s: deadline not applied: %s", self.table_id, error)
            self.owner.loop.call_later(1.0, self.arm)

    # -- presence --------------------------------------------------------------

    def _own_presence(self) -> None:
        """Each seat connected as this process's sockets show it, once the
        table is read (taken, or read again after a failed write, which may
        have held a presence not written yet; a previous owner's may be
        stale): what differs from the database is written with the next
        write."""
        now = timezone.now()
        for seat in self.live.seats:
            here = seat.user_id is not None and any(
                getattr(s, "user_id", None) == seat.user_id
                for s in self.seat_sockets(seat.index)
            )
            if seat.connected != here:
                seat.connected = here
                seat.absent_since = None if here else now
                if here:
                    seat.last_seen = now
                self.live.unsaved_presence.add(seat.index)
        self._keep_presence()

    def seat_sockets(self, seat: int) -> list[Any]:
        return [s for s in self.sockets if getattr(s, "seat", None) == seat]

    def stop(self) -> None:
        self.dropped = True
        self._disarm()
        if self.presence_timer is not None:
            self.presence_timer.cancel()
            self.presence_timer = None
        self.bots.stop()


def _retake(table_id: int, seen: int) -> tuple[table.LiveTable, list[ChatMessage]]:
    """The table taken again, and the chat lines written since `seen` (by a
    page, say; at most the last 50)."""
    live = table.take(table_id)
    lines = ChatMessage.objects.filter(table_id=table_id, id__gt=seen)
    return live, list(lines.order_by("-id")[:50])[::-1]
