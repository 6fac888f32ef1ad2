"""A one-slot memo for a game's questions about the latest state.

A move asks the same question of the same state several times (who acts, then
the check of the seat; what a seat may do, for its choice and again for the
check of it). States are frozen, so the same object always has the same
answer: the latest question and its answer are kept, by the state's identity,
and an ask of any other state replaces them. The slot holds the state and the
game themselves, so neither id can be reused while it is kept; it is one
tuple, swapped whole, so threads sharing a game at worst work an answer out
twice. One slot only: nothing older than the latest state stays alive.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])


def latest_state(method: F) -> F:
    """Memoise `method(self, state, *args)` for the last (self, state, args)
    asked; `state` and `self` by identity, `args` (positional only) by
    equality. The answer is shared between callers, so it must not be
    changed: a tuple, a frozenset."""
    slot: tuple[Any, Any, tuple[Any, ...], Any] = (None, None, (), None)

    @functools.wraps(method)
    def ask(self: Any, state: Any, *args: Any) -> Any:
        nonlocal slot
        game, known, known_args, answer = slot
        if known is state and game is self and known_args == args:
            return answer
        answer = method(self, state, *args)
        slot = (self, state, args, answer)
        return answer

    return cast(F, ask)
