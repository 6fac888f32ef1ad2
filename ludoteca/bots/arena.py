"""Matches between bots with a simulated clock (for tests and benchmarks).

`ludoteca.engine.simulate.play_match` applies the timeout only when no seat
is active, so a real-time game whose phases end by the clock (Piles: every
seat is active until the match timer runs out) never ends there. This loop
plays like the platform: each action takes `seconds_per_move` of simulated
time, and when the current phase has lasted its `phase_seconds` the system
timeout is applied (``seat=None``). A phase is told apart by the game's
`phase_key` when it has one (a key that comes back resumes its phase with the
time it had left), else by its length and the spectator view's ``"phase"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ludoteca.engine.protocol import TIMEOUT, Game
from ludoteca.engine.rng import Rng, mix_seed


def _phase(game: Game[Any], state: Any, limit: float | None) -> tuple[Any, ...]:
    own = game.phase_key(state)
    if own is not None:
        return ("game", own)
    view = game.view(state, None)
    return (limit, view.get("phase") if isinstance(view, dict) else None)


def play_match(
    game: Game[Any],
    bots: Sequence[Any],
    seed: int,
    options: Mapping[str, Any] | None = None,
    seconds_per_move: float = 1.0,
    max_moves: int = 20_000,
) -> tuple[Any, int]:
    """One match, one bot per seat; returns the final state and the moves.

    When several seats may act, the next one is drawn at random (like
    players whose messages arrive in some order).
    """
    state = game.setup(len(bots), seed, options)
    rng = Rng(mix_seed("arena", seed))
    moves = 0
    elapsed = 0.0
    limit = game.phase_seconds(state)
    phase = _phase(game, state, limit)
    paused: dict[tuple[Any, ...], float] = {}
    while game.outcome(state) is None and moves < max_moves:
        seats = sorted(game.active_seats(state))
        if limit is not None and (not seats or elapsed >= limit):
            state = game.apply(state, None, dict(TIMEOUT)).state
        elif not seats:
            raise RuntimeError(f"{game.info.id}: no seat may act and no clock runs")
        else:
            seat = rng.choice(seats)
            action = bots[seat].choose(game, state, seat, rng.next64())
            state = game.apply(state, seat, action).state
            elapsed += seconds_per_move
        moves += 1
        limit = game.phase_seconds(state)
        now = _phase(game, state, limit)
        if now != phase or limit is None:
            # A phase the game keys itself resumes where it stopped if its key
            # comes back (like the platform: Mafia's voting after a trial).
            if phase[0] == "game":
                paused[phase] = elapsed
            phase, elapsed = now, paused.pop(now, 0.0) if now[0] == "game" else 0.0
    return state, moves
