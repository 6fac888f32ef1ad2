"""The testkit's checks for Super Mega Lucky Box (solo, small, mid and full tables)."""

import pytest

from ludoteca.engine import testkit
from ludoteca.games.luckybox import GAME


@pytest.mark.parametrize("players", [1, 2, 3, 5, 12])
def test_conformance(players):
    # With everyone active at once the mutation checks grow with the square
    # of the table; at 12 seats the fast run leaves them to the smaller tables.
    matches = None if testkit.deep() else (3 if players < 12 else 2)
    fuzz = None if testkit.deep() else (30 if players < 12 else 0)
    report = testkit.check_game(
        GAME, player_counts=[players], matches=matches, fuzz_examples=fuzz
    )
    assert report.states_checked > report.matches


def test_conformance_with_variants():
    """The options that change play: forced lightning and a token cap."""
    matches = None if testkit.deep() else 2
    testkit.check_game(
        GAME,
        player_counts=[1, 4],
        matches=matches,
        options=[{"stuck_lightning": "forced", "max_lightning": 4}],
        fuzz_examples=None if testkit.deep() else 20,
    )
