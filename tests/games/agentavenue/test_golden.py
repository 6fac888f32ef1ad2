"""Golden playthroughs: seeded random matches written as text, one state a move.

The state notation is `notation.state_line` (hidden cards included: these files
are for developers). After an intended rules change, rewrite the files with

    LUDOTECA_REGEN_GOLDEN=1 .venv/bin/python -m pytest \
        tests/games/agentavenue/test_golden.py

and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.engine import golden
from ludoteca.games.agentavenue import GAME
from ludoteca.games.agentavenue.notation import state_line

HERE = Path(__file__).parent / "golden"
CASES = {
    "basic-2p": (2, 7, {}),
    "black-market-2p": (2, 21, {"black_market": True}),
    "teams-4p-black-market": (4, 5, {"teams": True, "black_market": True}),
    "teams-3p": (3, 3, {"teams": True}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name):
    players, seed, options = CASES[name]
    lines = golden.playthrough(GAME, players, seed, state_line, options)
    golden.check(lines, HERE / f"{name}.txt")
