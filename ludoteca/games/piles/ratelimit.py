"""The optional action rate limit (spec 2(e), ASSUMPTION: 1 action per 150 ms).

Rules stay pure and deterministic, so they never read a clock and records
replay without timestamps. The limit is an option of the match (`min_action_ms`,
shown in every view so a client can pace itself); the web layer, which owns the
clock, calls `check_rate` before `apply` and refuses a too-fast action with
the game's own `too_fast` sentence. A refused action is never recorded.
"""

from __future__ import annotations

from ludoteca.engine import IllegalAction
from ludoteca.games.piles.state import State
from ludoteca.games.piles.text import error_message


def check_rate(state: State, last_ms: float | None, now_ms: float) -> None:
    """Refuse an action that comes less than `min_action_ms` after the seat's last.

    `last_ms` is when the same seat's previous accepted action arrived (``None``
    for its first), `now_ms` when this one arrived, on the server's clock.
    The system timeout is never limited; callers only check seat actions.
    """
    limit = state.min_action_ms
    if limit <= 0 or last_ms is None:
        return
    if now_ms - last_ms < limit:
        raise IllegalAction(
            "too_fast",
            error_message("too_fast", milliseconds=limit),
            milliseconds=limit,
        )
