"""Production, and `make run`: no debug pages; secure cookies behind HTTPS.

The secret key comes from ``SECRET_KEY``; without it, one is generated on the
first start and kept in ``$LUDOTECA_VAR/secret_key`` (mode 600), so sessions
survive restarts and every process of one machine shares it. Several machines
must be given the same ``SECRET_KEY``.
"""

import os
import secrets
from pathlib import Path

from ludoteca.web.settings.base import *  # noqa: F403
from ludoteca.web.settings.base import VAR_DIR, env_bool


def kept_secret_key(path: Path) -> str:
    """The key in `path`, written there first if missing (exclusive create,
    so two processes starting together agree on one key)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_urlsafe(50) + "\n")
    key = path.read_text(encoding="ascii").strip()
    if not key:
        raise RuntimeError(f"{path} is empty: delete it to generate a new key")
    return key


DEBUG = False
SECRET_KEY = os.environ.get("SECRET_KEY") or kept_secret_key(VAR_DIR / "secret_key")
SESSION_COOKIE_SECURE = env_bool("HTTPS", True)
CSRF_COOKIE_SECURE = env_bool("HTTPS", True)
