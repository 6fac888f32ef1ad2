"""The bot that plays the other seats of a tutorial table.

It follows the game's tutorial script (`ludoteca.engine.tutorial`): the
script's own policy, else a choice that depends only on the seat's view. It
ignores the seed it is given, so the scripted match unfolds the same way on
every run and the guide's text matches what happens. Where the script lets
the seat wait (`waits`), the platform does not move it and asks again after
the next change.
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
        action = None
        if script is not None:
            action = tutorial.bot_action(script, game, state, seat)
        if action is None:
            action = tutorial.steady_choice(game, state, seat)
        return action

    def waits(self, game: Game[Any], state: Any, seat: int) -> bool:
        """Whether the script lets `seat` wait for now instead of acting."""
        script = tutorial.load(game.info.id)
        return script is not None and (
            tutorial.bot_action(script, game, state, seat) is None
        )
