"""The game-agnostic core: the Game protocol and what every game shares.

Nothing here knows about a particular game, the web or bots.
"""

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.protocol import (
    Action,
    Event,
    Game,
    GameInfo,
    Option,
    Outcome,
    Step,
    ranks_from_scores,
)
from ludoteca.engine.rng import Rng

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Option",
    "Outcome",
    "Rng",
    "Step",
    "ranks_from_scores",
]
