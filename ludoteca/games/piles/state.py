"""The state of a Piles! match: immutable tuples, JSON through the engine codec."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args

Phase = Literal["ready", "countdown", "play", "over"]
"""``ready``: waiting for every seat to say so; ``countdown``: 3-2-1 before the
centre turns up; ``play``: everybody swaps at once; ``over``."""

EndReason = Literal["", "piles", "timer", "action_limit"]


@dataclass(frozen=True)
class State:
    num_players: int
    designs: tuple[int, ...]
    """The 6n+1 designs in play, sorted (hidden: some were never seen)."""
    piles: tuple[tuple[tuple[int, ...], ...], ...]
    """``piles[seat][i]``: the 4 card ids of pile i, in their order in the pile."""
    locked: tuple[tuple[bool, ...], ...]
    """``locked[seat][i]``: pile i is complete, face up and out of play."""
    open_pile: tuple[int | None, ...]
    """The pile each seat holds open, if any (public; its cards are not)."""
    seen: tuple[tuple[bool, ...], ...]
    """``seen[seat][i]``: the seat has held its pile i (public: everyone sees
    a pile picked up). Only its owner changes a pile, so the owner knows what
    such a pile holds even face down: a bot remembers it (`hidden`); a person
    does too, or not (the view shows it face down)."""
    centre: tuple[int, ...]
    """The 4 centre slots, always full; face down until play starts."""
    phase: Phase
    ready: tuple[bool, ...]
    winners: tuple[int, ...]
    ended_by: EndReason
    actions: int
    """Seat actions accepted during play (for the `action_limit` option)."""
    match_minutes: int
    min_action_ms: int
    action_limit: int
    rng: int

    def locked_count(self, seat: int) -> int:
        return sum(self.locked[seat])

    def is_open(self, seat: int, pile: int) -> bool:
        return self.open_pile[seat] == pile


def to_json(state: State) -> dict[str, Any]:
    """Plain JSON, written out by hand: the generic codec is slow on 200 cards."""
    return {
        "num_players": state.num_players,
        "designs": list(state.designs),
        "piles": [[list(p) for p in seat] for seat in state.piles],
        "locked": [list(flags) for flags in state.locked],
        "open_pile": list(state.open_pile),
        "seen": [list(flags) for flags in state.seen],
        "centre": list(state.centre),
        "phase": state.phase,
        "ready": list(state.ready),
        "winners": list(state.winners),
        "ended_by": state.ended_by,
        "actions": state.actions,
        "match_minutes": state.match_minutes,
        "min_action_ms": state.min_action_ms,
        "action_limit": state.action_limit,
        "rng": state.rng,
    }


def from_json(data: Mapping[str, Any]) -> State:
    return State(
        num_players=int(data["num_players"]),
        designs=tuple(int(d) for d in data["designs"]),
        piles=tuple(
            tuple(tuple(int(c) for c in p) for p in seat) for seat in data["piles"]
        ),
        locked=tuple(tuple(bool(f) for f in flags) for flags in data["locked"]),
        open_pile=tuple(None if p is None else int(p) for p in data["open_pile"]),
        seen=_seen(data),
        centre=tuple(int(c) for c in data["centre"]),
        phase=_phase(data["phase"]),
        ready=tuple(bool(r) for r in data["ready"]),
        winners=tuple(int(w) for w in data["winners"]),
        ended_by=_end_reason(data["ended_by"]),
        actions=int(data["actions"]),
        match_minutes=int(data["match_minutes"]),
        min_action_ms=int(data["min_action_ms"]),
        action_limit=int(data["action_limit"]),
        rng=int(data["rng"]),
    )


def _seen(data: Mapping[str, Any]) -> tuple[tuple[bool, ...], ...]:
    """The piles each seat has held; none in a state stored before this was kept."""
    if "seen" not in data:
        return tuple((False,) * len(seat) for seat in data["piles"])
    return tuple(tuple(bool(f) for f in flags) for flags in data["seen"])


def _phase(value: Any) -> Phase:
    for phase in get_args(Phase):
        if value == phase:
            return cast(Phase, phase)
    raise ValueError(f"unknown phase {value!r}")


def _end_reason(value: Any) -> EndReason:
    for reason in get_args(EndReason):
        if value == reason:
            return cast(EndReason, reason)
    raise ValueError(f"unknown end reason {value!r}")
