"""Tests: a cheap password hasher, bots in threads, fast timers.

`LUDOTECA_EXTRA_GAMES` (comma-separated modules with a ``GAME``) registers
test-only games such as ``tests.engine.toygame`` in server subprocesses.
"""

import os

from ludoteca.web.catalogs import compile_all
from ludoteca.web.settings.base import *  # noqa: F403

compile_all()  # the .mo files are build products; tests need them fresh

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
LUDOTECA_BOT_EXECUTOR = os.environ.get("LUDOTECA_BOT_EXECUTOR", "thread")
LUDOTECA_BOT_DELAY = float(os.environ.get("LUDOTECA_BOT_DELAY", "0"))
LUDOTECA_TICK = float(os.environ.get("LUDOTECA_TICK", "0.2"))
LUDOTECA_EXTRA_GAMES = [
    m for m in os.environ.get("LUDOTECA_EXTRA_GAMES", "").split(",") if m
]
