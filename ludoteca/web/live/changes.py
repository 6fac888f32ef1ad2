"""Every change to a live table, checked and applied in memory.

Each function here checks (raising `Refused`, with nothing changed), then
changes the `LiveTable` and returns a `Pending`: the `Change` to announce and
the `store.Write` that makes it durable. The owner hands the write to its
writer and announces the change only once it is committed (`actor`); a
page's one-off change writes it in its own transaction (`play.actions`).
Nothing here reads the database.
"""

from __future__ import annotations

import logging
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from ludoteca.bots import registry as bots
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.protocol import TIMEOUT, Event, stored_options
from ludoteca.web.live import clocks, store
from ludoteca.web.live.table import KEEP_VERSIONS, LiveTable
from ludoteca.web.play import games
from ludoteca.web.play.models import (
    NOTICE_VERSION,
    STATE_EVERY,
    ChatMessage,
    Seat,
    Table,
)

log = logging.getLogger("ludoteca.play")

STALE_WINDOW = 16  # versions: how old "a moment old" may be in a turn-based game

# Checks other apps add to a person's action before it is applied (the
# tutorials keep their tables on script): (live table, game, state, seat,
# action, bot) -> None, raising Refused. They read only the live table.
action_checks: list[Callable[..., None]] = []
# Checks other apps add to a chat line before it is stored (a moderator's
# mute): (table, user_id) -> None, raising Refused; they may read the
# database, so the socket runs them off the event loop.
chat_checks: list[Callable[..., None]] = []
# Who a person hides the chat of (muted for themselves): user_id -> names,
# read by each play and watch socket of theirs as it says hello.
chat_hidden: list[Callable[[int], Iterable[str]]] = []


class Refused(Exception):
    """A refusal with a stable code; nothing was changed."""

    def __init__(
        self, code: str, params: dict[str, Any] | None = None, message: str = ""
    ) -> None:
        super().__init__(code)
        self.code = code
        self.params = params or {}
        self.message = message


@dataclass
class Change:
    """What a change did, for the owner to announce once it is stored."""

    table_id: int
    version: int
    seats_changed: bool = False
    finished: bool = False
    presence: bool = False  # a seat's connection only: no lobby event
    events: tuple[Event, ...] = ()
    # The platform's notices and chat lines it wrote (ids once stored).
    lines: list[ChatMessage] = field(default_factory=list)

    @property
    def notices(self) -> list[int]:
        return [line.pk for line in self.lines]


@dataclass
class Pending:
    change: Change
    write: store.Write


def standin_bot(game_id: str | None = None) -> str:
    """The bot that plays for an absent player: the game's own bot if it has
    one (registered for this game only, under the game's id), else a generic one."""
    if game_id is not None and bots.games_of(game_id) == frozenset({game_id}):
        return game_id
    return "medium" if "medium" in bots.names() else "random"


def _notice(live: LiveTable, key: str, **params: Any) -> ChatMessage:
    return ChatMessage(
        table_id=live.table_id,
        notice=key,
        params={**params, NOTICE_VERSION: live.table.version},
    )


def _pending(live: LiveTable, change: Change, write: store.Write) -> Pending:
    write.lines = change.lines
    return Pending(change, write)


# -- checks -----------------------------------------------------------------


def check_playing(table: Table) -> None:
    if table.status == Table.FINISHED:
        raise Refused("table_finished")
    if table.status != Table.PLAYING:
        raise Refused("table_not_started")


def check_seat_owner(seat: Seat, user_id: int | None, bot: str) -> None:
    if bot:
        if seat.controller != bot:
            raise Refused("not_your_seat")
        return
    if user_id is None or seat.user_id != user_id:
        raise Refused("not_your_seat")
    if seat.controller:
        raise Refused("seat_controlled_by_bot")


def check_version(
    live: LiveTable, version: int | None, seat: int, bot: str = ""
) -> None:
    """Actions carry the version they were based on; real-time games opt out.
    An older version is accepted when `may_use_old_version` says so."""
    if live.game.info.kind == "real-time" or version == live.table.version:
        return
    if isinstance(version, int) and may_use_old_version(live, version, seat, bot):
        return
    raise Refused("stale_version", {"version": live.table.version})


