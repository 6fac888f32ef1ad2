"""Where one Mafia bot wins or loses against its opponents, role by role.

    nice -n 19 .venv/bin/python bench/mafia_roles.py [--level hard]
        [--vs medium] [--players 7] [--matches 70] [--first 0]

Plays the matches of `bench/bots.py`'s claim "LEVEL among VS" (the same
seeds, the measured bot in seat m % players of match m, no wall-clock cap)
and, on the same deal, the table with that seat played by a VS bot too. It
prints, for each role the measured seat was dealt: matches, what the
measured bot won there and what a VS bot won in its place (a shared win
counts 1/sides, as in the claim), and the deals whose result differs. The
difference per role shows where the level gains or loses against its
opponents; the counts per role show how much each weighs in the claim.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bots import make_bot, table_options, winning_sides  # noqa: E402
from ludoteca.bots.arena import play_match  # noqa: E402
from ludoteca.engine import registry  # noqa: E402
from ludoteca.engine.rng import mix_seed  # noqa: E402
from ludoteca.games.mafia.roles import faction  # noqa: E402


def credit(levels: list[str], seat: int, seed: int, options: Any) -> float:
    game = registry.get("mafia")
    bots = [make_bot(level, None) for level in levels]
    state, _ = play_match(game, bots, seed, options)
    outcome = game.outcome(state)
    if outcome is None or seat not in outcome.winners:
        return 0.0
    return 1 / winning_sides(outcome)


def one(
    level: str, vs: str, players: int, m: int, options: Any
) -> tuple[str, float, float]:
    """(the seat's dealt role, the measured bot's credit, a VS bot's credit)."""
    seed = mix_seed("bench-bots", "mafia", level, vs, players, m)
    seat = m % players
    role = registry.get("mafia").setup(players, seed, options).players[seat].role
    levels = [vs] * players
    levels[seat] = level
    return (
        role,
        credit(levels, seat, seed, options),
        credit([vs] * players, seat, seed, options),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--vs", default="medium")
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--matches", type=int, default=70)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--each", action="store_true", help="print every match")
    args = parser.parse_args(argv)
    options = table_options(registry.get("mafia"), args.players)
    rows: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0, 0])
    for m in range(args.first, args.first + args.matches):
        role, won, other = one(args.level, args.vs, args.players, m, options)
        if args.each:
            print(
                f"{m:4} seat {m % args.players} {role:12} {won:.2f} {other:.2f}",
                flush=True,
            )
        for key in (role, faction(role), "all"):
            row = rows[key]
            row[0] += 1
            row[1] += won
            row[2] += other
            row[3] += won > other
            row[4] += other > won
    print(
        f"Mafia, {args.players} players: {args.level} in one seat among {args.vs}, "
        f"matches {args.first}..{args.first + args.matches - 1}"
    )
    print(f"{'role':14} {'n':>4} {args.level:>7} {args.vs:>7}  better worse")
    sides = ("TOWN", "MAFIA", "NEUTRAL")
    order = sorted(rows, key=lambda k: (k == "all", k in sides, k))
    for key in order:
        n, won, other, better, worse = rows[key]
        print(f"{key:14} {n:4} {won / n:7.1%} {other / n:7.1%}  {better:6} {worse:5}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
