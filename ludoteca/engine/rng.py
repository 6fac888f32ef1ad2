"""A small deterministic random generator whose whole state is one integer.

The state lives inside each game state (so a match is reproduced by its
record alone) and round-trips through JSON. It is SplitMix64: tiny, fast in
pure Python and good enough for shuffling cards; it is not for cryptography.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def mix_seed(*parts: int | str) -> int:
    """Combine integers and strings into a 64-bit seed, the same on every run."""
    h = 0x9E3779B97F4A7C15
    for part in parts:
        data = part.encode() if isinstance(part, str) else str(part).encode()
        for byte in data:
            h = ((h ^ byte) * 0x100000001B3) & _MASK
        h = _splitmix(h)[1]
    return h


_GOLDEN = 0x9E3779B97F4A7C15


def _splitmix(state: int) -> tuple[int, int]:
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


_LIMITS: dict[int, int] = {}
"""`below`'s rejection bound by n, for the small n games draw below."""


def _limit(n: int) -> int:
    limit = (1 << 64) - ((1 << 64) % n)
    if n < 1024:
        _LIMITS[n] = limit
    return limit


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}
"""`shuffled`'s steps by the number of items: (i, n, `below`'s bound for
n), i from the last index down to 1 and n = i + 1 (games shuffle the same few
sizes of deck every match)."""


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    steps = tuple(
        (i, i + 1, _LIMITS.get(i + 1) or _limit(i + 1)) for i in range(size - 1, 0, -1)
    )
    if size <= 1024:
        _STEPS[size] = steps
    return steps


class Rng:
    """A mutable generator: build one from a state's `rng` integer, draw, then
    store `rng.state` back into the next (immutable) game state."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state, value = _splitmix(self.state)
        return value

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        # Rejection sampling keeps the draw unbiased. `next64` written out:
        # a random playout draws a few numbers every move.
        limit = _LIMITS.get(n) or _limit(n)
        state = self.state
        while True:
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                self.state = state
                return value % n

    def choice(self, items: Sequence[T]) -> T:
        n = len(items)
        if n == 1:  # `below(1)` draws once and returns 0: the same draw
            self.state = (self.state + _GOLDEN) & _MASK
            return items[0]
        return items[self.below(n)]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list with the items in random order (Fisher-Yates)."""
        out = list(items)
        state = self.state
        for i, n, limit in _STEPS.get(len(out)) or _steps(len(out)):
            while True:  # `below(n)` written out, as there
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                value = z ^ (z >> 31)
                if value < limit:
                    break
            j = value % n
            out[i], out[j] = out[j], out[i]
        self.state = state
        return out

    def random(self) -> float:
        return (self.next64() >> 11) / float(1 << 53)
