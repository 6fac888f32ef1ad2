"""Rng draws: `below` and `shuffled` written out equal the plain SplitMix64 steps."""

from __future__ import annotations

import random

from ludoteca.engine.rng import Rng, _splitmix


def plain_below(state: int, n: int) -> tuple[int, int]:
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, value = _splitmix(state)
        if value < limit:
            return state, value % n


def test_below_and_shuffled_draw_as_plain_splitmix() -> None:
    pick = random.Random(5)
    for _ in range(2000):
        seed = pick.getrandbits(64)
        n = pick.choice([1, 2, 3, 7, 52, 1000, 5000, 2**63 + 5, 3 * 2**62])
        rng = Rng(seed)
        assert (rng.below(n), rng.state) == plain_below(seed, n)[::-1]
        items = list(range(pick.randrange(0, 40)))
        state, expected = Rng(seed).state, list(items)
        for i in range(len(expected) - 1, 0, -1):
            state, j = plain_below(state, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        rng = Rng(seed)
        assert rng.shuffled(items) == expected and rng.state == state
