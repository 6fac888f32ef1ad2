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
waits for the full walk is the odd cycle that lived past a tick. The clock
slows down to one tick a second while the walks are short (a quiet server
wakes no more often than uvicorn's own tick) and speeds up again to ten a
second when they are not.
"""

from __future__ import annotations

import asyncio
import gc
import os
import time

FASTEST, SLOWEST = 0.1, 1.0  # seconds between young collections
QUICK = 0.0005  # a walk shorter than this lets the clock slow down
SLOW = 0.002  # a walk longer than this speeds it up
FULL = float(os.environ.get("LUDOTECA_GC_FULL", "600"))  # seconds


def wanted() -> bool:
    """The clock is the default; LUDOTECA_GC set to thresholds or "off"
    (for the benchmarks) leaves CPython's own trigger as `cli` set it."""
    return os.environ.get("LUDOTECA_GC", "") in ("", "clock")


async def run_on_a_clock() -> None:
    gc.disable()
    loop = asyncio.get_running_loop()
    interval = FASTEST
    full_at = loop.time() + FULL
    try:
        while True:
            await asyncio.sleep(interval)
            if loop.time() >= full_at:
                gc.collect()
                full_at = loop.time() + FULL
                continue
            started = time.perf_counter()
            gc.collect(1)
            took = time.perf_counter() - started
            if took < QUICK:
                interval = min(SLOWEST, interval * 2)
            elif took > SLOW:
                interval = FASTEST
    finally:
        gc.enable()
