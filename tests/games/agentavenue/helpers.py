"""Building Agent Avenue states by hand for scenario tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ludoteca.games.agentavenue import GAME
from ludoteca.games.agentavenue.cards import AGENT_INDEX, AGENTS, BM_INDEX
from ludoteca.games.agentavenue.state import State

EMPTY = (0,) * len(AGENTS)


def counts(*names: str) -> tuple[int, ...]:
    out = [0] * len(AGENTS)
    for name in names:
        out[AGENT_INDEX[name]] += 1
    return tuple(out)


def cards(*names: str) -> tuple[int, ...]:
    """A deck from bottom to top: the last name is drawn first."""
    return tuple(AGENT_INDEX[n] for n in names)


def bm(*names: str) -> tuple[int, ...]:
    return tuple(BM_INDEX[n] for n in names)


def names(c: tuple[int, ...]) -> dict[str, int]:
    return {AGENTS[a]: k for a, k in enumerate(c) if k}


def make(
    players: int = 2, options: dict[str, Any] | None = None, **fields: Any
) -> State:
    """A setup state with some fields replaced; hands/in_play given as name lists."""
    state = GAME.setup(players, 1, options or {})
    if "hands" in fields:
        fields["hands"] = tuple(counts(*h) for h in fields["hands"])
    if "in_play" in fields:
        a, b = fields["in_play"]
        fields["in_play"] = (counts(*a), counts(*b))
    if "deck" in fields:
        fields["deck"] = cards(*fields["deck"])
    for key in ("bm_supply", "bm_deck"):
        if key in fields:
            fields[key] = bm(*fields[key])
    if "bm_owned" in fields:
        a, b = fields["bm_owned"]
        fields["bm_owned"] = (bm(*a), bm(*b))
    return replace(state, **fields)


def act(state: State, seat: int, **action: Any) -> State:
    return GAME.apply(state, seat, action).state


def turn(state: State, up: str, down: str, take: str) -> State:
    """The active solo side offers (up, down) and the other side takes one."""
    seat = state.active
    state = act(state, seat, type="offer", up=up, down=down)
    return act(state, 1 - seat, type="pick", take=take)
