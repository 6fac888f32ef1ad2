"""The testkit on Darwin's Journey: every player count, both option sets."""

from ludoteca.engine import testkit
from ludoteca.games.darwinsjourney import GAME


def test_testkit_every_player_count():
    matches = None if testkit.deep() else 1  # LUDOTECA_DEEP=1: many more
    report = testkit.check_game(GAME, matches=matches, fuzz_examples=30)
    assert report.matches >= 4


def test_testkit_with_options():
    testkit.check_game(
        GAME,
        player_counts=[1, 3],
        matches=1,
        options=[
            {"rules_edition": "2026-11", "museum_evolution_scope": "whole_museum"},
            {"rules_edition": "2026-11", "solo_rival": False},
            {"solo_alfred": True},
            {"solo_alfred": True, "solo_penalty": 2},
            {
                "museum_evolution_scope": "whole_museum",
                "crew_setup": "first_game",
                "solo_penalty": 2,
            },
        ],
        fuzz_examples=20,
    )
