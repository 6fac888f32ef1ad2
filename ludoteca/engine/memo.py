"""A one-slot memo for a game's questions about the latest state.

A move asks the same question of the same state several times (who acts, then
the check of the seat; what a seat may do, for its choice and again for the
check of it). States are frozen, so the same object always has the same
answer: the latest question and its answer are kept, by the state's identity,
and an ask of any other state replaces them. One slot, swapped whole as one
tuple (threads may share a game), so nothing older is kept alive.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

R = TypeVar("R")


def latest_state(method: Callable[..., R]) -> Callable[..., R]:
    """Memoise `method(self, state, *args)` for the last (self, state, args)
    asked; `state` and `self` by identity, `args` by equality. The answer is
    shared between callers, so it must not be changed (a tuple, a frozenset)."""
    slot: tuple[Any, Any, tuple[Any, ...], Any] = (None, None, (), None)

    @functools.wraps(method)
    def ask(self: Any, state: Any, *args: Any) -> R:
        nonlocal slot
        game, known, known_args, answer = slot
        if known is state and game is self and known_args == args:
            return answer  # type: ignore[no-any-return]
        answer = method(self, state, *args)
        slot = (self, state, args, answer)
        return answer

    return ask
