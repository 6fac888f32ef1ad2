"""Bots by name, for the command line, the web lobby and benchmarks."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ludoteca.bots import levels
from ludoteca.bots.base import Bot
from ludoteca.bots.random import RandomBot

_FACTORIES: dict[str, Callable[[], Bot]] = {"random": RandomBot}
for _level in levels.LEVELS:
    _FACTORIES[_level] = partial(levels.make, _level)


def register(name: str, factory: Callable[[], Bot]) -> None:
    _FACTORIES[name] = factory


def make(name: str) -> Bot:
    try:
        return _FACTORIES[name]()
    except KeyError:
        known = ", ".join(sorted(_FACTORIES))
        raise KeyError(f"unknown bot {name!r} (known: {known})") from None


def names() -> list[str]:
    return sorted(_FACTORIES)
