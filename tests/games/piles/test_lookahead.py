"""Piles!' "hard": the rule policy with a lookahead (games/piles/lookahead.py)."""

from __future__ import annotations

from ludoteca.bots import registry
from ludoteca.engine.rng import Rng
from ludoteca.games.piles import GAME, bot, cards, lookahead
from tests.games.piles.helpers import act, set_centre, set_pile, started


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
    state = started(2)
    d, stray = state.designs[3], state.designs[6]
    pile = [cards.card(d, 0), cards.card(stray, 1), cards.card(d, 2), cards.card(d, 3)]
    state = set_pile(state, 0, 2, pile)
    state = set_centre(state, 3, cards.card(d, 1), keep=[stray])
    state = act(state, 0, type="open", pile=2)
    for seed in range(4):
        choice = registry.make("hard").choose(GAME, state, 0, seed)
        assert choice == {
            "type": "swap",
            "card": cards.card(stray, 1),
            "slot": 3,
            "expected": cards.card(d, 1),
        }
