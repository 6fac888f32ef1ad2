"""The engine's conformance checks for every player count and the options."""

import pytest

from ludoteca.engine import codec, testkit
from ludoteca.games.catinthebox import GAME


def test_conformance_default_options():
    """2-5 players with the spec's defaults (more matches with LUDOTECA_DEEP=1)."""
    report = testkit.check_game(GAME)
    assert report.matches == 4 * (200 if testkit.deep() else 6)


@pytest.mark.parametrize(
    ("counts", "options"),
    [
        ([2, 3, 4, 5], {"leader_red_when_forced": False}),
        ([3, 4, 5], {"predictions": "1-3", "tie_break": "shared"}),
        ([2], {"two_player_seed": False}),
        (
            [3, 4, 5],
            {
                "predictions": "0-4",
                "row_order": "red-blue-yellow-green",
                "first_start_player": "first_seat",
                "prediction_order": "start_player_last",
                "paradox_tokens_stay": False,
                "tie_break": "most_tricks",
            },
        ),
    ],
)
def test_conformance_option_variants(counts, options):
    matches = None if testkit.deep() else 2
    report = testkit.check_game(
        GAME, player_counts=counts, options=[options], matches=matches
    )
    assert report.matches >= len(counts) * 2


def test_fast_json_matches_the_engine_codec():
    for players in (2, 5):
        for state in testkit.play_random(GAME, players, 9).states:
            assert GAME.to_json(state) == codec.dump(state)
