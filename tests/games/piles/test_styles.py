"""Piles!' levels: the rule policy in each level's style (games/piles/styles.py)."""

from __future__ import annotations

import pytest

from ludoteca.bots import registry
from ludoteca.bots.hints import for_game
from ludoteca.bots.ismcts import IsmctsBot
from ludoteca.engine.rng import Rng
from ludoteca.games.piles import GAME, cards, lookahead
from ludoteca.games.piles.styles import STYLES, Style
from tests.games.piles.helpers import helped_pile, set_centre, started

LEVELS = ("easy", "medium", "hard")


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_its_policy_with_legal_moves(level: str) -> None:
    bot = registry.make(level)
    assert isinstance(bot, IsmctsBot)
    state = started(2, seed=2)
    for turn in range(30):
        seat = turn % 2
        choice = bot.choose(GAME, state, seat, turn)
        assert bot.last is not None and bot.last.stopped == "policy"
        assert choice in GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, choice).state


def test_the_levels_see_and_think_more_as_they_go_up() -> None:
    easy, medium, hard = (STYLES[level] for level in LEVELS)
    assert easy.notice < medium.notice <= hard.notice == 1
    assert hard.stir == 0 and hard.worlds > medium.worlds >= easy.worlds
    hints = for_game(GAME)
    assert [hints.worlds_for(level) for level in LEVELS] == [
        max(1, STYLES[level].worlds) for level in LEVELS
    ]


def test_a_glance_takes_in_some_of_the_centre() -> None:
    assert lookahead.glance(4, Rng(1), 1.0) is None  # everything, no dice drawn
    assert lookahead.glance(4, Rng(1), 0.0) == []
    seen = [lookahead.glance(4, Rng(seed), 0.5) for seed in range(200)]
    sizes = [len(s or ()) for s in seen]
    assert 0 in sizes and 4 in sizes and 300 < sum(sizes) < 500


def test_a_player_who_overlooks_the_card_moves_on() -> None:
    state, swap = helped_pile()
    blind = Style(stir=0.0, notice=0.0)
    choice = lookahead.decide(GAME, [state], 0, 1, blind)
    assert choice == {"type": "open", "pile": 3}
    sharp = Style(stir=0.0)
    assert lookahead.decide(GAME, [state], 0, 1, sharp) == swap


def test_a_lower_level_sometimes_misses_the_card_that_completes_a_pile() -> None:
    state, swap = helped_pile()
    easy = registry.make("easy")
    choices = [easy.choose(GAME, state, 0, seed) for seed in range(40)]
    taken = sum(choice == swap for choice in choices)
    assert 0 < taken < 40
    # Otherwise it moves on, or (the rule bot's stir) gives its stray card away.
    assert all(c["type"] == "open" or c["card"] == swap["card"] for c in choices)
    hard = registry.make("hard")
    assert all(hard.choose(GAME, state, 0, seed) == swap for seed in range(4))


def test_a_stirring_style_gives_a_stray_card_when_nothing_helps() -> None:
    state, _ = helped_pile()
    pile = state.piles[0][2]
    d = cards.design_of(pile[0])
    mine = {cards.design_of(c) for c in pile}
    elsewhere = next(c for c in state.piles[1][0] if cards.design_of(c) not in mine)
    state = set_centre(state, 3, elsewhere, keep=list(mine))  # (d, 1) leaves
    assert not lookahead.ranked_swaps(pile, state.centre)
    always = Style(stir=1.0)
    choice = lookahead.decide(GAME, [state], 0, 5, always)
    assert choice is not None and choice["type"] == "swap"
    assert cards.design_of(choice["card"]) != d  # the stray card, not the set
    never = Style(stir=0.0)
    assert lookahead.decide(GAME, [state], 0, 5, never) == {"type": "open", "pile": 3}
