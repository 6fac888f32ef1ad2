"""Hand-built states for scenario tests (spec sections named in each test)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.catinthebox import GAME
from ludoteca.games.catinthebox.notation import parse_board
from ludoteca.games.catinthebox.state import (
    COLORS,
    NONE,
    PHASE_PLAY,
    Play,
    State,
)

INITIAL = {name[0].upper(): c for c, name in enumerate(COLORS)}


def cell(code: str) -> tuple[int, int]:
    """``"G7"`` -> (colour index, card)."""
    return INITIAL[code[0]], int(code[1:])


def play_action(code: str) -> dict[str, Any]:
    color, card = cell(code)
    return {"type": "play", "card": card, "color": COLORS[color]}


def crossed_marks(n: int, revealed: Mapping[int, str]) -> tuple[tuple[bool, ...], ...]:
    """`revealed` maps a seat to the initials of its revealed X ("YG")."""
    return tuple(
        tuple(c in {INITIAL[i] for i in revealed.get(s, "")} for c in range(4))
        for s in range(n)
    )


def play_state(
    n: int,
    hands: Sequence[Sequence[int]],
    board: str = "",
    *,
    turn: int = 0,
    trick: Sequence[tuple[int, str]] = (),
    revealed: Mapping[int, str] | None = None,
    bids: Sequence[int] | None = None,
    tricks: Sequence[int] | None = None,
    options: Mapping[str, Any] | None = None,
    round: int = 1,
    start: int = 0,
) -> State:
    """A state in the play phase; `trick` lists (seat, "G7") already played."""
    base = GAME.setup(n, 1, {"first_start_player": "first_seat", **(options or {})})
    plays = tuple(Play(seat, cell(code)[1], cell(code)[0]) for seat, code in trick)
    leader = plays[0].seat if plays else turn
    rows = [list(row) for row in parse_board(board, base.highest_card)]
    for p in plays:
        rows[p.color][p.card - 1] = p.seat
    return replace(
        base,
        phase=PHASE_PLAY,
        round=round,
        start_player=start,
        hands=tuple(tuple(sorted(h)) for h in hands),
        set_aside=(1,) * n,
        undealt=(),
        bids=tuple(bids) if bids is not None else (NONE if n == 2 else 1,) * n,
        board=tuple(tuple(row) for row in rows),
        crossed=crossed_marks(n, revealed or {}),
        tricks=tuple(tricks) if tricks is not None else (0,) * n,
        leader=leader,
        turn=turn,
        trick=plays,
    )


def legal_codes(state: State, seat: int) -> set[str]:
    return {
        f"{a['color'][0].upper()}{a['card']}" for a in GAME.legal_actions(state, seat)
    }


def refusal_code(state: State, seat: int | None, action: Any) -> str:
    try:
        GAME.apply(state, seat, action)
    except IllegalAction as exc:
        return exc.code
    raise AssertionError(f"{action} was accepted")


def events_of(step: Any) -> list[tuple[str, dict[str, Any]]]:
    return [(e.type, dict(e.data)) for e in step.events]
