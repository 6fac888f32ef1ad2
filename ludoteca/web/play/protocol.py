"""The wire protocol: one parser for inbound frames, one writer for outbound.

Every frame is a JSON object ``{"t": type, "v": version, "d": data}``
(documented in docs/protocol.md). Inbound types are listed in `INBOUND` with
the shape of their data; anything else is refused before it reaches the game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

INBOUND: dict[str, dict[str, type | tuple[type, ...]]] = {
    # type: {required field: JSON type}
    "hello": {},
    "act": {"action": dict},
    "chat": {"text": str},
    "ping": {},
    "leave": {},
    "reclaim": {},
}
OPTIONAL: dict[str, dict[str, type | tuple[type, ...]]] = {
    "act": {"ref": (int, str)},
    "chat": {"channel": str},
}

OUTBOUND = (
    "state",  # the full picture for this socket (after hello, when too far behind)
    "update",  # a new version: the events this seat may see and its fresh view
    "ack",  # your action was applied at version v
    "refused",  # your action or message was refused (translated), nothing changed
    "error",  # a protocol error (bad frame), nothing changed
    "seats",  # players, bots, stand-ins, connection state, clocks
    "chat",  # one chat line or platform notice
    "pong",
)


@dataclass(frozen=True)
class Inbound:
    type: str
    version: int | None
    data: dict[str, Any]


class BadFrame(Exception):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def parse(text: str | None, max_bytes: int) -> Inbound:
    """Validate one inbound frame; raise `BadFrame` with a refusal code."""
    if text is None:
        raise BadFrame("malformed_message")
    if len(text.encode("utf-8", "surrogatepass")) > max_bytes:
        raise BadFrame("too_large")
    try:
        # orjson refuses what could not be stored or sent back: a lone
        # surrogate (``"\ud800"``), integers past 64 bits, nesting past 1024.
        frame = orjson.loads(text)
    except orjson.JSONDecodeError:
        raise BadFrame("malformed_json") from None
    if not isinstance(frame, dict) or not isinstance(frame.get("t"), str):
        raise BadFrame("malformed_message")
    kind = frame["t"]
    if kind not in INBOUND:
        raise BadFrame("unknown_type")
    version = frame.get("v")
    if version is not None and (
        not isinstance(version, int) or isinstance(version, bool) or version < 0
    ):
        raise BadFrame("malformed_message")
    data = frame.get("d", {})
    if not isinstance(data, dict):
        raise BadFrame("malformed_message")
    for key, expected in INBOUND[kind].items():
        if not isinstance(data.get(key), expected) or isinstance(data.get(key), bool):
            raise BadFrame("malformed_message")
    for key, expected in OPTIONAL.get(kind, {}).items():
        if key in data and (
            not isinstance(data[key], expected) or isinstance(data[key], bool)
        ):
            raise BadFrame("malformed_message")
    return Inbound(kind, version, data)


def frame(kind: str, version: int | None, data: dict[str, Any]) -> str:
    assert kind in OUTBOUND, kind
    message = {"t": kind, "v": version, "d": data}
    # orjson: several times faster than json for the frames every socket
    # gets; integer keys become strings as json.dumps makes them. What it
    # cannot write (integers past 64 bits) goes through json.
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(message, ensure_ascii=False)
