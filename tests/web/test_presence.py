"""A seat's presence (connected, last seen) is not part of the match: it is
announced without a COMMIT of its own and written with the table's next
write, or alone after `PRESENCE_WRITE_DELAY` (`changes._soft`)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from ludoteca.web.live import actor as actor_module
from ludoteca.web.live import owners, store
from ludoteca.web.play.models import Seat
from tests.web.communicator import database_sync_to_async
from tests.web.conftest import make_table, make_user, open_socket
from tests.web.test_socket import play_out_and_leave, setup_two, true_state

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def stored_presence(table_id: int) -> list[tuple[bool, bool]]:
    """(connected, seen at all) of each seat, as the database has them."""
    return [
        (s.connected, s.last_seen is not None)
        for s in Seat.objects.filter(table_id=table_id).order_by("index")
    ]


async def test_a_seat_connecting_is_announced_without_a_commit(sockets):
    alice = await database_sync_to_async(make_user)("alice")
    bob = await database_sync_to_async(make_user)("bob")
    table_id = await database_sync_to_async(make_table)([alice, bob])
    a = await open_socket(sockets, f"/ws/play/{table_id}/", alice, "en")
    await a.send("hello")
    state = await a.until("state")
    assert state["d"]["seats"][0]["connected"] is True
    owner = await owners.get()
    batches = owner.writer.batches
    b = await open_socket(sockets, f"/ws/play/{table_id}/", bob, "en")
    seats = await a.until("seats", where=lambda d: d["seats"][1]["connected"])
    assert seats["d"]["seats"][1]["connected"] is True
    assert owner.writer.batches == batches  # no transaction for it
    actor = owner.actors[table_id]
    assert actor.live.unsaved_presence == {0, 1}
    assert actor.presence_timer is not None  # written alone if nothing comes
    assert await database_sync_to_async(stored_presence)(table_id) == [
        (False, False),
        (False, False),
    ]
    await b.close()


async def test_the_presence_goes_with_the_tables_next_write(sockets):
    table_id, a, _b, _w, _states = await setup_two(sockets)
    owner = await owners.get()
    actor = owner.actors[table_id]
    assert actor.live.unsaved_presence == {0, 1}
    batches = owner.writer.batches
    state = await database_sync_to_async(true_state)(table_id)
    await a.send("act", 0, action={"type": "play", "card": state.hands[0][0]})
    await a.until("ack")
    assert owner.writer.batches == batches + 1  # the move and the presence
    assert not actor.live.unsaved_presence
    assert await database_sync_to_async(stored_presence)(table_id) == [
        (True, True),
        (True, True),
    ]


async def test_a_presence_nothing_else_took_along_is_written_alone(sockets):
    table_id, _a, _b, _w, _states = await setup_two(sockets)
    owner = await owners.get()
    actor = owner.actors[table_id]
    timer = actor.presence_timer
    assert timer is not None
    delay = timer.when() - asyncio.get_running_loop().time()
    assert 0 < delay <= actor_module.PRESENCE_WRITE_DELAY
    written = actor.write_presence()  # what the timer calls
    assert written is not None and actor.presence_timer is None
    await written
    assert await database_sync_to_async(stored_presence)(table_id) == [
        (True, True),
        (True, True),
    ]
    assert actor.write_presence() is None  # nothing left to write


async def test_the_last_socket_of_a_finished_table_leaving_is_written_then_let_go(
    sockets,
):
    table_id, a, b, w, _states = await setup_two(sockets)
    owner = await owners.get()
    await play_out_and_leave(table_id, a, b, w)
    await asyncio.gather(*owner.tasks)
    assert table_id not in owner.actors
    assert await database_sync_to_async(stored_presence)(table_id) == [
        (False, True),
        (False, True),
    ]


async def test_a_presence_is_no_lobby_event(sockets, monkeypatch):
    owner = await owners.get()
    events: list[tuple[int, str]] = []
    monkeypatch.setattr(owner, "lobby_event", lambda t, what: events.append((t, what)))
    _table_id, a, b, _w, _states = await setup_two(sockets)
    await b.close()
    await a.until("seats", where=lambda d: not d["seats"][1]["connected"])
    assert events == []


def _write(table_id: int, epoch: int, **rows: Any) -> store.Write:
    write = store.Write(table_id, epoch, **rows)
    write.generation = 1
    return write


async def test_the_writer_stores_nothing_for_an_empty_write(sockets):
    """An empty write keeps its place in line (it resolves after the
    writes handed in before it) and opens no transaction."""
    owner = await owners.get()
    batches = owner.writer.batches
    await owner.writer.submit(_write(1, 1))
    assert owner.writer.batches == batches


async def test_an_empty_write_after_a_fenced_one_of_its_table_fails(sockets):
    """It would announce what was not stored."""
    alice = await database_sync_to_async(make_user)("alice")
    bob = await database_sync_to_async(make_user)("bob")
    table_id = await database_sync_to_async(make_table)([alice, bob])
    owner = await owners.get()
    writer = owner.writer
    # The writer held in a batch of its own while the two are handed in, so
    # that they make the next batch together.
    hold, holding = threading.Event(), threading.Event()
    held = _write(table_id, 0)
    held.after = [lambda: (holding.set(), hold.wait(10))]
    first = writer.submit(held)
    await asyncio.to_thread(holding.wait, 10)
    stale_epoch = -5  # not the table's: the fence refuses it
    fenced = _write(table_id, stale_epoch)
    fenced.seats = [(0, ("connected",), [True])]
    both = [writer.submit(fenced), writer.submit(_write(table_id, stale_epoch))]
    hold.set()
    await asyncio.gather(first, return_exceptions=True)
    results = await asyncio.gather(*both, return_exceptions=True)
    assert all(isinstance(r, store.Fenced) for r in results), results


async def test_a_table_taken_shows_connected_only_the_seats_with_a_socket_here(
    sockets,
):
    """A previous owner's presence (say, it was killed) is not shown: the
    table taken has no socket yet, and corrects the database with its next
    write."""
    alice = await database_sync_to_async(make_user)("alice")
    bob = await database_sync_to_async(make_user)("bob")
    table_id = await database_sync_to_async(make_table)([alice, bob])
    await database_sync_to_async(Seat.objects.filter(table_id=table_id).update)(
        connected=True
    )
    a = await open_socket(sockets, f"/ws/play/{table_id}/", alice, "en")
    await a.send("hello")
    state = await a.until("state")
    assert [s["connected"] for s in state["d"]["seats"]] == [True, False]
    written = (await owners.get()).actors[table_id].write_presence()
    assert written is not None
    await written
    assert await database_sync_to_async(stored_presence)(table_id) == [
        (True, True),
        (False, False),
    ]


async def test_a_table_read_again_keeps_the_presence_of_its_sockets(sockets):
    table_id, _a, _b, _w, _states = await setup_two(sockets)
    actor = (await owners.get()).actors[table_id]
    actor.reload_soon()  # as after a failed write: the database has no presence
    assert actor.reloading is not None
    await asyncio.shield(actor.reloading)
    assert [s.connected for s in actor.live.seats] == [True, True]
    assert actor.live.unsaved_presence == {0, 1}
