"""Seeded Piles! matches written out as text and compared with golden/*.txt.

Random moves almost never lock a pile, so besides the engine's random
playthrough (ended by the action limit), two bots with the view-only policy of
bot.py play a 2-player match to the end. After a deliberate change of rules,
notation or bot, regenerate with ``LUDOTECA_REGEN_GOLDEN=1 .venv/bin/python -m
pytest tests/games/piles/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path

from ludoteca.engine import golden
from ludoteca.engine.protocol import TIMEOUT
from ludoteca.engine.record import Move, Record, replay
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.piles import GAME, notation
from ludoteca.games.piles.bot import PilesBot

GOLDEN = Path(__file__).parent / "golden"
SNAPSHOT_EVERY = 10


def play(players: int, seed: int) -> tuple[list[str], Record]:
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
    return lines, record


def test_golden_bot_match_two_players():
    lines, record = play(2, seed=2026)
    golden.check(lines, GOLDEN / "two_players.txt")
    # The record alone gives the same final state.
    final = replay(record, game=GAME)
    assert GAME.outcome(final) is not None
    assert lines[-1].startswith("outcome")


def test_golden_random_playthrough_three_players():
    options = {"match_minutes": 0, "action_limit": 40}
    lines = golden.playthrough(
        GAME, 3, seed=2026, notation=notation.line, options=options
    )
    golden.check(lines, GOLDEN / "three_players_random.txt")