def may_use_old_version(live: LiveTable, version: int, seat: int, bot: str) -> bool:
    """Whether `seat` may act on `version`, older than the table's.

    Only when every move since was another seat's: one of the seat's own means
    a double click, the system's a phase that ended. In a simultaneous game
    that is enough (the others' moves change nothing of what the seat may do).
    In a turn-based game the seat must also have been able to act at that
    version: only other seats moved since, so it was one of several seats
    acting at once (Cat in the Box's set-aside); `apply` then says whether the
    action is still legal. Bots are asked again at every version, so in a
    turn-based game they never need an old one (a scripted tutorial bot must
    decide on the latest state). A version older than the ones kept in memory
    is refused: the client gets the fresh view and may try again.
    """
    table = live.table
    if not 0 <= version < table.version:
        return False
    known = {v.number: v for v in live.recent}
    later = range(version + 1, table.version + 1)
    if not all(v in known for v in later):
        return False
    if any(known[v].mover in (seat, None) for v in later):
        return False
    if live.game.info.kind == "simultaneous":
        return True
    if bot or table.version - version > STALE_WINDOW:
        return False
    if version == 0:
        dealt = live.game.setup(
            table.players, table.seed, stored_options(live.game.options, table.options)
        )
        return seat in live.game.active_seats(dealt)
    then = known.get(version)
    return then is not None and then.active is not None and seat in then.active


# -- the match --------------------------------------------------------------


def start(live: LiveTable) -> Pending:
    """Deal the match: the seed was drawn at creation, its hash is public."""
    table = live.table
    if table.status != Table.OPEN or any(s.is_empty for s in live.seats):
        raise Refused("table_not_started")
    game = live.game
    live.state = game.setup(
        table.players, table.seed, stored_options(game.options, table.options)
    )
    now = timezone.now()
    for seat in live.seats:
        seat.clock_ms = table.clock_minutes * 60_000
    table.status = Table.PLAYING
    table.started_at = now
    table.state_version = table.version
    clocks.set_deadline(live, live.state, now)
    change = Change(live.table_id, table.version, seats_changed=True)
    change.lines.append(_notice(live, "started"))
    write = store.Write.of(
        live, state=True, seats=[(s, ("clock_ms",)) for s in live.seats]
    )
    turns = _turns_came(live, frozenset(), live.state)
    if turns:
        write.after.append(turns)
    return _pending(live, change, write)


def act(
    live: LiveTable,
    seat_index: int | None,
    action: Any,
    version: int | None,
    *,
    user_id: int | None = None,
    bot: str = "",
    system: bool = False,
    limited: bool = True,
) -> Pending:
    """Apply one action for a seat (or the system's timeout, seat None).

    `limited=False` skips the game's rate limit: for the action the platform
    itself takes for a seat whose player disconnected.
    """
    table = live.table
    check_playing(table)
    game = live.game
    if system:
        if action != TIMEOUT:
            raise Refused("malformed_action")
    else:
        if seat_index is None or not 0 <= seat_index < len(live.seats):
            raise Refused("not_your_seat")
        check_seat_owner(live.seats[seat_index], user_id, bot)
        check_version(live, version, seat_index, bot)
    if not isinstance(action, dict):
        raise Refused("malformed_action")
    state = live.state
    if not system:
        for check in action_checks:
            check(live, game, state, seat_index, action, bot)
    now_ms = time.time() * 1000
    try:
        if (
            seat_index is not None
            and not system
            and limited
            and games.has_rate_limit(game)
        ):
            games.check_rate(game, state, live.last_move_ms.get(seat_index), now_ms)
        step = game.apply(state, seat_index, action)
    except IllegalAction as refusal:
        raise Refused(refusal.code, refusal.params, refusal.message) from None
    except Exception as bug:  # a game bug must not take the table down
        # The action and the error's message may hold hidden information
        # (a card, a night target): the log names the action's kind, the
        # error's type and where it was raised, not their values.
        log.error(
            "apply failed on table %s, seat %s, action %r: %s\n%s",
            live.table_id,
            seat_index,
            action.get("type"),
            type(bug).__name__,
            "".join(traceback.format_tb(bug.__traceback__)),
        )
        raise Refused("malformed_action") from None
    # From here on the live table changes; nothing below refuses.
    now = timezone.now()
    before = [s.clock_ms for s in live.seats]
    was_active = game.active_seats(state) if table.clock == Table.RELAXED else None
    clocks.charge_clocks(live, state, now)
    if (
        table.clock == Table.REALTIME
        and seat_index is not None
        and not bot
        and clocks.has_player_clocks(game)
    ):
        live.seats[seat_index].clock_ms += table.clock_increment * 1000
    table.version += 1
    live.state = step.state
    change = Change(live.table_id, table.version, events=tuple(step.events))
    outcome = game.outcome(step.state)
    if outcome is not None:
        table.status = Table.FINISHED
        table.outcome = outcome.as_dict()
        table.finished_at = now
        change.finished = True
        change.lines.append(_notice(live, "finished"))
    clocks.set_deadline(live, step.state, now)
    live.moved(seat_index, bot, now_ms)
    live.events[table.version] = list(step.events)
    live.events.pop(table.version - KEEP_VERSIONS, None)
    writes_state = table.version % STATE_EVERY == 0 or change.finished
    if writes_state:
        table.state_version = table.version
    changed: list[tuple[Seat, tuple[str, ...]]] = [
        (s, ("clock_ms",))
        for s, b in zip(live.seats, before, strict=True)
        if s.clock_ms != b
    ]
    write = store.Write.of(live, state=writes_state, seats=changed)
    write.moves.append(store.move_row(live, seat_index, action, step.events, bot, now))
    if change.finished:
        write.after.append(store.finished_signal(live))
    elif was_active is not None:
        turns = _turns_came(live, was_active, step.state)
        if turns:
            write.after.append(turns)
    return _pending(live, change, write)


