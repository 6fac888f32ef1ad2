"""Golden playthroughs: the rulebook at 1-4 players, the first reading at 1, 2, 4."""

from pathlib import Path

import pytest

from ludoteca.engine import golden
from ludoteca.games.darwinsjourney import GAME, editions
from ludoteca.games.darwinsjourney.notation import notation

HERE = Path(__file__).parent / "golden"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_golden_playthrough(players):
    lines = golden.playthrough(GAME, players, seed=2026, notation=notation)
    golden.check(lines, HERE / f"{players}p.txt")


@pytest.mark.parametrize("players", [1, 2, 4])
def test_golden_playthrough_of_the_first_reading(players):
    options = {"rules_edition": editions.FIRST_READING}
    lines = golden.playthrough(
        GAME, players, seed=2026, notation=notation, options=options
    )
    golden.check(lines, HERE / f"{players}p-{editions.FIRST_READING}.txt")


def test_golden_playthrough_against_alfred():
    lines = golden.playthrough(
        GAME, 1, seed=2026, notation=notation, options={"solo_alfred": True}
    )
    golden.check(lines, HERE / "1p-alfred.txt")
