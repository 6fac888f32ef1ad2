"""How strong and how fast are the bots? Prints one table (not a test).

For every game and player count: the win rate of each level against random
bots and against the level below, with its 95% interval; mean scores where
the game keeps score; and think time per decision (p50, p95) of the level.
Two players alternate seats; with more players one bot of the level sits
among bots of the other kind, in every seat in turn. A shared win counts as
1/(number of winning sides).

Fair share. With more players, the target of one bot among random bots is
twice its fair share. When every side has the same number of seats, the fair
share is 1/sides (1/players without teams). When the sides differ in size
(Mafia: a town of 4, a mafia of 2 and a lone third party at 7 players), a
seat's chance depends on the side its role puts it on, so the fair share is
measured instead: it is what a random bot wins in the same seat with the same
deal, i.e. the same seeded matches replayed in the same run with that seat
random too (every seat random), counted the same way. The "fair" column
prints that baseline for every multiplayer row against random bots (for
equal sides it only confirms 1/sides). The 2x target does not apply to two
sides (team games like Agent Avenue 4p or Inside Job, where the bot's
partners are random bots).

Real-time games (Piles!: every seat may act at any moment until someone
wins or the match clock runs out) are played at a fixed decision rate: each
action takes the same simulated time, the pace a live table gives its bots
(`LIVE_PACE`: one action a seat every 1.2 s, the default of the setting
LUDOTECA_REALTIME_BOT_PACE), so a seat has as many actions as it would at a
real table before the match clock (the game's ``match_minutes``) runs out:
500 in Piles!' default ten minutes. The match ends by the clock unless a
seat wins first, and its decisions are bounded however slowly the bots
think. `--decisions N` plays N actions a seat instead. Until 2026-12-05 the
bench played 80 a seat at every table size: enough for two players (Piles!'
own `piles` bot locked 0.5 piles a match in 40 actions against random bots,
3.2 in 80), far too few at eight, where seven other seats change the centre
between two of a seat's actions (easy among random bots locked 0.01-0.09
piles a match in 80, so nearly every match was a 0-0 tie; 1.07 in 500).

    python bench/bots.py                      # every registered game
    python bench/bots.py --quick              # 20 matches a row
    python bench/bots.py --games agentavenue --players 2 --matches 400
    python bench/bots.py --precision 0.05     # until each interval is ±5 points
    python bench/bots.py --cap 5 --timing 10  # strength at full budget, and
                                              # think time with the real clocks
    nice -n 19 python bench/bots.py --sprt    # every claim decided by a
                                              # sequential test, resumable
                                              # (bench/bots_sprt.py)

`--precision` plays batches until the 95% interval of the row is narrower
than ± the given width (or `--max-matches`). Without registered games (or
with `--test-games`) it measures the test games: the engine's toy High Card
and Goofspiel. Targets: 2 players, hard beats random >= 90% and medium >=
60%; more players, hard among random wins >= 2x its fair share; hard p95
think time <= 1 s. Think times are wall-clock (what a player waits, capped by
each level's safety clock); "cpu p50/p95" are the processor times of the
decisions, which show how much of the wait is other processes on a busy
machine; "capped" is the share of decisions that hit the clock (those are
not reproducible from the seed).

Strength and think time are measured apart on a busy machine. A level's
budget counts simulated actions, so its strength does not depend on the
machine's speed, but its wall-clock safety cap (`levels.LEVELS`) cuts a
decision short when other processes take the processor, which weakens the
bot by an amount that depends on the load. `--cap SECONDS` raises that cap
in the strength rows (`--no-clock` removes it) so that they measure the
levels as budgeted, with "capped" near zero; their times are then what the
full budget costs. `--timing N` adds, for each game and player count, a
row of N matches of "hard" against random bots with the real caps, marked
"clock": its p50/p95 are what a player waits on this machine now, its
"capped" share is how often the safety cap cut a decision short, and its
target is the 1 s p95.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ludoteca.bots import levels, registry  # noqa: E402
from ludoteca.bots.arena import play_match  # noqa: E402
from ludoteca.bots.ismcts import IsmctsBot  # noqa: E402
from ludoteca.engine import registry as games  # noqa: E402
from ludoteca.engine.protocol import Action, Game, Outcome  # noqa: E402
from ludoteca.engine.rng import mix_seed  # noqa: E402

LEVELS = ("easy", "medium", "hard")


# Table options every row adds (`--option NAME=VALUE`), as JSON in the
# environment so the worker processes read them too.
OPTIONS_ENV = "LUDOTECA_BENCH_OPTIONS"


def table_options(game: Game[Any], players: int) -> dict[str, Any] | None:
    from tests.bots.conftest import options_for

    found = options_for(game, players)
    extra = json.loads(os.environ.get(OPTIONS_ENV) or "{}")
    return None if found is None else {**found, **extra}


def test_games() -> dict[str, Game[Any]]:
    from tests.bots.goofspiel import GAME as goofspiel
    from tests.engine.toygame import GAME as highcard

    return {highcard.info.id: highcard, goofspiel.info.id: goofspiel}


def find_game(game_id: str) -> Game[Any]:
    extra = test_games()
    return extra[game_id] if game_id in extra else games.get(game_id)


class Timed:
    """Wraps a bot and records the think time of each real decision."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []
        self.cpu: list[float] = []
        self.capped = 0

    def choose(self, game: Game[Any], state: Any, seat: int, seed: int) -> Action:
        started, cpu = time.perf_counter(), time.process_time()
        action: Action = self.bot.choose(game, state, seat, seed)
        seconds = time.perf_counter() - started
        cpu = time.process_time() - cpu
        last = self.bot.last if isinstance(self.bot, IsmctsBot) else None
        if last is None or last.stopped != "forced":
            self.times.append(seconds)
            self.cpu.append(cpu)
        if last is not None and last.stopped == "time":
            self.capped += 1
        return action