def _turns_came(
    live: LiveTable, was_active: Any, state: Any
) -> Callable[[], None] | None:
    """`turn_came` for the seats of people (not bots, not stood in for) who
    may act now at a relaxed table and could not before (sent in the
    write's transaction)."""
    if live.table.clock != Table.RELAXED:
        return None
    game = live.game
    came = [
        s.index
        for s in live.seats
        if s.index in game.active_seats(state)
        and s.index not in was_active
        and s.user_id is not None
        and not s.controller
        and game.legal_actions(state, s.index)
    ]
    return store.turn_signal(live, came) if came else None


def standin(live: LiveTable, seat_index: int, reason: str) -> Pending | None:
    """A bot takes the seat of a player who left, timed out or is away (None:
    a bot plays it already)."""
    check_playing(live.table)
    seat = live.seats[seat_index]
    if seat.controller:
        return None
    now = timezone.now()
    clocks.charge_clocks(live, live.state, now)
    seat.standin = standin_bot(live.table.game)
    clocks.set_deadline(live, live.state, now)
    change = Change(live.table_id, live.table.version, seats_changed=True)
    change.lines.append(_notice(live, reason, seat=seat_index))
    write = store.Write.of(
        live, seats=[(s, ("clock_ms", "standin")) for s in live.seats]
    )
    return _pending(live, change, write)


def leave(live: LiveTable, seat_index: int, user_id: int | None) -> Pending | None:
    """A player leaves a running match from their socket: a bot takes the seat,
    if the seat is still theirs (a socket may outlive the seat it opened on)."""
    if user_id is None or live.seats[seat_index].user_id != user_id:
        raise Refused("not_your_seat")
    return standin(live, seat_index, "left")


def reclaim(live: LiveTable, seat_index: int, user_id: int | None) -> Pending:
    """The player takes their seat back from the stand-in before the end."""
    check_playing(live.table)
    seat = live.seats[seat_index]
    if user_id is None or seat.user_id != user_id:
        raise Refused("not_your_seat")
    if not seat.standin:
        raise Refused("nothing_to_reclaim")
    if live.table.clock == Table.REALTIME and seat.clock_ms <= 0:
        # The time it had is the time it keeps: a flag is final.
        raise Refused("out_of_time")
    seat.standin = ""
    seat.absent_since = None
    clocks.set_deadline(live, live.state, timezone.now())
    change = Change(live.table_id, live.table.version, seats_changed=True)
    change.lines.append(_notice(live, "back", seat=seat_index))
    write = store.Write.of(live, seats=[(seat, ("standin", "absent_since"))])
    return _pending(live, change, write)


