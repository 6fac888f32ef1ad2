"""Inside Job: how often the Agents and the Insider's side win, with 95% intervals.

    .venv/bin/python bench/insidejob_sides.py --players 4 -n 500
    .venv/bin/python bench/insidejob_sides.py --bots random,easy,medium -n 100
    .venv/bin/python bench/insidejob_sides.py --crew random --insider hard -n 50
    .venv/bin/python bench/insidejob_sides.py --bots easy --no-clock -n 100
    .venv/bin/python bench/insidejob_sides.py --option wagers=true \
        --option character_paranoid=true --option character_decoy=true

Every seat plays the same bot (one table per name in `--bots`), or the
Insider (or Prof. No) plays `--insider` and everybody else `--crew`. A match
counts for the Insider's side when the Insider (or Prof. No) wins, for the
Agents when an Agent-side role wins, and as "neither" when only solo
characters win (the Decoy topping the vote). Same seeds as
``ludoteca simulate`` (match i uses seed + i). Bot names come from
``ludoteca.bots.registry`` ("random", and "easy"/"medium"/"hard" once the
search bots are installed).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from collections import Counter
from typing import Any

from ludoteca.bots import registry as bots
from ludoteca.engine.simulate import play_match, wilson
from ludoteca.games.insidejob import GAME
from ludoteca.games.insidejob import roles as R


def side_of_win(state: Any) -> str:
    winners = set(state.winners)
    if state.traitor in winners:
        return "insider"
    if any(state.roles[s] in R.CREW_ROLES for s in winners):
        return "crew"
    return "neither"


def make_bot(name: str, clock: bool) -> Any:
    """A registered bot; without `clock` a search level thinks its whole
    iteration budget whatever the machine's load (reproducible from the seed)."""
    bot = bots.make(name)
    search = getattr(bot, "search", None)
    if not clock and dataclasses.is_dataclass(search) and not isinstance(search, type):
        bot.search = dataclasses.replace(search, max_seconds=None)
    return bot


def run(
    players: int,
    n: int,
    seed: int,
    options: dict[str, Any],
    bots_by_side: tuple[str, str],
    clock: bool,
) -> tuple[Counter[str], Counter[str], float]:
    crew, insider = bots_by_side
    sides: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    started = time.perf_counter()
    for i in range(n):
        traitor = GAME.setup(players, seed + i, options).traitor
        seats = [
            make_bot(insider if s == traitor else crew, clock) for s in range(players)
        ]
        state, _ = play_match(GAME, seats, seed + i, options)
        sides[side_of_win(state)] += 1
        reasons[state.end_reason] += 1
    return sides, reasons, time.perf_counter() - started


def share(count: int, n: int) -> str:
    p, lo, hi = wilson(count, n)
    return f"{100 * p:5.1f}% [{100 * lo:4.1f}, {100 * hi:4.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("-n", type=int, default=200, help="matches per table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random", help="comma-separated names")
    parser.add_argument("--crew", default=None, help="bot of every non-Insider seat")
    parser.add_argument("--insider", default=None, help="bot of the Insider's seat")
    parser.add_argument("--option", action="append", default=[], metavar="K=V")
    parser.add_argument(
        "--no-clock",
        action="store_true",
        help="no wall-clock cap: search levels think their whole iteration budget",
    )
    args = parser.parse_args()
    options: dict[str, Any] = {}
    for pair in args.option:
        name, _, value = pair.partition("=")
        options[name] = json.loads(value) if value in ("true", "false") else value
    options = GAME.resolve_options(options)
    if args.crew or args.insider:
        tables = [(args.crew or "random", args.insider or "random")]
    else:
        tables = [(name.strip(), name.strip()) for name in args.bots.split(",")]
    changed = {k: v for k, v in options.items() if v} or "defaults"
    print(f"Inside Job, {args.players} players, options: {changed}")
    clock = "no wall-clock cap" if args.no_clock else "with the bots' wall-clock cap"
    print(f"installed bots: {', '.join(bots.names())} ({clock})")
    head = f"{'crew bot':>9} {'insider bot':>11} {'n':>5}  {'Agents win':<22} "
    print(head + f"{'Insider side wins':<22} {'neither':>7}  s/match  end reasons")
    for crew, insider in tables:
        sides, reasons, seconds = run(
            args.players, args.n, args.seed, options, (crew, insider), not args.no_clock
        )
        ends = ", ".join(f"{k} {v}" for k, v in reasons.most_common())
        print(
            f"{crew:>9} {insider:>11} {args.n:>5}  {share(sides['crew'], args.n):<22} "
            f"{share(sides['insider'], args.n):<22} {sides['neither']:>7}  "
            f"{seconds / args.n:7.2f}  {ends}"
        )


if __name__ == "__main__":
    main()
