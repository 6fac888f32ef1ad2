"""How each bot level of Piles! plays the rule policy (`lookahead.decide`).

Every level is the rule policy of `bot.py`: swap in a centre card that
gathers the pile in hand, else pick up the next pile. The levels differ in
what a player of that level would: how many of the four centre cards they
take in at a glance, whether they give stray cards away when stuck, and how
far they think ahead.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Style:
    stir: float
    """Chance of giving a stray card to the centre when no centre card helps."""
    notice: float = 1.0
    """Chance of seeing each centre card at a glance (1: every card)."""
    worlds: int = 0
    """Sampled worlds the lookahead plays each candidate out in (0: none)."""
    own_actions: int = 10
    """How far the lookahead looks: about this many actions of the seat."""


STYLES: dict[str, Style] = {
    "easy": Style(stir=0.0, notice=0.35),
    "medium": Style(stir=0.0, notice=0.6),
    "hard": Style(stir=0.0, worlds=8),
}
"""Level name -> its style."""
