"""The home page's game tiles: each game's cover, players, length and pitch.

The covers are SVG files drawn by hand in `static/games/<id>/cover.svg`; the
length is the usual length of a match at a relaxed pace (the box's figure,
rounded), not a limit the platform keeps.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.utils.translation import gettext_lazy as _

from ludoteca.web.play import games

PITCHES = {
    "agentavenue": _(
        "Two rival spies on one avenue: offer cards face up and face down, "
        "recruit agents and catch the other one first."
    ),
    "catinthebox": _(
        "Tricks where a card's colour is only decided when it is played; "
        "bid right and avoid the paradox."
    ),
    "insidejob": _(
        "A crew plans heists trick by trick, while an insider hidden among "
        "them works against the plan."
    ),
    "luckybox": _(
        "Everyone crosses off the same drawn numbers on their own sheets; "
        "fill them well and open lucky boxes."
    ),
    "piles": _(
        "Everyone plays at once: swap clothes with the centre to sort your "
        "piles before the others."
    ),
    "mafia": _(
        "By night the Mafia strikes; by day the village talks, suspects and "
        "votes someone out."
    ),
    "darwinsjourney": _(
        "Sail with the Beagle, explore islands and send what you find to the "
        "museum, in five rounds."
    ),
}

# Minutes of a match, as (shortest, longest).
MINUTES = {
    "agentavenue": (15, 25),
    "catinthebox": (20, 30),
    "insidejob": (20, 30),
    "luckybox": (15, 25),
    "piles": (10, 15),
    "mafia": (30, 60),
    "darwinsjourney": (60, 120),
}


@cache
def cover(game_id: str) -> str:
    """The static URL of a game's cover (the site's icon for a game without one)."""
    path = f"games/{game_id}/cover.svg"
    return static(path if finders.find(path) else "core/icon-maskable.svg")


def tile(game: Any) -> dict[str, Any]:
    game_id = game.info.id
    low, high = MINUTES.get(game_id, (0, 0))
    return {
        "id": game_id,
        "name": games.game_name(game),
        "info": game.info,
        "cover": cover(game_id),
        "pitch": PITCHES.get(game_id, ""),
        "min_minutes": low,
        "max_minutes": high,
    }


def all_tiles() -> list[dict[str, Any]]:
    return [tile(g) for g in games.all_games()]
