"""Every frame a socket receives holds exactly its seat's view and the events its
seat may see, for every registered game (and the toy game): the other hands,
the face-down card, the deck and the seed never reach another seat or a
spectator.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from ludoteca.engine import registry
from ludoteca.engine.record import Record, steps
from ludoteca.web.play.models import Table
from tests.web.communicator import database_sync_to_async
from tests.web.conftest import make_table, make_user, open_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
MOVES = 24


def two_player_games() -> list[str]:
    return sorted(
        g.info.id
        for g in registry.all()
        if g.info.min_players <= 2 <= g.info.max_players
    )


def _record(table_id: int) -> tuple[Record, Any]:
    table = Table.objects.get(pk=table_id)
    return table.record(), table


@pytest.mark.parametrize("game_id", two_player_games())
async def test_frames_carry_exactly_what_each_seat_may_see(sockets, game_id):
    game = registry.get(game_id)
    ana = await database_sync_to_async(make_user)("ana")
    bia = await database_sync_to_async(make_user)("bia")
    table_id = await database_sync_to_async(make_table)([ana, bia], game=game_id)
    seats = [
        await open_socket(sockets, f"/ws/play/{table_id}/", ana),
        await open_socket(sockets, f"/ws/play/{table_id}/", bia),
    ]
    watcher = await open_socket(sockets, f"/ws/watch/{table_id}/", None)
    everyone = [*seats, watcher]
    latest: dict[int, dict[str, Any]] = {}
    for index, s in enumerate(everyone):
        await s.send("hello")
        latest[index] = (await s.until("state"))["d"]

    version = 0
    for _ in range(MOVES):
        if latest[0]["status"] == "finished":
            break
        mover = next((i for i in (0, 1) if latest[i]["legal"]), None)
        if mover is None:
            break
        await seats[mover].send("act", version, action=latest[mover]["legal"][0])
        ack = await seats[mover].until("ack")
        version = ack["v"]
        for index, s in enumerate(everyone):
            frame = await s.until("update")
            while frame["v"] < version:
                frame = await s.until("update")
            latest[index] = frame["d"]

    record, table = await database_sync_to_async(_record)(table_id)
    states = [step.state for step in steps(record, game)]
    events_at = {v: step.events for v, step in enumerate(steps(record, game))}
    seed = str(table.seed)
    for index, s in enumerate(everyone):
        seat = index if index < 2 else None
        for frame in s.frames:
            if frame["t"] not in ("state", "update"):
                continue
            v = frame["v"]
            assert frame["d"]["view"] == json.loads(
                json.dumps(game.view(states[v], seat))
            )
            expected_legal = (
                game.legal_actions(states[v], seat) if seat is not None else []
            )
            if frame["d"]["status"] == "playing":
                assert frame["d"]["legal"] == json.loads(json.dumps(expected_legal))
            if frame["t"] == "update":
                got = [(e["v"], e["type"]) for e in frame["d"]["events"]]
                want = [
                    (w, e.type)
                    for w in range(frame["d"]["from"] + 1, v + 1)
                    for e in events_at[w]
                    if e.visible_to(seat)
                ]
                assert got == want
            if frame["d"]["status"] != "finished":
                assert seed not in json.dumps(frame)
