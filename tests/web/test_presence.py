"""A seat's presence (connected, last seen) is not part of the match: it is
announced without a COMMIT of its own and written with the table's next
write, or alone after `PRESENCE_WRITE_DELAY` (`changes._soft`)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from ludoteca.web.live import actor as actor_module
from ludoteca.web.live import changes, owners, store
from ludoteca.web.live.actor import Unavailable
from ludoteca.web.play.models import Seat, Table
from tests.web.communicator import database_sync_to_async
from tests.web.conftest import make_table, make_user, open_socket
from tests.web.test_socket import play_out_and_leave, setup_two, true_state

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture(autouse=True)
def presence_written_only_when_asked(monkeypatch):
    """The timer's write never comes during a test (they read the presence
    not written yet); the tests that want it call `write_presence`."""
    monkeypatch.setattr(actor_module, "PRESENCE_WRITE_DELAY", 3600.0)


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


def _epoch(table_id: int) -> int:
    return int(Table.objects.get(pk=table_id).owner_epoch)


class HeldWriter:
    """The writer held inside a batch of its own (a write whose hook waits),
    so that what is handed in meanwhile makes the next batch together."""

    def __init__(self, writer: Any, table_id: int, epoch: int) -> None:
        self.writer = writer
        self.go, self.holding = threading.Event(), threading.Event()
        held = _write(table_id, epoch)
        held.after = [lambda: (self.holding.set(), self.go.wait(10))]
        self.first = writer.submit(held)

    async def __aenter__(self) -> HeldWriter:
        assert await asyncio.to_thread(self.holding.wait, 10)
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.go.set()
        await self.first


async def test_the_writer_stores_nothing_for_an_empty_write_and_keeps_its_place(
    sockets,
):
    """An empty write opens no transaction, and resolves after the writes
    handed in before it."""
    alice = await database_sync_to_async(make_user)("alice")
    bob = await database_sync_to_async(make_user)("bob")
    table_id = await database_sync_to_async(make_table)([alice, bob])
    epoch = await database_sync_to_async(_epoch)(table_id)
    writer = (await owners.get()).writer
    batches = writer.batches
    await writer.submit(_write(table_id, epoch))
    assert writer.batches == batches
    order: list[str] = []
    async with HeldWriter(writer, table_id, epoch):
        real = _write(table_id, epoch)
        real.seats = [(0, ("connected",), [True])]
        stored = writer.submit(real)
        stored.add_done_callback(lambda f: order.append("stored"))
        empty = writer.submit(_write(table_id, epoch))
        empty.add_done_callback(lambda f: order.append("empty"))
    await asyncio.gather(stored, empty)
    assert order == ["stored", "empty"]


async def test_an_empty_write_after_a_fenced_one_of_its_table_fails(sockets):
    """In one batch: it would announce what was not stored. One made after
    a reload (a newer generation) does not."""
    alice = await database_sync_to_async(make_user)("alice")
    bob = await database_sync_to_async(make_user)("bob")
    table_id = await database_sync_to_async(make_table)([alice, bob])
    epoch = await database_sync_to_async(_epoch)(table_id)
    writer = (await owners.get()).writer
    async with HeldWriter(writer, table_id, epoch):
        fenced = _write(table_id, epoch - 1)  # not the table's epoch: refused
        fenced.seats = [(0, ("connected",), [True])]
        after = _write(table_id, epoch - 1)
        newer = _write(table_id, epoch)
        newer.generation = 2
        futures = [writer.submit(w) for w in (fenced, after, newer)]
    results = await asyncio.gather(*futures, return_exceptions=True)
    assert isinstance(results[0], store.Fenced)
    assert isinstance(results[1], store.Fenced)
    assert results[2] is None


async def turns_until(done: Any, turns: int = 10_000) -> None:
    """Let the event loop run until `done()` (at most `turns` turns)."""
    for _ in range(turns):
        if done():
            return
        await asyncio.sleep(0)
    raise AssertionError("never happened")


class ControlledWriter:
    """Stands for the writer: each write waits for the test to settle it."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.futures: list[asyncio.Future[None]] = []

    def submit(self, write: store.Write) -> asyncio.Future[None]:
        future: asyncio.Future[None] = self.loop.create_future()
        self.futures.append(future)
        return future


@pytest.mark.parametrize("failure", ["fenced", "database"])
async def test_no_presence_is_announced_on_top_of_a_failed_write(
    sockets, monkeypatch, failure
):
    """A move's write fails: a presence made before the table is read again,
    whether it waited behind the move or came after its failure was heard,
    is not announced (its snapshot holds the lost move)."""
    table_id, a, _b, _w, _states = await setup_two(sockets)
    owner = await owners.get()
    actor = owner.actors[table_id]
    version = actor.snap.version
    table_sockets = list(actor.sockets)
    controlled = ControlledWriter(owner.loop)
    writer, owner.writer = owner.writer, controlled  # back before the teardown
    monkeypatch.setattr(actor, "reload_soon", lambda: None)  # the table as it is
    try:
        await _fail_a_move_under_a_presence(
            actor, a, controlled, table_id, failure, table_sockets, version
        )
    finally:
        owner.writer = writer


async def _fail_a_move_under_a_presence(
    actor: Any,
    a: Any,
    controlled: ControlledWriter,
    table_id: int,
    failure: str,
    table_sockets: list[Any],
    version: int,
) -> None:
    from django.db import DatabaseError

    owner = actor.owner
    state = await database_sync_to_async(true_state)(table_id)
    await a.send("act", 0, action={"type": "play", "card": state.hands[0][0]})
    await turns_until(lambda: controlled.futures)  # the move handed to the writer
    behind = owner.spawn(
        actor.change(lambda live: changes.heartbeat(live, 1, live.seats[1].user_id))
    )
    await turns_until(lambda: len(controlled.futures) == 2)  # the presence behind
    error = (
        store.Fenced(f"table {table_id}")
        if failure == "fenced"
        else DatabaseError("the disk is full")
    )
    controlled.futures[0].set_exception(error)
    controlled.futures[1].set_result(None)  # nothing to store: "succeeds"
    with pytest.raises(Unavailable):
        await behind
    if failure == "database":  # heard, the table not read again yet
        assert actor.failing and not actor.dropped
        after = owner.spawn(
            actor.change(lambda live: changes.heartbeat(live, 1, live.seats[1].user_id))
        )
        # Not announced at once: it waits for the writer, then is refused.
        await turns_until(lambda: len(controlled.futures) == 3)
        controlled.futures[2].set_result(None)
        with pytest.raises(Unavailable):
            await after
    else:
        assert actor.dropped  # another owner has it
    assert actor.snap.version == version
    assert [s.version for s in table_sockets] == [version] * 3  # nothing newer sent


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
