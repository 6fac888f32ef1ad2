"""The clocks of a table: players' time, a relaxed table's day per move, and
the timers of timed phases. Everything here works on a `LiveTable` in memory;
the owner writes what changed with the move (`store`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from ludoteca.engine.protocol import Game
from ludoteca.web.live.table import LiveTable
from ludoteca.web.play.models import Seat, Table

RELAXED_MOVE = timedelta(days=1)
PAUSED_KEPT = 8  # interrupted phases remembered per table

# Other apps that hold a table's phase timer (a tutorial waiting for the
# learner): (live table, game, state) -> True while the timer must not run.
phase_holds: list[Callable[[LiveTable, Game[Any], Any], bool]] = []


def human_active(game: Game[Any], state: Any, seats: list[Seat]) -> list[Seat]:
    active = game.active_seats(state)
    return [s for s in seats if s.index in active and not s.controller]


def has_player_clocks(game: Game[Any]) -> bool:
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


def charge_clocks(live: LiveTable, state: Any, now: datetime) -> None:
    """Take the time since the turn began from every human seat that was to act."""
    table = live.table
    if (
        table.clock != Table.REALTIME
        or table.turn_started_at is None
        or not has_player_clocks(live.game)
    ):
        return
    elapsed = int((now - table.turn_started_at).total_seconds() * 1000)
    for seat in human_active(live.game, state, live.seats):
        seat.clock_ms = max(0, seat.clock_ms - elapsed)


def set_deadline(live: LiveTable, state: Any, now: datetime) -> None:
    """The next deadline: the shortest clock of the humans to act (a day on
    a relaxed table), or the end of the timed phase, whichever comes first."""
    table, game = live.table, live.game
    table.turn_started_at = now
    humans = human_active(game, state, live.seats)
    if table.status != Table.PLAYING or not humans or not has_player_clocks(game):
        table.deadline = None
    elif table.clock == Table.RELAXED:
        table.deadline = now + RELAXED_MOVE
    else:
        table.deadline = now + timedelta(milliseconds=min(s.clock_ms for s in humans))
    key = phase_key(game, state) if table.status == Table.PLAYING else ""
    if key and any(hold(live, game, state) for hold in phase_holds):
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


def phase_over(live: LiveTable, now: datetime) -> bool:
    """Whether the current timed phase has run its time."""
    table = live.table
    seconds = live.game.phase_seconds(live.state)
    return (
        seconds is not None
        and table.phase_started_at is not None
        and now >= table.phase_started_at + timedelta(seconds=seconds)
    )


def out_of_time(live: LiveTable, seat: Seat, now: datetime) -> bool:
    """Whether a human seat to act has spent its clock (a relaxed table: its day)."""
    table = live.table
    started = table.turn_started_at or now
    if table.clock == Table.RELAXED:
        return now >= started + RELAXED_MOVE
    spent = (now - started).total_seconds() * 1000
    return seat.clock_ms - spent <= 0


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
