"""Golden playthroughs for 1, 2 and 4 players."""

from pathlib import Path

import pytest

from ludoteca.engine import golden
from ludoteca.games.darwinsjourney import GAME
from ludoteca.games.darwinsjourney.notation import notation

HERE = Path(__file__).parent / "golden"


@pytest.mark.parametrize("players", [1, 2, 4])
def test_golden_playthrough(players):
    lines = golden.playthrough(GAME, players, seed=2026, notation=notation)
    golden.check(lines, HERE / f"{players}p.txt")
