"""The canned table talk of bots, as English sentences for the web to translate.

A talk hint (``talk`` in a game's ``bot.py``) returns message codes from
here; `{seat}` is filled by the web layer with a player's name, `{role}` with
the translated name of a role in that game. pt-BR lives in
``bots/locale/pt_BR/LC_MESSAGES/django.po``.
"""

from __future__ import annotations

from ludoteca.engine.i18n import gettext_noop

TALK: dict[str, str] = {
    "accuse": gettext_noop("I am voting for {seat}. Something does not add up."),
    "guilty": gettext_noop("{seat} has not convinced me. Guilty."),
    "innocent": gettext_noop("I believe {seat}. Innocent."),
    "defend": gettext_noop("I am innocent! Lynching me wastes the day."),
    "claim": gettext_noop("I am the {role}. Think before you vote."),
}
