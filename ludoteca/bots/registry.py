"""Bots by name, for the command line, the web lobby and benchmarks.

Most bots play any game through the protocol. A bot registered with `games`
plays only those games (a game's own policy, like Lucky Box's `GreedyBot` or
Piles!' `PilesBot`): the
lobby offers it only for them (`names(game_id)`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from ludoteca.bots import levels
from ludoteca.bots.base import Bot
from ludoteca.bots.random import RandomBot
from ludoteca.bots.tutorial import NAME as TUTORIAL_BOT
from ludoteca.bots.tutorial import TutorialBot
from ludoteca.games.luckybox.bot import GreedyBot as LuckyBoxGreedyBot
from ludoteca.games.piles.bot import SPEEDS, PilesBot

_FACTORIES: dict[str, Callable[[], Bot]] = {"random": RandomBot}
_ONLY_FOR: dict[str, frozenset[str]] = {}
for _level in levels.LEVELS:
    _FACTORIES[_level] = partial(levels.make, _level)


def register(
    name: str, factory: Callable[[], Bot], games: Iterable[str] | None = None
) -> None:
    _FACTORIES[name] = factory
    if games is None:
        _ONLY_FOR.pop(name, None)
    else:
        _ONLY_FOR[name] = frozenset(games)


def make(name: str) -> Bot:
    try:
        return _FACTORIES[name]()
    except KeyError:
        known = ", ".join(sorted(_FACTORIES))
        raise KeyError(f"unknown bot {name!r} (known: {known})") from None


def names(game: str | None = None) -> list[str]:
    """Every bot, or those that can play `game` (generic ones and its own)."""
    return sorted(
        name
        for name in _FACTORIES
        if game is None or name not in _ONLY_FOR or game in _ONLY_FOR[name]
    )


def games_of(name: str) -> frozenset[str] | None:
    """The games a bot is limited to (None: any game)."""
    return _ONLY_FOR.get(name)


register("luckybox-greedy", LuckyBoxGreedyBot, games=("luckybox",))
# Piles! bots play at a human pace (seconds between actions); the name sets it.
for _name, _pace in SPEEDS.items():
    register(_name, partial(PilesBot, _pace), games=("piles",))
# Tutorial tables only: never offered in the lobby (no game lists it).
register(TUTORIAL_BOT, TutorialBot, games=())
