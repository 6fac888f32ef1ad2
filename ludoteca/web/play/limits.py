"""Rate limits that count a person, not a socket.

A limit kept per socket is no limit: twenty sockets of one player write
twenty times as fast. These count by user (by address for an anonymous
spectator) across every socket of this process, and, where REDIS_URL is set,
across every process (a sorted set of recent hits per key, trimmed to the
window). Frames are counted in this process only: with owner routing every
socket of a table reaches the same process, and a Redis round trip per frame
would cost more than the frame.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections import deque
from typing import Any

log = logging.getLogger("ludoteca.limits")

KEEP_KEYS = 20_000  # in-process keys before the idle ones are dropped


class Local:
    """Sliding windows in this process."""

    def __init__(self) -> None:
        self.hits: dict[str, deque[float]] = {}

    def allow(self, key: str, limit: int, window: float) -> bool:
        now = time.monotonic()
        hits = self.hits.get(key)
        if hits is None:
            if len(self.hits) >= KEEP_KEYS:
                self._forget_idle(now, window)
            hits = self.hits[key] = deque()
        while hits and now - hits[0] > window:
            hits.popleft()
        if len(hits) >= limit:
            return False
        hits.append(now)
        return True

    def _forget_idle(self, now: float, window: float) -> None:
        for key in [k for k, h in self.hits.items() if not h or now - h[-1] > window]:
            del self.hits[key]


local = Local()


async def allow(redis: Any, key: str, limit: int, window: float) -> bool:
    """One hit of `key`, if fewer than `limit` fell in the last `window`
    seconds: on Redis when `redis` is a client, else (or while Redis does not
    answer) in this process."""
    if redis is None:
        return local.allow(key, limit, window)
    name = f"ludoteca:limit:{_site()}:{key}"
    now = time.time()
    member = f"{now:.6f}-{uuid.uuid4().hex[:8]}"
    try:
        async with redis.pipeline(transaction=True) as pipe:
            pipe.zremrangebyscore(name, 0, now - window)
            pipe.zadd(name, {member: now})
            pipe.zcard(name)
            pipe.expire(name, int(window) + 1)
            _, _, count, _ = await pipe.execute()
    except Exception as error:
        log.warning("rate limit on this process only: Redis: %s", error)
        return local.allow(key, limit, window)
    if count > limit:
        # Over the limit: this hit does not count against the next ones.
        try:
            await redis.zrem(name, member)
        except Exception:
            log.debug("could not take back a refused hit", exc_info=True)
        return False
    return True


def _site() -> str:
    """Sites (and test databases) sharing one Redis count apart."""
    from django.conf import settings

    return str(settings.DATABASES["default"]["NAME"])


def person(user_id: int | None, scope: dict[str, Any]) -> str:
    """Who a socket's limits count: its user, or its address."""
    if user_id is not None:
        return f"u{user_id}"
    client = scope.get("client") or ("?", 0)
    return f"a{client[0]}"
