"""The dataclass codec: what `load` rebuilds, and what it refuses."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Literal

import pytest

from ludoteca.engine import codec


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Card:
    colour: Colour
    value: int


@dataclass(frozen=True)
class Node:
    name: str
    child: Node | None = None


@dataclass(frozen=True)
class State:
    hand: tuple[Card, ...]
    pair: tuple[int, str]
    seen: frozenset[int]
    scores: dict[int, float]
    notes: dict[str, Any]
    log: list[str]
    phase: Literal["deal", "play"]
    either: int | str
    maybe: Card | None
    tree: Node
    bare: tuple[int, ...] = ()
    hidden: int = field(default=0, init=False)


STATE = State(
    hand=(Card(Colour.RED, 3), Card(Colour.BLUE, 1)),
    pair=(2, "b"),
    seen=frozenset({1, 5}),
    scores={0: 1.5, 3: 2.0},
    notes={"a": [1, {"b": None}]},
    log=["x", "y"],
    phase="play",
    either="seven",
    maybe=None,
    tree=Node("root", Node("leaf")),
    bare=(4, 5),
)


def test_round_trip() -> None:
    data = codec.dump(STATE)
    assert codec.load(State, data) == STATE
    assert codec.load(State, data) == STATE  # the loaders made once, kept


def test_details() -> None:
    data = codec.dump(STATE)
    loaded = codec.load(State, data)
    assert isinstance(loaded.hand, tuple) and loaded.hand[0].colour is Colour.RED
    assert list(loaded.scores) == [0, 3]  # int keys from JSON's strings
    assert codec.load(State, {**data, "scores": {"2": 1}}).scores == {2: 1.0}
    assert codec.load(State, {**data, "either": 4}).either == 4
    assert codec.load(State, {**data, "maybe": data["hand"][0]}).maybe == STATE.hand[0]
    missing = dict(data)
    del missing["bare"]
    assert codec.load(State, missing).bare == ()  # a missing field: its default


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"phase": "over"}, ValueError),
        ({"pair": [1]}, ValueError),
        ({"either": 1.5}, ValueError),
        ({"log": "xy"}, None),  # a string is a sequence of strings
        ({"hand": [{"colour": "green", "value": 1}]}, ValueError),
        ({"hand": [{"colour": "red", "value": "1"}]}, TypeError),
        ({"hand": [{"colour": "red"}]}, TypeError),
    ],
)
def test_refused(change: dict[str, Any], error: type[Exception] | None) -> None:
    data = {**codec.dump(STATE), **change}
    if error is None:
        codec.load(State, data)
        return
    with pytest.raises(error):
        codec.load(State, data)


def test_unsupported_type() -> None:
    with pytest.raises(TypeError, match="unsupported type"):
        codec.load(set, [1])
    assert codec.load(tuple[set, ...], []) == ()  # only met when there is a value
