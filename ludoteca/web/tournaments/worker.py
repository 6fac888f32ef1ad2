"""The tournaments' sweep inside `ludoteca serve`: every
LUDOTECA_TOURNAMENT_EVERY seconds, on a worker thread, `runner.sweep` starts
the tournaments whose time came, gives no-shows their stand-ins and opens any
round that is due (a round whose last table ended while no process was
listening, say after a restart). Several processes may sweep at once: each
tournament's row is locked while it advances."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from django.conf import settings
from django.db import close_old_connections

from ludoteca.web.tournaments import runner

log = logging.getLogger("ludoteca.tournaments")
_task: asyncio.Task[None] | None = None


def _sweep_once() -> None:
    close_old_connections()
    try:
        runner.sweep()
    finally:
        close_old_connections()


async def _forever(every: float) -> None:
    loop = asyncio.get_running_loop()
    while True:
        try:
            # A plain executor trip: asgiref's wrapper cost an idle server
            # as much again as the sweep's own statement.
            await loop.run_in_executor(None, _sweep_once)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("tournament sweep failed")
        await asyncio.sleep(every)


def start() -> None:
    global _task
    every = float(getattr(settings, "LUDOTECA_TOURNAMENT_EVERY", 5))
    if every > 0 and _task is None:
        _task = asyncio.get_running_loop().create_task(_forever(every))


async def stop() -> None:
    global _task
    if _task is not None:
        _task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await _task
        _task = None
