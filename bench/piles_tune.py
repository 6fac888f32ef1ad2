"""Tune Piles!' bot styles on their own seeds (not the sequential test's).

Plays two-player (or more) matches of one bot against another at the
bench's clock (`bench/bots.py`: a live table's pace, 500 actions a seat in
ten minutes), on the seeds
``mix_seed("tune", m)``, the measured bot in every seat in turn, and prints
its win rate with a 95 % interval and the piles each side locked.

A bot is a registered name (``hard``, ``piles``, ``random``...) or a style,
``stir=0,notice=0.7,worlds=2,own_actions=5`` (`ludoteca/games/piles/styles.py`).

    nice -n 19 python bench/piles_tune.py "stir=0,notice=0.6" easy --matches 200
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bots import make_bot, match_clock, table_options  # noqa: E402
from ludoteca.bots.arena import play_match  # noqa: E402
from ludoteca.bots.hints import for_game  # noqa: E402
from ludoteca.bots.ismcts import IsmctsBot  # noqa: E402
from ludoteca.bots.levels import LEVELS  # noqa: E402
from ludoteca.engine.rng import mix_seed  # noqa: E402
from ludoteca.games.piles import GAME, lookahead  # noqa: E402
from ludoteca.games.piles.styles import Style  # noqa: E402


def style_bot(spec: str) -> IsmctsBot:
    """A bot playing the style `spec` (``name=value`` pairs)."""
    fields = {f.name: f.type for f in dataclasses.fields(Style)}
    given: dict[str, Any] = {}
    for pair in spec.split(","):
        name, value = pair.split("=")
        given[name] = int(value) if fields[name] in (int, "int") else float(value)
    style = Style(**given)

    def decide(game: Any, worlds: Any, seat: int, seed: int, level: str) -> Any:
        return lookahead.decide(game, worlds, seat, seed, style)

    hints = dataclasses.replace(
        for_game(GAME),
        decide=decide,
        decide_levels=frozenset({"tune"}),
        decide_worlds=max(1, style.worlds),
    )
    return IsmctsBot(spec, LEVELS["easy"], hints=hints, level="tune")


def bot(spec: str) -> Any:
    return style_bot(spec) if "=" in spec else make_bot(spec, None)


def locked(state: Any, seat: int) -> int:
    return sum(state.locked[seat])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hero")
    parser.add_argument("opponent")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--decisions",
        type=int,
        default=None,
        help="actions a seat (default: a live table's pace, bench/bots.py)",
    )
    args = parser.parse_args(argv)
    options, seconds = match_clock(
        GAME, table_options(GAME, args.players), args.players, 1.0, args.decisions
    )
    credit, mine, theirs = 0.0, 0, 0.0
    cpu = time.process_time()
    for m in range(args.start, args.start + args.matches):
        seat = m % args.players
        bots = [bot(args.opponent) for _ in range(args.players)]
        bots[seat] = bot(args.hero)
        state, _ = play_match(GAME, bots, mix_seed("tune", m), options, seconds)
        outcome = GAME.outcome(state)
        if outcome is not None and seat in outcome.winners:
            credit += 1 / len(outcome.winners)
        mine += locked(state, seat)
        others = [locked(state, s) for s in range(args.players) if s != seat]
        theirs += sum(others) / len(others)
    n = args.matches
    p, z = credit / n, 1.96
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    print(
        f"{args.hero} vs {args.opponent} ({args.players}p, {n} matches from "
        f"{args.start}): {100 * p:.1f}% [{100 * (p - half):.0f}%, "
        f"{100 * (p + half):.0f}%], piles {mine / n:.2f} vs {theirs / n:.2f}, "
        f"cpu {time.process_time() - cpu:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
