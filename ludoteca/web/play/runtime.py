"""The per-process machinery around the tables: hub, bots and timers.

One `Runtime` per event loop (the server has one; each test has its own). It
announces every change through the hub, lets bots and stand-ins move (off the
event loop, within a time budget, through the same `do_act` path as people)
and keeps a timer for the next deadline (a clock, a timed phase) of every
table it has seen a change or a socket of: the deadline comes with the table's
snapshot, so no database is polled for it. A slower sweep (`LUDOTECA_TICK`)
catches the deadlines no timer here holds (a table nobody has touched since
a restart, bots only, relaxed clocks) and players away on their turn. On start
it resumes every table where a bot is due, so a restarted server carries on.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.process
import logging
import multiprocessing
import random
import secrets
import time
import weakref
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import DatabaseError
from django.utils import timezone

from ludoteca.bots import hints
from ludoteca.bots import registry as bots
from ludoteca.web.play import actions, botrunner, games, groupcommit, hops
from ludoteca.web.play.hub import TableHub
from ludoteca.web.play.models import Seat, Table

log = logging.getLogger("ludoteca.runtime")

RESUME_EVERY = 5.0  # seconds between sweeps for tables where a bot is due
REALTIME_VERSION = -1  # a real-time bot's pending key: one per seat, not per version
_runtimes: dict[int, Runtime] = {}
_executor: concurrent.futures.Executor | None = None
_fallback = concurrent.futures.ThreadPoolExecutor(2, thread_name_prefix="bot-fallback")


def bot_executor() -> concurrent.futures.Executor:
    global _executor
    if _executor is None:
        extra = list(settings.LUDOTECA_EXTRA_GAMES)
        if settings.LUDOTECA_BOT_EXECUTOR == "process":
            _executor = concurrent.futures.ProcessPoolExecutor(
                max_workers=2,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=botrunner.init_worker,
                initargs=(extra,),
            )
        else:
            _executor = concurrent.futures.ThreadPoolExecutor(
                2,
                thread_name_prefix="bot",
                initializer=botrunner.init_worker,
                initargs=(extra,),
            )
    return _executor


class Runtime:
    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.hub = TableHub()
        self.batcher = groupcommit.Batcher()  # SQLite: group commit
        # PostgreSQL: one action of a table at a time on the database threads
        # (an entry lives while an action of its table waits or runs).
        self.queues: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self.pending: set[tuple[int, int, int]] = set()
        self.talked: dict[int, str] = {}  # table -> the phase its bots spoke in
        self.tasks: set[asyncio.Task[Any]] = set()
        # Each table's next deadline (see `arm`), and the tables whose
        # deadline is being applied (one `do_expire` at a time per table).
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.expiring: set[int] = set()
        self.ticker: asyncio.Task[None] | None = None
        self.started = False

    async def start(self) -> None:
        if self.started:
            return
        self.started = True
        await self.hub.start_redis()
        if settings.LUDOTECA_TICK > 0:
            self.ticker = asyncio.create_task(self._tick_forever())

    async def stop(self) -> None:
        if self.ticker is not None:
            self.ticker.cancel()
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.hub.stop()
        self.started = False

    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # -- applying and announcing changes ----------------------------------------

    async def act(self, table_id: int, *args: Any, **kwargs: Any) -> actions.Change:
        """`actions.do_act` off the event loop (on PostgreSQL on the pool of
        database threads, on SQLite grouped with the other actions waiting,
        see `groupcommit`); the hub's snapshot advances as soon as it returns
        (see `TableHub.advance`). On the pool a table's actions wait their
        turn here, so that one busy table (every seat acting at once) keeps
        at most one database thread waiting for its lock."""
        if hops.grouped():
            change = await self.batcher.do_act(table_id, *args, **kwargs)
        else:
            queue = self.queues.get(table_id)
            if queue is None:
                queue = self.queues[table_id] = asyncio.Lock()
            async with queue:
                change = await hops.do_act(table_id, *args, **kwargs)
        self.hub.advance(change)
        return change

    async def after(self, change: actions.Change) -> None:
        """Tell every socket (here and in other processes), then let bots move."""
        await self.hub.announce_version(change.table_id, change.version, change)
        if change.finished:
            self.talked.pop(change.table_id, None)
        if change.seats_changed:
            await self.hub.announce_seats(change.table_id)
        for message_id in change.notices:
            await self.hub.announce_chat(change.table_id, message_id)
        try:
            await self.drive_bots(change.table_id, change.version)
        except DatabaseError as error:
            # The change itself is saved; the resume sweep moves the bots
            # once the database answers again.
            log.warning(
                "table %s: bots wait for the database: %s", change.table_id, error
            )

    # -- bots ---------------------------------------------------------------------

    async def drive_bots(self, table_id: int, version: int = -1) -> None:
        """Ask every bot that may act now; in a real-time game, one per seat.

        With `version`, the hub's snapshot at that version (or later) will do,
        which the sockets' updates have usually loaded already.
        """
        if version >= 0:
            snap = await self.hub.snapshot(table_id, version)
        else:
            snap = await self.hub.refresh(table_id)
        if snap.status != Table.PLAYING or snap.state is None:
            self.arm(table_id, None)
            return
        self.arm(table_id, snap.clock.get("deadline"))
        game = snap.game
        await self._phase_talk(snap)
        real_time = game.info.kind == "real-time"
        for seat in sorted(game.active_seats(snap.state)):
            info = snap.seats[seat]
            controller = info["bot"] or info["standin"]
            key = (table_id, REALTIME_VERSION if real_time else snap.version, seat)
            if not controller or key in self.pending:
                continue
            self.pending.add(key)
            if real_time:
                self.spawn(self._realtime_bot_move(table_id, seat, controller, key))
                continue
            state_json = game.to_json(snap.state)
            self.spawn(
                self._bot_move(
                    table_id, snap.version, seat, controller, snap.game_id, state_json
                )
            )

    async def _phase_talk(self, snap: Any) -> None:
        """Once per timed phase, bots may speak without acting (a defence)."""
        game = snap.game
        if hints.for_game(game).talk is None:
            return
        key = actions.phase_key(game, snap.state)
        if not key or self.talked.get(snap.table_id) == key:
            return
        self.talked[snap.table_id] = key
        state_json = game.to_json(snap.state)
        for seat, info in enumerate(snap.seats):
            bot = info["bot"] or info["standin"]
            if bot:
                self.spawn(
                    self.bot_talk(
                        snap.table_id, snap.game_id, seat, bot, state_json, None
                    )
                )

    async def _realtime_bot_move(
        self, table_id: int, seat: int, bot: str, key: tuple[int, int, int]
    ) -> None:
        """A bot in a real-time game acts at its own pace, like a person: wait,
        look at the table as it is then, act; then the next action is asked."""
        change = None
        try:
            await asyncio.sleep(realtime_pace(bot))
            snap = await self.hub.refresh(table_id)
            if (
                snap.status != Table.PLAYING
                or snap.state is None
                or seat not in snap.game.active_seats(snap.state)
                or (snap.seats[seat]["bot"] or snap.seats[seat]["standin"]) != bot
            ):
                return
            state_json = snap.game.to_json(snap.state)
            action = await self.choose(snap.game_id, state_json, seat, bot)
            if action is None:
                return
            try:
                change = await self.act(table_id, seat, action, snap.version, bot=bot)
            except actions.Refused as refusal:
                # Someone was quicker (a stale swap, say): look again and go on.
                log.info("bot move refused on table %s: %s", table_id, refusal.code)
                self.spawn(self.drive_bots(table_id))
        except asyncio.CancelledError:
            raise
        except DatabaseError as error:
            self._may_be_stored(table_id, error)
        except Exception:
            log.exception("bot %s failed on table %s", bot, table_id)
        finally:
            self.pending.discard(key)
        if change is not None:
            await self.after(change)

    async def _bot_move(
        self,
        table_id: int,
        version: int,
        seat: int,
        bot: str,
        game_id: str,
        state_json: dict[str, Any],
    ) -> None:
        try:
            if settings.LUDOTECA_BOT_DELAY > 0:
                await asyncio.sleep(settings.LUDOTECA_BOT_DELAY)
            action = await self.choose(game_id, state_json, seat, bot)
            if action is None:  # it waits: asked again after the next change
                return
            try:
                change = await self.act(table_id, seat, action, version, bot=bot)
            except actions.Refused as refusal:
                log.info("bot move refused on table %s: %s", table_id, refusal.code)
                return
            await self.after(change)
            await self.bot_talk(table_id, game_id, seat, bot, state_json, action)
        except asyncio.CancelledError:
            raise
        except DatabaseError as error:
            self._may_be_stored(table_id, error)
        except Exception:
            log.exception("bot %s failed on table %s", bot, table_id)
        finally:
            self.pending.discard((table_id, version, seat))

    async def bot_talk(
        self,
        table_id: int,
        game_id: str,
        seat: int,
        bot: str,
        state_json: dict[str, Any],
        action: dict[str, Any] | None,
    ) -> None:
        """Post what a bot says with its action (games with a talk hint)."""
        if hints.for_game(games.get(game_id)).talk is None:
            return
        ids, version = await database_sync_to_async(actions.do_bot_talk)(
            table_id, seat, bot, state_json, action, secrets.randbits(62)
        )
        for message_id in ids:
            await self.hub.announce_chat(table_id, message_id, version)

    async def choose(
        self, game_id: str, state_json: dict[str, Any], seat: int, bot: str
    ) -> dict[str, Any] | None:
        """The bot's action within the time budget, else a random legal one
        (None: the bot waits, see `botrunner.choose`)."""
        global _executor
        seed = secrets.randbits(62)
        try:
            future = bot_executor().submit(
                botrunner.choose,
                game_id,
                state_json,
                seat,
                bot,
                seed,
                settings.LUDOTECA_BOT_BUDGET,
            )
            return await asyncio.wait_for(
                asyncio.wrap_future(future), settings.LUDOTECA_BOT_BUDGET
            )
        except TimeoutError:
            log.warning("bot %s over its time budget; playing at random", bot)
        except concurrent.futures.process.BrokenProcessPool:
            log.error("a bot worker died; new workers start with the next move")
            _executor = None
        fallback = _fallback.submit(
            botrunner.choose, game_id, state_json, seat, "random", seed
        )
        return await asyncio.wrap_future(fallback)

    # -- timers ---------------------------------------------------------------------

    def arm(self, table_id: int, deadline_ms: int | None) -> None:
        """The table's next deadline (epoch ms, None: none), replacing the one
        held: when it comes, `expire` applies it."""
        held = self.timers.pop(table_id, None)
        if held is not None:
            held.cancel()
        if deadline_ms is None:
            return
        delay = max(0.0, deadline_ms / 1000 - time.time())
        self.timers[table_id] = self.loop.call_later(delay, self._ring, table_id)

    def _ring(self, table_id: int) -> None:
        self.timers.pop(table_id, None)
        self.spawn(self._expire_logged(table_id))

    async def _expire_logged(self, table_id: int) -> None:
        try:
            await self.expire(table_id)
        except DatabaseError as error:
            # The sweep tries again once the database answers.
            log.warning(
                "table %s: deadline waits for the database: %s", table_id, error
            )
            self.hub.catch_up_later(table_id)

    async def expire(self, table_id: int) -> None:
        """Apply the table's passed deadlines (`actions.do_expire`) and tell
        everyone; a deadline not reached yet (moved by a reclaim, say) is
        held again, as the table says it is now."""
        if table_id in self.expiring:
            return
        self.expiring.add(table_id)
        try:
            changes = await database_sync_to_async(actions.do_expire)(table_id)
        finally:
            self.expiring.discard(table_id)
        for change in changes:
            await self.after(change)  # which holds the next deadline
        if not changes:
            snap = await self.hub.refresh(table_id)
            playing = snap.status == Table.PLAYING
            self.arm(table_id, snap.clock.get("deadline") if playing else None)

    async def _tick_forever(self) -> None:
        await self.resume()
        last_resume = self.loop.time()
        while True:
            await asyncio.sleep(settings.LUDOTECA_TICK)
            try:
                await self.tick()
                if self.loop.time() - last_resume > RESUME_EVERY:
                    last_resume = self.loop.time()
                    await self.resume()
            except asyncio.CancelledError:
                raise
            except DatabaseError as error:
                log.warning("tick skipped: database unreachable: %s", error)
            except Exception:
                log.exception("tick failed")

    async def resume(self) -> None:
        """Let bots move wherever one is due (after a restart, or a lost task)."""
        tables = await database_sync_to_async(_playing_tables_with_bots)()
        for table_id in tables:
            await self.drive_bots(table_id)

    async def tick(self) -> None:
        expired, absent = await database_sync_to_async(_due)()
        for table_id in expired:
            try:
                await self.expire(table_id)
            except DatabaseError:
                self.hub.catch_up_later(table_id)
                raise
        for table_id, seat in absent:
            try:
                change = await database_sync_to_async(actions.do_standin)(
                    table_id, seat, "absent"
                )
            except actions.Refused:
                continue
            except DatabaseError:
                self.hub.catch_up_later(table_id)
                raise
            await self.after(change)

    def _may_be_stored(self, table_id: int, error: DatabaseError) -> None:
        """A bot's move whose transaction failed may be stored all the same
        (the COMMIT reached the database, its answer did not): the table is
        read again once the database answers, and a version found that way
        reaches every socket (`TableHub._keep`)."""
        log.warning("table %s: bot move not saved: %s", table_id, error)
        self.hub.catch_up_later(table_id)


def realtime_pace(bot: str) -> float:
    """Seconds a bot waits before each action of a real-time game: its own
    `pace` if it has one, else LUDOTECA_REALTIME_BOT_PACE, with +-25% jitter."""
    try:
        pace = getattr(bots.make(bot), "pace", None)
    except KeyError:
        pace = None
    if not isinstance(pace, int | float):
        pace = settings.LUDOTECA_REALTIME_BOT_PACE
    return float(pace) * random.uniform(0.75, 1.25) * settings.LUDOTECA_BOT_PACE_SCALE


def _due() -> tuple[list[int], list[tuple[int, int]]]:
    expired = list(
        Table.objects.filter(
            status=Table.PLAYING, deadline__lte=timezone.now()
        ).values_list("pk", flat=True)
    )
    return expired, actions.absent_seats(settings.LUDOTECA_ABSENT_GRACE)


def _playing_tables_with_bots() -> list[int]:
    """Playing tables with at least one seat a bot or a stand-in plays (a
    negated condition on the seats would ask that *every* seat be one)."""
    return list(
        Seat.objects.filter(table__status=Table.PLAYING)
        .exclude(bot="", standin="")
        .values_list("table_id", flat=True)
        .distinct()
    )


def announce_seats_from_page(table_id: int) -> None:
    """From a page's thread (a seat taken or left, a bot added, the deal):
    every socket of the table, in this process and the others, hears that
    its seats changed, and a socket whose user no longer holds its seat
    follows them or closes (see `TableConsumer._follow_seat`)."""
    for rt in list(_runtimes.values()):
        if rt.started and rt.loop.is_running():
            asyncio.run_coroutine_threadsafe(rt.hub.announce_seats(table_id), rt.loop)


async def get() -> Runtime:
    """The runtime of the running event loop, started on first use."""
    loop = asyncio.get_running_loop()
    runtime = _runtimes.get(id(loop))
    if runtime is None or runtime.loop is not loop:
        runtime = _runtimes[id(loop)] = Runtime(loop)
    await runtime.start()
    return runtime


async def shutdown() -> None:
    loop = asyncio.get_running_loop()
    runtime = _runtimes.pop(id(loop), None)
    if runtime is not None:
        await runtime.stop()
