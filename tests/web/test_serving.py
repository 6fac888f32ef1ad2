"""`ludoteca serve`'s server ticks once a second, and a stop signal ends it
at once, not at its next tick."""

from __future__ import annotations

import asyncio
import signal
from typing import Any

import uvicorn

from ludoteca.web import serving


async def _hello(scope: dict[str, Any], receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"hi"})


async def _get(port: int) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    answer = await reader.read()
    writer.close()
    return answer


def test_a_stop_signal_ends_the_server_without_waiting_for_its_tick(monkeypatch):
    # A tick of an hour: only the signal's wake can end the test in time.
    monkeypatch.setattr(serving, "TICK", 3600.0)
    from tests.web.live import free_port

    port = free_port()
    config = uvicorn.Config(_hello, port=port, lifespan="off", log_level="warning")
    server = serving.Server(config)

    async def scenario() -> bytes:
        serve = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        answer = await _get(port)
        server.handle_exit(signal.SIGTERM, None)
        # uvicorn raises a caught signal again once it has stopped (for the
        # process's own handler): here that would end the test run.
        server._captured_signals.clear()
        await asyncio.wait_for(serve, 60)
        return answer

    answer = asyncio.run(scenario())
    assert answer.startswith(b"HTTP/1.1 200") and b"\r\ndate: " in answer.lower()
    assert server.should_exit
