"""Tests: a cheap password hasher, bots in threads, fast timers.

Server subprocesses register the toy game with
``LUDOTECA_EXTRA_GAMES=tests.engine.toygame`` (read in base).
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
