"""The cards of Piles!: 50 garment designs, each printed in 4 colours.

A card is one integer, ``design * 4 + colour`` (0..199). Colour is cosmetic
(spec 2(f).9): only the design decides whether a pile is complete, and since
each design has exactly one card per colour, four cards of one design are
always four different colours.
"""

from __future__ import annotations

from collections.abc import Iterable

DESIGNS = 50
"""Garment designs in the box (spec 2(b): 200 cards = 50 designs x 4)."""
COLOURS = 4
PILES = 6
"""Piles dealt to each player, and piles to lock to win."""
PILE_SIZE = 4
CENTRE_SIZE = 4

KINDS = 10
"""Designs come in 10 garment kinds of 5 styles each, so some look alike."""
STYLES = DESIGNS // KINDS


def designs_in_play(num_players: int) -> int:
    """``6n + 1`` designs: 6 piles of 4 per player plus 4 centre cards."""
    return PILES * num_players + 1


def card(design: int, colour: int) -> int:
    return design * COLOURS + colour


def design_of(card_id: int) -> int:
    return card_id // COLOURS


def colour_of(card_id: int) -> int:
    return card_id % COLOURS


def cards_of(design: int) -> tuple[int, ...]:
    return tuple(card(design, c) for c in range(COLOURS))


def is_card(value: int) -> bool:
    return 0 <= value < DESIGNS * COLOURS


def is_complete(pile: Iterable[int]) -> bool:
    """Four cards of one design: the pile locks (spec 2(c), Completion)."""
    cards = list(pile)
    return len(cards) == PILE_SIZE and len({design_of(c) for c in cards}) == 1


def describe(card_id: int) -> dict[str, int]:
    """A card as the views show it."""
    return {"card": card_id, "design": design_of(card_id), "colour": colour_of(card_id)}
