"""Choosing a bot's move in a worker (thread or process), away from the event loop.

Nothing here imports Django, so a process worker starts light; it receives the
game id, the state as JSON and the bot's name.
"""

from __future__ import annotations

import importlib
from typing import Any

from ludoteca.bots import registry as bots
from ludoteca.engine import registry
from ludoteca.engine.protocol import Action


def init_worker(extra_games: list[str]) -> None:
    for name in extra_games:
        game = importlib.import_module(name).GAME
        registry._games()[game.info.id] = game


def choose(
    game_id: str, state_json: dict[str, Any], seat: int, bot_name: str, seed: int
) -> Action:
    game = registry.get(game_id)
    state = game.from_json(state_json)
    try:
        bot = bots.make(bot_name)
    except KeyError:  # a bot that is no longer installed: play on at random
        bot = bots.make("random")
    return bot.choose(game, state, seat, seed)
