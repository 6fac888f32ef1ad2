"""Friendly names and avatars for bot seats, as data.

Names are English source strings marked with `gettext_noop`; the web layer
translates them (pt-BR in ``bots/locale/pt_BR/LC_MESSAGES/django.po``) and
draws the avatars (`ludoteca.web.play.botnames`). The kinds of bot ("hard
bot") are here too.
"""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.engine.i18n import gettext_noop


@dataclass(frozen=True)
class Persona:
    name: str
    """English name, to be translated by the web layer."""
    avatar: str
    """A stable key of the persona (its avatar colour follows its place in
    `PERSONAS`)."""


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

SEAT_LABEL = gettext_noop("{name} · {kind}")
"""A bot seat: its persona's name and what kind of bot it is."""

STAND_IN_BY = gettext_noop("played by {bot}")
"""The badge of a seat whose absent player a bot stands in for."""

KIND_NAMES: dict[str, str] = {
    "random": gettext_noop("beginner bot"),
    "easy": gettext_noop("easy bot"),
    "medium": gettext_noop("medium bot"),
    "hard": gettext_noop("hard bot"),
    "luckybox-greedy": gettext_noop("greedy bot"),
    "piles-slow": gettext_noop("slow bot"),
    "piles-fast": gettext_noop("quick bot"),
}
"""Registered bot name -> how a seat calls it (any other bot: `BOT`)."""

BOT = gettext_noop("bot")


def kind_name(bot: str) -> str:
    """The English name of a registered bot's kind ("hard bot")."""
    return KIND_NAMES.get(bot, BOT)


def for_seat(table: int, seat: int) -> tuple[Persona, int]:
    """The persona of a bot at `seat` of table `table`, and a number that
    tells apart two seats with the same persona (0: none needed).

    Deterministic, so every page and every reconnect names the seat alike;
    seats of one table get different personas, the table id only turns the
    list so that tables do not all start with the same one.
    """
    turn = (table * 5 + seat) % len(PERSONAS)
    return PERSONAS[turn], seat // len(PERSONAS)
