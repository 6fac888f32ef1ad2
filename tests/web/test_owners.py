"""The live tables' fence and failures (`ludoteca.web.live`): two owners of
one table, a batch that fails half-way, a COMMIT that fails. Nothing
acknowledged is lost, no move is stored twice, and play goes on."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from django.db import DatabaseError, transaction

from ludoteca.web.live import changes, owners, store
from ludoteca.web.live import table as live_table
from ludoteca.web.play.models import Move, Table
from tests.web.communicator import database_sync_to_async
from tests.web.conftest import make_table, make_user, open_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def seated(sockets: list[Any]) -> tuple[int, Any, Any, list[Any]]:
    ana = await database_sync_to_async(make_user)("ana")
    bia = await database_sync_to_async(make_user)("bia")
    table_id = await database_sync_to_async(make_table)([ana, bia])
    a = await open_socket(sockets, f"/ws/play/{table_id}/", ana)
    b = await open_socket(sockets, f"/ws/play/{table_id}/", bia)
    states = []
    for s in (a, b):
        await s.send("hello")
        states.append(await s.until("state"))
    return table_id, a, b, states


async def closed_with(s: Any) -> int:
    """The close code the socket gets, after whatever frames come first."""
    while True:
        out = await s.comm.receive_output(3)
        if out["type"] == "websocket.close":
            return int(out["code"])


def record(table_id: int) -> list[int]:
    return list(
        Move.objects.filter(table_id=table_id)
        .order_by("index")
        .values_list("index", flat=True)
    )


async def play_first(s: Any, state: dict[str, Any], version: int, ref: str) -> dict:
    card = state["d"]["view"]["hand"][0]
    await s.send("act", version, action={"type": "play", "card": card}, ref=ref)
    return await s.until("ack", where=lambda d: d["ref"] == ref) if ref else {}


def taken_elsewhere(table_id: int) -> None:
    """Another process takes the table and plays its seat to move there,
    without a word to this one (its Redis notice lost, say)."""
    with transaction.atomic():
        live = live_table.take(table_id)
        seat = min(live.game.active_seats(live.state))
        action = live.game.legal_actions(live.state, seat)[0]
        user = live.seats[seat].user_id
        pending = changes.act(live, seat, action, live.table.version, user_id=user)
        assert store.persist([pending.write]) == [None]


async def test_two_owners_of_one_table_the_fence_wins(sockets):
    table_id, a, b, states = await seated(sockets)
    await play_first(a, states[0], 0, "a1")  # v1, by this process
    await b.until("update", where=lambda d: d["legal"])
    # Another owner takes the table and makes v2 (bob's card).
    await database_sync_to_async(taken_elsewhere)(table_id)
    # This process still thinks bob is to play at v1: its write is fenced.
    hand = states[1]["d"]["view"]["hand"]
    await b.send("act", 1, action={"type": "play", "card": hand[0]}, ref="b1")
    refused = await b.until("refused", where=lambda d: d["ref"] == "b1")
    assert refused["d"]["code"] == "unavailable"
    assert await database_sync_to_async(record)(table_id) == [1, 2]  # nothing twice
    # It let the table go: its sockets are closed, to reconnect to the owner.
    owner = await owners.get()
    for s in (a, b):
        assert await closed_with(s) == 1012  # "service restart": reconnect
    assert table_id not in owner.actors
    # Reconnecting here, this process takes the table back at v2 and plays on.
    ana = await database_sync_to_async(
        lambda: Table.objects.get(pk=table_id).seats.get(index=0).user
    )()
    again = await open_socket(sockets, f"/ws/play/{table_id}/", ana)
    await again.send("hello", 1)
    fresh = await again.until("update", where=lambda d: d["legal"])
    assert fresh["v"] == 2
    await again.send("act", 2, action=fresh["d"]["legal"][0], ref="a2")
    ack = await again.until("ack", where=lambda d: d["ref"] == "a2")
    assert ack["v"] == 3
    assert await database_sync_to_async(record)(table_id) == [1, 2, 3]
    epoch = await database_sync_to_async(
        lambda: Table.objects.get(pk=table_id).owner_epoch
    )()
    assert owner.actors[table_id].live.epoch == epoch  # the table is ours again


def killed() -> None:
    raise DatabaseError("the process died before its COMMIT")


async def test_a_batch_that_fails_half_way_stores_nothing_of_it(sockets, monkeypatch):
    """The moves of a batch are inserted, then the process dies (here: the
    statement after raises) before its COMMIT: nothing of the batch is
    stored, nothing was acknowledged, and the table reloads from the last
    commit."""
    table_id, a, _b, states = await seated(sockets)
    persist = store.persist
    failures = []

    def dies_after_the_moves(batch: list[store.Write]) -> Any:
        if not failures:
            failures.append(1)
            for write in batch:
                write.after.append(killed)
        return persist(batch)

    monkeypatch.setattr(store, "persist", dies_after_the_moves)
    await play_first(a, states[0], 0, "")
    refused = await a.until("refused", where=lambda d: d["code"] == "unavailable")
    assert refused["d"]["code"] == "unavailable"
    assert await database_sync_to_async(record)(table_id) == []
    assert all(f["t"] != "ack" for f in a.frames)
    again = await play_first(a, states[0], 0, "a1")
    assert again["v"] == 1
    assert await database_sync_to_async(record)(table_id) == [1]


async def test_a_plain_batch_is_one_driver_transaction_rolled_back_whole(
    sockets, monkeypatch
):
    """A batch of moves, table rows and clocks only (no chat line, no match
    end) commits on the driver's connection, past the ORM's transaction;
    when its second statement fails, its first (the table's UPDATE) is
    rolled back with it, nothing is acknowledged, and play goes on."""
    import threading

    from ludoteca.web.play import rows

    table_id, a, _b, states = await seated(sockets)
    atomic = transaction.atomic
    writer_atomics = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        if threading.current_thread().name == "writer":
            writer_atomics.append(1)
        return atomic(*args, **kwargs)

    monkeypatch.setattr(transaction, "atomic", counted)
    execute = rows.execute
    statements: list[str] = []

    def dies_at_the_second(sql: str, params: Any, db: Any = None) -> int:
        statements.append(sql)
        if len(statements) == 2:
            raise DatabaseError("the process died before its COMMIT")
        return execute(sql, params, db)

    monkeypatch.setattr(rows, "execute", dies_at_the_second)
    await play_first(a, states[0], 0, "")
    refused = await a.until("refused", where=lambda d: d["code"] == "unavailable")
    assert refused["d"]["code"] == "unavailable"
    assert [s.split()[0] for s in statements] == ["UPDATE", "INSERT"]
    assert await database_sync_to_async(record)(table_id) == []
    version = await database_sync_to_async(
        lambda: Table.objects.get(pk=table_id).version
    )()
    assert version == 0  # the UPDATE went with the failed INSERT
    assert all(f["t"] != "ack" for f in a.frames)
    again = await play_first(a, states[0], 0, "a1")
    assert again["v"] == 1
    assert await database_sync_to_async(record)(table_id) == [1]
    assert writer_atomics == []  # never the ORM's transaction


async def test_a_commit_that_fails_answers_unavailable_and_play_goes_on(
    sockets, monkeypatch
):
    from ludoteca.web.live import writer

    table_id, a, b, states = await seated(sockets)
    commit = writer.Writer._commit
    failed = []

    def fails_once(self: Any, writes: list[store.Write]) -> Any:
        if not failed:
            failed.append(len(writes))
            raise DatabaseError("COMMIT failed")
        return commit(self, writes)

    monkeypatch.setattr(writer.Writer, "_commit", fails_once)
    card = states[0]["d"]["view"]["hand"][0]
    await a.send("act", 0, action={"type": "play", "card": card}, ref="a1")
    refused = await a.until("refused", where=lambda d: d["ref"] == "a1")
    assert refused["d"]["code"] == "unavailable"
    assert await database_sync_to_async(record)(table_id) == []
    # Nobody saw the lost version.
    assert all(f["t"] != "update" for f in b.frames)
    ack = await play_first(a, states[0], 0, "a2")
    assert ack["v"] == 1
    assert (await b.until("update"))["v"] == 1
    assert await database_sync_to_async(record)(table_id) == [1]


async def test_the_sweeper_never_takes_a_table_a_live_process_owns(sockets, settings):
    """Several processes: a table with a bot, untouched for a while, is
    the sweeper's only when the process that owns it is gone (its liveness
    key on Redis lapsed)."""
    from datetime import timedelta

    import redis
    from django.utils import timezone

    from tests.web.services import REDIS, require_pg_redis

    require_pg_redis()
    settings.REDIS_URL = REDIS
    ana = await database_sync_to_async(make_user)("ana")
    table_id = await database_sync_to_async(make_table)([ana, "random"])
    long_ago = timezone.now() - timedelta(minutes=5)
    await database_sync_to_async(
        lambda: Table.objects.filter(pk=table_id).update(turn_started_at=long_ago)
    )()
    owner = await owners.get()
    client = redis.Redis.from_url(REDIS)
    site = owners.channel()
    client.set(f"{site}:owner:{table_id}", "another-process", ex=60)
    client.set(f"{site}:alive:another-process", 1, ex=60)
    try:
        await owner._take_with_bots()
        assert table_id not in owner.actors  # its owner is up
        client.delete(f"{site}:alive:another-process")  # ... and now gone
        await owner._take_with_bots()
        assert table_id in owner.actors
    finally:
        client.delete(f"{site}:owner:{table_id}", f"{site}:alive:another-process")


async def test_sqlite_syncs_every_commit_and_checkpoints_apart(sockets, monkeypatch):
    """SQLite: every COMMIT of the writer syncs its log (FULL: NORMAL may lose
    acknowledged actions at a power cut), and the log is copied back into the
    database by the checkpoint thread, never by the writer's COMMITs (that
    copy, with its own sync, held up every action of the batch behind it)."""
    from django.db import connection

    from ludoteca.web.live import writer

    if connection.vendor != "sqlite":
        pytest.skip("a SQLite mechanism")
    monkeypatch.setattr(writer, "CHECKPOINT_EVERY", 0.05)
    monkeypatch.setattr(writer, "CHECKPOINT_WAIT", 0.0)
    _table, a, _b, states = await seated(sockets)
    writes = (await owners.get()).writer
    # Read before the move: its batch may be copied back before the ack
    # reaches this test.
    done = writes.checkpoints
    await play_first(a, states[0], 0, "a1")
    assert writes.synchronous == 2 and writes.autocheckpoint == 0

    async def next_checkpoint() -> None:  # the next one, after the COMMIT above
        while writes.checkpoints == done:
            await asyncio.sleep(0.01)

    await asyncio.wait_for(next_checkpoint(), 10)


async def test_the_log_is_copied_back_when_enough_batches_or_time_have_passed():
    from ludoteca.web.live import writer

    assert not writer.checkpoint_due(1, 0.0)
    assert not writer.checkpoint_due(writer.CHECKPOINT_BATCHES - 1, 9.0)
    assert writer.checkpoint_due(writer.CHECKPOINT_BATCHES, 0.0)  # a busy server
    assert writer.checkpoint_due(1, writer.CHECKPOINT_WAIT)  # a quiet one


async def test_moves_committed_together_go_out_as_one_update(sockets, monkeypatch):
    """Two moves of a table stored in one COMMIT: each mover has its ack, in
    order, and every socket one update of the later version carrying both
    moves' events (the earlier version's update alone would be stale at
    once); the table's first move, committed alone, has its own."""
    import threading

    from ludoteca.web.live import writer

    users = [await database_sync_to_async(make_user)(n) for n in ("ana", "bia", "cid")]
    table_id = await database_sync_to_async(make_table)(users)
    seats = [await open_socket(sockets, f"/ws/play/{table_id}/", u) for u in users]
    hands = []
    for s in seats:
        await s.send("hello")
        hands.append((await s.until("state"))["d"]["view"]["hand"])
    commit = writer.Writer._commit
    gates = [threading.Event(), threading.Event()]  # one a batch
    entered = [threading.Event(), threading.Event()]

    def held(self: Any, writes: list[store.Write]) -> Any:
        # The first batch (the first move) waits: the next two queue behind.
        entered[min(self.batches, 1)].set()
        gates[min(self.batches, 1)].wait(10)
        return commit(self, writes)

    monkeypatch.setattr(writer.Writer, "_commit", held)
    owner = await owners.get()

    async def queued(n: int) -> None:
        while owner.actors[table_id].inflight < n:
            await asyncio.sleep(0.01)

    # Each move on the version the table holds in memory, not stored yet.
    for seat, s in enumerate(seats):
        card = hands[seat][0]
        await s.send("act", seat, action={"type": "play", "card": card}, ref=seat)
        await asyncio.wait_for(queued(seat + 1), 10)
        if seat == 0:  # the writer holds it alone in its batch
            assert await asyncio.to_thread(entered[0].wait, 10)
    gates[0].set()
    assert (await seats[0].until("ack"))["v"] == 1
    for s in seats:
        assert (await s.until("update"))["v"] == 1
    gates[1].set()
    for seat, s in enumerate(seats[1:], 1):
        ack = await s.until("ack", where=lambda d, seat=seat: d["ref"] == seat)
        assert ack["v"] == seat + 1
    for s in seats:
        last = await s.until("update", where=lambda d: d["events"][-1]["v"] == 3)
        updates = [f for f in s.frames if f["t"] == "update"]
        assert [u["v"] for u in updates] == [1, 3]
        assert last["d"]["from"] == 1
        assert sorted({e["v"] for e in last["d"]["events"]}) == [2, 3]
    assert await database_sync_to_async(record)(table_id) == [1, 2, 3]
