"""The test game itself passes the engine's conformance checks."""

from ludoteca.engine import testkit
from tests.bots.goofspiel import GAME


def test_goofspiel_conforms() -> None:
    testkit.check_game(GAME, matches=3)
    testkit.check_game(GAME, player_counts=[3, 4], matches=2, options=[{"timed": True}])
