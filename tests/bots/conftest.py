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


def options_for(game: Game[Any], players: int) -> dict[str, Any] | None:
    """Options a table of this size can use: the defaults if the game accepts
    them, else the first single switch that makes it accept (say, a team
    variant for 3-4 players); ``None`` if no such table exists."""
    candidates: list[dict[str, Any]] = [{}]
    for name, option in game.options.items():
        for choice in option.choices or ():
            if choice != option.default:
                candidates.append({name: choice})
    for options in candidates:
        try:
            game.setup(players, 1, options)
        except ValueError:
            continue
        return options
    return None


def tables(game: Game[Any]) -> list[tuple[int, dict[str, Any]]]:
    """(players, options) for every player count the game supports."""
    out = []
    for players in range(game.info.min_players, game.info.max_players + 1):
        options = options_for(game, players)
        if options is not None:
            out.append((players, options))
    return out
