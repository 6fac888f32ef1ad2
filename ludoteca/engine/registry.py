"""Find the registered games: every package under `ludoteca.games` with a `GAME`."""

from __future__ import annotations

import functools
import importlib
import pkgutil
from typing import Any

from ludoteca.engine.protocol import Game

# Looked up by name so that the engine does not import the layer above it.
GAMES_PACKAGE = "ludoteca.games"


@functools.cache
def _games() -> dict[str, Game[Any]]:
    found: dict[str, Game[Any]] = {}
    games_package = importlib.import_module(GAMES_PACKAGE)
    for module in sorted(pkgutil.iter_modules(games_package.__path__)):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{GAMES_PACKAGE}.{module.name}")
        game = getattr(package, "GAME", None)
        if isinstance(game, Game):
            found[game.info.id] = game
    return found


def get(game_id: str) -> Game[Any]:
    try:
        return _games()[game_id]
    except KeyError:
        known = ", ".join(sorted(_games())) or "none"
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None


def all() -> list[Game[Any]]:
    return list(_games().values())


def ids() -> list[str]:
    return sorted(_games())
