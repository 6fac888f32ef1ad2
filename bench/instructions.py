"""Instructions per move of `bench/engine.py`'s random playouts, by callgrind.

A shared machine's load moves a timed benchmark by a third; the number of
instructions a run executes barely moves. For each row (`engine.variants`)
this runs the engine's loop (`engine.run_game`: the same seeds, the same
`Rng(12345)` policy) under ``valgrind --tool=callgrind`` twice, over the
first 45 matches and over the first 5, and divides the difference of the
instructions by the difference of the moves: imports, setup of the tables and
the first matches cancel.

    .venv/bin/python bench/instructions.py [--game darwinsjourney]
        [--variant solo_alfred] [--matches 45] [--base 5]

``--game open_spiel`` counts the anchor's loop the same way (OpenSpiel's
oh_hell, the `bench` extra), a reference that does not move with the load.
Its quotient with a game's is not `bench/engine.py`'s ratio: the anchor's C++
runs more instructions a cycle than our Python (Lucky Box, 2026-12-05: 0.32
by instructions, 0.19-0.24 timed), so the timed ratio stays the bar.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.engine import run_game, run_oh_hell, variants  # noqa: E402
from ludoteca.engine import registry  # noqa: E402

COLLECTED = re.compile(r"Collected : (\d+)")


ANCHOR = "open_spiel"
"""`--game open_spiel`: the anchor's loop (`engine.run_oh_hell`)."""


def play(game_id: str, label: str, matches: int) -> int:
    """The row's first `matches` matches; prints and returns the moves."""
    if game_id == ANCHOR:
        row = run_oh_hell(0.0, matches)
        assert row is not None, "open_spiel is not installed (the bench extra)"
        print(f"moves={row.moves}")
        return row.moves
    game = registry.get(game_id)
    for name, players, options in variants(game):
        if name == label:
            moves, _, _, _ = run_game(game, players, options, 0.0, matches)
            print(f"moves={moves}")
            return moves
    raise SystemExit(f"no row {label!r} in {game_id}")


def counted(game_id: str, label: str, matches: int) -> tuple[int, int]:
    """(instructions, moves) of `play` under callgrind."""
    with tempfile.TemporaryDirectory() as work:
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={Path(work) / 'out'}",
                sys.executable,
                "-m",
                "bench.instructions",
                "--play",
                str(matches),
                "--game",
                game_id,
                "--variant",
                label,
            ],
            capture_output=True,
            text=True,
            check=True,
            # String hashing fixed: sets and dicts of strings iterate alike in
            # every run, so a count repeats exactly (about ±1 % otherwise).
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    instructions = COLLECTED.search(run.stderr)
    moves = re.search(r"moves=(\d+)", run.stdout)
    assert instructions and moves, run.stderr[-2000:]
    return int(instructions.group(1)), int(moves.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="darwinsjourney")
    parser.add_argument("--variant", default="", help="labels starting so")
    parser.add_argument("--matches", type=int, default=45)
    parser.add_argument("--base", type=int, default=5, help="matches subtracted")
    parser.add_argument("--play", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play is not None:  # the run callgrind watches
        play(args.game, args.variant, args.play)
        return 0
    labels = (
        ["oh_hell (3p)"]
        if args.game == ANCHOR
        else [label for label, _, _ in variants(registry.get(args.game))]
    )
    for label in labels:
        if not label.startswith(args.variant):
            continue
        many, moves = counted(args.game, label, args.matches)
        few, base = counted(args.game, label, args.base)
        per_move = (many - few) / (moves - base)
        print(
            f"{args.game} {label:<40} moves={moves - base} instr/move={per_move:,.0f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
