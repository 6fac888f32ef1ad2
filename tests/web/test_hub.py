"""The hub's snapshots: versions announced by other processes are delivered
one task per table, folded while it loads, and a load never replaces a newer
snapshot than the one it read."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from channels.db import database_sync_to_async

from ludoteca.web.play import actions, snapshot
from ludoteca.web.play.hub import TableHub
from tests.web.conftest import make_table, make_user, next_move

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


class Recorder:
    """A socket that notes the versions it is sent."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        self.versions: list[int] = []

    async def on_version(self, snap: snapshot.Snapshot) -> None:
        self.versions.append(snap.version)

    async def on_seats(self, snap: snapshot.Snapshot) -> None:
        pass

    async def on_chat(self, message: Any, snap: snapshot.Snapshot) -> None:
        pass


def play(table_id: int, moves: int) -> None:
    for _ in range(moves):
        args, kwargs = next_move(table_id)
        actions.do_act(*args, **kwargs)


def new_table() -> int:
    return make_table([make_user("ana"), make_user("bia")])


async def test_versions_from_another_process_are_folded_per_table():
    table_id = await database_sync_to_async(new_table)()
    await database_sync_to_async(play)(table_id, 3)
    hub = TableHub()
    socket = Recorder(table_id)
    hub.join(socket)
    # Three notices arrive before the delivery task runs: one load, one frame.
    for version in (1, 2, 3):
        hub._deliver_soon(table_id, version)
    await hub.delivering[table_id]
    assert socket.versions == [3]
    assert table_id not in hub.delivering and table_id not in hub.wanted
    # A later notice starts a new task.
    await database_sync_to_async(play)(table_id, 1)
    hub._deliver_soon(table_id, 4)
    await hub.delivering[table_id]
    assert socket.versions == [3, 4]


async def test_a_load_never_replaces_a_newer_snapshot():
    table_id = await database_sync_to_async(new_table)()
    older = await database_sync_to_async(snapshot.load)(table_id)
    await database_sync_to_async(play)(table_id, 2)
    newer = await database_sync_to_async(snapshot.load)(table_id)
    hub = TableHub()
    hub.join(Recorder(table_id))
    assert hub._keep(newer) is newer
    # A load that read the table before the actions finishes late.
    assert hub._keep(older) is newer
    assert hub.snaps[table_id] is newer


async def test_a_version_nobody_announced_reaches_every_local_socket():
    """A process killed between its commit and its notice: the version
    reaches this process when one of its sockets reads the table (a
    reconnecting client's hello), and then every socket here gets it."""
    table_id = await database_sync_to_async(new_table)()
    await database_sync_to_async(play)(table_id, 3)
    hub = TableHub()
    staying, returning = Recorder(table_id), Recorder(table_id)
    hub.join(staying)
    await hub.deliver_version(table_id, 3)
    assert staying.versions == [3]
    await database_sync_to_async(play)(table_id, 1)  # no notice ever comes
    hub.join(returning)
    assert (await hub.refresh(table_id)).version == 4
    await hub.delivering[table_id]
    assert staying.versions == [3, 4]
    assert table_id not in hub.delivering and table_id not in hub.wanted


class Published:
    """Stands in for the Redis client: notes what is published."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def publish(self, channel: str, text: str) -> None:
        self.messages.append(json.loads(text))


async def test_a_version_nobody_announced_is_published_for_the_other_processes():
    """A COMMIT whose answer was lost (the connection dropped): the action is
    stored, its process never announced it. The read that finds it tells
    the other processes too, or their seats would wait for it forever."""
    table_id = await database_sync_to_async(new_table)()
    await database_sync_to_async(play)(table_id, 2)
    hub = TableHub()
    hub.redis = redis = Published()
    socket = Recorder(table_id)
    hub.join(socket)
    await hub.deliver_version(table_id, 2)
    await database_sync_to_async(play)(table_id, 1)  # no notice ever comes
    assert (await hub.refresh(table_id)).version == 3
    await asyncio.gather(*hub.publishing, hub.delivering[table_id])
    assert [(m["k"], m["table"], m["v"]) for m in redis.messages] == [
        ("version", table_id, 3)
    ]
    # A notice from another process is delivered, never published again.
    await database_sync_to_async(play)(table_id, 1)
    hub._deliver_soon(table_id, 4)
    await hub.delivering[table_id]
    assert socket.versions == [2, 3, 4]
    assert len(redis.messages) == 1 and not hub.publishing
