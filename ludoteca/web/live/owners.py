"""Which live tables this process owns, and what it does for the others.

One `Owner` per event loop (the server has one; each test its own). It takes
a table the first time one of its sockets (or its sweeper) needs it, and
keeps its `TableActor` while the table is in play or has sockets here. With
several processes, nginx sends every socket of a table to the same process
(`deploy/nginx/`), so a table has one owner; taking a table bumps its owner
epoch, so a process that held it before can no longer write it, and Redis
tells that process to let go (`taken`). Nothing per action crosses Redis:
only takes, pages' changes to a table (`changed`, the owner reloads it) and
lobby-level events (a table started, finished, its seats changed).

The sweeper (one process: a Redis lock when there are several) takes the
playing tables nobody owns that need someone: a deadline passed, a bot due
(after a restart, or bots alone at a table), a player away on their turn.
With several processes "nobody owns" is read from Redis: each process notes
the tables it takes and renews a key that says it is alive, so the sweeper
never takes a table from a process that is up.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any, TypeVar

from django.conf import settings
from django.db import DatabaseError, close_old_connections
from django.utils import timezone

from ludoteca.web.live import changes, clocks, table
from ludoteca.web.live.actor import TableActor, Unavailable
from ludoteca.web.live.writer import Writer
from ludoteca.web.play import rows
from ludoteca.web.play.models import Table

log = logging.getLogger("ludoteca.owners")

REDIS_CHANNEL = "ludoteca:tables"  # and the site's database, see `channel`
RESUME_EVERY = 5.0  # seconds between looks for tables where a bot is due
SWEEP_IDLE = timedelta(seconds=10)  # several processes: a table unowned this long
SWEEP_LOCK_TTL_MS = 15_000
ALIVE_TTL_MS = 15_000  # a process's liveness key, renewed at every sweep
OWNED_TTL = 7 * 24 * 3600  # seconds a table's owner note is kept
T = TypeVar("T")

_owners: dict[int, Owner] = {}


def channel() -> str:
    """The Redis channel of this site's tables: sites (and test databases)
    sharing one Redis never hear each other's table ids."""
    return f"{REDIS_CHANNEL}:{settings.DATABASES['default']['NAME']}"


_db = ThreadPoolExecutor(4, thread_name_prefix="db")


def _in_thread(func: Callable[..., T], *args: Any) -> T:
    close_old_connections()
    try:
        return func(*args)
    finally:
        close_old_connections()


