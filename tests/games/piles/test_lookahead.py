"""Piles!' "hard": the rule policy with a lookahead (games/piles/lookahead.py)."""

from __future__ import annotations

from ludoteca.bots import registry
from ludoteca.engine.rng import Rng
from ludoteca.games.piles import GAME, bot, lookahead
from tests.games.piles.helpers import helped_pile, started


def test_the_rollout_policy_ranks_swaps_like_the_rule_bot() -> None:
    """The lookahead plays out the rule bot's own policy, read from a world."""
    state = started(3, seed=5)
    rng = Rng(3)
    compared = 0
    for _ in range(150):
        seat = rng.below(3)
        held = state.open_pile[seat]
        if held is not None:
            view = GAME.view(state, seat)
            best = bot.best_swap(view["piles"][held]["cards"], view["centre"])
            ranked = lookahead.ranked_swaps(state.piles[seat][held], state.centre)
            assert best == (ranked[0][1] if ranked else None)
            compared += 1
        state = GAME.apply(
            state, seat, bot.PilesBot().choose(GAME, state, seat, 9)
        ).state
        if GAME.outcome(state) is not None:
            break
    assert compared > 20


def test_hard_never_leaves_a_pile_a_centre_card_helps() -> None:
    state, swap = helped_pile()
    for seed in range(4):
        choice = registry.make("hard").choose(GAME, state, 0, seed)
        assert choice == swap
