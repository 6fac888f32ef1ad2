"""The bot interface.

A bot chooses an action for a seat. It receives the real state but must only
look at it through `game.determinize(state, seat, seed)` (a world consistent
with what the seat knows) or `game.view(state, seat)`, so it can never use
hidden information.
"""

from __future__ import annotations

from typing import Any, Protocol

from ludoteca.engine.protocol import Action, Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game[Any], state: Any, seat: int, seed: int) -> Action:
        """The action this bot takes for `seat` in `state`."""
        ...
