"""Helpers for games to check the shape of untrusted actions.

Actions arrive from sockets as arbitrary JSON. A game first checks the shape
(`check_shape`), then the rules; both refuse with `IllegalAction`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ludoteca.engine.errors import IllegalAction, malformed


def check_shape(action: Any, fields: Mapping[str, type | tuple[type, ...]]) -> None:
    """Refuse unless `action` is a dict with exactly these keys and value types.

    ``bool`` never passes for ``int`` (JSON ``true`` is not the number 1).
    """
    if not isinstance(action, dict):
        raise malformed("an action must be a JSON object")
    if action.keys() != fields.keys():
        raise malformed(f"expected the fields {sorted(fields)}")
    for name, expected in fields.items():
        value = action[name]
        if type(value) is expected:  # the usual case, decided at once
            continue
        types_ = expected if isinstance(expected, tuple) else (expected,)
        if isinstance(value, bool) and bool not in types_:
            raise malformed(f"field {name!r} has the wrong type")
        if not isinstance(value, types_):
            raise malformed(f"field {name!r} has the wrong type")


def action_type(action: Any) -> str:
    """The ``"type"`` of an action, refusing anything that has none."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise malformed("an action must be a JSON object with a 'type'")
    return str(action["type"])


def key(action: Any) -> str:
    """A canonical text form: ``true`` and ``1`` differ, key order does not."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def require_listed(
    action: Any,
    legal: Iterable[Any],
    code: str = "illegal_action",
    message: str = "that move is not allowed now",
) -> None:
    """Last safety net: refuse anything that is not exactly one of `legal`."""
    wanted = key(action)
    if not any(key(a) == wanted for a in legal):
        raise IllegalAction(code, message)
