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
# Live-server tests sign up and open many tables from one address; the tests
# of these limits put the production figures back (tests/web/test_abuse.py).
LUDOTECA_SIGNUP_RATE = (10_000, 3600.0)
LUDOTECA_TABLE_RATE = (10_000, 600.0)
LUDOTECA_OPEN_TABLES_MAX = 10_000
LUDOTECA_PREVIEW_RATE = (10_000, 60.0)
# Tests' accounts are all new: the new accounts' slower chat is tested on its
# own (tests/web/community/test_moderation.py).
LUDOTECA_NEW_ACCOUNT_HOURS = 0.0

# The test database is a file, as the site's is (in memory, SQLite shares one
# cache between connections and refuses a second writer at once instead of
# waiting, and the live tables write from their own thread); on a RAM disk
# where there is one, so that synchronous=FULL costs nothing here.
_default = DATABASES["default"]  # noqa: F405
if _default["ENGINE"].endswith("sqlite3") and not _default["TEST"].get("NAME"):
    _ram = "/dev/shm" if os.path.isdir("/dev/shm") else None
    import tempfile

    _default["TEST"]["NAME"] = os.path.join(
        _ram or tempfile.gettempdir(), f"ludoteca-test-{os.getpid()}.sqlite3"
    )
