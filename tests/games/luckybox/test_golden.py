"""Golden playthroughs: seeded matches written as text and compared with
the files in golden/. Regenerate after an intended change with

    LUDOTECA_REGEN_GOLDEN=1 .venv/bin/python -m pytest \
        tests/games/luckybox/test_golden.py
"""

import json
from pathlib import Path

import pytest

from ludoteca.engine import golden
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.luckybox import GAME, notation

GOLDEN = Path(__file__).parent / "golden"


def playthrough(players: int, seed: int) -> list[str]:
    state = GAME.setup(players, seed)
    chooser = Rng(mix_seed("golden", seed))
    out = [f"Super Mega Lucky Box · {players} player(s) · seed {seed}", ""]
    out += [notation.board(state), ""]
    round_no = (state.phase, state.round)
    while GAME.outcome(state) is None:
        seat = chooser.choice(sorted(GAME.active_seats(state)))
        action = chooser.choice(GAME.legal_actions(state, seat))
        step = GAME.apply(state, seat, action)
        out.append(notation.action_text(seat, action))
        out += [notation.event_text(e) for e in step.events]
        state = step.state
        if (state.phase, state.round) != round_no:
            round_no = (state.phase, state.round)
            out += ["", notation.board(state), ""]
    outcome = GAME.outcome(state)
    assert outcome is not None
    out += ["", "outcome " + json.dumps(outcome.as_dict(), sort_keys=True)]
    return "\n".join(out).split("\n")


@pytest.mark.parametrize(("players", "seed"), [(1, 2021), (2, 341530)])
def test_golden_playthrough(players, seed):
    golden.check(playthrough(players, seed), GOLDEN / f"{players}p-seed{seed}.txt")
