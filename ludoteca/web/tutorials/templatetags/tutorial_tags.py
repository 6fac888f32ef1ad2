"""`{% tutorials_done person %}`: the tutorials a person finished (profile page)."""

from __future__ import annotations

from typing import Any

from django import template

from ludoteca.web.play import games
from ludoteca.web.tutorials import services

register = template.Library()


@register.inclusion_tag("tutorials/_done.html")
def tutorials_done(person: Any) -> dict[str, Any]:
    rows = [
        {
            "game": run.game,
            "name": games.game_name(games.get(run.game))
            if games.exists(run.game)
            else run.game,
            "when": run.finished_at,
        }
        for run in services.finished_games(person)
    ]
    return {"rows": rows, "available": len(services.available())}


@register.simple_tag
def has_tutorial(game_id: str) -> bool:
    return services.script_of(game_id) is not None
