"""Golden playthroughs: seeded random matches written as text, one line a move.

Regenerate after an intended rules change with
``.venv/bin/python -m tests.games.agentavenue.test_golden`` and review the diff.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.agentavenue import GAME
from ludoteca.games.agentavenue.notation import action_text, state_line

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "basic-2p": (2, 7, {}),
    "black-market-2p": (2, 21, {"black_market": True}),
    "teams-4p-black-market": (4, 5, {"teams": True, "black_market": True}),
    "teams-3p": (3, 3, {"teams": True}),
}


def playthrough(players: int, seed: int, options: dict[str, object]) -> str:
    state = GAME.setup(players, seed, options)
    rng = Rng(mix_seed("golden", seed))
    lines = [f"# agentavenue players={players} seed={seed} options={options}"]
    lines.append(f"000 start | {state_line(state)}")
    move = 0
    while GAME.outcome(state) is None:
        move += 1
        seat = rng.choice(sorted(GAME.active_seats(state)))
        action = rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action).state
        lines.append(f"{move:03d} s{seat} {action_text(action)} | {state_line(state)}")
    outcome = GAME.outcome(state)
    assert outcome is not None
    lines.append(
        f"# winners={list(outcome.winners)} reason={outcome.details['reason']}"
    )
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name):
    expected = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    assert playthrough(*CASES[name]) == expected


def regenerate() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, case in CASES.items():
        (GOLDEN / f"{name}.txt").write_text(playthrough(*case), encoding="utf-8")
        print(f"wrote {name}.txt", file=sys.stderr)


if __name__ == "__main__":
    regenerate()
