"""Golden playthroughs: a seeded random match written as text, diffed in tests.

    lines = golden.playthrough(GAME, players=2, seed=7, notation=my_notation)
    golden.check(lines, Path(__file__).parent / "golden" / "two_players.txt")

`notation(state)` gives a compact one-line text of the state (like FEN). Run the
tests with ``LUDOTECA_REGEN_GOLDEN=1`` to rewrite the files after an intended
rules change, then review the diff.
"""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ludoteca.engine.protocol import Game
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.engine.testkit import random_step


def playthrough(
    game: Game[Any],
    players: int,
    seed: int,
    notation: Callable[[Any], str],
    options: Mapping[str, Any] | None = None,
    max_moves: int = 5_000,
) -> list[str]:
    state = game.setup(players, seed, game.resolve_options(options))
    rng = Rng(mix_seed("golden", seed))
    lines = [
        f"setup players={players} seed={seed} options={json.dumps(dict(options or {}))}"
    ]
    lines.append(f"  {notation(state)}")
    moves = 0
    while game.outcome(state) is None and moves < max_moves:
        seat, action = random_step(game, state, rng)
        step = game.apply(state, seat, action)
        state = step.state
        moves += 1
        lines.append(f"{moves}. seat {seat}: {json.dumps(action, sort_keys=True)}")
        lines.append(f"  {notation(state)}")
    outcome = game.outcome(state)
    lines.append(
        f"outcome: {json.dumps(None if outcome is None else outcome.as_dict())}"
    )
    return lines


def check(lines: list[str], path: Path) -> None:
    text = "\n".join(lines) + "\n"
    if os.environ.get("LUDOTECA_REGEN_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    expected = path.read_text(encoding="utf-8")
    if expected != text:
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), "golden", "now", lineterm="", n=2
        )
        raise AssertionError(
            f"{path.name} differs from the golden playthrough "
            "(LUDOTECA_REGEN_GOLDEN=1 rewrites it):\n" + "\n".join(list(diff)[:40])
        )