@dataclass
class Row:
    game: str
    players: int
    level: str
    opponent: str
    matches: int = 0
    credit: float = 0.0
    scored: int = 0
    score: float = 0.0
    opp_score: float = 0.0
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    capped: int = 0
    unfinished: int = 0
    sides: int = 0
    unequal: bool = False
    """The sides differ in size (then the fair share is measured)."""
    fair_matches: int = 0
    fair_credit: float = 0.0
    """The same matches with the measured seat random too (`fair_share`)."""
    clock: bool = False
    """A timing row: played with the levels' real safety caps."""

    def add(self, other: Row) -> None:
        self.matches += other.matches
        self.credit += other.credit
        self.scored += other.scored
        self.score += other.score
        self.opp_score += other.opp_score
        self.times += other.times
        self.cpu += other.cpu
        self.capped += other.capped
        self.unfinished += other.unfinished
        self.sides = max(self.sides, other.sides)
        self.unequal = self.unequal or other.unequal
        self.fair_matches += other.fair_matches
        self.fair_credit += other.fair_credit

    def fair_share(self) -> float:
        """The win share a seat of this row deserves: 1/sides for equal
        sides, else what a random bot won in the same seats and deals."""
        if self.unequal and self.fair_matches:
            return self.fair_credit / self.fair_matches
        return 1 / self.sides if self.sides else 0.0

    def rate(self) -> tuple[float, float]:
        """Win rate and the half-width of its 95% (Wilson) interval."""
        n = self.matches
        if not n:
            return 0.0, 1.0
        p, z = self.credit / n, 1.96
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return p, half


REAL_CAP = -1.0
"""`cap` value meaning: each level keeps its own safety cap."""


def make_bot(name: str, cap: float | None) -> Any:
    """A registered bot whose wall-clock safety cap is `cap` seconds (None:
    no cap, the level thinks its full budget whatever the machine's load,
    reproducible from the seed; `REAL_CAP`: the level's own cap)."""
    bot = registry.make(name)
    if cap != REAL_CAP and isinstance(bot, IsmctsBot):
        bot.search = dataclasses.replace(bot.search, max_seconds=cap)
    return bot


