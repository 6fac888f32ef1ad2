"""Golden playthroughs: seeded matches written as text and diffed.

The game's own notation (ludoteca/games/insidejob/notation.py) shows each move
and what it caused, which reads better than the state dump of
`engine.golden.playthrough`; `engine.golden.check` does the diffing.

Regenerate after an intended rules change with ``LUDOTECA_REGEN_GOLDEN=1``
set while running this file with pytest, and review the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca.engine import golden
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.insidejob import GAME
from ludoteca.games.insidejob.notation import after, describe, header

GOLDEN = Path(__file__).parent / "golden"

MATCHES = {
    "base-4p": (4, 101, {}),
    "wagers-risky-3p": (3, 202, {"wagers": True, "risky_missions": True}),
    "wagers-5p": (5, 303, {"wagers": True}),
    "accomplice-tim-paranoid-4p": (
        4,
        404,
        {
            "wagers": True,
            "character_accomplice": True,
            "character_tim_shady": True,
            "character_paranoid": True,
        },
    ),
    "microphone-wagers-4p": (
        4,
        606,
        {"wagers": True, "character_microphone": True},
    ),
    "profno-decoy-sleeping-fullrisk-5p": (
        5,
        505,
        {
            "character_prof_no": True,
            "character_decoy": True,
            "character_sleeping": True,
            "character_full_risk": True,
        },
    ),
}


def playthrough(players: int, seed: int, options: dict[str, bool]) -> list[str]:
    state = GAME.setup(players, seed, options)
    lines = header(state, seed, options)
    rng = Rng(mix_seed("golden", seed))
    while GAME.outcome(state) is None:
        seat = min(GAME.active_seats(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        step = GAME.apply(state, seat, action)
        lines.append(describe(state, seat, action))
        lines += after(step.state, step.events)
        state = step.state
    return lines


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_golden_playthrough(name):
    players, seed, options = MATCHES[name]
    golden.check(playthrough(players, seed, options), GOLDEN / f"{name}.txt")
