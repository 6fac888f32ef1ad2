"""The search bots finish Darwin's Journey in every edition and variant."""

import pytest

from ludoteca.bots import registry
from ludoteca.bots.arena import play_match
from ludoteca.games.darwinsjourney import GAME
from tests.bots.test_levels import shrunk

VARIANTS = [
    (1, {"solo_alfred": True}),
    (1, {}),
    (2, {"crew_setup": "first_game"}),
    (3, {}),
    (4, {}),
    (1, {"rules_edition": "2026-11"}),
    (3, {"rules_edition": "2026-11"}),
]


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_a_search_bot_finishes_the_match(players, options):
    bots = [shrunk("easy"), *(registry.make("random") for _ in range(players - 1))]
    state, _ = play_match(GAME, bots, 7, GAME.resolve_options(options))
    assert GAME.outcome(state) is not None
    assert bots[0].last is not None
