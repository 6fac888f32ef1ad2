"""A stand-in for the server in tests/web/test_bot_workers.py: it starts the
bot workers exactly as the runtime does (`live.bots.bot_executor` with process
workers), has each choose one move, prints their process ids as one JSON
line, and waits to be stopped (SIGKILL, or SIGTERM as uvicorn handles it)."""

from __future__ import annotations

import json
import os
import signal

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludoteca.web.settings.test")
os.environ["LUDOTECA_BOT_EXECUTOR"] = "process"
os.environ["LUDOTECA_EXTRA_GAMES"] = "tests.engine.toygame"

import django

django.setup()

from ludoteca.web.live import bots  # noqa: E402
from ludoteca.web.play import botrunner  # noqa: E402
from tests.engine import toygame  # noqa: E402


def stop_as_uvicorn_does(signum: int, frame: object) -> None:
    """uvicorn shuts down on SIGTERM, then raises the signal again with its
    default action, so the server ends by the signal: no exit handler runs
    (the worker pool is never joined)."""
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def main() -> None:
    signal.signal(signal.SIGTERM, stop_as_uvicorn_does)
    executor = bots.bot_executor()
    state = toygame.GAME.to_json(toygame.GAME.setup(2, 1, {}))
    moves = [
        executor.submit(botrunner.choose, "highcard", state, 0, "random", seed)
        for seed in range(4)
    ]
    for move in moves:
        move.result(timeout=120)
    workers = sorted(executor._processes)  # type: ignore[attr-defined]
    print(json.dumps(workers), flush=True)
    signal.pause()


if __name__ == "__main__":
    main()
