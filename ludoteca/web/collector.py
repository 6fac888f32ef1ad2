"""The cyclic garbage collector on a clock, for the serving process.

CPython starts a young collection when the tracked objects made, less those
freed, pass a threshold. A busy server frees about as many as it makes, so
that count hardly climbs: collections came seconds apart, and each walked
every object made since the last one and still alive (the cached views, the
recent versions' events, the frames in flight of hundreds of tables). With
200 paced tables these walks stopped the event loop for 20-170 ms, and they
set the slowest actions (docs/performance.md, thirteenth round).

Here the event loop collects the two young generations together on a clock
instead, so each walk sees only what was made since the last tick and still
lives (2-3 ms at 200 paced tables); what survives goes to the old
generation, which is walked once every `FULL` seconds. A live table's objects
are freed by reference counting (a finished table leaves no cycles), so what
waits for the full walk is the odd cycle that lived past a tick. The other
threads' cycles (the writer's, the database threads') wait for the loop's
next tick too.

The interval drops back to a tenth of a second after a walk longer than
`SLOW`, so no walk is much longer than that; otherwise it doubles, up to
four seconds, while the walks take under `DUTY` of it (a quiet server), and
stays. A quiet server thus wakes every four seconds for it.

Written for CPython 3.11-3.13's three generations (the project pins 3.11);
3.14's incremental collector would need another look.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
from collections.abc import Awaitable, Callable
from time import perf_counter

log = logging.getLogger(__name__)

FASTEST, SLOWEST = 0.1, 4.0  # seconds between young collections
SLOW = 0.002  # a walk longer than this sets it back to FASTEST
DUTY = 0.01  # a walk shorter than this share of the interval lets it double
FULL = float(os.environ.get("LUDOTECA_GC_FULL", "600"))  # seconds


def wanted() -> bool:
    """The clock is the default (LUDOTECA_GC unset or "clock"); "auto",
    "off" or three thresholds (for the benchmarks) leave CPython's own
    trigger as `cli.quiet_collector` set it."""
    return os.environ.get("LUDOTECA_GC", "") in ("", "clock")


def start() -> asyncio.Task[None]:
    """The clock as a task of the running loop; a failure is logged (the
    collector is then CPython's own again)."""
    task = asyncio.get_running_loop().create_task(run_on_a_clock())
    task.add_done_callback(_report)
    return task


async def stop(task: asyncio.Task[None]) -> None:
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


def _report(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("the collector's clock stopped", exc_info=task.exception())


async def run_on_a_clock(
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    timer: Callable[[], float] = perf_counter,
    collect: Callable[[int], int] = gc.collect,
) -> None:
    """Until cancelled; the three parameters are for the tests."""
    was_enabled = gc.isenabled()
    gc.disable()
    loop = asyncio.get_running_loop()
    interval = FASTEST
    full_at = loop.time() + FULL
    try:
        while True:
            await sleep(interval)
            if loop.time() >= full_at:
                collect(2)
                full_at = loop.time() + FULL
                continue
            started = timer()
            collect(1)
            took = timer() - started
            if took > SLOW:
                interval = FASTEST
            elif took < interval * DUTY:
                interval = min(SLOWEST, interval * 2)
    finally:
        if was_enabled:
            gc.enable()
