"""Golden playthroughs: a seeded random match per player count, as text.

The text holds every public event, the hidden hands at each deal (this is a
test artefact, not a view) and the board at each round's end. Regenerate the
files after a deliberate rules change and review the diff:

    LUDOTECA_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/games/catinthebox
    (or) .venv/bin/python -m tests.games.catinthebox.test_golden
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ludoteca.engine import golden
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.catinthebox import GAME
from ludoteca.games.catinthebox.notation import board_text, describe

GOLDEN = Path(__file__).parent / "golden"
SEEDS = {2: 1, 3: 1, 4: 1, 5: 1}


def _action_text(seat, action):
    if action["type"] == "play":
        return f"P{seat} play {action['card']} {action['color']}"
    if action["type"] == "predict":
        return f"P{seat} predict {action['tricks']}"
    return f"P{seat} set aside {action['card']}"


def _hands(state):
    return "  hands: " + " | ".join(
        f"P{s} " + " ".join(map(str, h)) for s, h in enumerate(state.hands)
    )


def playthrough(players: int, seed: int) -> list[str]:
    state = GAME.setup(players, seed)
    rng = Rng(mix_seed("golden", seed))
    lines = [
        f"Cat in the Box, {players} players, seed {seed}, default options",
        f"== round 1, start player P{state.start_player} ==",
        _hands(state),
    ]
    while GAME.outcome(state) is None:
        seat = rng.choice(sorted(GAME.active_seats(state)))
        action = rng.choice(GAME.legal_actions(state, seat))
        step = GAME.apply(state, seat, action)
        lines.append("> " + _action_text(seat, action))
        for ev in step.events:
            if ev.to is not None:
                continue
            if ev.type == "round_scored":
                lines.append(board_text(step.state.results[-1].board, state.rules.rows))
            lines.append("  " + describe(ev.type, ev.data))
            if ev.type == "round_started":
                lines.append(_hands(step.state))
        state = step.state
    outcome = GAME.outcome(state)
    assert outcome is not None
    lines.append(f"winners {list(outcome.winners)} ranks {list(outcome.ranks)}")
    return lines


def _path(players: int) -> Path:
    return GOLDEN / f"{players}p_seed{SEEDS[players]}.txt"


@pytest.mark.parametrize("players", sorted(SEEDS))
def test_golden_playthrough(players):
    golden.check(playthrough(players, SEEDS[players]), _path(players))


if __name__ == "__main__":
    os.environ["LUDOTECA_REGEN_GOLDEN"] = "1"
    for count in SEEDS:
        golden.check(playthrough(count, SEEDS[count]), _path(count))
