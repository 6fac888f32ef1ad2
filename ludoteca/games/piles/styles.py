"""How each bot level of Piles! plays the rule policy (`lookahead.decide`).

Every level is the rule policy of `bot.py`: swap in a centre card that
gathers the pile in hand, else pick up the next pile. The levels differ in
what a player of that level would: how many of the four centre cards they
take in at a glance, whether they give stray cards away when stuck, and
whether they think ahead. A bigger budget of the generic search was no
stronger ("medium beats easy" rejected at 48.8 %, docs/bots.md).

Measured on the tuning seeds (`bench/piles_tune.py`, ``mix_seed("tune", m)``,
two players, 200 matches each; not the sequential test's seeds): hard beats
medium 77.5 %, medium beats easy 71.5 %, easy beats random 73.8 %.
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
    remembers: bool = False
    """Picks up the pile it remembers a centre card helps, else one it has
    never held (`lookahead.pick_up`), instead of the next one round."""


STYLES: dict[str, Style] = {
    # The rule bot (`piles`) taking in about one centre card in three.
    "easy": Style(stir=0.2, notice=0.35),
    # The rule bot overlooking two centre cards in five.
    "medium": Style(stir=0.2, notice=0.6),
    # Sees every card, never gives a stray card away (it leaves the pile no
    # closer, and what comes back only helps once another player feeds the
    # centre: the policy alone beat the rule bot 60.5 % of 400), looks
    # ahead among its helpful swaps (`lookahead.decide`), and remembers its
    # piles (among two rule bots on the tuning seeds, 45.8 % of 240 against
    # 40.4 % without).
    "hard": Style(stir=0.0, worlds=8, remembers=True),
}
"""Level name -> its style."""
