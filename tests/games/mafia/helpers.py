"""Hand-built Mafia states for scenario tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ludoteca.engine.protocol import TIMEOUT
from ludoteca.games.mafia import GAME
from ludoteca.games.mafia.match import new_match
from ludoteca.games.mafia.state import NIGHT, State, set_player


def table(*roles: str, night: int = 2, **options: Any) -> State:
    """Seats 0.. get `roles` (padded with Citizens to 7), at the start of `night`."""
    dealt = list(roles) + ["CITIZEN"] * max(0, 7 - len(roles))
    opts = GAME.resolve_options(options)
    state = new_match(dealt, 1, opts, dealt, check_list=False)
    return replace(state, phase=NIGHT, day=night, actions=(None,) * len(dealt))


def night(state: State, **acts: Any) -> State:
    """Submit the given actions (``s3=(5,)``) and resolve the night."""
    actions = list(state.actions)
    for name, targets in acts.items():
        actions[int(name[1:])] = tuple(targets)
    ready = replace(state, actions=tuple(actions))
    return GAME.apply(ready, None, dict(TIMEOUT)).state


def next_night(state: State) -> State:
    """From a dawn, straight to the next night (no lynch)."""
    n = state.num_players
    return replace(
        state,
        phase=NIGHT,
        day=state.day + 1,
        actions=(None,) * n,
        report=(),
    )


def kinds(state: State, seat: int) -> list[str]:
    """The kinds of `seat`'s notes from the last night."""
    return [n.kind for n in state.notes[seat] if n.night == state.day]


def note(state: State, seat: int, kind: str) -> Any:
    found = [n for n in state.notes[seat] if n.kind == kind and n.night == state.day]
    assert found, f"seat {seat} has no {kind} note: {kinds(state, seat)}"
    return found[-1]


def alive(state: State) -> set[int]:
    return {s for s, p in enumerate(state.players) if p.alive}


def dead(state: State) -> set[int]:
    return {s for s, p in enumerate(state.players) if not p.alive}


def kill(state: State, seat: int, shown: str = "") -> State:
    p = state.players[seat]
    return set_player(
        state, seat, alive=False, died="N1", causes=("MAFIA",), shown=shown or p.role
    )
