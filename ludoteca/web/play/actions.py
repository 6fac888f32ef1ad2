"""The one path that changes a match: check_* validates, do_* writes.

`do_act` is the authority for a table: it takes the table's lock (a per-table
lock in this process and a row lock on PostgreSQL), applies the action through
the game, appends it to the record with its events, stores the new state and
charges the clocks, all in one transaction. Callers acknowledge and notify only
after it returns. These functions are synchronous (Django ORM); the consumer
and the bot runner call them through ``database_sync_to_async``.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import traceback
import weakref
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from ludoteca.bots import registry as bots
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.protocol import TIMEOUT, Game, stored_options
from ludoteca.web.play import games, rows
from ludoteca.web.play.models import STATE_EVERY, ChatMessage, Move, Seat, Table
from ludoteca.web.play.signals import match_finished, turn_came

log = logging.getLogger("ludoteca.play")

RELAXED_MOVE = timedelta(days=1)

# One lock per table in this process; an entry lives while a thread holds or
# waits for it, so tables played once do not stay here forever.
_locks: weakref.WeakValueDictionary[int, Any] = weakref.WeakValueDictionary()
_locks_guard = threading.Lock()
# Checks other apps add to a person's action before it is applied (the
# tutorials keep their tables on script): (table, game, state, seat, action,
# bot) -> None, raising Refused.
action_checks: list[Callable[..., None]] = []
# Checks other apps add to a chat line before it is stored (a moderator's
# mute): (table, user_id) -> None, raising Refused.
chat_checks: list[Callable[..., None]] = []
# Who a person hides the chat of (muted for themselves): user_id -> names,
# read by each play and watch socket of theirs as it says hello.
chat_hidden: list[Callable[[int], Iterable[str]]] = []
# Other apps that hold a table's phase timer (a tutorial waiting for the
# learner): (table, seats, game, state) -> True while the timer must not run.
phase_holds: list[Callable[..., bool]] = []
# The decoded match states of recently played tables, with who made each
# move: table -> (key, [(version, mover, active seats, state), ...]), the last
# versions this process wrote one after another (at most RECENT_KEPT). Only
# the latest entry keeps its state (the older ones keep who could act then,
# which is all `may_use_old_version` asks of them: 17 whole states a table
# would weigh on a big game). A table's state at a version never changes
# (only do_act writes it, and it bumps the version), so a hit saves reading
# and decoding the JSON column, and the older entries let
# `may_use_old_version` decide without reading and replaying the record; games
# never mutate a state they are given. A table's entry is written under its
# lock; other processes' actions simply make it miss. The key has the seed and
# creation time, so a new table reusing an id (a database restored, a test
# rolled back) never gets another table's states.
Recent = tuple[int, int | None, frozenset[int], Any]
_states: dict[int, tuple[tuple[int, Any], list[Recent]]] = {}
_states_guard = threading.Lock()  # the dict is shared by the database threads
STATE_CACHE = 5000  # tables


class Refused(Exception):
    """A refusal with a stable code; nothing was changed."""

    def __init__(
        self,
        code: str,
        params: dict[str, Any] | None = None,
        message: str = "",
    ) -> None:
        super().__init__(code)
        self.code = code
        self.params = params or {}
        self.message = message


@dataclass
class Change:
    """What a do_* function changed, for the caller to announce."""

    table_id: int
    version: int
    seats_changed: bool = False
    notices: list[int] = field(default_factory=list)  # ChatMessage ids
    finished: bool = False
    # What do_act stored, so this process's hub can advance its snapshot
    # without reading it back (other processes load it from the database).
    table: Table | None = None
    seats: list[Seat] | None = None
    state: Any = None
    events: tuple[Any, ...] = ()


@contextmanager
def table_lock(table_id: int, defer_state: bool = False) -> Iterator[Table]:
    """The table row, locked for this transaction (and in this process);
    `defer_state` leaves the state column for `current_state` to read."""
    with _locks_guard:
        lock = _locks.get(table_id)
        if lock is None:
            lock = _locks[table_id] = threading.Lock()
    with lock, transaction.atomic():
        if defer_state:
            yield rows.locked_table(table_id)
        else:
            yield Table.objects.select_for_update().get(pk=table_id)


def current_state(table: Table, game: Game[Any]) -> Any:
    """The decoded state of a table at its version: from memory when this
    process has it, else the stored state (at `state_version`) with the moves
    of the record since replayed (at most STATE_EVERY - 1)."""
    recent = _recent(table)
    if recent and recent[-1][0] == table.version:
        return recent[-1][3]
    if "state" in table.get_deferred_fields():
        table.refresh_from_db(fields=["state"])
    state = game.from_json(table.state or {})
    if table.state is None or table.state_version >= table.version:
        return state
    for move in rows.moves_between(table.pk, table.state_version, table.version):
        state = game.apply(state, move.seat, move.action).state
    return state


def _state_key(table: Table) -> tuple[int, Any]:
    return (table.seed, table.created_at)


def _recent(table: Table) -> list[Recent]:
    """(version, mover, seats active after it, state after it or None) of the
    table's last versions known here, oldest first; empty when none. Only the
    last entry has its state."""
    hit = _states.get(table.pk)
    if hit is None or hit[0] != _state_key(table):
        return []
    return hit[1]


def forget_state(table_id: int) -> None:
    """Drop the cached state of a table whose state column was written out of
    band (a test or an operator editing the row without a new version)."""
    with _states_guard:
        _states.pop(table_id, None)


RECENT_KEPT = 17  # versions: the latest and STALE_WINDOW before it


def remember_state(
    table: Table, mover: int | None, state: Any, active: frozenset[int]
) -> None:
    """The table is now at `table.version`, made by `mover` (None: the
    system), with `state` where `active` may act: kept after the versions
    before it if they are here, which give up their states."""
    entry = (table.version, mover, active, state)
    with _states_guard:
        recent = _recent(table)
        _states.pop(table.pk, None)
        if recent and recent[-1][0] == table.version - 1:
            v, m, a, _ = recent[-1]
            recent = [*recent[1 - RECENT_KEPT : -1], (v, m, a, None), entry]
        else:
            recent = [entry]
        if len(_states) >= STATE_CACHE:
            del _states[next(iter(_states))]  # the least recently played
        _states[table.pk] = (_state_key(table), recent)


# The columns do_act changes on the table row; the state only now and then
# (`writes_state`).
ACT_FIELDS = [
    "version",
    "status",
    "outcome",
    "finished_at",
    "turn_started_at",
    "deadline",
    "phase_key",
    "phase_started_at",
    "paused_phases",
]
STATE_FIELDS = ["state", "state_version"]


def writes_state(table: Table) -> bool:
    """Whether the action that made the table's version stores the whole
    state: every STATE_EVERY moves and at the end (so the row of a finished
    table holds its final state)."""
    return table.version % STATE_EVERY == 0 or table.status == Table.FINISHED


def standin_bot(game_id: str | None = None) -> str:
    """The bot that plays for an absent player: the game's own bot if it has
    one (registered for this game only, under the game's id), else a generic one."""
    if game_id is not None and bots.games_of(game_id) == frozenset({game_id}):
        return game_id
    return "medium" if "medium" in bots.names() else "random"


# -- checks -----------------------------------------------------------------


def check_playing(table: Table) -> None:
    if table.status == Table.FINISHED:
        raise Refused("table_finished")
    if table.status != Table.PLAYING:
        raise Refused("table_not_started")


def check_version(
    table: Table,
    game: Game[Any],
    version: int | None,
    seat: int | None = None,
    bot: str = "",
) -> None:
    """Actions carry the version they were based on; real-time games opt out.
    An older version is accepted when `may_use_old_version` says so."""
    if game.info.kind == "real-time" or version == table.version:
        return
    if (
        seat is not None
        and isinstance(version, int)
        and may_use_old_version(table, game, version, seat, bot)
    ):
        return
    raise Refused("stale_version", {"version": table.version})


STALE_WINDOW = 16  # versions: how old "a moment old" may be in a turn-based game


def may_use_old_version(
    table: Table, game: Game[Any], version: int, seat: int, bot: str
) -> bool:
    """Whether `seat` may act on `version`, older than the table's.

    Only when every move since was another seat's: one of the seat's own means
    a double click, the system's a phase that ended. In a simultaneous game
    that is enough (the others' moves change nothing of what the seat may do).
    In a turn-based game the seat must also have been able to act at that
    version (replayed from the record, so every process agrees): only other
    seats moved since, so it was one of several seats acting at once (Cat in
    the Box's set-aside); `apply` then says whether the action is still legal.
    Bots are asked again at every version, so in a turn-based game they never
    need an old one (a scripted tutorial bot must decide on the latest state).
    """
    if not 0 <= version < table.version:
        return False
    # The versions this process wrote (committed) save reading the record:
    # who moved since, and the state at `version` without a replay.
    recent = {v: (mover, active) for v, mover, active, _ in _recent(table)}
    later = range(version + 1, table.version + 1)
    if all(v in recent for v in later):
        if any(recent[v][0] in (seat, None) for v in later):
            return False
    else:
        since = table.moves.filter(index__gt=version)
        if since.filter(Q(seat=seat) | Q(seat__isnull=True)).exists():
            return False
    if game.info.kind == "simultaneous":
        return True
    if bot or table.version - version > STALE_WINDOW:
        return False
    if version in recent:
        return seat in recent[version][1]
    state = game.setup(
        table.players, table.seed, stored_options(game.options, table.options)
    )
    moves = table.moves.filter(index__lte=version).order_by("index")
    for mover, action in moves.values_list("seat", "action"):
        state = game.apply(state, mover, action).state
    return seat in game.active_seats(state)


def check_seat_owner(seat: Seat, user_id: int | None, bot: str) -> None:
    if bot:
        if seat.controller != bot:
            raise Refused("not_your_seat")
        return
    if user_id is None or seat.user_id != user_id:
        raise Refused("not_your_seat")
    if seat.controller:
        raise Refused("seat_controlled_by_bot")


# -- clocks -----------------------------------------------------------------


def _human_active(game: Game[Any], state: Any, seats: list[Seat]) -> list[Seat]:
    active = game.active_seats(state)
    return [s for s in seats if s.index in active and not s.controller]


def has_player_clocks(table: Table, game: Game[Any]) -> bool:
    """Real-time games (everybody acts at once) run on their phase timers only."""
    return game.info.kind != "real-time"


def phase_key(game: Game[Any], state: Any) -> str:
    """What identifies the current timed phase: a new key restarts its timer.

    A game that defines `Game.phase_key` says it itself (Mafia: the phase, the
    day and the acquittals, so votes and night choices keep the deadline).
    Otherwise the phase changes when `phase_seconds` changes or when the
    spectator view's ``"phase"`` field does (a game may keep the same length
    for two phases).
    """
    seconds = game.phase_seconds(state)
    if seconds is None:
        return ""
    own = game.phase_key(state)
    if own is not None:
        return json.dumps(["game", own])[:200]
    view = game.view(state, None)
    return json.dumps([seconds, view.get("phase") if isinstance(view, dict) else None])


def charge_clocks(
    table: Table, seats: list[Seat], game: Game[Any], state: Any, now: datetime
) -> None:
    """Take the time since the turn began from every human seat that was to act."""
    if (
        table.clock != Table.REALTIME
        or table.turn_started_at is None
        or not has_player_clocks(table, game)
    ):
        return
    elapsed = int((now - table.turn_started_at).total_seconds() * 1000)
    for seat in _human_active(game, state, seats):
        seat.clock_ms = max(0, seat.clock_ms - elapsed)


def set_deadline(
    table: Table, seats: list[Seat], game: Game[Any], state: Any, now: datetime
) -> None:
    table.turn_started_at = now
    humans = _human_active(game, state, seats)
    if (
        table.status != Table.PLAYING
        or not humans
        or not has_player_clocks(table, game)
    ):
        table.deadline = None
    elif table.clock == Table.RELAXED:
        table.deadline = now + RELAXED_MOVE
    else:
        table.deadline = now + timedelta(milliseconds=min(s.clock_ms for s in humans))
    key = phase_key(game, state) if table.status == Table.PLAYING else ""
    if key and any(hold(table, seats, game, state) for hold in phase_holds):
        _hold_phase(table, key, now)
        return
    if key != table.phase_key or (key and table.phase_started_at is None):
        _pause_phase(table, now)
        table.phase_key = key
        table.phase_started_at = now if key else None
        spent = table.paused_phases.pop(key, None) if key else None
        if spent is not None:
            table.phase_started_at = now - timedelta(milliseconds=spent)
    phase = game.phase_seconds(state) if key else None
    if phase is not None and table.phase_started_at is not None:
        phase_end = table.phase_started_at + timedelta(seconds=phase)
        table.deadline = min(filter(None, [table.deadline, phase_end]))


PAUSED_KEPT = 8


def _pause_phase(table: Table, now: datetime) -> None:
    """Remember how long the phase being left has run, when the game keys its
    phases itself: if that key comes back (Mafia's voting after an acquitted
    trial) the phase resumes with the time it had left."""
    old = table.phase_key
    if not old.startswith('["game"') or table.phase_started_at is None:
        return
    spent = int((now - table.phase_started_at).total_seconds() * 1000)
    paused = {k: v for k, v in table.paused_phases.items() if k != old}
    paused[old] = max(0, spent)
    table.paused_phases = dict(list(paused.items())[-PAUSED_KEPT:])


def _hold_phase(table: Table, key: str, now: datetime) -> None:
    """Stop the phase timer, keeping the time it has run: once nothing holds
    it, `set_deadline` resumes it from there (as after `_pause_phase`)."""
    if table.phase_started_at is not None and table.phase_key == key:
        spent = int((now - table.phase_started_at).total_seconds() * 1000)
        paused = {k: v for k, v in table.paused_phases.items() if k != key}
        paused[key] = max(0, spent)
        table.paused_phases = dict(list(paused.items())[-PAUSED_KEPT:])
    elif table.phase_key != key:
        _pause_phase(table, now)
    table.phase_key = key
    table.phase_started_at = None


# -- the match --------------------------------------------------------------


def notice(table: Table, key: str, **params: Any) -> int:
    return ChatMessage.objects.create(table=table, notice=key, params=params).pk


def do_start(table_id: int) -> Change:
    """Deal the match: the seed was drawn at creation, its hash is public."""
    with table_lock(table_id) as table:
        if table.status != Table.OPEN:
            raise Refused("table_not_started")
        seats = list(table.seats.select_for_update().order_by("index"))
        if any(s.is_empty for s in seats):
            raise Refused("table_not_started")
        game = games.get(table.game)
        state = game.setup(
            table.players, table.seed, stored_options(game.options, table.options)
        )
        now = timezone.now()
        for seat in seats:
            seat.clock_ms = table.clock_minutes * 60_000
        table.state = game.to_json(state)
        table.state_version = table.version
        table.status = Table.PLAYING
        table.started_at = now
        set_deadline(table, seats, game, state, now)
        table.save()
        Seat.objects.bulk_update(seats, ["clock_ms"])
        _announce_turns(table, seats, game, frozenset(), state)
        return Change(table.pk, table.version, True, [notice(table, "started")])


def do_act(
    table_id: int,
    seat_index: int | None,
    action: Any,
    version: int | None,
    *,
    user_id: int | None = None,
    bot: str = "",
    system: bool = False,
    limited: bool = True,
) -> Change:
    """Apply one action for a seat (or the system timeout with seat None).

    `limited=False` skips the game's rate limit: for the action the platform
    itself takes for a seat whose player disconnected.
    """
    with table_lock(table_id, defer_state=True) as table:
        check_playing(table)
        game = games.get(table.game)
        seats = rows.locked_seats(table_id)
        if system:
            if action != TIMEOUT:
                raise Refused("malformed_action")
        else:
            if seat_index is None or not 0 <= seat_index < len(seats):
                raise Refused("not_your_seat")
            check_seat_owner(seats[seat_index], user_id, bot)
            check_version(table, game, version, seat_index, bot)
        if not isinstance(action, dict):
            raise Refused("malformed_action")
        state = current_state(table, game)
        # Relaxed tables only: who could act before, to tell who may act now.
        was_active = game.active_seats(state) if table.clock == Table.RELAXED else None
        if not system:
            for check in action_checks:
                check(table, game, state, seat_index, action, bot)
        try:
            if (
                seat_index is not None
                and not system
                and limited
                and games.has_rate_limit(game)
            ):
                # The seat's last stored move, whichever process stored it (an
                # action whose COMMIT failed holds up no retry).
                last = rows.last_move_at(table_id, seat_index)
                games.check_rate(
                    game,
                    state,
                    None if last is None else last.timestamp() * 1000,
                    time.time() * 1000,
                )
            step = game.apply(state, seat_index, action)
        except IllegalAction as refusal:
            raise Refused(refusal.code, refusal.params, refusal.message) from None
        except Exception as bug:  # a game bug must not take the table down
            # The action and the error's message may hold hidden information
            # (a card, a night target): the log names the action's kind, the
            # error's type and where it was raised, not their values.
            kind = action.get("type") if isinstance(action, dict) else type(action)
            log.error(
                "apply failed on table %s, seat %s, action %r: %s\n%s",
                table_id,
                seat_index,
                kind,
                type(bug).__name__,
                "".join(traceback.format_tb(bug.__traceback__)),
            )
            raise Refused("malformed_action") from None
        now = timezone.now()
        clocks = [s.clock_ms for s in seats]
        charge_clocks(table, seats, game, state, now)
        if (
            table.clock == Table.REALTIME
            and seat_index is not None
            and not bot
            and has_player_clocks(table, game)
        ):
            seats[seat_index].clock_ms += table.clock_increment * 1000
        table.version += 1
        rows.insert_move(
            Move(
                table=table,
                index=table.version,
                seat=seat_index,
                action=action,
                events=[
                    {"type": e.type, "data": dict(e.data), "to": e.to}
                    for e in step.events
                ],
                by_bot=bot,
            )
        )
        change = Change(table.pk, table.version)
        change.table, change.seats = table, seats
        change.state, change.events = step.state, tuple(step.events)
        outcome = game.outcome(step.state)
        if outcome is not None:
            table.status = Table.FINISHED
            table.outcome = outcome.as_dict()
            table.finished_at = now
            change.finished = True
            change.notices.append(notice(table, "finished"))
        set_deadline(table, seats, game, step.state, now)
        if writes_state(table):
            table.state = game.to_json(step.state)
            table.state_version = table.version
            rows.update(table, ACT_FIELDS + STATE_FIELDS)
        else:
            rows.update(table, ACT_FIELDS)
        for seat, before in zip(seats, clocks, strict=True):
            if seat.clock_ms != before:  # the seat that moved; real-time: none
                rows.update(seat, ["clock_ms"])
        if change.finished:
            forget_state(table.pk)
        else:
            new_state = step.state
            active = frozenset(game.active_seats(new_state))
            transaction.on_commit(
                lambda: remember_state(table, seat_index, new_state, active)
            )
        if change.finished:
            # Results and ratings are written in the same transaction.
            match_finished.send(sender=Table, table=table, seats=seats)
        elif was_active is not None:
            _announce_turns(table, seats, game, was_active, step.state)
        return change


def _announce_turns(
    table: Table, seats: list[Seat], game: Game[Any], was_active: Any, state: Any
) -> None:
    """`turn_came` for the seats of people (not bots, not stood in for) who
    may act now at a relaxed table and could not before."""
    if table.clock != Table.RELAXED:
        return
    came = [
        s
        for s in seats
        if s.index in game.active_seats(state)
        and s.index not in was_active
        and s.user_id is not None
        and not s.controller
        and game.legal_actions(state, s.index)
    ]
    if came:
        turn_came.send(sender=Table, table=table, seats=came)


def do_standin(table_id: int, seat_index: int, reason: str) -> Change:
    """A bot takes the seat of a player who left, timed out or is away."""
    with table_lock(table_id) as table:
        check_playing(table)
        seat = table.seats.select_for_update().get(index=seat_index)
        if seat.controller:
            return Change(table.pk, table.version)
        game = games.get(table.game)
        seats = list(table.seats.order_by("index"))
        state = current_state(table, game)
        now = timezone.now()
        charge_clocks(table, seats, game, state, now)
        seats[seat_index].standin = standin_bot(table.game)
        Seat.objects.bulk_update(seats, ["clock_ms", "standin"])
        set_deadline(table, seats, game, state, now)
        table.save()
        return Change(
            table.pk, table.version, True, [notice(table, reason, seat=seat_index)]
        )


def do_leave(table_id: int, seat_index: int, user_id: int | None) -> Change:
    """A player leaves a running match from their socket: a bot takes the seat,
    if the seat is still theirs (a socket may outlive the seat it opened on)."""
    if (
        user_id is None
        or not Seat.objects.filter(
            table_id=table_id, index=seat_index, user_id=user_id
        ).exists()
    ):
        raise Refused("not_your_seat")
    return do_standin(table_id, seat_index, "left")


def do_reclaim(table_id: int, seat_index: int, user_id: int) -> Change:
    """The player takes their seat back from the stand-in before the end."""
    with table_lock(table_id) as table:
        check_playing(table)
        seats = list(table.seats.select_for_update().order_by("index"))
        seat = seats[seat_index]
        if seat.user_id != user_id:
            raise Refused("not_your_seat")
        if not seat.standin:
            raise Refused("nothing_to_reclaim")
        if table.clock == Table.REALTIME and seat.clock_ms <= 0:
            # The time it had is the time it keeps: a flag is final.
            raise Refused("out_of_time")
        seat.standin = ""
        seat.absent_since = None
        Seat.objects.bulk_update([seat], ["standin", "absent_since"])
        game = games.get(table.game)
        set_deadline(table, seats, game, current_state(table, game), timezone.now())
        table.save()
        return Change(
            table.pk, table.version, True, [notice(table, "back", seat=seat_index)]
        )


def do_expire(table_id: int) -> list[Change]:
    """Called when a deadline passed: stand-ins for flagged seats, phase timeouts."""
    changes: list[Change] = []
    with transaction.atomic():
        table = Table.objects.get(pk=table_id)
    if table.status != Table.PLAYING:
        return changes
    game = games.get(table.game)
    state = current_state(table, game)
    now = timezone.now()
    phase = game.phase_seconds(state)
    if (
        phase is not None
        and table.phase_started_at is not None
        and now >= table.phase_started_at + timedelta(seconds=phase)
    ):
        with suppress(Refused):
            changes.append(do_act(table_id, None, TIMEOUT, None, system=True))
        return changes
    seats = list(table.seats.order_by("index"))
    started = table.turn_started_at or now
    for seat in _human_active(game, state, seats):
        if table.clock == Table.RELAXED:
            expired = now >= started + RELAXED_MOVE
        else:
            spent = (now - started).total_seconds() * 1000
            expired = seat.clock_ms - spent <= 0
        if expired:
            changes.append(do_standin(table_id, seat.index, "timeout"))
    if not changes:
        # A deadline that is not reached yet (for example after a reclaim).
        with table_lock(table_id) as locked:
            set_deadline(locked, seats, game, state, now)
            locked.save(
                update_fields=[
                    "deadline",
                    "turn_started_at",
                    "phase_started_at",
                    "phase_key",
                    "paused_phases",
                ]
            )
    return changes


def channels_of(table: Table, game: Game[Any], seat: int | None) -> dict[str, str]:
    """The chat channels `seat` may read or write at the table's current state
    (``Game.chat_channels``; before the deal, one table channel)."""
    if table.state is None:
        return {"table": "write" if seat is not None else "read"}
    return game.chat_channels(current_state(table, game), seat)


def do_chat(
    table_id: int,
    seat: int | None,
    author: str,
    channel: str,
    text: str,
    user_id: int | None,
) -> tuple[int, int]:
    """Store a chat line if `seat` may write `channel` now: (message id, version).

    The permission is checked against the stored state, not a cached one, so a
    seat silenced or killed a moment ago cannot slip a line in; the version lets
    every process decide who may read the line at that version or later. A
    seat's line needs the seat to be `user_id`'s still.
    """
    with transaction.atomic():
        table = Table.objects.get(pk=table_id)
        if (
            seat is not None
            and not Seat.objects.filter(
                table_id=table_id, index=seat, user_id=user_id
            ).exists()
        ):
            raise Refused("not_your_seat")
        if channels_of(table, games.get(table.game), seat).get(channel) != "write":
            raise Refused("chat_closed")
        for check in chat_checks:
            check(table, user_id)
        line = ChatMessage.objects.create(
            table=table, channel=channel, seat=seat, author=author, text=text
        )
        return line.pk, table.version


def do_bot_talk(
    table_id: int,
    seat: int,
    bot: str,
    state_json: dict[str, Any],
    action: Any,
    seed: int,
) -> tuple[list[int], int]:
    """The canned lines a bot says with `action` (or at a phase's start with
    None), decided on the state it saw (`ludoteca.bots.talk`, sampled worlds
    only) and stored if the seat may still write the channel: (ids, version)."""
    from ludoteca.bots import talk

    with transaction.atomic():
        table = Table.objects.get(pk=table_id)
        if table.status != Table.PLAYING:
            return [], table.version
        game = games.get(table.game)
        said = talk.messages(game, game.from_json(state_json), seat, action, seed)
        writable = channels_of(table, game, seat)
        ids = [
            ChatMessage.objects.create(
                table=table,
                channel=m.channel,
                seat=seat,
                author=bot,
                params={"talk": m.code, **m.params},
            ).pk
            for m in said
            if writable.get(m.channel) == "write"
        ]
        return ids, table.version


def do_presence(
    table_id: int, seat_index: int, connected: bool, user_id: int | None
) -> bool:
    """Record a seat's connection (only while the seat is `user_id`'s); True
    when what others see changed."""
    now = timezone.now()
    seat = Seat.objects.filter(
        table_id=table_id, index=seat_index, user_id=user_id
    ).first()
    if seat is None:
        return False
    changed = seat.connected != connected
    seat.connected = connected
    seat.last_seen = now
    seat.absent_since = None if connected else now
    seat.save(update_fields=["connected", "last_seen", "absent_since"])
    return changed


def absent_seats(grace: float) -> list[tuple[int, int]]:
    """(table, seat) of humans away longer than `grace` seconds whose turn it is."""
    cutoff = timezone.now() - timedelta(seconds=grace)
    found = []
    # Relaxed tables expect players to come and go: only their clock counts.
    candidates = (
        Seat.objects.filter(
            table__status=Table.PLAYING,
            table__clock=Table.REALTIME,
            user__isnull=False,
            bot="",
            standin="",
        )
        .filter(Q(absent_since__lt=cutoff) | Q(last_seen__lt=cutoff))
        .select_related("table")
    )
    for seat in candidates:
        game = games.get(seat.table.game)
        if seat.index in game.active_seats(current_state(seat.table, game)):
            found.append((seat.table_id, seat.index))
    return found
