"""uvicorn's server as `ludoteca serve` runs it: ticking once a second.

uvicorn wakes ten times a second to set the Date header (which has a
one-second grain) and to look for an exit; an idle server did little else, a
fifth of its work. Here it wakes once a second, and an exit signal wakes it
at once, so a stop is as quick as before. Beside it runs the cyclic garbage
collector's clock (`collector`).
"""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn

from ludoteca.web import collector

TICK = 1.0  # seconds


class Server(uvicorn.Server):
    _loop: asyncio.AbstractEventLoop | None = None
    _tick: asyncio.Future[None] | None = None

    async def main_loop(self) -> None:
        loop = self._loop = asyncio.get_running_loop()
        clock = collector.start() if collector.wanted() else None
        try:
            while not await self.on_tick(0):  # 0: every tick sets the date
                # What asyncio.sleep does, with the future at hand for a signal.
                tick = self._tick = loop.create_future()
                if self.should_exit:  # a signal came since on_tick looked
                    _end(tick)
                timer = loop.call_later(TICK, _end, tick)
                await tick
                timer.cancel()
        finally:
            if clock is not None:
                await collector.stop(clock)

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        if self._loop is not None and self._tick is not None:
            self._loop.call_soon_threadsafe(_end, self._tick)


def _end(tick: asyncio.Future[None]) -> None:
    if not tick.done():
        tick.set_result(None)
