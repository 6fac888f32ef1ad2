"""Production: a real SECRET_KEY is required; secure cookies behind HTTPS."""

import os

from ludoteca.web.settings.base import *  # noqa: F403
from ludoteca.web.settings.base import env_bool

DEBUG = False
SECRET_KEY = os.environ["SECRET_KEY"]
SESSION_COOKIE_SECURE = env_bool("HTTPS", True)
CSRF_COOKIE_SECURE = env_bool("HTTPS", True)
