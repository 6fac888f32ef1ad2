"""Hand-built Lucky Box positions for scenario tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.luckybox import GAME, rules
from ludoteca.games.luckybox.cards import card
from ludoteca.games.luckybox.flow import NUMBER_DECK
from ludoteca.games.luckybox.state import Player, Sheet, State

BOX09, BOX37, BOX52, BOX54, BOX58 = 9, 37, 52, 54, 58


def mask(*cells: int) -> int:
    return sum(1 << c for c in cells)


def cells_of(card_id: int, *numbers: int) -> tuple[int, ...]:
    """Every cell of a card showing one of these numbers."""
    return tuple(i for i, n in enumerate(card(card_id).grid) if n in numbers)


def scenario(
    sheets: Sequence[Sequence[tuple[int, int]]],
    numbers: Sequence[int] = (5,),
    lightning: int | Sequence[int] = 4,
    round_no: int = 1,
    options: dict[str, Any] | None = None,
    **player_fields: Any,
) -> State:
    """A match in play: player p holds `sheets[p]` as (card, crossed mask),
    the first of `numbers` is face up, the rest follow in that order."""
    n = len(sheets)
    base = GAME.setup(n, 1, options)
    rest = Counter(NUMBER_DECK)
    rest.subtract(numbers)
    full = tuple(numbers) + tuple(sorted(rest.elements()))[: 9 - len(numbers)]
    tokens = [lightning] * n if isinstance(lightning, int) else list(lightning)
    players = []
    for p in range(n):
        player = Player(
            sheets=tuple(Sheet(c, m) for c, m in sheets[p]),
            lightning=tokens[p],
            **player_fields,
        )
        strict = base.lightning_only_when_blocked
        stage = "cross" if rules.cross_options(player, full[0], strict) else "idle"
        players.append(replace(player, stage=stage))
    used = {c for hand in sheets for c, _ in hand}
    deck = tuple(c for c in range(1, 61) if c not in used)
    return replace(
        base,
        phase="play",
        round=round_no,
        numbers=full,
        revealed=1,
        players=tuple(players),
        lucky_deck=deck,
        discard=(),
    )


def act(state: State, seat: int, action: dict[str, Any]) -> State:
    return GAME.apply(state, seat, action).state


def events_of(state: State, seat: int, action: dict[str, Any]) -> list[str]:
    return [e.type for e in GAME.apply(state, seat, action).events]


def refusal(state: State, seat: int | None, action: Any) -> str:
    try:
        GAME.apply(state, seat, action)
    except IllegalAction as exc:
        return exc.code
    raise AssertionError(f"{action!r} was accepted")


def cross(card_id: int, cell: int, shift: int = 0) -> dict[str, Any]:
    return {"type": "cross", "card": card_id, "cell": cell, "shift": shift}


def bonus(card_id: int, line: str, target: int, cell: int) -> dict[str, Any]:
    return {
        "type": "bonus",
        "card": card_id,
        "line": line,
        "target": target,
        "cell": cell,
    }


def crossed(state: State, seat: int, card_id: int) -> int:
    return next(s.crossed for s in state.players[seat].sheets if s.card == card_id)
