"""Building Piles! states by hand for scenario tests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ludoteca.games.piles import GAME, cards
from ludoteca.games.piles.state import State

Where = tuple[str, int, int, int]
"""("pile", seat, pile, position) or ("centre", slot, 0, 0)."""


def new(players: int = 2, seed: int = 1, **options: Any) -> State:
    return GAME.setup(players, seed, options)


def started(players: int = 2, seed: int = 1, **options: Any) -> State:
    """A match in play: everybody said ready and the countdown ran out."""
    state = new(players, seed, **options)
    for seat in range(players):
        state = GAME.apply(state, seat, {"type": "ready"}).state
    return GAME.apply(state, None, {"type": "timeout"}).state


def act(state: State, seat: int | None, **action: Any) -> State:
    return GAME.apply(state, seat, dict(action)).state


def locate(state: State, card: int) -> Where:
    for slot, c in enumerate(state.centre):
        if c == card:
            return ("centre", slot, 0, 0)
    for s, seat_piles in enumerate(state.piles):
        for i, pile in enumerate(seat_piles):
            if card in pile:
                return ("pile", s, i, pile.index(card))
    raise LookupError(f"card {card} is not in play")


def _get(state: State, where: Where) -> int:
    kind, a, b, pos = where
    return state.centre[a] if kind == "centre" else state.piles[a][b][pos]


def _put(state: State, where: Where, card: int) -> State:
    kind, a, b, pos = where
    if kind == "centre":
        return replace(state, centre=_set(state.centre, a, card))
    pile = _set(state.piles[a][b], pos, card)
    return replace(state, piles=_set(state.piles, a, _set(state.piles[a], b, pile)))


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def bring_in(state: State, design: int, keep: Sequence[int] = ()) -> State:
    """Put `design` in play by renaming a design that is not in `keep`."""
    if design in state.designs:
        return state
    old = next(d for d in reversed(state.designs) if d not in keep)
    rename = {cards.card(old, c): cards.card(design, c) for c in range(cards.COLOURS)}

    def fix(cs: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(rename.get(c, c) for c in cs)

    return replace(
        state,
        designs=tuple(sorted((*(d for d in state.designs if d != old), design))),
        piles=tuple(tuple(fix(p) for p in seat) for seat in state.piles),
        centre=fix(state.centre),
    )


def place(state: State, card: int, where: Where, keep: Sequence[int] = ()) -> State:
    """Move `card` to `where`, moving the card that was there to its old place."""
    state = bring_in(state, cards.design_of(card), keep)
    here = locate(state, card)
    other = _get(state, where)
    return _put(_put(state, where, card), here, other)


def set_pile(state: State, seat: int, pile: int, content: Sequence[int]) -> State:
    keep = [cards.design_of(c) for c in content]
    for pos, card in enumerate(content):
        state = place(state, card, ("pile", seat, pile, pos), keep)
    return state


def set_centre(state: State, slot: int, card: int, keep: Sequence[int] = ()) -> State:
    return place(state, card, ("centre", slot, 0, 0), [*keep, cards.design_of(card)])


def lock_piles(state: State, seat: int, piles: Sequence[int], designs: Sequence[int]):
    """Make `piles` of `seat` complete and locked, one design each."""
    keep = list(designs)
    for pile, design in zip(piles, designs, strict=True):
        for colour in range(cards.COLOURS):
            state = place(
                state, cards.card(design, colour), ("pile", seat, pile, colour), keep
            )
        flags = _set(state.locked[seat], pile, True)
        state = replace(state, locked=_set(state.locked, seat, flags))
    return state


def all_cards(state: State) -> list[int]:
    return sorted([*state.centre, *(c for s in state.piles for p in s for c in p)])


def is_consistent(state: State) -> bool:
    """Every card of the designs in play is somewhere exactly once."""
    expected = sorted(c for d in state.designs for c in cards.cards_of(d))
    return all_cards(state) == expected


def helped_pile() -> tuple[State, dict[str, object]]:
    """Seat 0 holds a pile that one centre card (slot 3) completes."""
    state = started(2)
    d, stray = state.designs[3], state.designs[6]
    pile = [cards.card(d, 0), cards.card(stray, 1), cards.card(d, 2), cards.card(d, 3)]
    state = set_pile(state, 0, 2, pile)
    state = set_centre(state, 3, cards.card(d, 1), keep=[stray])
    state = act(state, 0, type="open", pile=2)
    swap = {
        "type": "swap",
        "card": cards.card(stray, 1),
        "slot": 3,
        "expected": cards.card(d, 1),
    }
    return state, swap
