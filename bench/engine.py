"""Engine speed: random full matches of every registered game, against an anchor.

For each game (default options, plus each non-default option value on its own)
the same loop runs for a fixed time: pick a random active seat, list its legal
actions, apply a random one (in timed phases a timeout now and then, as the
testkit does), until the match ends; then start a new match. A match still
running after 50,000 moves is cut and counted as "capped".
It prints moves per second (one move = one `legal_actions` + one `apply`) and
matches per second (setup included). The anchor is the same Python loop over
OpenSpiel's `oh_hell` (C++ rules behind Python bindings; chance steps such as
dealing are sampled and timed but not counted as moves, as our games deal in
`setup`). Ratio = the game's moves/s divided by oh_hell's. Rates are per
second of CPU time of this process (`time.process_time`), so other work on a
shared machine skews them less; it still slows both sides (a core shared
with another process runs fewer instructions a second), and not equally. So
the anchor runs twice, before the games and after them, and the ratios use
the faster of its two runs: a ratio is then never flattered by a slow anchor.
With ``--repeat N`` every row (the anchor's too) is played N times over the
same seeds, ``--seconds`` each, and the fastest run is kept, as `timeit`
advises: other processes only ever slow a run down, so the fastest is the
closest to what the code costs on a quiet machine.

    .venv/bin/python bench/engine.py [--seconds 2] [--game agentavenue] [--repeat 5]

``--matches N`` plays exactly the first N matches of each row instead (no
clock), the count a profiler or ``bench/instructions.py`` wants; ``--variant``
keeps the rows whose label starts with it (``--variant solo_alfred``).

Install the anchor with ``.venv/bin/pip install open-spiel==2.0.2`` (the
``bench`` extra); without it the table says so and shows our games alone.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.engine import registry
from ludoteca.engine.protocol import Game
from ludoteca.engine.rng import Rng
from ludoteca.engine.testkit import random_step

MAX_MOVES = 50_000
"""Per match: a match that never ends cannot hang the benchmark."""


@dataclass
class Row:
    name: str
    moves: int
    matches: int
    seconds: float

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.seconds if self.seconds else 0.0

    @property
    def matches_per_second(self) -> float:
        return self.matches / self.seconds if self.seconds else 0.0


def variants(game: Game[Any]) -> Iterator[tuple[str, int, dict[str, Any]]]:
    """(label, players, options): defaults first, then each option set to its
    first other choice, alone (one row per option keeps the table short)."""
    yield from _playable(game, "default", {})
    for name, option in game.options.items():
        others = [v for v in option.choices or () if v != option.default]
        if others:
            yield from _playable(game, f"{name}={others[0]}", {name: others[0]})


def _playable(
    game: Game[Any], label: str, options: Mapping[str, Any]
) -> Iterator[tuple[str, int, dict[str, Any]]]:
    """The smallest player count the options accept (some need more seats)."""
    for players in range(game.info.min_players, game.info.max_players + 1):
        for extra in ({}, *_enablers(game)):
            opts = {**extra, **options}
            try:
                game.setup(players, 1, opts)
            except ValueError:
                continue
            yield f"{label} ({players}p)", players, opts
            return


def _enablers(game: Game[Any]) -> list[dict[str, Any]]:
    """Single boolean options switched on, for variants that need company."""
    return [
        {name: True}
        for name, option in game.options.items()
        if option.choices == (False, True)
    ]


def run_game(
    game: Game[Any],
    players: int,
    options: Mapping[str, Any],
    seconds: float,
    count: int | None = None,
) -> tuple[int, int, int, float]:
    """Random matches for `seconds` of CPU time, or exactly `count` matches:
    (moves, matches, capped, time).

    The policy is the testkit's `random_step`: a random active seat plays a
    random legal action; in timed phases a timeout sometimes comes first.
    """
    rng = Rng(12345)
    moves = matches = capped = 0
    started = time.process_time()
    deadline = started + seconds
    seed = 0
    while seed < count if count is not None else time.process_time() < deadline:
        seed += 1
        state = game.setup(players, seed, options)
        cap = moves + MAX_MOVES
        while game.outcome(state) is None and moves < cap:
            seat, action = random_step(game, state, rng)
            state = game.apply(state, seat, action).state
            moves += 1
        matches += 1
        capped += game.outcome(state) is None
    return moves, matches, capped, time.process_time() - started


def run_oh_hell(seconds: float, count: int | None = None) -> Row | None:
    """The anchor's loop for `seconds` of CPU time, or exactly `count` matches."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell")
    rnd = random.Random(12345)
    moves = matches = 0
    started = time.process_time()
    deadline = started + seconds
    while matches < count if count is not None else time.process_time() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                weights = [p for _, p in outcomes]
                state.apply_action(rnd.choices(actions, weights)[0])
            else:
                state.apply_action(rnd.choice(state.legal_actions()))
                moves += 1
        matches += 1
    return Row(
        f"open_spiel oh_hell ({game.num_players()}p)",
        moves,
        matches,
        time.process_time() - started,
    )


def table(rows: list[Row], anchors: list[Row]) -> str:
    width = max(len(r.name) for r in [*rows, *anchors]) + 2
    head = f"{'game':<{width}}{'moves/s':>12}{'matches/s':>12}{'moves/match':>13}"
    head += f"{'ratio':>8}"
    lines = [head, "-" * len(head)]
    base = max((a.moves_per_second for a in anchors), default=0.0)
    for row in [*rows, *anchors]:
        per_match = row.moves / row.matches if row.matches else 0.0
        ratio = f"{row.moves_per_second / base:8.3f}" if base else f"{'-':>8}"
        lines.append(
            f"{row.name:<{width}}{row.moves_per_second:12,.0f}"
            f"{row.matches_per_second:12,.1f}{per_match:13.1f}{ratio}"
        )
    if not anchors:
        lines.append(
            "open_spiel is not installed: no anchor "
            "(.venv/bin/pip install open-spiel==2.0.2)"
        )
    return "\n".join(lines)


def fastest(runs: list[Row]) -> Row:
    return max(runs, key=lambda row: row.moves_per_second)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per row")
    parser.add_argument("--game", action="append", default=[], help="only these ids")
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs per row, fastest kept"
    )
    parser.add_argument(
        "--matches", type=int, default=None, help="exactly N matches per row"
    )
    parser.add_argument("--variant", default="", help="rows whose label starts so")
    args = parser.parse_args(argv)

    def anchor() -> Row | None:
        if args.matches is not None:
            return None  # a count of matches is not timed
        runs = [run_oh_hell(args.seconds) for _ in range(args.repeat)]
        found = [r for r in runs if r is not None]
        return fastest(found) if found else None

    rows = []
    first = anchor()
    for game in registry.all():
        if args.game and game.info.id not in args.game:
            continue
        for label, players, options in variants(game):
            if not label.startswith(args.variant):
                continue
            runs = []
            for _ in range(args.repeat):
                moves, matches, capped, seconds = run_game(
                    game, players, options, args.seconds, args.matches
                )
                name = f"{game.info.id} {label}"
                if capped:
                    name += f" [{capped} capped]"
                runs.append(Row(name, moves, matches, seconds))
            rows.append(fastest(runs))
    last = anchor()
    anchors = []
    for when, found in (("before", first), ("after", last)):
        if found is not None:
            found.name += f" {when}"
            anchors.append(found)
    print(table(rows, anchors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
