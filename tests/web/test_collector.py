"""The serving process's cyclic collector runs on the event loop's clock:
young cycles are found at the next tick, old ones at the full walk, the clock
slows down while the walks are short, and the collector's own trigger is as
it was once the clock stops."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from ludoteca.web import collector


class Cycle:
    def __init__(self) -> None:
        self.me = self


def _watched(found: asyncio.Event) -> Cycle:
    """A cycle that sets `found` when the collector frees it."""
    cycle = Cycle()
    weakref.finalize(cycle, found.set)
    return cycle


def test_a_young_cycle_is_collected_at_the_next_tick_with_the_trigger_off():
    async def scenario() -> bool:
        found = asyncio.Event()
        clock = collector.start()
        await asyncio.sleep(0)
        enabled_while_running = gc.isenabled()
        _watched(found)  # dropped at once: only a collection frees it
        await asyncio.wait_for(found.wait(), 60)
        await collector.stop(clock)
        return enabled_while_running

    assert asyncio.run(scenario()) is False
    assert gc.isenabled()


def test_an_old_cycle_waits_for_the_full_walk(monkeypatch):
    monkeypatch.setattr(collector, "FULL", 0.5)
    walked: list[int] = []

    def logged(generation: int) -> int:
        walked.append(generation)
        return gc.collect(generation)

    async def scenario() -> None:
        found = asyncio.Event()
        held = [_watched(found)]
        gc.collect(1)  # it survives a young collection: now in the old generation
        assert any(o is held[0] for o in gc.get_objects(generation=2))
        held.clear()
        clock = asyncio.create_task(collector.run_on_a_clock(collect=logged))
        await asyncio.wait_for(found.wait(), 60)
        # Young walks came first (0.1 s apart), and found nothing of it.
        assert walked[0] == 1 and walked[-1] == 2
        await collector.stop(clock)

    asyncio.run(scenario())


def test_the_clock_slows_while_walks_are_a_small_share_and_hurries_after_a_long_one(
    monkeypatch,
):
    monkeypatch.setattr(collector, "FULL", 3600.0)
    walks = [0.0008, 0.0015, 0.0001, 0.0001, 0.0001, 0.0001, 0.0019, 0.005]
    walks += [0.0015, 0.0001]
    # The timer is read before and after each walk: each takes its listed time.
    readings = iter(t for d in walks for t in (0.0, d))
    intervals: list[float] = []

    async def sleep(seconds: float) -> None:
        intervals.append(round(seconds, 3))
        if len(intervals) > len(walks):
            raise asyncio.CancelledError

    clock = collector.run_on_a_clock(
        sleep=sleep, timer=lambda: next(readings), collect=lambda generation: 0
    )
    with pytest.raises(asyncio.CancelledError):
        asyncio.run(clock)
    # Doubling up to four seconds while a walk takes under 1 % of the interval;
    # back to a tenth of a second after one over 2 ms; kept there while the
    # walks take 1-2 ms of it, then doubling again.
    assert intervals == [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 4.0, 4.0, 0.1, 0.1, 0.2]
    assert gc.isenabled()


def test_the_clock_leaves_a_disabled_collector_disabled():
    async def scenario() -> None:
        clock = collector.start()
        await asyncio.sleep(0)
        await collector.stop(clock)

    gc.disable()
    try:
        asyncio.run(scenario())
        assert not gc.isenabled()
    finally:
        gc.enable()
