"""A page's one-off change to a table: taken, changed, written, handed back.

During a match every change goes through the table's owner, its actor
(`ludoteca.web.live`). A page, a worker or a command that changes a table
(the deal, a stand-in set by a tournament, a test driving a match) does it
here: when this process owns the table, its actor makes the change (and
announces it); otherwise it takes the table (a new owner epoch, which fences
whoever held it), applies the same change as the actor would
(`live.changes`) and writes it in its own transaction (`live.store`); once
that commits, the owner in another process reads the table again
(`owners.changed_elsewhere`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction

from ludoteca.engine.protocol import Game
from ludoteca.web.live import changes, owners, store
from ludoteca.web.live import table as live_table
from ludoteca.web.live.changes import (  # noqa: F401  (the names other apps use)
    Change,
    Refused,
    action_checks,
    chat_checks,
    chat_hidden,
    standin_bot,
)
from ludoteca.web.live.clocks import phase_holds, phase_key  # noqa: F401
from ludoteca.web.play import games, rows
from ludoteca.web.play.models import Table

MakeChange = Callable[[live_table.LiveTable], Any]


def _one_off(table_id: int, make: MakeChange) -> list[Change]:
    """Apply `make` to the table: through its actor when this process owns
    it, else taking the table, writing what it did and telling its owner;
    the changes."""
    through_owner = owners.run_at_owner(table_id, make)
    if through_owner is not None:
        return through_owner
    with transaction.atomic():
        live = live_table.take(table_id)
        made = make(live)
        pendings = [] if made is None else made if isinstance(made, list) else [made]
        writes = [p.write for p in pendings]
        if live.unsaved_presence:
            writes.append(store.presence_write(live))
        if writes:
            failed = store.persist(writes)
            assert not any(failed), failed  # taken in this transaction
        transaction.on_commit(lambda: owners.changed_elsewhere(table_id))
    return [p.change for p in pendings]


def _one(table_id: int, make: MakeChange, version: int | None = None) -> Change:
    found = _one_off(table_id, make)
    if found:
        return found[0]
    table = Table.objects.only("version").get(pk=table_id)
    return Change(table_id, table.version if version is None else version)


def do_start(table_id: int) -> Change:
    """Deal the match."""
    return _one(table_id, changes.start)


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
    """One action for a seat (or the system's timeout, seat None)."""
    return _one(
        table_id,
        lambda live: changes.act(
            live,
            seat_index,
            action,
            version,
            user_id=user_id,
            bot=bot,
            system=system,
            limited=limited,
        ),
    )


def do_standin(table_id: int, seat_index: int, reason: str) -> Change:
    return _one(table_id, lambda live: changes.standin(live, seat_index, reason))


def do_leave(table_id: int, seat_index: int, user_id: int | None) -> Change:
    return _one(table_id, lambda live: changes.leave(live, seat_index, user_id))


def do_reclaim(table_id: int, seat_index: int, user_id: int) -> Change:
    return _one(table_id, lambda live: changes.reclaim(live, seat_index, user_id))


def do_expire(table_id: int) -> list[Change]:
    """The table's passed deadlines applied (a deadline not reached yet is
    only set again, which is no change to announce)."""
    done = _one_off(table_id, changes.expire)
    return [c for c in done if c.lines or c.seats_changed or c.events or c.finished]


def do_chat(
    table_id: int,
    seat: int | None,
    author: str,
    channel: str,
    text: str,
    user_id: int | None,
) -> tuple[int, int]:
    """Store a chat line if `seat` may write `channel` now: (id, version)."""
    table = Table.objects.get(pk=table_id)
    for check in chat_checks:
        check(table, user_id)
    change = _one(
        table_id,
        lambda live: changes.chat(live, seat, author, channel, text, user_id),
    )
    return change.lines[0].pk, change.version


def do_bot_talk(
    table_id: int,
    seat: int,
    bot: str,
    state_json: dict[str, Any],
    action: Any,
    seed: int,
) -> tuple[list[int], int]:
    """The canned lines a bot says with `action` (or at a phase's start with
    None), decided on the state it saw: (ids, version)."""
    from ludoteca.bots import talk

    table = Table.objects.get(pk=table_id)
    game = games.get(table.game)
    said = talk.messages(game, game.from_json(state_json), seat, action, seed)
    change = _one(table_id, lambda live: changes.bot_lines(live, seat, bot, said))
    return change.notices, change.version


def current_state(table: Table, game: Game[Any]) -> Any:
    """The decoded state of a table at its version (read, not taken): the
    stored state and the moves since (at most STATE_EVERY - 1)."""
    if table.state is None and "state" in table.get_deferred_fields():
        table.refresh_from_db(fields=["state"])
    state = game.from_json(table.state or {})
    if table.state is None or table.state_version >= table.version:
        return state
    for move in rows.moves_between(table.pk, table.state_version, table.version):
        state = game.apply(state, move.seat, move.action).state
    return state
