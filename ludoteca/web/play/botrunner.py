"""Choosing a bot's move in a worker (thread or process), away from the event loop.

Nothing here imports Django, so a process worker starts light; it receives the
game id, the state as JSON and the bot's name.
"""

from __future__ import annotations

import importlib
import time
from typing import Any

from ludoteca.bots import registry as bots
from ludoteca.engine import registry
from ludoteca.engine.protocol import Action


def init_worker(extra_games: list[str]) -> None:
    for name in extra_games:
        game = importlib.import_module(name).GAME
        registry._games()[game.info.id] = game


def choose(
    game_id: str,
    state_json: dict[str, Any],
    seat: int,
    bot_name: str,
    seed: int,
    budget: float | None = None,
) -> Action | None:
    """The bot's action; asked to stop thinking at 80 % of `budget` seconds so
    that its best answer so far arrives in time. None: the bot waits for now
    (a tutorial's script bot, `waits`); it is asked again after the next change."""
    game = registry.get(game_id)
    state = game.from_json(state_json)
    try:
        bot = bots.make(bot_name)
    except KeyError:  # a bot that is no longer installed: play on at random
        bot = bots.make("random")
    waits = getattr(bot, "waits", None)
    if waits is not None and waits(game, state, seat):
        return None
    if budget is None:
        return bot.choose(game, state, seat, seed)
    deadline = time.monotonic() + 0.8 * budget
    return bot.choose(game, state, seat, seed, lambda: time.monotonic() >= deadline)
