"""A seeded Piles! match written out as text and compared with golden/*.txt.

Two bots with the view-only policy of bot.py play a 2-player match to the end.
After a deliberate change of rules, notation or bot, regenerate with
``LUDOTECA_REGEN=1 .venv/bin/python -m pytest tests/games/piles/test_golden.py``
and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ludoteca.engine.protocol import TIMEOUT
from ludoteca.engine.record import Move, Record, replay
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.piles import GAME, notation
from ludoteca.games.piles.bot import PilesBot

GOLDEN = Path(__file__).parent / "golden"
SNAPSHOT_EVERY = 10


def play(players: int, seed: int) -> tuple[str, Record]:
    state = GAME.setup(players, seed)
    record = Record("piles", players, seed, GAME.resolve_options({}))
    bot, rng = PilesBot(), Rng(mix_seed("golden", seed))
    lines = [
        f"Piles! golden match: {players} players, seed {seed}",
        "",
        notation.describe(state),
        "",
    ]
    while GAME.outcome(state) is None:
        seats = sorted(GAME.active_seats(state))
        if seats:
            seat: int | None = rng.choice(seats)
            action = bot.choose(GAME, state, seat, rng.next64())
        else:
            seat, action = None, dict(TIMEOUT)
        step = GAME.apply(state, seat, action)
        state = step.state
        record.moves.append(Move(seat, action))
        lines.append(f"{len(record.moves):03d} {notation.move(seat, action)}")
        for ev in step.events:
            data = json.dumps(dict(ev.data), sort_keys=True)
            lines.append(f"      {ev.type} {data}")
        if len(record.moves) % SNAPSHOT_EVERY == 0:
            lines += ["", notation.describe(state), ""]
    outcome = GAME.outcome(state)
    assert outcome is not None
    lines += [
        "",
        notation.describe(state),
        "",
        "outcome " + json.dumps(outcome.as_dict(), sort_keys=True),
    ]
    return "\n".join(lines) + "\n", record


def check(name: str, players: int, seed: int) -> None:
    text, record = play(players, seed)
    path = GOLDEN / name
    if os.environ.get("LUDOTECA_REGEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    # The record alone gives the same final state.
    final = replay(record, game=GAME)
    assert text.rstrip().splitlines()[-1].startswith("outcome")
    assert GAME.outcome(final) is not None


def test_golden_two_players():
    check("two_players.txt", players=2, seed=2026)
