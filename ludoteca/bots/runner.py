"""Run a bot off the event loop, cancellably.

The web layer must not think inside its event loop: `think` starts a
decision on a worker thread and returns a `Thinking` handle. ``await
asyncio.wrap_future(thinking.future)`` waits for it from async code;
`Thinking.cancel` asks the bot to stop, and it then answers at once with the
best action found so far. A decision never changes the match by itself: the
caller applies the action through the table's single authority, after
checking the table version it was based on.

The search is pure Python, so a thread shares the interpreter with the
server; the budgets (well under a second) and the interpreter's switching
keep the loop responsive. A process pool would need the state pickled per
decision and is not worth it at these budgets.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from ludoteca.bots.base import Bot
from ludoteca.engine.protocol import Action, Game

_POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="ludoteca-bot")


@dataclass
class Thinking:
    future: Future[Action]
    stop: threading.Event

    def cancel(self) -> None:
        self.stop.set()
        self.future.cancel()

    def result(self, timeout: float | None = None) -> Action:
        return self.future.result(timeout)


def think(
    bot: Bot,
    game: Game[Any],
    state: Any,
    seat: int,
    seed: int,
    pool: ThreadPoolExecutor | None = None,
) -> Thinking:
    """Start `bot` deciding for `seat` on a worker thread."""
    stop = threading.Event()
    future = (pool or _POOL).submit(bot.choose, game, state, seat, seed, stop)
    return Thinking(future, stop)
