"""The outbox drainer inside `ludoteca serve`: one task per process, every
LUDOTECA_OUTBOX_EVERY seconds, on a worker thread (the ORM and SMTP block).
Several processes may drain at once: rows are claimed one drainer at a time."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from django.conf import settings
from django.db import close_old_connections

from ludoteca.web.community import outbox

log = logging.getLogger("ludoteca.community.outbox")
_task: asyncio.Task[None] | None = None


def _drain_once() -> int:
    close_old_connections()
    try:
        return outbox.drain()
    finally:
        close_old_connections()


async def _forever(every: float) -> None:
    loop = asyncio.get_running_loop()
    while True:
        try:
            await loop.run_in_executor(None, _drain_once)  # as the tournaments
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("outbox pass failed")
        await asyncio.sleep(every)


def start() -> None:
    global _task
    every = float(settings.LUDOTECA_OUTBOX_EVERY)
    if every > 0 and _task is None:
        _task = asyncio.get_running_loop().create_task(_forever(every))


async def stop() -> None:
    global _task
    if _task is not None:
        _task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await _task
        _task = None
