"""The 52 playing cards and who wins a trick (spec 1(b), 1(c) "Trick-winner").

A card is an int 0..51: suit ``card // 13`` (0..3: blue, green, yellow, red,
names cosmetic) and value ``card % 13 + 1`` (1..13). A card carrying a wager
counts as the mission's trump suit, for the trick and for the mission.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SUITS = ("B", "G", "Y", "R")
"""Short suit letters used in notation; players see blue, green, yellow, red."""

SUIT_NAMES = ("blue", "green", "yellow", "red")


def suit(card: int) -> int:
    return card // 13


def value(card: int) -> int:
    return card % 13 + 1


def card_of(suit_index: int, card_value: int) -> int:
    return suit_index * 13 + card_value - 1


def parse(text: str) -> int:
    """``"B9"`` -> the blue 9 (notation of the spec's worked examples)."""
    return card_of(SUITS.index(text[0]), int(text[1:]))


def name(card: int) -> str:
    return f"{SUITS[suit(card)]}{value(card)}"


@dataclass(frozen=True)
class Played:
    """One card of a trick, in play order."""

    seat: int
    card: int
    wager: bool = False


def effective_suit(played: Played, trump: int | None) -> int:
    """A wagered card counts as the trump suit (spec 1(c), BGA)."""
    if played.wager and trump is not None:
        return trump
    return suit(played.card)


def winning_index(trick: Sequence[Played], trump: int | None) -> int:
    """Index in `trick` of the winning card.

    Trumps (real or wagered) beat everything; otherwise the highest card of
    the led suit wins. Of two equal values the later card wins.
    """
    led = suit(trick[0].card)
    trumps = [i for i, p in enumerate(trick) if effective_suit(p, trump) == trump]
    candidates = trumps or [i for i, p in enumerate(trick) if suit(p.card) == led]
    best = candidates[0]
    for i in candidates[1:]:
        if value(trick[i].card) >= value(trick[best].card):
            best = i
    return best
