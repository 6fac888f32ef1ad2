"""CPU the table's state column costs an action, written every move or every
STATE_EVERY-th, and the JSON encoding of an action's columns by Django's
field preparation or by orjson (`play/rows.py`).

In process, no database: it plays random matches of a game (Cat in the Box,
4 seats, by default) and, over their states and moves, times each piece
(CPU time, `time.process_time`, the pieces interleaved round after round so
that a busy machine weighs on them alike):

- ``to_json``: the game's `to_json` of the new state;
- ``django state`` / ``django move``: Django's JSONField preparation of the
  state, and of the move's action and events (what `rows.update` and
  `rows.insert_move` did before);
- ``orjson state`` / ``orjson move``: `rows._json_text` of the same values
  (what they do now).

    .venv/bin/python bench/statewrite.py [--matches 20] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def play(game: Any, seats: int, seed: int) -> list[tuple[Any, Any, Any]]:
    """(state after, action, events) of each move of one random match."""
    rng = random.Random(seed)
    state = game.setup(seats, seed, {})
    moves = []
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.active_seats(state)))
        action = rng.choice(game.legal_actions(state, seat))
        step = game.apply(state, seat, action)
        events = [
            {"type": e.type, "data": dict(e.data), "to": e.to} for e in step.events
        ]
        state = step.state
        moves.append((state, action, events))
    return moves


def timed(func: Any, items: list[Any]) -> float:
    start = time.process_time()
    for item in items:
        func(item)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="catinthebox")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    from bench.hotpath import setup

    setup(Path(tempfile.mkdtemp(prefix="ludoteca-statewrite-")))
    from django.db import connection

    from ludoteca.web.play import games, rows
    from ludoteca.web.play.models import STATE_EVERY, Move, Table

    game = games.get(args.game)
    moves = [m for seed in range(args.matches) for m in play(game, args.seats, seed)]
    states = [game.to_json(s) for s, _, _ in moves]
    state_field = Table._meta.get_field("state")
    action_field = Move._meta.get_field("action")
    events_field = Move._meta.get_field("events")
    connection.ensure_connection()

    def django_state(i: int) -> None:
        state_field.get_db_prep_save(states[i], connection)

    def django_move(i: int) -> None:
        _, action, events = moves[i]
        action_field.get_db_prep_save(action, connection)
        events_field.get_db_prep_save(events, connection)

    def orjson_move(i: int) -> None:
        _, action, events = moves[i]
        rows._json_text(action)
        rows._json_text(events)

    pieces = {
        "to_json": lambda i: game.to_json(moves[i][0]),
        "django state": django_state,
        "django move": django_move,
        "orjson state": lambda i: rows._json_text(states[i]),
        "orjson move": orjson_move,
    }
    indexes = list(range(len(moves)))
    totals = dict.fromkeys(pieces, 0.0)
    for _ in range(args.rounds):
        for name, func in pieces.items():
            totals[name] += timed(func, indexes)
    n = len(moves) * args.rounds
    per = {k: 1000 * v / n for k, v in totals.items()}
    print(f"{args.game}, {args.matches} matches, {len(moves)} moves x {args.rounds}:")
    for name, ms in per.items():
        print(f"  {name:13s} {ms:6.3f} ms CPU per action")
    every = per["to_json"] + per["django state"] + per["django move"]
    now = (per["to_json"] + per["orjson state"]) / STATE_EVERY + per["orjson move"]
    print(f"  before: state every move, Django's JSON   {every:6.3f} ms per action")
    print(
        f"  now: state every {STATE_EVERY}th move, orjson    {now:6.3f} ms per action"
    )


if __name__ == "__main__":
    main()
