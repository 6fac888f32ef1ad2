"""The three bot levels: the same search with a bigger budget each.

Budgets are iterations (reproducible for a given seed) with a wall-clock cap
as a safety net. "hard" is meant to stay under one second per decision on a
small machine: Agent Avenue, a typical card game here, costs about 1 ms of
processor time per iteration on one core of this machine, so 700 iterations
take about 0.7 s; a game whose simulations are much slower or faster than the
defaults assume tunes its iterations with the ``ITERATIONS`` hint.
"""

from __future__ import annotations

from ludoteca.bots.ismcts import IsmctsBot, Search

LEVELS: dict[str, Search] = {
    "easy": Search(iterations=25, max_seconds=0.25),
    "medium": Search(iterations=150, max_seconds=0.5),
    "hard": Search(iterations=700, max_seconds=0.9),
}
"""Level name -> search budget, weakest first."""

STAND_IN = "medium"
"""The level of the bot that takes the seat of an absent player."""


def make(level: str) -> IsmctsBot:
    return IsmctsBot(level, LEVELS[level], level=level)


def below(level: str) -> str:
    """The level under this one (``"random"`` under the weakest)."""
    order = list(LEVELS)
    i = order.index(level)
    return order[i - 1] if i else "random"