class Owner:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.actors: dict[int, TableActor] = {}
        self.taking: dict[int, asyncio.Future[TableActor]] = {}
        self.writer = Writer(loop)
        self.origin = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.redis: Any = None
        self.redis_sub: Any = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.sweeper: asyncio.Task[None] | None = None
        self.listener: asyncio.Task[None] | None = None
        self.published = 0  # Redis messages sent, for the benchmark
        self.takes = 0

    async def start(self) -> None:
        await self._start_redis()
        if settings.LUDOTECA_TICK > 0:
            self.sweeper = asyncio.create_task(self._sweep_forever())

    async def stop(self) -> None:
        for task in (self.sweeper, self.listener):
            if task is not None:
                task.cancel()
        for actor in list(self.actors.values()):
            actor.write_presence()  # the writer writes it before it stops
            actor.stop()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await asyncio.to_thread(self.writer.stop)
        for client in (self.redis, self.redis_sub):
            if client is not None:
                with contextlib.suppress(Exception):
                    await client.aclose()

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = self.loop.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def in_thread(self, func: Callable[..., T], *args: Any) -> T:
        """A database call off the event loop."""
        return await self.loop.run_in_executor(_db, _in_thread, func, *args)

    # -- taking and letting go -------------------------------------------------

    async def actor(self, table_id: int) -> TableActor:
        """The table's actor, taking the table if this process has none."""
        found = self.actors.get(table_id)
        if found is not None:
            return found
        waiting = self.taking.get(table_id)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future[TableActor] = self.loop.create_future()
        self.taking[table_id] = future
        try:
            live = await self.in_thread(table.take, table_id)
            actor = TableActor(self, live)
            self.actors[table_id] = actor
            self.taken(table_id)
            future.set_result(actor)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self.taking[table_id]
        actor.arm()
        actor.bots.drive()
        return actor

    def drop(self, actor: TableActor, why: str) -> None:
        """Let the table go: its sockets here are closed (they reconnect, to
        the table's owner) and nothing more is written."""
        if self.actors.get(actor.table_id) is actor:
            del self.actors[actor.table_id]
        actor.dropped = True
        actor.stop()
        log.info("table %s: let go (%s)", actor.table_id, why)
        for socket in list(actor.sockets):
            socket.close_soon(1012)  # "service restart": the client reconnects
        actor.sockets.clear()

    def release_if_idle(self, actor: TableActor) -> None:
        """Drop a table's actor once nothing here needs it: no socket, and
        not in play (a table in play keeps its timers and bots)."""
        if actor.sockets or actor.inflight or actor.reloading is not None:
            return
        if actor.live.table.status == Table.PLAYING:
            return
        if actor.live.unsaved_presence:  # written first; then let go
            self.spawn(self._release_after_presence(actor))
            return
        if self.actors.get(actor.table_id) is actor:
            del self.actors[actor.table_id]
            actor.stop()

    async def _release_after_presence(self, actor: TableActor) -> None:
        written = actor.write_presence()
        if written is not None:
            with contextlib.suppress(Exception):
                await written
        self.release_if_idle(actor)

    def taken(self, table_id: int) -> None:
        """Tell the other processes (one that held the table lets it go) and
        note the table as this process's, for the sweeper (`_owned_elsewhere`)."""
        self.takes += 1
        self._publish({"k": "taken", "table": table_id})
        if self.redis is not None:
            self.spawn(self._note_owner(table_id))

    async def _note_owner(self, table_id: int) -> None:
        try:
            await self.redis.set(
                f"{channel()}:owner:{table_id}", self.origin, ex=OWNED_TTL
            )
        except Exception as error:
            log.warning("could not note a table's owner on Redis: %s", error)

    def lobby_event(self, table_id: int, what: str) -> None:
        self._publish({"k": "lobby", "table": table_id, "what": what})

    def on_changed(self, table_id: int) -> None:
        """A page changed the table (and took it): read it again."""
        actor = self.actors.get(table_id)
        if actor is not None:
            actor.reload_soon()

    # -- Redis -----------------------------------------------------------------

    async def _start_redis(self) -> None:
        url = getattr(settings, "REDIS_URL", "")
        if not url:
            return
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        self.redis = redis.from_url(
            url, retry=Retry(NoBackoff(), 2), socket_connect_timeout=2
        )
        self.redis_sub = redis.from_url(
            url, retry=Retry(NoBackoff(), 0), socket_connect_timeout=2
        )
        self.listener = asyncio.create_task(self._listen())

    def _publish(self, message: dict[str, Any]) -> None:
        if self.redis is None:
            return
        message["origin"] = self.origin
        self.published += 1
        self.spawn(self._send(json.dumps(message)))

    async def _send(self, text: str) -> None:
        try:
            await self.redis.publish(channel(), text)
        except Exception as error:
            log.warning("could not publish on Redis: %s", error)

    async def _listen(self) -> None:
        delay = 0.1
        while True:
            pubsub = self.redis_sub.pubsub()
            try:
                await pubsub.subscribe(channel())
                delay = 0.1
                # Notices sent while not subscribed are gone: check that every
                # table held here is still ours.
                self.spawn(self._check_epochs())
                while True:
                    raw = await pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=5
                    )
                    if raw is not None:
                        self._on_message(raw)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning(
                    "Redis subscription lost (%s); again in %.1fs", error, delay
                )
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _on_message(self, raw: Any) -> None:
        try:
            message = json.loads(raw["data"])
            if message.get("origin") == self.origin:
                return
            table_id = int(message["table"])
            actor = self.actors.get(table_id)
            if actor is None:
                return
            if message["k"] == "taken":
                self.drop(actor, "taken by another process")
            elif message["k"] == "changed":
                actor.reload_soon()
        except Exception:
            log.exception("bad message on Redis: %r", raw)

    async def _check_epochs(self) -> None:
        held = {tid: a.live.epoch for tid, a in self.actors.items()}
        if not held:
            return
        try:
            now = await self.in_thread(_epochs, list(held))
        except DatabaseError:
            return
        for table_id, epoch in now.items():
            actor = self.actors.get(table_id)
            if actor is not None and epoch != held[table_id]:
                if actor.sockets:
                    actor.reload_soon()
                else:
                    self.drop(actor, "taken while Redis was away")

    # -- the sweeper -----------------------------------------------------------

    async def _sweep_forever(self) -> None:
        last_resume = -RESUME_EVERY
        while True:
            try:
                self._away_seats()
                await self._alive()
                if await self._may_sweep():
                    with_bots = self.loop.time() - last_resume >= RESUME_EVERY
                    if with_bots:
                        last_resume = self.loop.time()
                    # One trip to a database thread for both looks.
                    due, bots = await self.in_thread(
                        _sweeper_looks, self._idle_before(), with_bots
                    )
                    await self._take_due(due)
                    await self._take_with_bots(bots)
            except asyncio.CancelledError:
                raise
            except DatabaseError as error:
                log.warning("sweep skipped: database unreachable: %s", error)
            except Exception:
                log.exception("sweep failed")
            await asyncio.sleep(settings.LUDOTECA_TICK)

    async def _may_sweep(self) -> bool:
        """One sweeper among several processes (a Redis lock); alone, always."""
        if self.redis is None:
            return True
        key = f"{channel()}:sweeper"
        try:
            got = await self.redis.set(key, self.origin, nx=True, px=SWEEP_LOCK_TTL_MS)
            if got:
                return True
            if (await self.redis.get(key) or b"").decode() == self.origin:
                await self.redis.pexpire(key, SWEEP_LOCK_TTL_MS)
                return True
            return False
        except Exception:
            return False

    async def _alive(self) -> None:
        """This process is alive (a key that lapses unless renewed): the
        tables noted as its own are not the sweeper's."""
        if self.redis is None:
            return
        with contextlib.suppress(Exception):
            await self.redis.set(f"{channel()}:alive:{self.origin}", 1, px=ALIVE_TTL_MS)

    async def _owned_elsewhere(self, table_ids: list[int]) -> set[int]:
        """The tables among `table_ids` a live process other than this one
        owns (several processes; none when alone)."""
        if self.redis is None or not table_ids:
            return set()
        try:
            keys = [f"{channel()}:owner:{t}" for t in table_ids]
            origins = [o.decode() if o else "" for o in await self.redis.mget(keys)]
            others = sorted({o for o in origins if o and o != self.origin})
            if not others:
                return set()
            alive = await self.redis.mget([f"{channel()}:alive:{o}" for o in others])
            live = {o for o, a in zip(others, alive, strict=True) if a}
        except Exception:
            return set(table_ids)  # Redis away: take nothing that may be owned
        return {t for t, o in zip(table_ids, origins, strict=True) if o in live}

    def _idle_before(self) -> Any:
        """Tables untouched since then have no live owner (several processes)."""
        return timezone.now() - (SWEEP_IDLE if self.redis is not None else timedelta(0))

    async def _take_due(self, due: list[int]) -> None:
        owned = await self._owned_elsewhere(due)
        for table_id in due:
            if table_id in self.actors or table_id in owned:
                continue
            try:
                actor = await self.actor(table_id)
            except (DatabaseError, Table.DoesNotExist) as error:
                log.warning("table %s: cannot take it: %s", table_id, error)
                continue
            # Its timer, armed as it was taken, applies the deadline.
            self._away_seats_of(actor)

    async def _take_with_bots(self, found: list[int] | None = None) -> None:
        if found is None:
            found = await self.in_thread(rows.tables_with_bots, self._idle_before())
        owned = await self._owned_elsewhere(found)
        for table_id in found:
            if table_id not in self.actors and table_id not in owned:
                with contextlib.suppress(DatabaseError, Table.DoesNotExist):
                    await self.actor(table_id)

    def _away_seats(self) -> None:
        for actor in list(self.actors.values()):
            self._away_seats_of(actor)

    def _away_seats_of(self, actor: TableActor) -> None:
        """A person away longer than the grace on their turn gets a stand-in
        (relaxed tables expect players to come and go: only their clock counts)."""
        live = actor.live
        if (
            live.table.status != Table.PLAYING
            or live.table.clock != Table.REALTIME
            or live.state is None
        ):
            return
        cutoff = timezone.now() - timedelta(seconds=settings.LUDOTECA_ABSENT_GRACE)
        for seat in clocks.human_active(live.game, live.state, live.seats):
            if seat.user_id is None or actor.seat_sockets(seat.index):
                continue
            away = (seat.absent_since is not None and seat.absent_since < cutoff) or (
                seat.last_seen is not None and seat.last_seen < cutoff
            )
            if away:
                index = seat.index
                self.spawn(
                    _quietly(
                        actor.change(
                            lambda live, i=index: changes.standin(live, i, "absent")
                        )
                    )
                )


