"""Issue 22's Mafia targets, each played until decided (or a cap), on every core.

    nice -n 19 .venv/bin/python bench/mafia_town.py [--claims among,versus,balance]
        [--max-matches 200] [--jobs 2] [--options claims=false] [--first 0]
        [--fair 0.076]

Seven seats, the standard list, default options (``--options`` changes
them, e.g. ``mafia_kill_night1=false``). Matches are seeded (`mix_seed`), so
a run is reproducible; the bots think their whole budget (no wall-clock
cap). Three claims:

- ``among``: "a hard Town bot among six random bots wins at least 1.5x its
  seat's fair share". The hard bot sits in seat m % 7 of match m; only the
  matches where that seat was dealt a Town role count. Its fair share is
  the Town's win rate in the same deals played by seven random bots (paired
  seeds). The test: H0 p <= f against H1 p >= 1.5 f (an SPRT, bench/sprt.py).
- ``versus``: "hard Town beats medium Town". Every Town seat is hard and
  every other seat medium, against the same deal with every seat medium.
  Only deals whose result differs tell the two apart; on those the test is
  H0 p <= 0.5 against H1 p >= 0.65 that hard Town is the one that won.
- ``balance``: "seven hard bots let the Town win 35 % to 65 % of matches":
  played to the cap, then the 95 % interval of the Town's share is read:
  inside the band (accepted), outside it (rejected) or straddling an edge.

It prints, per claim: the verdict, matches played, the rates with their
interval, and processor time.

``--fair F`` (among): test against a fair share F measured beforehand (a
pilot: `bench/mafia_oracle.py` reads 7.6 % on the claim's matches 0-6999,
4,012 Town deals) instead of the share of the deals played so far, whose
few wins move the test's two hypotheses with every batch.

``--first M`` plays matches M, M+1, ... instead of 0, 1, ...: other deals
to try a change on, so that what is tried is not fitted to the deals the
claims are measured on (a claim is measured from match 0).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import sprt  # noqa: E402
from bench.bots import make_bot  # noqa: E402
from ludoteca.bots.arena import play_match  # noqa: E402
from ludoteca.engine import registry  # noqa: E402
from ludoteca.engine.rng import mix_seed  # noqa: E402
from ludoteca.games.mafia.roles import faction  # noqa: E402

PLAYERS = 7
BATCH = 14
BAND = (0.35, 0.65)


def _town_won(levels: list[str], seed: int, options: dict[str, Any]) -> bool:
    game = registry.get("mafia")
    bots = [make_bot(level, None) for level in levels]
    state, _ = play_match(game, bots, seed, options)
    return state.primary == "TOWN"


def _roles(seed: int, options: dict[str, Any]) -> list[str]:
    state = registry.get("mafia").setup(PLAYERS, seed, options)
    return [p.role for p in state.players]


def among(m: int, options: dict[str, Any]) -> tuple[int, int, int] | None:
    """(hard Town won, all-random Town won, 1) for match m, or None when the
    hard seat was not dealt a Town role."""
    seed = mix_seed("mafia-town", "among", m)
    hero = m % PLAYERS
    if faction(_roles(seed, options)[hero]) != "TOWN":
        return None
    levels = ["random"] * PLAYERS
    levels[hero] = "hard"
    won = _town_won(levels, seed, options)
    fair = _town_won(["random"] * PLAYERS, seed, options)
    return int(won), int(fair), 1


def versus(m: int, options: dict[str, Any]) -> tuple[int, int, int]:
    """(hard Town won, medium Town won, 1) on the same deal."""
    seed = mix_seed("mafia-town", "versus", m)
    roles = _roles(seed, options)
    hard = ["hard" if faction(r) == "TOWN" else "medium" for r in roles]
    return (
        int(_town_won(hard, seed, options)),
        int(_town_won(["medium"] * PLAYERS, seed, options)),
        1,
    )


def balance(m: int, options: dict[str, Any]) -> tuple[int, int, int]:
    seed = mix_seed("mafia-town", "balance", m)
    return int(_town_won(["hard"] * PLAYERS, seed, options)), 0, 1


@dataclass
class Tally:
    name: str
    played: int = 0  # matches (pairs) that count
    won: int = 0
    other: int = 0  # the paired baseline's wins
    discordant: int = 0
    hero_of_discordant: int = 0
    cpu: float = 0.0
    pilot: float | None = None  # among: a fair share measured beforehand
    verdict: str = sprt.UNDECIDED
    notes: list[str] = field(default_factory=list)

    def add(self, result: tuple[int, int, int] | None) -> None:
        if result is None:
            return
        won, other, n = result
        self.played += n
        self.won += won
        self.other += other
        if won != other:
            self.discordant += 1
            self.hero_of_discordant += won


def decide(tally: Tally) -> str:
    if tally.name == "among":
        if tally.pilot is not None:
            fair = tally.pilot
        elif tally.played == 0 or tally.other == 0:
            return sprt.UNDECIDED
        else:
            fair = tally.other / tally.played
        if 1.5 * fair >= 1:
            return sprt.UNDECIDED
        return sprt.Hypotheses(fair, 1.5 * fair).verdict(tally.played, tally.won)
    if tally.name == "versus":
        return sprt.Hypotheses(0.5, 0.65).verdict(
            tally.discordant, tally.hero_of_discordant
        )
    return sprt.UNDECIDED  # balance: read at the end from the interval


def band_verdict(tally: Tally) -> str:
    low, high = sprt.interval(tally.played, tally.won)
    if BAND[0] <= low and high <= BAND[1]:
        return sprt.ACCEPTED
    if high < BAND[0] or low > BAND[1]:
        return sprt.REJECTED
    return sprt.UNDECIDED


CLAIMS: dict[str, Callable[[int, dict[str, Any]], Any]] = {
    "among": among,
    "versus": versus,
    "balance": balance,
}


def _nice() -> None:
    os.nice(max(0, 19 - os.nice(0)))


def run(
    name: str,
    options: dict[str, Any],
    cap: int,
    jobs: int,
    first: int = 0,
    pilot: float | None = None,
) -> Tally:
    tally = Tally(name, pilot=pilot)
    play = CLAIMS[name]
    start = time.process_time() + _children_cpu()
    with ProcessPoolExecutor(jobs, initializer=_nice) as pool:
        m, end = first, first + cap
        while m < end:
            batch = range(m, min(end, m + BATCH))
            for result in pool.map(play, batch, [options] * len(batch)):
                tally.add(result)
            m = batch.stop
            # A line per batch, so that a long run stopped early still says
            # what it played (matches from `first` to `m`).
            tally.cpu = time.process_time() + _children_cpu() - start
            print(f"  so far, to match {m}: {report(tally)}", flush=True)
            if name != "balance":
                tally.verdict = decide(tally)
                if tally.verdict != sprt.UNDECIDED:
                    break
    if name == "balance":
        tally.verdict = band_verdict(tally)
    tally.cpu = time.process_time() + _children_cpu() - start
    return tally


def _children_cpu() -> float:
    usage = os.times()
    return usage.children_user + usage.children_system


def report(tally: Tally) -> str:
    low, high = sprt.interval(tally.played, tally.won)
    rate = tally.won / tally.played if tally.played else 0.0
    line = (
        f"{tally.name:8} {tally.verdict:10} matches {tally.played:4}  "
        f"rate {rate:6.1%} [{low:.0%}, {high:.0%}]"
    )
    if tally.name == "among":
        fair = tally.other / tally.played if tally.played else 0.0
        line += f"  fair share (all random, same deals) {fair:.1%}"
        if tally.pilot is not None:
            line += f", tested against the pilot's {tally.pilot:.1%}"
    if tally.name == "versus":
        medium = tally.other / tally.played if tally.played else 0.0
        line += (
            f"  medium Town {medium:.1%}; deals that differ {tally.discordant}, "
            f"hard Town won {tally.hero_of_discordant} of them"
        )
    return line + f"  cpu {tally.cpu / 3600:.2f} h"


def parse_options(pairs: Iterable[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        out[key] = {"true": True, "false": False}.get(value.lower(), value)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--claims", default="among,versus,balance")
    parser.add_argument("--max-matches", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--options", nargs="*", default=[])
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--fair", type=float, default=None)
    args = parser.parse_args(argv)
    options = parse_options(args.options)
    deals = f", matches from {args.first}" if args.first else ""
    print(
        f"Mafia, {PLAYERS} players, options {options or 'default'}{deals}", flush=True
    )
    for name in args.claims.split(","):
        tally = run(name, options, args.max_matches, args.jobs, args.first, args.fair)
        print(report(tally), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
