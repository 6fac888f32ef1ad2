"""The bot interface.

A bot chooses an action for a seat. It receives the real state but must only
look at it through `game.determinize(state, seat, seed)` (a world consistent
with what the seat knows) or `game.view(state, seat)`, so it can never use
hidden information.

Thinking can be cut short: `should_stop` is a callback returning True, or a
`threading.Event` that gets set; a bot then answers with the best action it
has found so far.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol

from ludoteca.engine.protocol import Action, Game

StopCheck = Callable[[], bool] | threading.Event
"""Either a callback returning True to stop, or an Event that is set."""


def stop_requested(should_stop: StopCheck | None) -> bool:
    if should_stop is None:
        return False
    if isinstance(should_stop, threading.Event):
        return should_stop.is_set()
    return bool(should_stop())


class Bot(Protocol):
    name: str

    def choose(
        self,
        game: Game[Any],
        state: Any,
        seat: int,
        seed: int,
        should_stop: StopCheck | None = None,
    ) -> Action:
        """The action this bot takes for `seat` in `state`."""
        ...