async def _quietly(coro: Any) -> None:
    with contextlib.suppress(changes.Refused, Unavailable):
        await coro


def _due_tables(idle_before: Any) -> list[int]:
    """Playing tables with a deadline passed, or a player away on their turn
    (their owner would have acted: nobody owns them)."""
    now = timezone.now()
    cutoff = now - timedelta(seconds=settings.LUDOTECA_ABSENT_GRACE)
    return rows.due_tables(now, cutoff, idle_before)


def _sweeper_looks(idle_before: Any, with_bots: bool) -> tuple[list[int], list[int]]:
    """The tables due, and (`with_bots`) those where a bot plays."""
    bots = rows.tables_with_bots(idle_before) if with_bots else []
    return _due_tables(idle_before), bots


def _epochs(table_ids: list[int]) -> dict[int, int]:
    return dict(Table.objects.filter(pk__in=table_ids).values_list("pk", "owner_epoch"))


# -- the process's owners ------------------------------------------------------

_sync_redis: Any = None
_sync_guard = threading.Lock()


async def get() -> Owner:
    """The owner of the running event loop, started on first use."""
    loop = asyncio.get_running_loop()
    owner = _owners.get(id(loop))
    if owner is None or owner.loop is not loop:
        owner = _owners[id(loop)] = Owner(loop)
        await owner.start()
    return owner


