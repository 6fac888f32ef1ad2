"""Objective conditions, taking objectives and completing them."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ludoteca.games.darwinsjourney import data, movement
from ludoteca.games.darwinsjourney.state import Player, State


def measure(state: State, p: Player, name: str, arg: str) -> int:
    """How much of a condition's quantity the player has now."""
    quantity = _QUANTITIES.get(name)
    if quantity is None:
        raise ValueError(f"unknown objective condition {name!r}")
    return quantity(state, p, arg)


Quantity = Callable[[State, Player, str], int]

_QUANTITIES: dict[str, Quantity] = {
    "ship_at_beagle": lambda state, p, arg: int(
        movement.ship_behind(p.ship, state.beagle) == 0
    ),
    "researched_kind": lambda state, p, arg: sum(
        1 for s in p.research if data.specimen_kind(s) == arg
    ),
    "researched_colour": lambda state, p, arg: sum(
        1 for s in p.research if data.specimen_colour(s) == arg
    ),
    "seals": lambda state, p, arg: p.seal_count(arg),  # purple never counts
    "lenses_placed": lambda state, p, arg: (
        int(data.board()["lenses_per_player"]) - p.lenses_left
    ),
    "tents_placed": lambda state, p, arg: 5 - p.tents_left,
    "temp": lambda state, p, arg: p.temp,
    "empty_stacks": lambda state, p, arg: p.stacks_empty(),
    "vp": lambda state, p, arg: p.vp,
    "coins": lambda state, p, arg: p.coins,
    "evolution": lambda state, p, arg: p.evolution,
}
"""Each condition's quantity (`measure`), looked up by its name."""


def condition_met(
    state: State, p: Player, condition: tuple[tuple[str, Any], ...]
) -> bool:
    """Conditions are checks, not payments (A-40)."""
    name, arg, need = parsed(condition)
    return measure(state, p, name, arg) >= need


@functools.cache
def parsed(condition: tuple[tuple[str, Any], ...]) -> tuple[str, str, int]:
    """(quantity, its argument, how much is needed) of a condition:
    ``{"seals": "G", "count": 2}`` or ``{"vp": 10}``."""
    c = dict(condition)
    if "count" in c:
        name = next(k for k in c if k != "count")
        return name, str(c[name]), int(c["count"])
    ((name, need),) = c.items()
    return name, "", int(need)


def all_met(state: State, seat: int, tile: int) -> bool:
    p = state.players[seat]
    for name, arg, need in _conditions(tile):
        if _QUANTITIES[name](state, p, arg) < need:  # `measure`
            return False
    return True


@functools.cache
def _conditions(tile: int) -> tuple[tuple[str, str, int], ...]:
    """The tile's conditions, `parsed` (looked up by the tile's number)."""
    return tuple(parsed(c) for c in data.objectives()[tile].conditions)


def tier_of(tile: int) -> str:
    return data.objectives()[tile].tier


def slots(p: Player, tier: str) -> tuple[int, ...]:
    return p.silver_slots if tier == "silver" else p.gold_slots


def slot_cost(tier: str, index: int) -> int:
    return int(data.board()["objective_slots"][tier][index]["cost"])


def slot_effect(tier: str, index: int) -> str | None:
    effect = data.board()["objective_slots"][tier][index]["effect"]
    return None if effect is None else str(effect)


def open_slots(p: Player, tier: str) -> list[int]:
    return [i for i, s in enumerate(slots(p, tier)) if s == 0]


def set_slot(state: State, seat: int, tier: str, index: int, value: int) -> State:
    current = list(slots(state.p(seat), tier))
    current[index] = value
    field = "silver_slots" if tier == "silver" else "gold_slots"
    return state.with_player(seat, **{field: tuple(current)})


def completions(state: State, seat: int) -> list[dict[str, Any]]:
    """Free actions: reserve or kept objectives whose conditions all hold."""
    p = state.players[seat]
    out: list[dict[str, Any]] = []
    for tile in p.reserve:
        if not all_met(state, seat, tile):
            continue
        tier = tier_of(tile)
        for index in open_slots(p, tier):
            if p.coins >= slot_cost(tier, index):
                out.append({"type": "complete_objective", "tile": tile, "slot": index})
    for tier in ("silver", "gold"):
        kept = slots(p, tier)
        if min(kept) >= 0:
            continue  # no objective kept unfinished in this tier
        for index, value in enumerate(kept):
            if value < 0 and all_met(state, seat, -value):
                out.append(
                    {"type": "complete_objective", "tile": -value, "slot": index}
                )
    return out
