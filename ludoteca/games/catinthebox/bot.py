"""Hints for the search bots (see `ludoteca.bots.hints`).

The policy reads only what the acting seat knows: its own hand, the board, the
X marks, the trick and the predictions. In a sampled world the other hands
are guesses, and this module never looks at them.

Ideas: keep colours open (follow the led colour when possible, since every
off-colour declaration costs an X and X marks are what cause paradoxes); set
aside a number the hand holds many copies of (copies compete for the same
four cells); predict from the count of high cards and reds-to-be.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng
from ludoteca.games.catinthebox.state import (
    COLORS,
    PHASE_PLAY,
    PHASE_PREDICT,
    PHASE_SET_ASIDE,
    State,
)

BUDGET_SCALE = 0.55
"""A simulated action with this rollout policy costs nearly twice what the
levels assume: this keeps "hard" under 1 s a decision (bench/bots.py)."""


def _set_aside(state: State, seat: int, rng: Rng) -> Action:
    counts = Counter(state.hands[seat])
    most = max(counts.values())
    card = rng.choice(sorted(c for c, k in counts.items() if k == most))
    return {"type": "set_aside", "card": card}


def _predict(state: State, seat: int) -> Action:
    allowed = state.allowed_predictions
    high = sum(1 for c in state.hands[seat] if c >= state.highest_card - 1)
    guess = max(1, round(high / 2))
    tricks = min(allowed, key=lambda k: (abs(k - guess), k))
    return {"type": "predict", "tricks": tricks}


def _play(game: Game[Any], state: State, seat: int, rng: Rng) -> Action:
    actions = game.legal_actions(state, seat)
    if state.trick:
        led = COLORS[state.trick[0].color]
        following = [a for a in actions if a["color"] == led]
        if following:
            return rng.choice(following)
    return rng.choice(actions)


def rollout_policy(game: Game[Any], state: Any, seat: int, rng: Rng) -> Action | None:
    """A cheap, paradox-shy continuation move for `seat`."""
    if not isinstance(state, State):
        return None
    if state.phase == PHASE_SET_ASIDE:
        return _set_aside(state, seat, rng)
    if state.phase == PHASE_PREDICT:
        return _predict(state, seat)
    if state.phase == PHASE_PLAY:
        return _play(game, state, seat, rng)
    return None


def group(action: Action) -> str:
    """Plays group by declared colour; other actions by type."""
    if action.get("type") == "play":
        return f"play:{action.get('color')}"
    return str(action.get("type"))
