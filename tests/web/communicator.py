"""A websocket test client for the ASGI table sockets, and the tests' way to
call the database from an async test.

`WebsocketCommunicator` speaks the ASGI websocket messages to an application
in process (asgiref's `ApplicationCommunicator`): connect, text frames both
ways, disconnect. `database_sync_to_async` runs a function on Django's
thread for synchronous code, closing stale connections around it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote, urlparse

from asgiref.sync import sync_to_async
from asgiref.testing import ApplicationCommunicator
from django.db import close_old_connections


def database_sync_to_async(func: Callable[..., Any]) -> Callable[..., Any]:
    def inner(*args: Any, **kwargs: Any) -> Any:
        close_old_connections()
        try:
            return func(*args, **kwargs)
        finally:
            close_old_connections()

    return sync_to_async(inner, thread_sensitive=True)


class WebsocketCommunicator(ApplicationCommunicator):  # type: ignore[misc]
    def __init__(
        self,
        application: Any,
        path: str,
        headers: list[tuple[bytes, bytes]] | None = None,
    ) -> None:
        parsed = urlparse(path)
        scope = {
            "type": "websocket",
            "path": unquote(parsed.path),
            "query_string": parsed.query.encode(),
            "headers": headers or [],
            "subprotocols": [],
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 8000),
            "scheme": "ws",
        }
        super().__init__(application, scope)

    async def connect(self, timeout: float = 5) -> tuple[bool, int | None]:
        """(accepted, close code when refused)."""
        await self.send_input({"type": "websocket.connect"})
        reply = await self.receive_output(timeout)
        if reply["type"] == "websocket.close":
            return False, reply.get("code", 1000)
        return reply["type"] == "websocket.accept", None

    async def send_to(self, text_data: str) -> None:
        await self.send_input({"type": "websocket.receive", "text": text_data})

    async def receive_from(self, timeout: float = 1) -> str:
        reply = await self.receive_output(timeout)
        if reply["type"] != "websocket.send":
            raise AssertionError(f"expected a text frame, got {reply}")
        return str(reply["text"])

    async def receive_nothing(self, timeout: float = 0.1) -> bool:
        """True when nothing arrives within `timeout` seconds."""
        if not self.output_queue.empty():
            return False
        await asyncio.sleep(timeout)
        return self.output_queue.empty()

    async def disconnect(self, code: int = 1000, timeout: float = 1) -> None:
        await self.send_input({"type": "websocket.disconnect", "code": code})
        await self.wait(timeout)