def play_batch(
    game_id: str,
    players: int,
    level: str,
    opponent: str,
    start: int,
    count: int,
    cap: float | None = REAL_CAP,
    seconds_per_move: float = 1.0,
    decisions: int | None = None,
    baseline: bool = True,
) -> Row:
    """`count` seeded matches of one level against `opponent` bots (and,
    with `baseline`, the same matches all random for the fair share)."""
    game = find_game(game_id)
    row = Row(game_id, players, level, opponent, clock=cap == REAL_CAP)
    hero = Timed(make_bot(level, cap))
    options, seconds_per_move = match_clock(
        game, table_options(game, players), players, seconds_per_move, decisions
    )
    for m in range(start, start + count):
        seat = m % players
        bots: list[Any] = [make_bot(opponent, cap) for _ in range(players)]
        bots[seat] = hero
        seed = mix_seed("bench-bots", game_id, level, opponent, players, m)
        state, _ = play_match(game, bots, seed, options, seconds_per_move)
        outcome = game.outcome(state)
        row.matches += 1
        if baseline and players > 2 and opponent == "random":
            row.fair_matches += 1
            row.fair_credit += fair_credit(
                game, seat, players, seed, options, seconds_per_move
            )
        if outcome is None:
            row.unfinished += 1
            continue
        row.sides = len(outcome.teams) if outcome.teams else players
        row.unequal = row.unequal or unequal_sides(outcome)
        if seat in outcome.winners:
            row.credit += 1 / winning_sides(outcome)
        if outcome.scores is not None:
            row.scored += 1
            row.score += outcome.scores[seat]
            others = [s for p, s in enumerate(outcome.scores) if p != seat]
            if others:
                row.opp_score += sum(others) / len(others)
            else:  # solo: the automa's score where the game keeps one
                row.opp_score += (outcome.details or {}).get("alfred_score", 0)
    row.times = hero.times
    row.cpu = hero.cpu
    row.capped = hero.capped
    return row


def fair_credit(
    game: Game[Any],
    seat: int,
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    seconds_per_move: float,
) -> float:
    """What a random bot in `seat` wins of the match `seed` (every seat
    random: the same deal and roles as the measured match)."""
    bots = [registry.make("random") for _ in range(players)]
    state, _ = play_match(game, bots, seed, options, seconds_per_move)
    outcome = game.outcome(state)
    if outcome is None or seat not in outcome.winners:
        return 0.0
    return 1 / winning_sides(outcome)


def unequal_sides(outcome: Outcome) -> bool:
    """Do the sides of a finished match differ in number of seats?"""
    return bool(outcome.teams) and len({len(t) for t in outcome.teams}) > 1


MATCH_MINUTES = "match_minutes"
LIVE_PACE = 1.2
"""Seconds between two actions of a bot at a live real-time table
(LUDOTECA_REALTIME_BOT_PACE in ludoteca/web/settings/base.py)."""


def match_clock(
    game: Game[Any],
    options: dict[str, Any] | None,
    players: int,
    seconds_per_move: float = 1.0,
    decisions: int | None = None,
) -> tuple[dict[str, Any] | None, float]:
    """The options and simulated seconds per action a bench match uses
    (real-time games: see `real_time`)."""
    if game.info.kind == "real-time":
        return real_time(game, options, players, decisions)
    return options, seconds_per_move


def real_time(
    game: Game[Any],
    options: dict[str, Any] | None,
    players: int,
    decisions: int | None = None,
) -> tuple[dict[str, Any], float]:
    """Options and seconds per action that end a real-time match by its
    clock after about `decisions` actions per seat, by default as many as
    a live table's pace gives (see the module doc)."""
    option = game.options.get(MATCH_MINUTES)
    if option is None:
        raise ValueError(f"{game.info.id}: a real-time game needs {MATCH_MINUTES}")
    chosen = dict(options or {})
    minutes = chosen.get(MATCH_MINUTES, option.default)
    if not minutes:  # no clock in these options: take the shortest one
        minutes = min(c for c in option.choices or () if c)
        chosen[MATCH_MINUTES] = minutes
    if decisions is None:
        return chosen, LIVE_PACE / players
    return chosen, 60 * minutes / (decisions * players)


def winning_sides(outcome: Outcome) -> int:
    """How many sides share the win: teams with a winner, or winning seats."""
    if outcome.teams:
        return sum(1 for t in outcome.teams if set(t) & set(outcome.winners))
    return len(outcome.winners)


