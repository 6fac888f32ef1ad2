"""Cat in the Box with bots: paradox rate, scores and bonuses per round.

    .venv/bin/python bench/catinthebox_stats.py --players 4 -n 500
    .venv/bin/python bench/catinthebox_stats.py --players 3 -n 200 \
        --option leader_red_when_forced=true
    .venv/bin/python bench/catinthebox_stats.py --players 4 --bot policy

`--bot policy` plays the game's own rollout hint (bot.py) at every seat.

Plays the same matches as ``ludoteca simulate`` (same seeds, same bots) and
reads the public round results of each finished match.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from typing import Any

from ludoteca.bots import registry as bots
from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.engine.simulate import play_match, wilson
from ludoteca.games.catinthebox import GAME, bot


class HintPolicyBot:
    """Plays the game's rollout policy directly, on a sampled world."""

    name = "policy"

    def choose(self, game: Game[Any], state: Any, seat: int, seed: int) -> Action:
        world = game.determinize(state, seat, seed)
        action = bot.rollout_policy(game, world, seat, Rng(mix_seed("policy", seed)))
        assert action is not None
        return action


def make(name: str) -> Any:
    return HintPolicyBot() if name == "policy" else bots.make(name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("-n", type=int, default=500, help="matches")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="random", help="random, policy, ...")
    parser.add_argument("--option", action="append", default=[], metavar="K=V")
    args = parser.parse_args()
    options = {}
    for pair in args.option:
        name, _, value = pair.partition("=")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    options = GAME.resolve_options(options)
    n = args.players
    seats = [make(args.bot) for _ in range(n)]
    rounds = paradoxes = on_lead = bonus_rounds = player_rounds = 0
    totals = [0.0] * n
    tricks_played = Counter[int]()
    by_seat_paradox = [0] * n
    started = time.perf_counter()
    for m in range(args.n):
        state, _ = play_match(GAME, seats, mix_seed(args.seed, m), options)
        for seat, total in enumerate(state.totals):
            totals[seat] += total
        for result in state.results:
            rounds += 1
            tricks_played[sum(result.tricks)] += 1
            player_rounds += n
            bonus_rounds += sum(1 for b in result.bonus if b > 0)
            if result.paradox >= 0:
                paradoxes += 1
                by_seat_paradox[result.paradox] += 1
                on_lead += not result.unfinished
    seconds = time.perf_counter() - started
    rate, lo, hi = wilson(paradoxes, rounds)
    print(f"Cat in the Box, {n} players, {args.n} matches of {args.bot} bots")
    print(f"options: {options}")
    means = ", ".join(f"{t / args.n:.2f}" for t in totals)
    print(f"mean final score per seat: {means}")
    print(
        f"rounds ending in a paradox: {paradoxes}/{rounds} = {rate:.1%}"
        f" (95% [{lo:.1%}, {hi:.1%}])"
    )
    if paradoxes:
        print(
            f"  caused by the leader: {on_lead / paradoxes:.1%},"
            f" by a follower: {1 - on_lead / paradoxes:.1%}"
        )
        print(f"  paradoxes by seat: {by_seat_paradox}")
    print(
        "completed tricks per round: "
        + ", ".join(f"{k}: {v}" for k, v in sorted(tricks_played.items()))
    )
    print(f"player-rounds with a group bonus: {bonus_rounds / player_rounds:.1%}")
    print(f"{seconds:.1f} s")


if __name__ == "__main__":
    main()
