"""The state of a Super Mega Lucky Box match: frozen dataclasses of tuples."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Phase = Literal["draft", "play", "over"]

# What a player still has to do in the current step.
#   draft: choose the cards to keep     cross: cross (or pass) the revealed number
#   bonus: resolve pending bonuses      idle:  nothing (waits for the others)
Stage = Literal["idle", "draft", "cross", "bonus"]

PUBLIC = -1
"""Owner of a discarded card everyone saw (a completed card, and since 2026-12
a card not kept in a draft; older states name the seat that saw it)."""


@dataclass(frozen=True)
class Sheet:
    """A Lucky Box card in front of a player and the cells crossed on it."""

    card: int
    crossed: int = 0  # bit i set = cell i crossed (cells row by row)


@dataclass(frozen=True)
class RoundScore:
    cards: int  # points for cards completed this round
    stars: int  # points for this round's stars

    @property
    def total(self) -> int:
        return self.cards + self.stars


@dataclass(frozen=True)
class Player:
    sheets: tuple[Sheet, ...] = ()
    lightning: int = 4
    stars: int = 0  # stars gained this round
    moons: int = 0
    stage: Stage = "idle"
    offer: tuple[int, ...] = ()  # draft cards offered (private)
    picked: tuple[int, ...] = ()  # cards chosen, private until the draft ends
    pending: tuple[tuple[int, int], ...] = ()  # (card, line) bonuses to cross
    scores: tuple[RoundScore, ...] = ()


@dataclass(frozen=True)
class State:
    num_players: int
    phase: Phase
    round: int  # 1..4
    keep: int  # cards to keep in the current draft
    numbers: tuple[int, ...]  # this round's 9 number cards in reveal order
    revealed: int  # how many of them are face up
    lucky_deck: tuple[int, ...]
    discard: tuple[tuple[int, int], ...]  # (card, seat who saw it or PUBLIC)
    players: tuple[Player, ...]
    rng: int
    forced_lightning: bool = False
    max_lightning: int = 0  # 0: no limit
    # Defaults are the rules of states saved before 2026-12 (see game.OPTIONS).
    lightning_only_when_blocked: bool = True
    edition: str = "2026-11"

    @property
    def number(self) -> int | None:
        """The revealed number the players are crossing now."""
        if self.phase != "play" or self.revealed == 0:
            return None
        return self.numbers[self.revealed - 1]
