"""The bots of one live table: who may act, asked off the event loop.

After every committed change the actor asks each bot (or stand-in) whose
seat may act; the bot thinks in a worker (a process pool by default, within
`LUDOTECA_BOT_BUDGET`, else a random legal action) on the committed state,
and its action goes through the same `TableActor.change` as a person's. In
a real-time game each bot acts at its own pace, one action at a time. Bots
that talk (Mafia) say their canned lines with their action, and once per
timed phase.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.process
import logging
import multiprocessing
import random
import secrets
import weakref
from typing import TYPE_CHECKING, Any

from django.conf import settings

from ludoteca.bots import hints
from ludoteca.bots import registry as bots
from ludoteca.web.live import changes, clocks
from ludoteca.web.play import botrunner, games
from ludoteca.web.play.models import Table

if TYPE_CHECKING:
    from ludoteca.web.live.actor import TableActor

log = logging.getLogger("ludoteca.bots")

REALTIME = -1  # a real-time bot's pending key: one per seat, not per version
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


async def choose(
    game_id: str, state_json: dict[str, Any], seat: int, bot: str
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


class BotDriver:
    def __init__(self, actor: TableActor) -> None:
        # The actor holds its driver; a weak reference back keeps the two
        # out of a cycle, so a table let go is freed at once, not by the
        # garbage collector (whose pauses hold up every table). Whatever
        # runs here runs for a live actor: its own calls, or a bot's task,
        # which holds the actor itself while it lives.
        self._actor = weakref.ref(actor)
        self.pending: set[tuple[int, int]] = set()  # (version or REALTIME, seat)
        self.talked = ""  # the timed phase the bots spoke in
        self.tasks: set[asyncio.Task[Any]] = set()

    @property
    def actor(self) -> TableActor:
        actor = self._actor()
        if actor is None:  # not reached: see __init__
            raise RuntimeError("the table's actor is gone")
        return actor

    def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()

    def _spawn(self, coro: Any) -> None:
        task = self.actor.owner.spawn(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def drive(self) -> None:
        """Ask every bot that may act now (on the committed snapshot)."""
        snap = self.actor.snap
        if snap.status != Table.PLAYING or snap.state is None or self.actor.dropped:
            return
        game = snap.game
        self._phase_talk(snap)
        if not any(s["bot"] or s["standin"] for s in snap.seats):
            return  # no seat a bot plays (a presence, say): nobody to ask
        real_time = game.info.kind == "real-time"
        for seat in sorted(game.active_seats(snap.state)):
            info = snap.seats[seat]
            controller = info["bot"] or info["standin"]
            key = (REALTIME if real_time else snap.version, seat)
            if not controller or key in self.pending:
                continue
            self.pending.add(key)
            if real_time:
                self._spawn(self._realtime_move(seat, controller, key))
            else:
                state_json = game.to_json(snap.state)
                self._spawn(self._move(snap.version, seat, controller, state_json, key))

    def _phase_talk(self, snap: Any) -> None:
        """Once per timed phase, bots may speak without acting (a defence)."""
        game = snap.game
        if hints.for_game(game).talk is None:
            return
        key = clocks.phase_key(game, snap.state)
        if not key or self.talked == key:
            return
        self.talked = key
        state_json = game.to_json(snap.state)
        for seat, info in enumerate(snap.seats):
            bot = info["bot"] or info["standin"]
            if bot:
                self._spawn(self.talk(seat, bot, state_json, None))

    async def _move(
        self,
        version: int,
        seat: int,
        bot: str,
        state_json: dict[str, Any],
        key: tuple[int, int],
    ) -> None:
        actor = self.actor
        try:
            if settings.LUDOTECA_BOT_DELAY > 0:
                await asyncio.sleep(settings.LUDOTECA_BOT_DELAY)
            action = await choose(actor.snap.game_id, state_json, seat, bot)
            if action is None:  # it waits: asked again after the next change
                return
            try:
                await actor.change(
                    lambda live: changes.act(live, seat, action, version, bot=bot)
                )
            except changes.Refused as refusal:
                log.info(
                    "bot move refused on table %s: %s", actor.table_id, refusal.code
                )
                return
            await self.talk(seat, bot, state_json, action)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.warning("bot %s on table %s: %r", bot, actor.table_id, error)
        finally:
            self.pending.discard(key)

    async def _realtime_move(self, seat: int, bot: str, key: tuple[int, int]) -> None:
        """A bot in a real-time game acts at its own pace, like a person: wait,
        look at the table as it is then, act; then the next action is asked."""
        actor = self.actor
        try:
            await asyncio.sleep(realtime_pace(bot))
            snap = actor.snap
            if (
                snap.status != Table.PLAYING
                or snap.state is None
                or seat not in snap.game.active_seats(snap.state)
                or (snap.seats[seat]["bot"] or snap.seats[seat]["standin"]) != bot
                or actor.dropped
            ):
                return
            action = await choose(
                snap.game_id, snap.game.to_json(snap.state), seat, bot
            )
            if action is None:
                return
            try:
                await actor.change(
                    lambda live: changes.act(live, seat, action, snap.version, bot=bot)
                )
            except changes.Refused as refusal:
                # Someone was quicker (a stale swap, say): look again and go on.
                log.info(
                    "bot move refused on table %s: %s", actor.table_id, refusal.code
                )
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.warning("bot %s on table %s: %r", bot, actor.table_id, error)
        finally:
            self.pending.discard(key)
        # The next action (the change above asked while this one was pending).
        self.drive()

    async def talk(
        self, seat: int, bot: str, state_json: dict[str, Any], action: Any
    ) -> None:
        """Post what a bot says with its action (games with a talk hint),
        decided on the state it saw (sampled worlds only), in a thread."""
        from ludoteca.bots import talk

        actor = self.actor
        game = games.get(actor.snap.game_id)
        if hints.for_game(game).talk is None:
            return
        said = await asyncio.to_thread(
            talk.messages,
            game,
            game.from_json(state_json),
            seat,
            action,
            secrets.randbits(62),
        )
        if said:
            await actor.change(lambda live: changes.bot_lines(live, seat, bot, said))
