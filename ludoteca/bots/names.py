"""Friendly names and avatars for bot seats, as data.

Names are English source strings marked with `gettext_noop`; the web layer
translates them (pt-BR in ``bots/locale/pt_BR/LC_MESSAGES/django.po``) and
draws the avatar named by its key. Level names are here too.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ludoteca.engine.i18n import gettext_noop


@dataclass(frozen=True)
class Persona:
    name: str
    """English name, to be translated by the web layer."""
    avatar: str
    """A key for the avatar drawing (an SVG the web layer owns)."""


PERSONAS: tuple[Persona, ...] = (
    Persona(gettext_noop("Captain Meeple"), "meeple"),
    Persona(gettext_noop("Dice Daisy"), "dice"),
    Persona(gettext_noop("Sir Shuffles"), "cards"),
    Persona(gettext_noop("Lady Luck"), "clover"),
    Persona(gettext_noop("Professor Pawn"), "pawn"),
    Persona(gettext_noop("Turbo Turtle"), "turtle"),
    Persona(gettext_noop("Bluffing Bea"), "mask"),
    Persona(gettext_noop("Clever Clara"), "lightbulb"),
    Persona(gettext_noop("Grandpa Gambit"), "crown"),
    Persona(gettext_noop("Ticking Tom"), "clock"),
    Persona(gettext_noop("Oliver the Owl"), "owl"),
    Persona(gettext_noop("Rookie Rita"), "star"),
)

LEVEL_NAMES: dict[str, str] = {
    "random": gettext_noop("Beginner"),
    "easy": gettext_noop("Easy"),
    "medium": gettext_noop("Medium"),
    "hard": gettext_noop("Hard"),
}

STAND_IN_LABEL = gettext_noop("{player} (played by a bot)")
"""How a seat reads while a bot stands in for an absent player."""


def pick(index: int, taken: Iterable[str] = ()) -> Persona:
    """A persona for the `index`-th bot of a table, skipping avatars in use."""
    used = set(taken)
    free = [p for p in PERSONAS if p.avatar not in used] or list(PERSONAS)
    return free[index % len(free)]
