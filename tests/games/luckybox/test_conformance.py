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


@pytest.mark.parametrize(
    "options",
    [
        {"lightning_only_when_blocked": True, "max_lightning": 4},
        # The rules of records made before 2026-12, forced lightning included.
        {
            "edition": "2026-11",
            "lightning_only_when_blocked": True,
            "stuck_lightning": "forced",
        },
    ],
)
def test_conformance_with_variants(options):
    """The options that change play: lightning rules, a token cap, the old rules."""
    matches = None if testkit.deep() else 2
    testkit.check_game(
        GAME,
        player_counts=[1, 4],
        matches=matches,
        options=[options],
        fuzz_examples=None if testkit.deep() else 20,
    )
