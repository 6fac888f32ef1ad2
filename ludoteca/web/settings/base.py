"""Settings shared by every environment, read from the environment.

Defaults need nothing installed: SQLite in WAL mode, one process, an in-memory
channel layer. ``DATABASE_URL=postgres://user@host:port/name`` switches to
PostgreSQL and ``REDIS_URL=redis://host:port/0`` to Redis pub/sub between
several server processes.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import unquote, urlparse

from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _

from ludoteca.web.catalogs import locale_paths

WEB_DIR = Path(__file__).resolve().parent.parent
BASE_DIR = Path(os.environ.get("LUDOTECA_HOME", Path.cwd())).resolve()
VAR_DIR = Path(os.environ.get("LUDOTECA_VAR", BASE_DIR / "var"))


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _max_age(default: int | None) -> int | None:
    """Seconds a connection is reused (``CONN_MAX_AGE``; "none": for good)."""
    raw = os.environ.get("CONN_MAX_AGE", "").strip()
    if not raw:
        return default
    return None if raw.lower() == "none" else int(raw)


def database_from_url(url: str | None, sqlite_path: Path) -> dict[str, object]:
    """A Django DATABASES entry from ``DATABASE_URL`` (SQLite when unset)."""
    if not url or url.startswith("sqlite"):
        name = sqlite_path
        if url and url.startswith("sqlite:///"):
            name = Path(url[len("sqlite:///") :])
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(name),
            # WAL lets readers work while one writer commits; IMMEDIATE takes
            # the write lock at BEGIN so two writers never deadlock. FULL
            # syncs the log at every COMMIT: an acknowledged action survives
            # a power cut (NORMAL may lose the last ones), and with group
            # commit one sync serves a whole batch.
            "OPTIONS": {
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
            },
            "TEST": {"NAME": os.environ.get("LUDOTECA_TEST_SQLITE") or None},
            # Keep the connection: opening one (and its PRAGMAs) per action
            # cost more than the action itself. For good: a file has no server
            # to free, and each of a process's threads reopening its own
            # every minute (0.7 ms each) was most of an idle server's work.
            "CONN_MAX_AGE": _max_age(None),
        }
    parsed = urlparse(url)
    if parsed.scheme not in {"postgres", "postgresql"}:
        raise ValueError(f"DATABASE_URL must be postgres:// or sqlite:///, not {url!r}")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(parsed.path.lstrip("/")) or "ludoteca",
        "USER": unquote(parsed.username or ""),
        "PASSWORD": unquote(parsed.password or ""),
        "HOST": parsed.hostname or "",
        "PORT": str(parsed.port or ""),
        # Reuse connections: opening one costs more than a whole action.
        "CONN_MAX_AGE": _max_age(60),
        "CONN_HEALTH_CHECKS": True,
        # No wait without end: a database that does not answer a connect, a
        # row lock left by a backend whose client is gone, a transaction
        # left open become errors, which the table actors retry.
        "OPTIONS": {
            "connect_timeout": 5,
            "options": "-c lock_timeout=10s -c idle_in_transaction_session_timeout=60s",
        },
    }


SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-not-secret-change-me-in-production")
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
    if h.strip()
]
CSRF_TRUSTED_ORIGINS = [
    o.strip()
    for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",")
    if o.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "axes",
    "csp",
    "ludoteca.web.accounts",
    "ludoteca.web.play",
    "ludoteca.web.lobby",
    "ludoteca.web.wiki",
    "ludoteca.web.history",
    "ludoteca.web.tutorials",
    "ludoteca.web.community",
    "ludoteca.web.tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After the session and the user: a player's saved language wins.
    "ludoteca.web.community.language.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out log-in into our page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "ludoteca.web.urls"
# The admin's address under the site (``ADMIN_PATH=staff-4f2a/`` moves it off
# the guessable ``admin/``; see docs/deploy.md).
ADMIN_PATH = os.environ.get("ADMIN_PATH", "admin/").strip("/") + "/"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [WEB_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "ludoteca.web.lobby.turns.header_count",
                "ludoteca.web.community.notify.header_count",
            ]
        },
    }
]

DATABASES = {
    "default": database_from_url(
        os.environ.get("DATABASE_URL"), VAR_DIR / "ludoteca.sqlite3"
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Several processes: takes of tables, pages' changes and lobby events between
# them, and the rate limits (ludoteca.web.live.owners, play.limits).
REDIS_URL = os.environ.get("REDIS_URL", "")

PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation."
        "UserAttributeSimilarityValidator"
    },
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "ludoteca.web.accounts.passwords.NotOnlySpacesValidator"},
]
# Log-in throttle (django-axes, in the database so every process counts):
# after 5 failures for one name, or from one address, that name or address
# waits 15 minutes. The admin's log-in goes through the same check.
# Django's database sessions, read with a plain SELECT (see the module).
SESSION_ENGINE = "ludoteca.web.accounts.sessions"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(
    minutes=int(os.environ.get("LOGIN_COOLOFF_MINUTES", "15"))
)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "ludoteca.web.accounts.views.locked_out"
# Masked in axes' log lines and stored form data (its default, plus the
# sign-up form's password fields).
AXES_SENSITIVE_PARAMETERS = ["username", "ip_address", "password1", "password2"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

LANGUAGE_CODE = "pt-br"
LANGUAGES = [("pt-br", _("Portuguese (Brazil)")), ("en", _("English"))]
LANGUAGE_COOKIE_NAME = "django_language"
USE_I18N = True
TIME_ZONE = os.environ.get("TIME_ZONE", "America/Sao_Paulo")
USE_TZ = True
LOCALE_PATHS = locale_paths()

# Content-Security-Policy (django-csp): scripts, styles, images and sockets
# come from this site only; no inline script, style or handler anywhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [SELF],
    }
}

STATIC_URL = "/static/"
STATICFILES_DIRS = [WEB_DIR / "static"]
STATIC_ROOT = VAR_DIR / "static"

# Ludoteca's own knobs.
LUDOTECA_BOT_EXECUTOR = os.environ.get("LUDOTECA_BOT_EXECUTOR", "process")
LUDOTECA_BOT_BUDGET = float(os.environ.get("LUDOTECA_BOT_BUDGET", "5"))
LUDOTECA_BOT_DELAY = float(os.environ.get("LUDOTECA_BOT_DELAY", "0.6"))
# Real-time games: seconds a bot without its own `pace` waits between actions,
# and a factor on every bot's pace (tests speed bots up).
LUDOTECA_REALTIME_BOT_PACE = float(os.environ.get("LUDOTECA_REALTIME_BOT_PACE", "1.2"))
LUDOTECA_BOT_PACE_SCALE = float(os.environ.get("LUDOTECA_BOT_PACE_SCALE", "1"))
LUDOTECA_ABSENT_GRACE = float(os.environ.get("LUDOTECA_ABSENT_GRACE", "90"))
# Seconds between sweeps of the database for deadlines no table timer of the
# process holds (a table untouched since a restart, bots only) and for players
# away on their turn; the tables a process serves keep their own timers.
LUDOTECA_TICK = float(os.environ.get("LUDOTECA_TICK", "5"))
LUDOTECA_MAX_MESSAGE = 8192
# Rate limits count a person (a user, or an address) across their sockets,
# and across processes where REDIS_URL is set (`play.limits`).
LUDOTECA_CHAT_RATE = (5, 10.0)  # at most 5 chat lines per 10 seconds
LUDOTECA_SEAT_CHANGE_RATE = (6, 60.0)  # leave/reclaim at one table per minute
LUDOTECA_SOCKETS_PER_TABLE = int(os.environ.get("LUDOTECA_SOCKETS_PER_TABLE", "8"))
LUDOTECA_CHAT_MAX = 500
# Accounts younger than this many hours chat more slowly (spam accounts).
LUDOTECA_NEW_ACCOUNT_HOURS = float(os.environ.get("LUDOTECA_NEW_ACCOUNT_HOURS", "24"))
LUDOTECA_NEW_ACCOUNT_CHAT_RATE = (2, 10.0)  # at most 2 lines per 10 seconds
# Frames one socket may have waiting to be written before it is closed as
# too slow (a hello's answer is a state and up to 50 chat lines).
LUDOTECA_SOCKET_QUEUE = int(os.environ.get("LUDOTECA_SOCKET_QUEUE", "256"))
# More frames than this from one socket is a flood: refused, nothing done.
# (bench/load.py raises it: its saturated seats act faster than any person.)
LUDOTECA_FRAME_RATE = (int(os.environ.get("LUDOTECA_FRAME_RATE", "300")), 10.0)
# Websocket compression (permessage-deflate) as `ludoteca serve` offers it:
# off by default, since compressing every frame for every socket costs more
# CPU than the rest of an update; worth it for clients on slow links only.
LUDOTECA_WS_DEFLATE = env_bool("LUDOTECA_WS_DEFLATE", False)
# The websocket protocol `ludoteca serve` runs: "ludoteca" (our own,
# `live/websocket.py`: frames read and written by hand; with
# LUDOTECA_WS_DEFLATE, which it does not offer, uvicorn's sans-I/O one), or one
# of uvicorn's ("websockets-sansio", "websockets", "wsproto"; bench/load.py
# --ws runs them side by side, docs/performance.md fifteenth and
# twenty-second rounds).
LUDOTECA_WS = os.environ.get("LUDOTECA_WS", "ludoteca")
# Database threads a process applies table actions on, PostgreSQL only (its
# row locks order one table's actions; each statement is a network round trip
# that would otherwise hold up every other table of the process). SQLite has
# one writer at a time: one thread.
LUDOTECA_DB_THREADS = int(os.environ.get("LUDOTECA_DB_THREADS", "4"))
# Extra game modules (with a GAME) to register, e.g. "tests.engine.toygame".
LUDOTECA_EXTRA_GAMES = [
    m for m in os.environ.get("LUDOTECA_EXTRA_GAMES", "").split(",") if m
]
# Quick match: seconds in the queue before the waiting page offers bots.
LUDOTECA_QUICK_BOTS_AFTER = float(os.environ.get("LUDOTECA_QUICK_BOTS_AFTER", "30"))
LUDOTECA_WIKI_RATE = (6, 60.0)  # at most 6 edits a minute per person
LUDOTECA_PREVIEW_RATE = (20, 60.0)  # wiki previews a minute per person
LUDOTECA_WIKI_RENDER_SECONDS = 5  # CPU seconds pandoc may spend on an editor's page
# Abuse limits, counted in the database across processes (accounts/throttle.py).
LUDOTECA_SIGNUP_RATE = (5, 3600.0)  # new accounts an hour per address
LUDOTECA_TABLE_RATE = (10, 600.0)  # new tables per 10 minutes per user and per address
LUDOTECA_OPEN_TABLES_MAX = 3  # tables a user may have waiting for players at once
LUDOTECA_WIKI_NEW_ACCOUNT_WAIT = float(
    os.environ.get("LUDOTECA_WIKI_NEW_ACCOUNT_WAIT", "600")
)  # seconds a new account waits before editing

# Email (docs/deploy.md): the console by default, so a site without mail
# works; EMAIL_HOST=... switches to SMTP. Emails leave through the outbox
# (community.outbox), drained every LUDOTECA_OUTBOX_EVERY seconds by each
# `ludoteca serve` (0: only by `ludoteca send-outbox`).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", EMAIL_PORT == 587)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", EMAIL_PORT == 465)
EMAIL_TIMEOUT = int(os.environ.get("EMAIL_TIMEOUT", "20"))
DEFAULT_FROM_EMAIL = os.environ.get(
    "DEFAULT_FROM_EMAIL", "Ludoteca <ludoteca@localhost>"
)
# The address the emails' links start with.
LUDOTECA_SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")
LUDOTECA_OUTBOX_EVERY = float(os.environ.get("LUDOTECA_OUTBOX_EVERY", "10"))
# Tournaments (tournaments.worker): seconds between sweeps of each process for
# tournaments due to start and rounds due; 0 turns the sweep off.
LUDOTECA_TOURNAMENT_EVERY = float(os.environ.get("LUDOTECA_TOURNAMENT_EVERY", "5"))
# Only staff may create tournaments when set.
LUDOTECA_TOURNAMENTS_STAFF_ONLY = env_bool("LUDOTECA_TOURNAMENTS_STAFF_ONLY")
# At most one email per table per this many hours to one person.
LUDOTECA_EMAIL_TABLE_GAP_HOURS = float(
    os.environ.get("LUDOTECA_EMAIL_TABLE_GAP_HOURS", "3")
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"ludoteca": {"handlers": ["console"], "level": "INFO"}},
}
