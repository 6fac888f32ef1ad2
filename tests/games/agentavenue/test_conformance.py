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


def test_refill_after_play_and_the_first_rules():
    """Option refill_timing = "after_play" (rulebook), and the rules of records
    made before 2026-12 (edition = "2026-11")."""
    after = {"refill_timing": "after_play", "black_market": True}
    report = testkit.check_game(
        GAME,
        player_counts=[2],
        options=[after, {"edition": "2026-11", "black_market": True}],
        matches=None if testkit.deep() else 4,
        fuzz_examples=None if testkit.deep() else 30,
    )
    teams = testkit.check_game(
        GAME,
        player_counts=[3, 4],
        options=[{**after, "teams": True}],
        matches=None if testkit.deep() else 2,
        fuzz_examples=None if testkit.deep() else 20,
    )
    assert report.matches >= 8 and teams.matches >= 4
