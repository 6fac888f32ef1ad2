"""Choosing a bot's move in a worker (thread or process), away from the event loop.

Nothing here imports Django, so a process worker starts light; it receives the
game id, the state as JSON and the bot's name.

A worker process ends with the server that started it, however the server
ends (SIGKILL included): a daemon thread waits on the parent's sentinel, the
pipe that multiprocessing gives every child, which reads as closed the moment
the parent process is gone. (PR_SET_PDEATHSIG would fire when the *thread*
that spawned the worker ends, which is not the server's end.)
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import threading
import time
from typing import Any

from ludoteca.bots import registry as bots
from ludoteca.engine import registry
from ludoteca.engine.protocol import Action


def init_worker(extra_games: list[str]) -> None:
    end_with_parent()
    for name in extra_games:
        game = importlib.import_module(name).GAME
        registry._games()[game.info.id] = game


def end_with_parent() -> None:
    """In a worker process: exit as soon as the parent process is gone. In a
    worker thread of the server itself there is no parent to watch."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    threading.Thread(
        target=_exit_after, args=(parent,), name="parent-watch", daemon=True
    ).start()


def _exit_after(parent: Any) -> None:
    parent.join()  # returns when the parent's sentinel closes: it has ended
    os._exit(0)


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
