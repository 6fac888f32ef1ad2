"""Scenario builders for Inside Job tests: hand-made states from a setup state."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ludoteca.engine.protocol import Step
from ludoteca.games.insidejob import GAME
from ludoteca.games.insidejob.cards import parse
from ludoteca.games.insidejob.flow import planned_tricks
from ludoteca.games.insidejob.state import State, Trick


def cards(*names: str) -> tuple[int, ...]:
    return tuple(sorted(parse(n) for n in names))


def table(
    n: int = 4,
    roles: tuple[str, ...] | None = None,
    hands: dict[int, tuple[str, ...]] | None = None,
    mission: str | None = "D1",
    leader: int = 0,
    intel: tuple[int, ...] | None = None,
    completed: int = 0,
    tricks_done: int = 0,
    last_trick: bool = False,
    options: dict[str, Any] | None = None,
    **fields: Any,
) -> State:
    """A state in the play phase with the given roles, hands and mission."""
    base = GAME.setup(n, 7, options or {})
    roles = roles or ("agent",) * (n - 1) + ("insider",)
    given = {s: cards(*h) for s, h in (hands or {}).items()}
    used = {c for h in given.values() for c in h}
    spare = [c for c in range(52) if c not in used]
    all_hands = []
    for s in range(n):
        if s in given:
            all_hands.append(given[s])
        else:
            all_hands.append(tuple(spare[:2]))
            spare = spare[2:]
    done = planned_tricks(base) - 1 if last_trick else tricks_done
    dummy = Trick(leader, None, (), leader, False)
    revealed = tuple(
        "setup" if r in ("microphone", "accomplice") else "" for r in roles
    )
    state = replace(
        base,
        roles=roles,
        hands=tuple(all_hands),
        set_aside=tuple(spare),
        intel=intel if intel is not None else (1,) * n,
        mission=mission,
        offered=(),
        leader=leader,
        phase="play",
        completed=tuple(f"X{i}" for i in range(completed)),
        tricks=(dummy,) * done,
        revealed=revealed,
    )
    return replace(state, **fields)


def play(state: State, seat: int, card: str, wager: bool = False) -> State:
    return GAME.apply(
        state, seat, {"type": "play", "card": parse(card), "wager": wager}
    ).state


def play_step(state: State, seat: int, card: str, wager: bool = False) -> Step[State]:
    return GAME.apply(
        state, seat, {"type": "play", "card": parse(card), "wager": wager}
    )


def trick(state: State, *moves: str | tuple[str, bool]) -> State:
    """Play one card per seat in turn order; ("B8", True) bets on it."""
    for move in moves:
        card, wager = (move, False) if isinstance(move, str) else move
        seat = state.turn
        assert seat is not None, state.phase
        state = play(state, seat, card, wager)
    return state


def vote(state: State, seat: int, *targets: int) -> State:
    return GAME.apply(state, seat, {"type": "vote", "targets": list(targets)}).state
