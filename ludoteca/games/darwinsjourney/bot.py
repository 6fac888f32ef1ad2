"""Hints for the search bots (see ludoteca/bots/hints.py).

Random play wastes turns by ending them early and skipping every action; the
rollout policy instead takes the parts of a location and prefers doing
something to skipping. Capped rollouts are valued by the end score a state
would give now. Both only read the sampled world they are given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng
from ludoteca.games.darwinsjourney import scoring

BUDGET_SCALE = 0.37
"""A simulated action costs about 160 microseconds, 2.7x what the levels
assume: this keeps "hard" near 0.6 s of processor time a decision
(measured with bench/bots.py)."""

ROLLOUT_DEPTH = 80


def rollout_policy(game: Game[Any], state: Any, seat: int, rng: Rng) -> Action | None:
    actions = game.legal_actions(state, seat)
    if not actions:
        return None
    doing = [a for a in actions if a["type"] not in ("skip", "end_turn")]
    parts = [
        a for a in doing if a["type"] in ("part", "complete_objective", "claim_crew")
    ]
    if parts:
        return rng.choice(parts)
    if doing:
        return rng.choice(doing)
    return rng.choice(actions)


SOLO_SCALE = 200.0  # a strong solo score; the solo rating tops out at 180+


def evaluate(game: Game[Any], state: Any) -> Sequence[float]:
    scores = [scoring.final_score(state, s) for s in range(state.num_players)]
    if len(scores) == 1:  # solo: the expected score matters, not a ranking
        return [min(1.0, scores[0] / SOLO_SCALE)]
    low, high = min(scores), max(scores)
    if high == low:
        return [1.0 / len(scores)] * len(scores)
    return [(s - low) / (high - low) for s in scores]
