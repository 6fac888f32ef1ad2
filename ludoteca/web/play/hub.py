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
from typing import Any, Protocol

from channels.db import database_sync_to_async
from django.conf import settings

from ludoteca.web.play import snapshot
from ludoteca.web.play.models import ChatMessage

log = logging.getLogger("ludoteca.hub")
REDIS_CHANNEL = "ludoteca:tables"


class Socket(Protocol):
    table_id: int

    async def on_version(self, snap: snapshot.Snapshot) -> None: ...
    async def on_seats(self, snap: snapshot.Snapshot) -> None: ...
    async def on_chat(self, message: ChatMessage, snap: snapshot.Snapshot) -> None: ...


class TableHub:
    def __init__(self) -> None:
        self.sockets: defaultdict[int, set[Socket]] = defaultdict(set)
        self.snaps: dict[int, snapshot.Snapshot] = {}
        self.load_locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.origin = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.redis: Any = None
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

    async def snapshot(self, table_id: int, at_least: int = -1) -> snapshot.Snapshot:
        """The table at version `at_least` or later (any cached one for -1),
        loaded once for all the sockets of this process."""
        async with self.load_locks[table_id]:
            cached = self.snaps.get(table_id)
            if cached is not None and cached.version >= at_least:
                return cached
            snap = await database_sync_to_async(snapshot.load)(table_id, cached)
            if table_id in self.sockets:
                self.snaps[table_id] = snap
            return snap

    async def refresh(self, table_id: int) -> snapshot.Snapshot:
        async with self.load_locks[table_id]:
            snap = await database_sync_to_async(snapshot.load)(
                table_id, self.snaps.get(table_id)
            )
            if table_id in self.sockets:
                self.snaps[table_id] = snap
            return snap

    # -- announcements (local + other processes) -----------------------------

    async def announce_version(
        self, table_id: int, version: int, change: Any = None
    ) -> None:
        """`change` (an `actions.Change` from this process) lets the hub
        advance its snapshot instead of reading the table back."""
        await self._publish({"k": "version", "table": table_id, "v": version})
        if change is not None and change.table is not None:
            async with self.load_locks[table_id]:
                snap = snapshot.advance(
                    self.snaps.get(table_id),
                    change.table,
                    change.seats,
                    change.state,
                    change.events,
                )
                if snap is not None and table_id in self.sockets:
                    self.snaps[table_id] = snap
        await self.deliver_version(table_id, version)

    async def announce_seats(self, table_id: int) -> None:
        await self._publish({"k": "seats", "table": table_id})
        await self.deliver_seats(table_id)

    async def announce_chat(self, table_id: int, message_id: int) -> None:
        await self._publish({"k": "chat", "table": table_id, "id": message_id})
        await self.deliver_chat(table_id, message_id)

    # -- delivery to this process's sockets ----------------------------------

    async def deliver_version(self, table_id: int, version: int) -> None:
        if table_id not in self.sockets:
            return
        snap = await self.snapshot(table_id, version)
        await asyncio.gather(*(s.on_version(snap) for s in self.local(table_id)))

    async def deliver_seats(self, table_id: int) -> None:
        if table_id not in self.sockets:
            return
        snap = await self.refresh(table_id)
        await asyncio.gather(*(s.on_seats(snap) for s in self.local(table_id)))

    async def deliver_chat(self, table_id: int, message_id: int) -> None:
        if table_id not in self.sockets:
            return
        message = await database_sync_to_async(ChatMessage.objects.get)(pk=message_id)
        snap = await self.snapshot(table_id)
        await asyncio.gather(*(s.on_chat(message, snap) for s in self.local(table_id)))

    # -- Redis ------------------------------------------------------------------

    async def start_redis(self) -> None:
        url = getattr(settings, "REDIS_URL", "")
        if not url or self.redis is not None:
            return
        import redis.asyncio as redis

        self.redis = redis.from_url(url)
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(REDIS_CHANNEL)
        self.listener = asyncio.create_task(self._listen(pubsub))

    async def stop(self) -> None:
        if self.listener is not None:
            self.listener.cancel()
        if self.redis is not None:
            await self.redis.aclose()
        self.redis = self.listener = None

    async def _resubscribe(self, pubsub: Any) -> Any:
        """A fresh subscription; notices missed meanwhile are made up for by
        sending every local socket whatever it lacks."""
        with contextlib.suppress(Exception):
            await pubsub.aclose()
        try:
            fresh = self.redis.pubsub()
            await fresh.subscribe(REDIS_CHANNEL)
        except Exception:
            log.exception("Redis is still unreachable")
            return pubsub
        for table_id in list(self.sockets):
            snap = await self.refresh(table_id)
            await asyncio.gather(*(s.on_version(snap) for s in self.local(table_id)))
        return fresh

    async def _publish(self, message: dict[str, Any]) -> None:
        if self.redis is None:
            return
        message["origin"] = self.origin
        try:
            await self.redis.publish(REDIS_CHANNEL, json.dumps(message))
        except Exception:
            log.exception("could not publish on Redis")

    async def _listen(self, pubsub: Any) -> None:
        while True:
            try:
                raw = await pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=5
                )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("Redis subscription failed; subscribing again")
                await asyncio.sleep(1)
                pubsub = await self._resubscribe(pubsub)
                continue
            if raw is None:
                continue
            try:
                message = json.loads(raw["data"])
                if message.get("origin") == self.origin:
                    continue
                table = int(message["table"])
                if message["k"] == "version":
                    await self.deliver_version(table, int(message["v"]))
                elif message["k"] == "seats":
                    await self.deliver_seats(table)
                elif message["k"] == "chat":
                    await self.deliver_chat(table, int(message["id"]))
            except Exception:
                log.exception("bad hub message %r", raw)
