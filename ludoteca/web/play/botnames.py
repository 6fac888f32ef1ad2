"""Bot seats as people see them: a friendly name in the viewer's language,
the kind of bot ("Dice Daisy · hard bot", "Margarida dos Dados · robô
difícil") and a drawn avatar (a letter in a coloured badge, see
`static/core/avatar.css`; no emoji, which some browsers draw as boxes).

The persona depends only on the table and the seat (`bots.names.for_seat`),
so the lobby, the table, the history and the replay all name a seat alike.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from ludoteca.bots import names

HUES = 12
"""Avatar colours (``--hue`` steps of 30 degrees in the stylesheet)."""


def persona_name(table: int, seat: int) -> str:
    persona, repeat = names.for_seat(table, seat)
    name = _(persona.name)
    return f"{name} {repeat + 1}" if repeat else name


def bot_label(bot: str, table: int, seat: int) -> str:
    """A bot seat's name in the active language: "Dice Daisy · hard bot"."""
    return _(names.SEAT_LABEL).format(
        name=persona_name(table, seat), kind=_(names.kind_name(bot))
    )


def standin_badge(bot: str, table: int, seat: int) -> str:
    """The badge of a seat a bot plays for its absent player."""
    return _(names.STAND_IN_BY).format(bot=bot_label(bot, table, seat))


def choices(bots: list[str]) -> list[tuple[str, str]]:
    """(bot, label) for a menu, weakest level first: "beginner bot"..."""
    order = list(names.KIND_NAMES)

    def rank(bot: str) -> tuple[int, str]:
        return (order.index(bot) if bot in order else len(order), bot)

    return [(b, _(names.kind_name(b))) for b in sorted(bots, key=rank)]


def avatar(name: str, table: int, seat: int, bot: bool) -> dict[str, Any]:
    """What the page draws: the first letter of the name, a colour that
    depends on the seat, and whether it is a bot (a robot-shaped badge)."""
    letter = next((c for c in name if c.isalnum()), "?").upper()
    if bot:
        persona, _repeat = names.for_seat(table, seat)
        hue = names.PERSONAS.index(persona) % HUES
    else:
        hue = (seat * 5 + 3) % HUES
    return {"letter": letter, "hue": hue, "bot": bot}
