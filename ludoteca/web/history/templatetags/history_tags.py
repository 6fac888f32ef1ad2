from typing import Any

from django import template

register = template.Library()


@register.filter
def get_item(mapping: dict[str, Any], key: str) -> Any:
    """``names|get_item:game_id``: a dictionary lookup in templates."""
    return mapping.get(key, key)
