"""The bot that plays the other seats of a tutorial table.

It follows the game's tutorial script (`ludoteca.engine.tutorial`): the
script's own policy, else a choice that depends only on the seat's view. It
ignores the seed it is given, so the scripted match unfolds the same way on
every run and the guide's text matches what happens.
"""

from __future__ import annotations

from typing import Any

from ludoteca.bots.base import StopCheck
from ludoteca.engine import tutorial
from ludoteca.engine.protocol import Action, Game

NAME = "tutorial"


class TutorialBot:
    name = NAME
    # Real-time games: seconds between actions, slow enough to follow.
    pace = 6.0

    def choose(
        self,
        game: Game[Any],
        state: Any,
        seat: int,
        seed: int,
        should_stop: StopCheck | None = None,
    ) -> Action:
        script = tutorial.load(game.info.id)
        if script is None:
            return tutorial.steady_choice(game, state, seat)
        return tutorial.bot_action(script, game, state, seat)
