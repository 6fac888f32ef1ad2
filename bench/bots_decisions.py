"""Processor time per decision of each level, with and without early stop.

Positions come from seeded matches between random bots (every
`--every`-th decision of each match); each level decides each position
twice, with ``Search.early_stop`` on and off, from the same seed. Prints the
processor time per decision (mean, p50, p95) both ways, the share of
decisions the early stop cut short, and how many decisions differ (must be 0:
the early stop only ends a search whose answer can no longer change).

    python bench/bots_decisions.py --games agentavenue --players 2
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bots import find_game, load, percentile, table_options  # noqa: E402
from ludoteca.bots import levels  # noqa: E402
from ludoteca.engine import registry as games  # noqa: E402
from ludoteca.engine.protocol import TIMEOUT, Game  # noqa: E402
from ludoteca.engine.rng import Rng, mix_seed  # noqa: E402


def positions(
    game: Game[Any], players: int, matches: int, every: int
) -> list[tuple[Any, int, int]]:
    """(state, seat, seed) of decisions sampled from random matches."""
    options = table_options(game, players)
    out = []
    for m in range(matches):
        seed = mix_seed("bench-decisions", game.info.id, players, m)
        rng = Rng(seed)
        state = game.setup(players, seed, options)
        moves = 0
        while game.outcome(state) is None and moves < 2_000:
            seats = sorted(game.active_seats(state))
            if not seats or (
                game.phase_seconds(state) is not None and rng.random() < 0.02
            ):
                state = game.apply(state, None, dict(TIMEOUT)).state
                continue
            seat = rng.choice(seats)
            actions = game.legal_actions(state, seat)
            if len(actions) > 1 and moves % every == 0:
                out.append((state, seat, rng.next64()))
            state = game.apply(state, seat, rng.choice(actions)).state
            moves += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", help="comma-separated game ids (default: all)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--levels", default="medium,hard")
    parser.add_argument("--matches", type=int, default=2)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--limit", type=int, default=30, help="positions per game")
    args = parser.parse_args(argv)
    ids = args.games.split(",") if args.games else games.ids()
    print(f"load average at start: {load()}")
    print(
        f"{'game':<14} {'n':>2}  {'level':<7} {'pos':>4}  "
        f"{'full ms: mean':>13} {'p50':>5} {'p95':>5}  "
        f"{'early: mean':>11} {'p50':>5} {'p95':>5}  "
        f"{'cut':>5} {'saved':>6} {'differ':>6}"
    )
    for game_id in ids:
        game = find_game(game_id)
        if table_options(game, args.players) is None:
            continue
        sample = positions(game, args.players, args.matches, args.every)
        sample = sample[: args.limit]
        for level in args.levels.split(","):
            full: list[float] = []
            early: list[float] = []
            cut = differ = 0
            for state, seat, seed in sample:
                times = []
                actions = []
                for stop in (False, True):
                    bot = levels.make(level)
                    bot.search = dataclasses.replace(
                        bot.search, max_seconds=None, early_stop=stop
                    )
                    cpu = time.process_time()
                    result = bot.decide(game, state, seat, seed)
                    times.append(time.process_time() - cpu)
                    actions.append(result.action)
                    if stop and result.stopped == "settled":
                        cut += 1
                full.append(times[0])
                early.append(times[1])
                differ += actions[0] != actions[1]
            n = len(sample)
            saved = 1 - sum(early) / sum(full) if sum(full) else 0.0
            print(
                f"{game_id:<14} {args.players:>2}  {level:<7} {n:>4}  "
                f"{1000 * sum(full) / n:13.0f} {1000 * percentile(full, 0.5):5.0f}"
                f" {1000 * percentile(full, 0.95):5.0f}  "
                f"{1000 * sum(early) / n:11.0f} {1000 * percentile(early, 0.5):5.0f}"
                f" {1000 * percentile(early, 0.95):5.0f}  {cut / n:5.0%} {saved:6.0%}"
                f" {differ:>6}",
                flush=True,
            )
    print(f"load average at end: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