def expire(live: LiveTable) -> list[Pending]:
    """A deadline passed: the phase's timeout, or stand-ins for the seats out
    of time; a deadline not reached yet (moved by a reclaim, say) is set
    again as the table says it is now."""
    if live.table.status != Table.PLAYING or live.state is None:
        return []
    now = timezone.now()
    if clocks.phase_over(live, now):
        try:
            return [act(live, None, TIMEOUT, None, system=True)]
        except Refused:
            return []
    flagged = [
        seat.index
        for seat in clocks.human_active(live.game, live.state, live.seats)
        if clocks.out_of_time(live, seat, now)
    ]
    found = [standin(live, index, "timeout") for index in flagged]
    done = [p for p in found if p is not None]
    if not done:
        clocks.set_deadline(live, live.state, now)
        change = Change(live.table_id, live.table.version)
        done.append(_pending(live, change, store.Write.of(live)))
    return done


def channels_of(live: LiveTable, seat: int | None) -> dict[str, str]:
    """The chat channels `seat` may read or write now (``Game.chat_channels``;
    before the deal, one table channel)."""
    if live.state is None:
        return {"table": "write" if seat is not None else "read"}
    return live.game.chat_channels(live.state, seat)


def chat(
    live: LiveTable,
    seat: int | None,
    author: str,
    channel: str,
    text: str,
    user_id: int | None,
) -> Pending:
    """A chat line, if `seat` may write `channel` now (the live state: a seat
    silenced or killed a moment ago cannot slip a line in) and is still
    `user_id`'s. The line's version lets every reader decide who may read it."""
    if seat is not None and live.seats[seat].user_id != user_id:
        raise Refused("not_your_seat")
    if channels_of(live, seat).get(channel) != "write":
        raise Refused("chat_closed")
    line = ChatMessage(
        table_id=live.table_id, channel=channel, seat=seat, author=author, text=text
    )
    change = Change(live.table_id, live.table.version)
    change.lines.append(line)
    return _pending(live, change, store.Write.blank(live))


def bot_lines(live: LiveTable, seat: int, bot: str, said: list[Any]) -> Pending | None:
    """The canned lines a bot says (`ludoteca.bots.talk`), kept where the
    seat may still write their channel."""
    if live.table.status != Table.PLAYING:
        return None
    writable = channels_of(live, seat)
    lines = [
        ChatMessage(
            table_id=live.table_id,
            channel=m.channel,
            seat=seat,
            author=bot,
            params={"talk": m.code, **m.params},
        )
        for m in said
        if writable.get(m.channel) == "write"
    ]
    if not lines:
        return None
    change = Change(live.table_id, live.table.version, lines=lines)
    return _pending(live, change, store.Write.blank(live))


def presence(
    live: LiveTable, seat_index: int, connected: bool, user_id: int | None
) -> Pending | None:
    """A seat's connection (only while the seat is `user_id`'s): announced
    when what others see changed (`seats_changed`), and written with the
    table's next write (see `_soft`)."""
    seat = live.seats[seat_index]
    if user_id is None or seat.user_id != user_id:
        return None
    now = timezone.now()
    changed = seat.connected != connected
    seat.connected = connected
    seat.last_seen = now
    seat.absent_since = None if connected else now
    return _soft(live, seat_index, seats_changed=changed)


def heartbeat(live: LiveTable, seat_index: int, user_id: int | None) -> Pending | None:
    """A seat's socket is still there (a ping): its last_seen, written with
    the table's next write."""
    seat = live.seats[seat_index]
    if user_id is None or seat.user_id != user_id:
        return None
    seat.last_seen = timezone.now()
    seat.connected, seat.absent_since = True, None
    return _soft(live, seat_index, seats_changed=False)


def _soft(live: LiveTable, seat_index: int, seats_changed: bool) -> Pending:
    """A presence: not part of the match, so it waits for no COMMIT of its
    own. The actor announces it as soon as nothing of the table waits to be
    stored, and its row goes with the table's next write, or within
    `actor.PRESENCE_WRITE_DELAY` (a crash loses at most that, and every
    socket with it: the presence starts over as they reconnect)."""
    live.unsaved_presence.add(seat_index)
    change = Change(
        live.table_id, live.table.version, seats_changed=seats_changed, presence=True
    )
    return Pending(change, store.Write.blank(live))