def target(row: Row) -> tuple[str, bool | None]:
    p, _ = row.rate()
    if row.clock and row.level == "hard":
        return "p95<1s", percentile(row.times, 0.95) <= 1.0
    if row.level != "hard":
        return "", None
    if row.players == 2:
        goal = 0.9 if row.opponent == "random" else 0.6
        return f">= {goal:.0%}", p >= goal
    if row.opponent == "random" and row.sides > 2:
        goal = 2 * row.fair_share()
        return f">= {goal:.0%}", p >= goal
    return "", None


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def format_row(row: Row) -> str:
    p, half = row.rate()
    goal, met = target(row)
    verdict = "" if met is None else ("met" if met else "MISSED")
    scores = (
        f"{row.score / row.scored:6.1f} / {row.opp_score / row.scored:5.1f}"
        if row.scored
        else f"{'-':>14}"
    )
    p50, p95 = percentile(row.times, 0.5), percentile(row.times, 0.95)
    cpu50, cpu95 = percentile(row.cpu, 0.5), percentile(row.cpu, 0.95)
    capped = row.capped / len(row.times) if row.times else 0.0
    level = f"{row.level} clock" if row.clock else row.level
    fair = f"{row.fair_share():5.1%}" if row.fair_matches else "-"
    return (
        f"{row.game:<14} {row.players:>2}  {level:<11} {row.opponent:<7}"
        f" {row.matches:>5}  {p:6.1%} ±{half:5.1%}  {goal:<6} {verdict:<6}"
        f" {fair:>5} {scores}  {p50 * 1000:7.0f} {p95 * 1000:7.0f} {cpu50 * 1000:7.0f}"
        f" {cpu95 * 1000:7.0f}"
        f" {capped:6.1%}"
    )


HEADER = (
    f"{'game':<14} {'n':>2}  {'level':<11} {'vs':<7} {'games':>5}"
    f"  {'win':>6} {'95%':>6}  {'target':<6} {'':<6} {'fair':>5} {'score / opp':>14}"
    f"  {'p50 ms':>7} {'p95 ms':>7}"
    f" {'cpu p50':>7} {'cpu p95':>7}"
    f" {'capped':>6}"
)


def measure(
    pool: ProcessPoolExecutor | None,
    jobs: int,
    game_id: str,
    players: int,
    level: str,
    opponent: str,
    matches: int,
    precision: float | None,
    max_matches: int,
    cap: float | None,
    seconds_per_move: float,
    decisions: int | None = None,
) -> Row:
    row = Row(game_id, players, level, opponent, clock=cap == REAL_CAP)
    batch = matches if precision is None else max(2 * players, 40)
    while True:
        want = batch if precision is None else min(batch, max_matches - row.matches)
        parts = split(want, jobs, players)
        starts = [row.matches + sum(parts[:i]) for i in range(len(parts))]
        args = [
            (game_id, players, level, opponent, s, c, cap, seconds_per_move, decisions)
            for s, c in zip(starts, parts, strict=True)
        ]
        if pool is None:
            results = [play_batch(*a) for a in args]
        else:
            results = list(pool.map(play_batch, *zip(*args, strict=True)))
        for r in results:
            row.add(r)
        if (
            precision is None
            or row.matches >= max_matches
            or row.rate()[1] <= precision
        ):
            return row
        # The row so far, in case a long run is stopped before it ends.
        print(f"{format_row(row)}  (so far)", flush=True)


def split(count: int, jobs: int, players: int) -> list[int]:
    """Split matches into per-worker batches that keep seats rotating evenly."""
    per = max(players, math.ceil(count / max(1, jobs) / players) * players)
    out = []
    while count > 0:
        out.append(min(per, count))
        count -= per
    return out


