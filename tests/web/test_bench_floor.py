"""The floor of the load bench (`bench/load_lean.py`) does the work it is
counted for: an action is applied, stored before its ack, and every seat gets
its own update (its own hand only, the events' texts); a stale one is refused.

(The bench measures; this checks that what it measures is the protocol's work.)
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import orjson
import pytest

from bench.load_lean import Lean

pytestmark = pytest.mark.asyncio

SEATS = 4


class Seat:
    """One seat's socket, as the ASGI server would drive it."""

    def __init__(self, lean: Lean, key: int, seat: int) -> None:
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.frames: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        scope = {"type": "websocket", "path": f"/ws/play/{key}/{seat}/"}
        self.inbox.put_nowait({"type": "websocket.connect"})
        self.task = asyncio.create_task(lean.app(scope, self.inbox.get, self.send))

    async def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "websocket.send":
            self.frames.put_nowait(orjson.loads(message["text"]))

    def say(self, frame: dict[str, Any]) -> None:
        self.inbox.put_nowait({"type": "websocket.receive", "text": orjson.dumps(frame)})

    async def next(self) -> dict[str, Any]:
        return await asyncio.wait_for(self.frames.get(), 10)


async def test_an_action_is_stored_before_its_ack_and_each_seat_sees_its_own_hand(
    tmp_path: Path,
) -> None:
    db = tmp_path / "lean.sqlite3"
    lean = Lean(str(db), "catinthebox")
    seats = [Seat(lean, 7, s) for s in range(SEATS)]
    for seat in seats:
        seat.say({"t": "hello", "v": None, "d": {}})
    states = [await seat.next() for seat in seats]
    assert {s["t"] for s in states} == {"state"} and states[0]["v"] == 0
    hands = [s["d"]["view"]["hand"] for s in states]
    assert all(hands) and len({tuple(h) for h in hands}) == SEATS

    actor = states[0]["d"]["active"][0]
    action = states[actor]["d"]["legal"][0]
    seats[actor].say({"t": "act", "v": 0, "d": {"action": action, "ref": 5}})
    ack = await seats[actor].next()
    assert ack == {"t": "ack", "v": 1, "d": {"ref": 5}}
    stored = sqlite3.connect(db).execute("SELECT idx, seat FROM moves").fetchall()
    assert stored == [(1, actor)]  # committed before the ack was sent

    for index, seat in enumerate(seats):
        update = await seat.next()
        assert update["t"] == "update" and update["v"] == 1
        view = update["d"]["view"]
        assert "hand" in view
        others = [tuple(h) for i, h in enumerate(hands) if i != index]
        assert tuple(hands[index]) not in others
        assert all(tuple(view["hand"]) != h for h in others)
        (event,) = update["d"]["events"]
        assert event["text"].startswith("You" if index == actor else "Player")

    late = (actor + 1) % SEATS
    seats[late].say({"t": "act", "v": 0, "d": {"action": action, "ref": 6}})
    refused = await seats[late].next()
    assert refused["t"] == "refused" and refused["d"]["code"] == "stale_version"
    for seat in seats:
        seat.inbox.put_nowait({"type": "websocket.disconnect"})
    await asyncio.gather(*(seat.task for seat in seats))
