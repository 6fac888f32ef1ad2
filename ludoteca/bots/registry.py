"""Bots by name, for the command line, the web lobby and benchmarks."""

from __future__ import annotations

from collections.abc import Callable

from ludoteca.bots.base import Bot
from ludoteca.bots.random import RandomBot

_FACTORIES: dict[str, Callable[[], Bot]] = {"random": RandomBot}


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
