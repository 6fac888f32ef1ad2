"""Piles!' "hard": the rule policy with a lookahead (games/piles/lookahead.py)."""

from __future__ import annotations

from ludoteca.bots import registry
from ludoteca.engine.rng import Rng
from ludoteca.games.piles import GAME, bot, cards, lookahead
from tests.games.piles.helpers import act, helped_pile, set_pile, started


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


def test_hard_picks_up_the_pile_it_remembers_a_centre_card_completes() -> None:
    """Hard remembers its piles (`State.seen`): stuck with a pile no centre
    card helps, it picks up the one it put down that slot 3 completes, not
    the next one round."""
    state, _ = helped_pile()  # seat 0 holds pile 2; slot 3 completes it
    centre = {cards.design_of(c) for c in state.centre}
    others = [d for d in state.designs if d not in centre][:4]
    stuck = [cards.card(d, 0) for d in others]
    state = set_pile(state, 0, 5, stuck)
    state = act(state, 0, type="open", pile=5)
    assert state.seen[0] == (False, False, True, False, False, True)
    assert lookahead.ranked_swaps(state.piles[0][5], state.centre) == []
    assert lookahead.pick_up(state, 0) == {"type": "open", "pile": 2}
    for seed in range(4):
        choice = registry.make("hard").choose(GAME, state, 0, seed)
        assert choice == {"type": "open", "pile": 2}
    # Without a memory the rule bot goes round to the next pile.
    assert lookahead.next_open(state, 0) == {"type": "open", "pile": 0}


def test_with_nothing_remembered_that_helps_hard_picks_up_a_pile_never_held() -> None:
    state = started(2)
    centre = {cards.design_of(c) for c in state.centre}
    others = [d for d in state.designs if d not in centre][:4]
    state = set_pile(state, 1, 0, [cards.card(d, 1) for d in others])
    state = act(act(state, 1, type="open", pile=0), 1, type="open", pile=3)
    # Pile 0 is remembered, but no centre card helps it: pile 1 is a fresh chance.
    assert lookahead.pick_up(state, 1) == {"type": "open", "pile": 1}
