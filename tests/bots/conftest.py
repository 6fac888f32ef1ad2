"""Games the bot tests run on: every registered game plus two test games."""

from __future__ import annotations

from typing import Any

from ludoteca.engine import registry
from ludoteca.engine.protocol import Game
from tests.bots import goofspiel
from tests.engine import toygame


def all_games() -> list[Game[Any]]:
    """Registered games first, then the engine's toy game and Goofspiel."""
    return [*registry.all(), toygame.GAME, goofspiel.GAME]


def game_ids() -> list[str]:
    return [g.info.id for g in all_games()]
