"""Each game's cover in templates: its URL, and an absolute one for Open Graph."""

from __future__ import annotations

from typing import Any

from django import template
from django.templatetags.static import static

from ludoteca.web.lobby import tiles

register = template.Library()


@register.simple_tag
def cover_url(game_id: str) -> str:
    return tiles.cover(game_id)


def _absolute(context: Any, url: str) -> str:
    request = context.get("request")
    return request.build_absolute_uri(url) if request is not None else url


@register.simple_tag(takes_context=True)
def absolute_static(context: Any, path: str) -> str:
    """A static file's full URL (social previews need the scheme and host)."""
    return _absolute(context, static(path))


@register.simple_tag(takes_context=True)
def absolute_cover(context: Any, game_id: str) -> str:
    """A game's cover as its Open Graph image (SVG: no PNG is made)."""
    return _absolute(context, tiles.cover(game_id))
