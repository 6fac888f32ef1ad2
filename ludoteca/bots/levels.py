"""The three bot levels: the same search with a bigger budget each.

Budgets count simulated actions (``Search.steps``: every action applied in
the tree and in rollouts), which is reproducible for a given seed and adapts
the number of iterations to the length of the game; a wall-clock cap is the
safety net. An action costs 40-60 microseconds of processor time in most of
our games on one core of this machine (Agent Avenue, Cat in the Box, Lucky
Box; Darwin's Journey about 160), so "hard" (11,000 actions, about 700
iterations of Agent Avenue) thinks about 0.5-0.7 s. A game whose actions
cost more scales the budgets with its ``BUDGET_SCALE`` hint (Lucky Box 0.3,
Darwin's Journey 0.37, Cat in the Box 0.55), or sets its own iterations per
level with ``ITERATIONS``; ``LEVEL_SCALE`` scales one level at one table size
(Agent Avenue's medium thinks twice as long at three players).
"""

from __future__ import annotations

from ludoteca.bots.ismcts import IsmctsBot, Search

MAX_ITERATIONS = 100_000

LEVELS: dict[str, Search] = {
    "easy": Search(iterations=MAX_ITERATIONS, steps=400, max_seconds=0.25),
    "medium": Search(iterations=MAX_ITERATIONS, steps=2_400, max_seconds=0.5),
    "hard": Search(iterations=MAX_ITERATIONS, steps=11_000, max_seconds=0.9),
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
