"""How much processor time would the full strength table of bench/bots.py take?

For every game and player count, and every row of the table (each level
against random bots and against the level below), the estimate is

    matches for a 95% interval of ± `--precision` at the expected win rate
    x decisions per seat in a match
    x (processor time of the level's decision + that of the other seats' bots)

Decisions per seat are counted in seeded matches between random bots
(decisions with one legal action cost nothing: the search does not run);
a real-time game has `--decisions` a seat (500: a live table's pace
over Piles!' ten minutes, as bench/bots.py plays it). The
processor time per decision is measured here on a few positions from those
matches, at each level's whole budget (early stop on, as the levels play;
no wall-clock cap, which a busy machine would hit first). The expected win rates are
assumptions: hard vs random 0.9 with two players, a level against the one
below 0.6, other rows 0.5 (the widest interval, so the most matches).
Matches between bots last longer or shorter than between random bots, and
the machine's load changes the processor time only a little, so read the
result as an order of magnitude. Prints one line per game and player count,
then the total in CPU-hours.

    python bench/bots_cost.py [--games mafia] [--positions 6]
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bots import LEVELS, find_game, load, table_options  # noqa: E402
from bench.bots_decisions import positions  # noqa: E402
from ludoteca.bots import levels  # noqa: E402
from ludoteca.engine import registry as games  # noqa: E402

Z = 1.96


def matches_for(p: float, precision: float) -> int:
    """Matches for a 95% (Wilson) half-width of `precision` at win rate `p`."""
    n = 10
    while True:
        half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
        if half <= precision:
            return n
        n += max(1, n // 20)


def expected(players: int, level: str, opponent: str) -> float:
    if players == 2 and level == "hard" and opponent == "random":
        return 0.9
    if opponent != "random":
        return 0.6
    return 0.5


def rows() -> list[tuple[str, str]]:
    out = []
    for level in LEVELS:
        out.append((level, "random"))
        if levels.below(level) != "random":
            out.append((level, levels.below(level)))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", help="comma-separated game ids (default: all)")
    parser.add_argument("--players", help="comma-separated player counts")
    parser.add_argument("--precision", type=float, default=0.05)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--random-matches", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=500)
    args = parser.parse_args(argv)
    ids = args.games.split(",") if args.games else games.ids()
    print(f"load average at start: {load()}")
    print(
        f"{'game':<14} {'n':>2}  {'dec/seat':>8}  "
        + "  ".join(f"{lv:>6} ms" for lv in LEVELS)
        + f"  {'matches':>7}  {'CPU h':>6}"
    )
    total = 0.0
    for game_id in ids:
        game = find_game(game_id)
        counts = (
            [int(c) for c in args.players.split(",")]
            if args.players
            else range(game.info.min_players, game.info.max_players + 1)
        )
        for players in counts:
            if table_options(game, players) is None:
                continue
            sample = positions(game, players, args.random_matches, 1)
            if game.info.kind == "real-time":
                per_seat = float(args.decisions)
            else:
                per_seat = len(sample) / args.random_matches / players
            step = max(1, len(sample) // args.positions)
            picked = sample[::step][: args.positions]
            cpu: dict[str, float] = {"random": 0.0}
            for level in LEVELS:
                spent = 0.0
                for state, seat, seed in picked:
                    bot = levels.make(level)
                    # The whole budget: on a busy machine the wall-clock cap
                    # would cut decisions short and hide their real cost.
                    bot.search = dataclasses.replace(bot.search, max_seconds=None)
                    started = time.process_time()
                    bot.decide(game, state, seat, seed)
                    spent += time.process_time() - started
                cpu[level] = spent / max(1, len(picked))
            seconds = 0.0
            played = 0
            for level, opponent in rows():
                n = matches_for(expected(players, level, opponent), args.precision)
                per_match = per_seat * (cpu[level] + (players - 1) * cpu[opponent])
                seconds += n * per_match
                played += n
            total += seconds
            print(
                f"{game_id:<14} {players:>2}  {per_seat:8.1f}  "
                + "  ".join(f"{1000 * cpu[lv]:9.0f}" for lv in LEVELS)
                + f"  {played:7d}  {seconds / 3600:6.2f}",
                flush=True,
            )
    width = f"±{args.precision:.0%}"
    print(f"total: {total / 3600:.1f} CPU-hours for the full table at {width}")
    print(f"load average at end: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
