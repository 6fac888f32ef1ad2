"""What each seat may know, built field by field (allow-list).

Public: the centre once play starts, who holds which pile, the locked piles
(face up), readiness, options and the result. Private to its owner: the cards
of the pile in hand. Hidden from everybody, the owner included (Piles! is a
memory game): every face-down pile, and which designs are in play.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.piles import cards
from ludoteca.games.piles.rules import phase_seconds
from ludoteca.games.piles.state import State


def view(state: State, seat: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "phase": state.phase,
        "players": state.num_players,
        "centre": _centre(state),
        "seats": [_public_seat(state, s) for s in range(state.num_players)],
        "timer_seconds": phase_seconds(state),
        "match_minutes": state.match_minutes,
        "min_action_ms": state.min_action_ms,
        "action_limit": state.action_limit,
        "actions": state.actions,
        "winners": list(state.winners),
        "ended_by": state.ended_by,
    }
    if seat is not None and 0 <= seat < state.num_players:
        out["seat"] = seat
        out["piles"] = [_own_pile(state, seat, i) for i in range(cards.PILES)]
        out["closed"] = sum(
            1 for i in range(cards.PILES) if _status(state, seat, i) == "closed"
        )
    return out


def _centre(state: State) -> list[dict[str, int] | None]:
    if state.phase in ("ready", "countdown"):
        return [None] * cards.CENTRE_SIZE  # face down until play starts
    return [cards.describe(c) | {"slot": i} for i, c in enumerate(state.centre)]


def _status(state: State, seat: int, pile: int) -> str:
    if state.locked[seat][pile]:
        return "locked"
    return "open" if state.is_open(seat, pile) else "closed"


def _public_pile(state: State, seat: int, pile: int) -> dict[str, Any]:
    status = _status(state, seat, pile)
    out: dict[str, Any] = {"status": status}
    if status == "locked":
        shown = sorted(state.piles[seat][pile])
        out["design"] = cards.design_of(shown[0])
        out["cards"] = [cards.describe(c) for c in shown]
    return out


def _own_pile(state: State, seat: int, pile: int) -> dict[str, Any]:
    out = _public_pile(state, seat, pile)
    if out["status"] == "open":
        out["cards"] = [cards.describe(c) for c in state.piles[seat][pile]]
    return out


def _public_seat(state: State, seat: int) -> dict[str, Any]:
    return {
        "ready": state.ready[seat],
        "open_pile": state.open_pile[seat],
        "locked": state.locked_count(seat),
        "piles": [_public_pile(state, seat, i) for i in range(cards.PILES)],
    }
