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


def same(a: Any, b: Any) -> bool:
    """``key(a) == key(b)`` without encoding either: equal values of the same
    JSON types (``true`` is not ``1``, ``1.0`` is not ``1``; a list and a tuple
    are both a JSON array)."""
    if isinstance(a, list | tuple):
        return (
            isinstance(b, list | tuple)
            and len(a) == len(b)
            and all(same(x, y) for x, y in zip(a, b, strict=True))
        )
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    return bool(a == b)


def is_listed(action: Any, legal: Iterable[Any]) -> bool:
    """Whether `action` is exactly one of `legal` (as their canonical JSON).

    The listed object itself (a bot's pick) is listed; otherwise Python's
    ``==`` (in C) finds the candidates and `same` tells ``true`` from ``1``.
    Only when no listed action is ``==`` (a tuple where a list was listed,
    say) does every one go through `same`."""
    legal = legal if isinstance(legal, list | tuple) else list(legal)
    start = 0
    while True:
        try:
            index = legal.index(action, start)  # identity, then ==, in C
        except ValueError:
            break
        if legal[index] is action or same(action, legal[index]):
            return True
        start = index + 1
    return any(same(action, a) for a in legal)


def require_listed(
    action: Any,
    legal: Iterable[Any],
    code: str = "illegal_action",
    message: str = "that move is not allowed now",
) -> None:
    """Last safety net: refuse anything that is not exactly one of `legal`."""
    if not is_listed(action, legal):
        raise IllegalAction(code, message)
