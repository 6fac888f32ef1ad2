"""Local development and `make run`: debug pages, static files served by Django."""

from ludoteca.web.settings.base import *  # noqa: F403
from ludoteca.web.settings.base import env_bool

DEBUG = env_bool("DEBUG", True)
