"""The engine conformance suite on Agent Avenue, with each option set."""

from __future__ import annotations

from ludoteca.engine import testkit
from ludoteca.games.agentavenue import GAME


def test_two_players_basic_and_black_market():
    report = testkit.check_game(
        GAME, player_counts=[2], options=[{}, {"black_market": True}]
    )
    assert report.matches >= 12


def test_team_variant_three_and_four_players():
    report = testkit.check_game(
        GAME,
        player_counts=[3, 4],
        options=[{"teams": True}, {"teams": True, "black_market": True}],
        matches=None if testkit.deep() else 4,
        fuzz_examples=None if testkit.deep() else 30,
    )
    assert report.matches >= 16
