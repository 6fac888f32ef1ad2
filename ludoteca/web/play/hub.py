"""Fan-out: a per-process table hub, bridged across processes by Redis pub/sub.

The hub keeps, for each table, the sockets connected to this process. A change
is announced as "table T is at version v" (or "seats changed", "chat line N");
the hub loads the table once and every local socket sends its own seat's frame.
With ``REDIS_URL`` the announcement is also published on one Redis channel that
every process subscribes to once (the lila / lila-ws pattern). The channel
layer's ``group_send`` is never used for table updates.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import uuid
from collections import defaultdict
from collections.abc import Awaitable, Iterable
from typing import Any, Protocol

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import DatabaseError

from ludoteca.web.play import hops, snapshot
from ludoteca.web.play.models import ChatMessage

log = logging.getLogger("ludoteca.hub")
REDIS_CHANNEL = "ludoteca:tables"


class Socket(Protocol):
    table_id: int

    async def on_version(self, snap: snapshot.Snapshot) -> None: ...
    async def on_seats(self, snap: snapshot.Snapshot) -> None: ...
    async def on_chat(self, message: ChatMessage, snap: snapshot.Snapshot) -> None: ...


async def _each(sends: Iterable[Awaitable[None]]) -> None:
    """Send to every socket; one that fails (it just closed, say) does not
    keep the others from their frames."""
    for result in await asyncio.gather(*sends, return_exceptions=True):
        if isinstance(result, DatabaseError):
            raise result
        if isinstance(result, Exception):
            log.info("a socket could not be sent to: %r", result)


class TableHub:
    def __init__(self) -> None:
        self.sockets: defaultdict[int, set[Socket]] = defaultdict(set)
        self.snaps: dict[int, snapshot.Snapshot] = {}
        self.load_locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.origin = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.redis: Any = None  # publishes
        self.redis_sub: Any = None  # subscribes
        self.catchups: dict[int, asyncio.Task[None]] = {}
        # Versions announced by other processes, delivered by one task per
        # table (see `_deliver_soon`).
        self.wanted: dict[int, int] = {}
        self.delivering: dict[int, asyncio.Task[None]] = {}
        self.publishing: set[asyncio.Task[None]] = set()  # see `_tell_others`
        self.listener: asyncio.Task[None] | None = None

    # -- sockets ------------------------------------------------------------

    def join(self, socket: Socket) -> None:
        self.sockets[socket.table_id].add(socket)

    def leave(self, socket: Socket) -> None:
        local = self.sockets.get(socket.table_id)
        if local is not None:
            local.discard(socket)
            if not local:
                del self.sockets[socket.table_id]
                self.snaps.pop(socket.table_id, None)

    def local(self, table_id: int) -> list[Socket]:
        return list(self.sockets.get(table_id, ()))

    # -- snapshots ------------------------------------------------------------

    async def snapshot(
        self, table_id: int, at_least: int = -1, delivering: bool = False
    ) -> snapshot.Snapshot:
        """The table at version `at_least` or later (any cached one for -1),
        loaded once for all the sockets of this process. `delivering`: the
        caller sends it to every local socket itself (see `_keep`)."""
        async with self.load_locks[table_id]:
            cached = self.snaps.get(table_id)
            if cached is not None and cached.version >= at_least:
                return cached
            snap = await hops.load(table_id, cached)
            return self._keep(snap, delivering)

    async def refresh(self, table_id: int) -> snapshot.Snapshot:
        async with self.load_locks[table_id]:
            snap = await hops.load(table_id, self.snaps.get(table_id))
            return self._keep(snap)

    def _keep(
        self, snap: snapshot.Snapshot, delivering: bool = False
    ) -> snapshot.Snapshot:
        """Cache a loaded snapshot, unless `advance` went further meanwhile
        (the load read the table before an action here committed)."""
        cached = self.snaps.get(snap.table_id)
        if cached is not None and cached.version > snap.version:
            return cached
        if snap.table_id in self.sockets:
            self.snaps[snap.table_id] = snap
            if not delivering and cached is not None and snap.version > cached.version:
                # A version nobody announced here yet (its process may have
                # died between its commit and its notice, or lost the answer
                # to its COMMIT): this process's sockets get it too, not only
                # the one that asked, and so do the other processes'.
                self._deliver_soon(snap.table_id, snap.version)
                self._tell_others(snap.table_id, snap.version)
        return snap

    def _tell_others(self, table_id: int, version: int) -> None:
        """Publish a version notice in the background (a repeat of one already
        published costs the other processes a look at their snapshot)."""
        if self.redis is None:
            return
        notice = {"k": "version", "table": table_id, "v": version}
        task = asyncio.create_task(self._publish(notice))
        self.publishing.add(task)
        task.add_done_callback(self.publishing.discard)

    def advance(self, change: Any) -> None:
        """The snapshot after an action applied here, from what do_act stored:
        called as soon as do_act returns, before anything else can run, so
        the actions of one table advance it in the order they were committed
        (announced later, an action that overtook another made every socket's
        update wait for a read of the table)."""
        if change.table is None or change.table_id not in self.sockets:
            return
        snap = snapshot.advance(
            self.snaps.get(change.table_id),
            change.table,
            change.seats,
            change.state,
            change.events,
        )
        if snap is not None:
            self.snaps[change.table_id] = snap

    # -- announcements (local + other processes) -----------------------------

    async def announce_version(
        self, table_id: int, version: int, change: Any = None
    ) -> None:
        """`change` (an `actions.Change` from this process) lets the hub
        advance its snapshot instead of reading the table back."""
        if change is not None:
            self.advance(change)  # usually done already (see `advance`)
        await self._publish({"k": "version", "table": table_id, "v": version})
        await self.deliver_version(table_id, version)

    async def announce_seats(self, table_id: int) -> None:
        await self._publish({"k": "seats", "table": table_id})
        await self.deliver_seats(table_id)

    async def announce_chat(
        self, table_id: int, message_id: int, version: int = -1
    ) -> None:
        """A new chat line, written when the table was at `version`: sockets
        decide who may read it on a snapshot at least that recent."""
        await self._publish(
            {"k": "chat", "table": table_id, "id": message_id, "v": version}
        )
        await self.deliver_chat(table_id, message_id, version)

    # -- delivery to this process's sockets ----------------------------------
    #
    # A delivery that cannot read the database (PostgreSQL restarting, say) is
    # not dropped: the table is caught up as soon as the database answers.

    async def deliver_version(self, table_id: int, version: int) -> None:
        if table_id not in self.sockets:
            return
        try:
            snap = await self.snapshot(table_id, version, delivering=True)
            await _each(s.on_version(snap) for s in self.local(table_id))
        except DatabaseError as error:
            self._unreachable(table_id, error)

    async def deliver_seats(self, table_id: int) -> None:
        if table_id not in self.sockets:
            return
        try:
            snap = await self.refresh(table_id)
            await _each(s.on_seats(snap) for s in self.local(table_id))
        except DatabaseError as error:
            self._unreachable(table_id, error)

    async def deliver_chat(
        self, table_id: int, message_id: int, version: int = -1
    ) -> None:
        if table_id not in self.sockets:
            return
        try:
            message = await database_sync_to_async(ChatMessage.objects.get)(
                pk=message_id
            )
            snap = await self.snapshot(table_id, version)
            await _each(s.on_chat(message, snap) for s in self.local(table_id))
        except DatabaseError as error:
            self._unreachable(table_id, error)

    def _unreachable(self, table_id: int, error: Exception) -> None:
        log.warning(
            "table %s: database unreachable (%s); will catch up", table_id, error
        )
        self.catch_up_later(table_id)

    async def catch_up(self, table_id: int) -> None:
        """Send every local socket of the table its missing events, seats and
        recent chat lines (a line announced while Redis or the database was
        away; the browser drops the lines it already has, by id)."""
        snap = await self.refresh(table_id)
        lines = await database_sync_to_async(_recent_chat)(table_id)
        local = self.local(table_id)
        await _each(s.on_version(snap) for s in local)
        await _each(s.on_seats(snap) for s in local)
        for line in lines:
            await _each(s.on_chat(line, snap) for s in local)

    def catch_up_later(self, table_id: int, delay: float = 0.2) -> None:
        """Catch the table up in the background, retrying while the database
        is unreachable; one task per table."""
        if table_id in self.catchups:
            return
        task = asyncio.create_task(self._catch_up_retrying(table_id, delay))
        self.catchups[table_id] = task
        task.add_done_callback(lambda _: self.catchups.pop(table_id, None))

    async def _catch_up_retrying(self, table_id: int, delay: float) -> None:
        while table_id in self.sockets:
            await asyncio.sleep(delay)
            try:
                await self.catch_up(table_id)
                return
            except DatabaseError as error:
                log.warning("table %s: still no database (%s)", table_id, error)
                delay = min(max(delay, 0.1) * 2, 2.0)

    # -- Redis ------------------------------------------------------------------

    async def start_redis(self) -> None:
        url = getattr(settings, "REDIS_URL", "")
        if not url or self.redis is not None:
            return
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        # Publishing retries at once on a fresh connection (Redis restarted
        # since the pooled one was opened) and otherwise fails fast: a slow
        # publish would hold up this process's own sockets.
        self.redis = redis.from_url(
            url, retry=Retry(NoBackoff(), 2), socket_connect_timeout=2
        )
        # The subscription never reconnects by itself: redis-py would
        # resubscribe silently and the notices published meanwhile would be
        # lost. `_listen` resubscribes and then catches every local socket up.
        self.redis_sub = redis.from_url(
            url, retry=Retry(NoBackoff(), 0), socket_connect_timeout=2
        )
        # Subscribing happens in the background: a process that starts while
        # Redis is away serves its own sockets and joins in when Redis is up.
        self.listener = asyncio.create_task(self._listen())

    async def stop(self) -> None:
        if self.listener is not None:
            self.listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.listener
        tasks = [*self.catchups.values(), *self.delivering.values(), *self.publishing]
        for task in tasks:
            task.cancel()
        for client in (self.redis, self.redis_sub):
            if client is not None:
                with contextlib.suppress(Exception):
                    await client.aclose()
        self.redis = self.redis_sub = self.listener = None

    async def _subscribe(self) -> Any:
        """A subscription to the tables' channel, tried until Redis answers."""
        delay = 0.1
        while True:
            pubsub = self.redis_sub.pubsub()
            try:
                await pubsub.subscribe(REDIS_CHANNEL)
                return pubsub
            except Exception as error:
                log.warning("Redis unreachable (%s); retrying in %.1fs", error, delay)
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)

    async def _listen(self) -> None:
        while True:
            pubsub = await self._subscribe()
            # Notices published while we were not subscribed are gone: send
            # every local socket whatever it lacks (none at the first start).
            for table_id in list(self.sockets):
                self.catch_up_later(table_id, delay=0)
            try:
                while True:
                    raw = await pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=5
                    )
                    if raw is not None:
                        await self._on_message(raw)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("Redis subscription lost (%s); subscribing again", error)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    async def _on_message(self, raw: Any) -> None:
        try:
            message = json.loads(raw["data"])
            if message.get("origin") == self.origin:
                return
            table = int(message["table"])
            if message["k"] == "version":
                self._deliver_soon(table, int(message["v"]))
            elif message["k"] == "seats":
                await self.deliver_seats(table)
            elif message["k"] == "chat":
                await self.deliver_chat(
                    table, int(message["id"]), int(message.get("v", -1))
                )
        except Exception:
            log.exception("bad hub message %r", raw)

    def _deliver_soon(self, table_id: int, version: int) -> None:
        """Deliver another process's version without holding up the
        subscription: its next notices (other tables) are read meanwhile,
        where awaiting each delivery in turn queued every table behind every
        other's load. One task per table delivers the latest version wanted,
        so a table's notices that come while it loads are folded into one."""
        if table_id not in self.sockets:
            return
        self.wanted[table_id] = max(version, self.wanted.get(table_id, -1))
        if table_id not in self.delivering:
            self.delivering[table_id] = asyncio.create_task(
                self._deliver_wanted(table_id)
            )

    async def _deliver_wanted(self, table_id: int) -> None:
        try:
            while table_id in self.wanted:
                await self.deliver_version(table_id, self.wanted.pop(table_id))
        except Exception:
            log.exception("table %s: delivery failed", table_id)
            self.wanted.pop(table_id, None)
            self.catch_up_later(table_id)
        finally:
            # No await since `wanted` was last seen empty: a notice that
            # comes after this starts a new task.
            self.delivering.pop(table_id, None)

    async def _publish(self, message: dict[str, Any]) -> None:
        if self.redis is None:
            return
        message["origin"] = self.origin
        try:
            await self.redis.publish(REDIS_CHANNEL, json.dumps(message))
        except Exception as error:
            # The other processes resubscribe when Redis is back and catch up
            # from the database then.
            log.warning("could not publish on Redis: %s", error)


def _recent_chat(table_id: int, count: int = 50) -> list[ChatMessage]:
    return list(ChatMessage.objects.filter(table_id=table_id).order_by("-id")[:count])[
        ::-1
    ]
