"""A bot that plays a uniformly random legal action."""

from __future__ import annotations

from typing import Any

from ludoteca.bots.base import StopCheck
from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng, mix_seed


class RandomBot:
    name = "random"

    def choose(
        self,
        game: Game[Any],
        state: Any,
        seat: int,
        seed: int,
        should_stop: StopCheck | None = None,
    ) -> Action:
        # Legal actions are computed on a sampled world so that nothing hidden
        # can influence the choice, not even by accident.
        world = game.determinize(state, seat, seed)
        actions = game.legal_actions(world, seat)
        if not actions:
            raise ValueError(f"seat {seat} has no legal action")
        return Rng(mix_seed("random-bot", seed)).choice(actions)
