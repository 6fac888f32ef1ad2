"""A stand-in for the server in tests/web/test_bot_workers.py: it starts the
bot workers exactly as the runtime does (`runtime.bot_executor` with process
workers), has each choose one move, prints their process ids as one JSON
line, and waits to be stopped (SIGKILL, or SIGTERM for a clean exit)."""

from __future__ import annotations

import json
import os
import signal
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludoteca.web.settings.test")
os.environ["LUDOTECA_BOT_EXECUTOR"] = "process"
os.environ["LUDOTECA_EXTRA_GAMES"] = "tests.engine.toygame"

import django

django.setup()

from ludoteca.web.play import botrunner, runtime  # noqa: E402
from tests.engine import toygame  # noqa: E402


def main() -> None:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    executor = runtime.bot_executor()
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