async def shutdown() -> None:
    owner = _owners.pop(id(asyncio.get_running_loop()), None)
    if owner is not None:
        await owner.stop()


def run_at_owner(table_id: int, make: Callable[..., Any]) -> list[Any] | None:
    """From a page's thread: `make` run by the table's actor in this process
    (its changes, once committed and announced), or None when no owner here
    holds the table (or this is the owner's own thread)."""
    for owner in list(_owners.values()):
        actor = owner.actors.get(table_id)
        if actor is None or actor.dropped or not owner.loop.is_running():
            continue
        try:
            if asyncio.get_running_loop() is owner.loop:
                return None
        except RuntimeError:
            pass  # no loop in this thread: a page's
        done = asyncio.run_coroutine_threadsafe(actor.change(make), owner.loop)
        return done.result()
    return None


def changed_elsewhere(table_id: int) -> None:
    """From a page's thread (a seat taken, a bot added, the deal, a stand-in
    set by the tournaments): the table's owner, here or in another process,
    reads it again and tells its sockets."""
    for owner in list(_owners.values()):
        if owner.loop.is_running():
            owner.loop.call_soon_threadsafe(owner.on_changed, table_id)
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        return
    global _sync_redis
    try:
        with _sync_guard:
            if _sync_redis is None:
                import redis

                _sync_redis = redis.from_url(url, socket_connect_timeout=2)
        message = {"k": "changed", "table": table_id, "origin": "page"}
        _sync_redis.publish(channel(), json.dumps(message))
    except Exception as error:
        # The owner finds out at its next write (the fence) and reloads then.
        log.warning("could not tell the table's owner on Redis: %s", error)
