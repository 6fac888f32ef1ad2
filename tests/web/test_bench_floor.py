"""The floor of the load bench (`bench/load_lean.py`) does the work it is
counted for: an action is stored before its ack, every seat gets its own
update (its own hand only, the events' texts), an action on a version a
moment old is taken where the protocol takes it and refused where it does
not, and a socket's frames keep their order when a send has to wait. With
`--owned`, every batch's table row checks the owner epoch (another owner's
table: nothing stored, the action answered `unavailable`) and the clocks run.

(The bench measures; these check that what it measures is the protocol's work.)
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

from bench.load_lean import Lean, Socket

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
        text = orjson.dumps(frame).decode()
        self.inbox.put_nowait({"type": "websocket.receive", "text": text})

    async def next(self) -> dict[str, Any]:
        return await asyncio.wait_for(self.frames.get(), 10)

    def act(self, version: int, action: Any, ref: int) -> None:
        self.say({"t": "act", "v": version, "d": {"action": action, "ref": ref}})


@pytest.fixture
def lean(tmp_path: Path) -> Iterator[Lean]:
    made = Lean(str(tmp_path / "lean.sqlite3"))
    yield made
    made.stop()


class Held:
    """The writer held inside its transaction until `release`."""

    def __init__(self, lean: Lean) -> None:
        self.entered, self.released = threading.Event(), threading.Event()
        real = lean.persist

        def persist(db: sqlite3.Connection, batch: Any) -> None:
            self.entered.set()
            self.released.wait()
            real(db, batch)

        lean.persist = persist  # type: ignore[method-assign]


async def seated(lean: Lean) -> tuple[list[Seat], list[dict[str, Any]]]:
    seats = [Seat(lean, 7, s) for s in range(SEATS)]
    for seat in seats:
        seat.say({"t": "hello", "v": None, "d": {}})
    return seats, [await seat.next() for seat in seats]


async def test_an_action_is_acknowledged_only_once_stored_and_each_seat_sees_its_hand(
    lean: Lean, tmp_path: Path
) -> None:
    seats, states = await seated(lean)
    assert {s["t"] for s in states} == {"state"} and states[0]["v"] == 0
    hands = [tuple(s["d"]["view"]["hand"]) for s in states]
    assert len(set(hands)) == SEATS  # four different hands, each to its seat
    held = Held(lean)

    actor = states[0]["d"]["active"][0]
    action = states[actor]["d"]["legal"][0]
    seats[actor].act(0, action, 5)
    entered = await asyncio.get_running_loop().run_in_executor(
        None, held.entered.wait, 10
    )
    assert entered  # the writer took the action into its transaction
    assert all(seat.frames.empty() for seat in seats)  # in the transaction: nothing
    held.released.set()
    assert await seats[actor].next() == {"t": "ack", "v": 1, "d": {"ref": 5}}
    stored = sqlite3.connect(tmp_path / "lean.sqlite3").execute(
        "SELECT idx, seat, events FROM moves"
    )
    ((index, seat, events),) = stored.fetchall()
    assert (index, seat) == (1, actor) and orjson.loads(events)[0]["to"] is None

    for index, seat_socket in enumerate(seats):
        update = await seat_socket.next()
        assert update["t"] == "update" and update["v"] == 1
        data = update["d"]
        assert {"seats", "clock", "channels", "legal", "active"} <= data.keys()
        assert tuple(data["view"]["hand"]) not in [
            h for i, h in enumerate(hands) if i != index
        ]
        (event,) = data["events"]
        assert event["text"].startswith("You" if index == actor else "Player")


async def test_a_moment_old_action_is_taken_from_another_seat_not_from_the_same(
    lean: Lean,
) -> None:
    seats, states = await seated(lean)
    first, second = states[0]["d"]["active"][:2]  # the set-aside: all at once
    seats[first].act(0, states[first]["d"]["legal"][0], 1)
    assert (await seats[first].next())["t"] == "ack"
    seats[second].act(0, states[second]["d"]["legal"][0], 2)  # v0: others moved
    answer = await seats[second].next()
    if answer["t"] == "update":  # the first action's update came before
        answer = await seats[second].next()
    assert answer == {"t": "ack", "v": 2, "d": {"ref": 2}}

    seats[first].act(0, states[first]["d"]["legal"][1], 3)  # its own moved since
    answers = [await seats[first].next()]
    while answers[-1]["t"] != "refused":  # the updates sent to it before
        answers.append(await seats[first].next())
    refused = answers[-1]
    assert refused["d"]["code"] == "stale_version" and refused["d"]["ref"] == 3
    assert refused["d"]["text"] and refused["d"]["text"] != "stale_version"


async def test_frames_behind_a_send_that_waits_go_out_after_it_in_order(
    lean: Lean,
) -> None:
    loop = asyncio.get_running_loop()
    writable = loop.create_future()
    sent: list[str] = []

    async def send(message: dict[str, Any]) -> None:
        if not writable.done():
            await writable  # the transport paused, as uvicorn's send waits
        sent.append(message["text"])

    socket = Socket(send, 0)
    for text in ("a", "b", "c"):
        lean.push(socket, text)
    assert sent == [] and list(socket.backlog or []) == ["b", "c"]
    writable.set_result(None)
    await asyncio.gather(*lean.tasks)
    assert sent == ["a", "b", "c"] and socket.backlog is None
    lean.push(socket, "d")  # written at once again
    assert sent[-1] == "d"


@pytest.fixture
def owned(tmp_path: Path) -> Iterator[Lean]:
    made = Lean(str(tmp_path / "lean.sqlite3"), owned=True)
    yield made
    made.stop()


async def test_the_owned_floor_writes_the_row_and_clocks_and_is_fenced(
    owned: Lean, tmp_path: Path
) -> None:
    seats, states = await seated(owned)
    actor = states[0]["d"]["active"][0]
    seats[actor].act(0, states[actor]["d"]["legal"][0], 1)
    answer = await seats[actor].next()
    assert answer == {"t": "ack", "v": 1, "d": {"ref": 1}}
    update = await seats[actor].next()
    clock = update["d"]["clock"]
    assert clock["mode"] == "realtime" and clock["deadline"] > clock["since"]
    assert clock["ms"][actor] > 10 * 60_000  # the mover's increment
    shown = [s["clock_ms"] for s in update["d"]["seats"]]
    assert shown == clock["ms"]
    db = sqlite3.connect(tmp_path / "lean.sqlite3", isolation_level=None)
    assert db.execute("SELECT version, owner_epoch FROM owned").fetchall() == [(1, 1)]
    stored = db.execute("SELECT clock_ms FROM seats WHERE idx = ?", (actor,))
    assert stored.fetchone()[0] == clock["ms"][actor]

    db.execute("UPDATE owned SET owner_epoch = 2")  # another owner took it
    mover = update["d"]["active"][0]
    seats[mover].say({"t": "hello", "v": None, "d": {}})
    state = await until(seats[mover], "state")
    seats[mover].act(state["v"], state["d"]["legal"][0], 2)
    refused = await until(seats[mover], "refused")
    assert refused["d"]["code"] == "unavailable" and refused["d"]["ref"] == 2
    assert db.execute("SELECT version FROM owned").fetchone() == (1,)
    assert db.execute("SELECT COUNT(*) FROM moves").fetchone() == (1,)


async def until(seat: Seat, kind: str) -> dict[str, Any]:
    """The seat's next frame of `kind` (those before it read and dropped)."""
    frame = await seat.next()
    while frame["t"] != kind:
        frame = await seat.next()
    return frame