def load() -> str:
    """The 1, 5 and 15-minute load averages (runnable processes on 2 cores)."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", help="comma-separated game ids (default: all)")
    parser.add_argument("--players", help="comma-separated player counts")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument(
        "--vs",
        default="random,below",
        help="opponents: random and/or below (the level under the measured one; "
        "with --sprt also the game's rule bot)",
    )
    parser.add_argument("--matches", type=int, default=200, help="matches per row")
    parser.add_argument("--quick", action="store_true", help="20 matches per row")
    parser.add_argument("--precision", type=float, help="stop at this 95%% half-width")
    parser.add_argument("--max-matches", type=int, default=1000)
    parser.add_argument(
        "--no-clock",
        action="store_true",
        help="no wall-clock cap: levels think their whole iteration budget",
    )
    parser.add_argument(
        "--cap",
        type=float,
        help="wall-clock safety cap (seconds) of every level in the strength rows",
    )
    parser.add_argument(
        "--timing",
        type=int,
        default=0,
        help="matches of a hard-vs-random row with the real caps, per table size",
    )
    parser.add_argument(
        "--seconds-per-move",
        type=float,
        default=1.0,
        help="simulated time an action takes, for games that end by the clock",
    )
    parser.add_argument(
        "--decisions",
        type=int,
        default=None,
        help="real-time games: actions per seat before the match clock runs out "
        "(default: as many as a live table's pace gives)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        help="worker processes (default: 1, and with --sprt every core)",
    )
    parser.add_argument("--test-games", action="store_true", help="add the test games")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help='a table option every row uses (JSON values: true, 2, "text")',
    )
    parser.add_argument(
        "--sprt",
        action="store_true",
        help="decide every claim by a sequential test (bench/bots_sprt.py)",
    )
    parser.add_argument(
        "--report", action="store_true", help="--sprt: the table from the file only"
    )
    parser.add_argument("--results", type=Path, help="--sprt: the results file")
    parser.add_argument("--nice", type=int, default=19, help="--sprt: niceness")
    args = parser.parse_args(argv)
    if args.option:
        chosen = {}
        for item in args.option:
            name, _, value = item.partition("=")
            try:
                chosen[name] = json.loads(value)
            except ValueError:
                chosen[name] = value
        os.environ[OPTIONS_ENV] = json.dumps(chosen)
    if args.sprt:
        from bench import bots_sprt

        return bots_sprt.main(
            args.games.split(",") if args.games else games.ids(),
            [int(c) for c in args.players.split(",")] if args.players else None,
            args.jobs or os.cpu_count() or 1,
            args.nice,
            args.max_matches,
            args.results or bots_sprt.RESULTS,
            args.report,
            [level for level in args.levels.split(",") if level],
            [vs for vs in args.vs.split(",") if vs],
        )

    ids = args.games.split(",") if args.games else games.ids()
    if args.test_games or not ids:
        ids += [i for i in test_games() if i not in ids]
    matches = 20 if args.quick else args.matches
    chosen = [level for level in args.levels.split(",") if level]  # "": timing only
    jobs = args.jobs or 1
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    budgets = ", ".join(
        f"{name} {s.steps} steps/{s.max_seconds}s" for name, s in levels.LEVELS.items()
    )
    cap: float | None = REAL_CAP
    clock = "with each level's wall-clock cap"
    if args.no_clock:
        cap, clock = None, "no wall-clock cap"
    elif args.cap is not None:
        cap, clock = args.cap, f"wall-clock cap raised to {args.cap:g} s"
    print(f"levels: {budgets} ({clock} in the strength rows)")
    print(f"load average at start: {load()}")
    print(HEADER)
    started = time.perf_counter()
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
            for level in chosen:
                wanted = args.vs.split(",")
                opponents = ["random"] if "random" in wanted else []
                if "below" in wanted and levels.below(level) != "random":
                    opponents.append(levels.below(level))
                for opponent in opponents:
                    row = measure(
                        pool,
                        jobs,
                        game_id,
                        players,
                        level,
                        opponent,
                        matches,
                        args.precision,
                        args.max_matches,
                        cap,
                        args.seconds_per_move,
                        args.decisions,
                    )
                    print(format_row(row), flush=True)
            if args.timing:
                row = measure(
                    pool,
                    jobs,
                    game_id,
                    players,
                    "hard",
                    "random",
                    args.timing,
                    None,
                    args.timing,
                    REAL_CAP,
                    args.seconds_per_move,
                    args.decisions,
                )
                print(format_row(row), flush=True)
    print(f"({time.perf_counter() - started:.0f} s in all; load average {load()})")
    if pool is not None:
        pool.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
