"""A socket's frames out (`live.socket.Outbox`): sent at once while the
connection takes them, queued in order behind a send that has to wait,
bounded, and nothing more once the connection is gone."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ludoteca.web.live.socket import Outbox

pytestmark = pytest.mark.asyncio


class Connection:
    """An ASGI send whose transport can be paused, as uvicorn's: a send
    waits while it is paused, and raises once the peer is gone."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.writable = asyncio.Event()
        self.writable.set()
        self.gone = False
        self.suspended = 0  # sends that had to wait

    async def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "websocket.close":
            # As uvicorn's `websockets` implementation: its close waits for
            # the peer under a timeout tied to the task running it.
            assert asyncio.current_task() is not None
        if not self.writable.is_set():
            self.suspended += 1
        await self.writable.wait()
        if self.gone:
            raise ConnectionResetError("the peer is gone")
        self.sent.append(message.get("text") or f"close {message['code']}")


def frame(text: str) -> dict[str, Any]:
    return {"type": "websocket.send", "text": text}


async def test_a_frame_is_sent_at_once_while_the_connection_takes_it() -> None:
    connection = Connection()
    outbox = Outbox(connection.send, limit=4)
    outbox.put(frame("a"))
    outbox.put(frame("b"))
    assert connection.sent == ["a", "b"]  # no task, no turn of the loop
    assert outbox.task is None and outbox.backlog is None


async def test_frames_queue_in_order_behind_a_send_that_waits() -> None:
    connection = Connection()
    outbox = Outbox(connection.send, limit=4)
    connection.writable.clear()  # a slow reader: the transport paused
    outbox.put(frame("a"))
    outbox.put(frame("b"))
    outbox.put({"type": "websocket.close", "code": 4000})
    assert connection.sent == [] and outbox.task is not None
    connection.writable.set()
    await asyncio.wait_for(outbox.task, 5)
    assert connection.sent == ["a", "b", "close 4000"]
    assert connection.suspended == 1  # only the first send waited
    outbox.put(frame("c"))  # the connection takes frames again: at once
    assert connection.sent[-1] == "c" and outbox.task is None


async def test_past_the_limit_the_socket_has_fallen_behind() -> None:
    connection = Connection()
    outbox = Outbox(connection.send, limit=2)
    connection.writable.clear()
    outbox.put(frame("waits"))
    outbox.put(frame("1"))
    outbox.put(frame("2"))
    with pytest.raises(asyncio.QueueFull):
        outbox.put(frame("3"))
    task = outbox.task
    assert task is not None
    outbox.cancel()  # the socket closes: nothing more is sent
    await asyncio.gather(task, return_exceptions=True)
    assert task.cancelled()
    connection.writable.set()
    outbox.put(frame("after"))
    assert connection.sent == []


async def test_a_connection_gone_takes_nothing_more() -> None:
    connection = Connection()
    outbox = Outbox(connection.send, limit=4)
    connection.gone = True
    outbox.put(frame("a"))  # the send raises: the socket's receive says why
    assert outbox.gone
    connection.gone = False
    outbox.put(frame("b"))
    assert connection.sent == []


async def test_a_close_is_sent_in_a_task_of_its_own_even_asked_outside_one() -> None:
    connection = Connection()
    outbox = Outbox(connection.send, limit=4)
    outbox.put(frame("a"))
    loop = asyncio.get_running_loop()
    asked = loop.create_future()

    def close() -> None:  # a callback of the loop: no task runs it
        outbox.put({"type": "websocket.close", "code": 1012})
        asked.set_result(outbox.task)

    loop.call_soon(close)
    task = await asked
    assert task is not None
    await asyncio.wait_for(task, 5)
    assert connection.sent == ["a", "close 1012"] and not outbox.gone
