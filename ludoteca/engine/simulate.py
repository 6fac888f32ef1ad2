"""Play many matches between bots and summarise them (``ludoteca simulate``)."""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ludoteca.engine.protocol import TIMEOUT, Action, Game
from ludoteca.engine.rng import Rng, mix_seed


class Chooser(Protocol):
    def choose(self, game: Game[Any], state: Any, seat: int, seed: int) -> Action: ...


@dataclass
class Summary:
    matches: int = 0
    players: int = 0
    wins: list[int] = field(default_factory=list)
    score_sums: list[float] = field(default_factory=list)
    scores: list[list[float]] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    scored: int = 0
    moves: int = 0
    seconds: float = 0.0
    unfinished: int = 0
    # From `Outcome.details` when the game gives them: the side that won each
    # match ("side"), each side in play and whether it won ("sides"), and the
    # match length in the game's own units ("length", e.g. {"days": 4}).
    side: Counter[str] = field(default_factory=Counter)
    side_in: Counter[str] = field(default_factory=Counter)
    side_won: Counter[str] = field(default_factory=Counter)
    units: dict[str, list[float]] = field(default_factory=dict)

    def win_interval(self, seat: int) -> tuple[float, float, float]:
        """Win rate of a seat with its 95% Wilson interval."""
        return wilson(self.wins[seat], self.matches)


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float, float]:
    if trials == 0:
        return 0.0, 0.0, 0.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def play_match(
    game: Game[Any],
    bots: Sequence[Chooser],
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_moves: int = 50_000,
) -> tuple[Any, int]:
    """One match between bots (one per seat); returns the final state and moves."""
    state = game.setup(len(bots), seed, options)
    rng = Rng(mix_seed("simulate", seed))
    moves = 0
    while game.outcome(state) is None and moves < max_moves:
        seats = sorted(game.active_seats(state))
        if not seats:
            state = game.apply(state, None, dict(TIMEOUT)).state
        else:
            seat = rng.choice(seats)
            action = bots[seat].choose(game, state, seat, rng.next64())
            state = game.apply(state, seat, action).state
        moves += 1
    return state, moves


def simulate(
    game: Game[Any],
    bots: Sequence[Chooser],
    matches: int,
    seed: int = 1,
    options: Mapping[str, Any] | None = None,
) -> Summary:
    n = len(bots)
    summary = Summary(
        players=n, wins=[0] * n, score_sums=[0.0] * n, scores=[[] for _ in range(n)]
    )
    started = time.perf_counter()
    for m in range(matches):
        state, moves = play_match(game, bots, mix_seed(seed, m), options)
        summary.matches += 1
        summary.moves += moves
        summary.lengths.append(moves)
        outcome = game.outcome(state)
        if outcome is None:
            summary.unfinished += 1
            continue
        for seat in outcome.winners:
            summary.wins[seat] += 1
        _tally_details(summary, outcome.details)
        if outcome.scores is not None:
            summary.scored += 1
            for seat, score in enumerate(outcome.scores):
                summary.score_sums[seat] += score
                summary.scores[seat].append(score)
    summary.seconds = time.perf_counter() - started
    return summary


def _tally_details(summary: Summary, details: Mapping[str, Any]) -> None:
    if isinstance(details.get("side"), str):
        summary.side[details["side"]] += 1
    for name, won in dict(details.get("sides") or {}).items():
        summary.side_in[name] += 1
        summary.side_won[name] += bool(won)
    for unit, value in dict(details.get("length") or {}).items():
        summary.units.setdefault(unit, []).append(float(value))


def _side_lines(summary: Summary) -> list[str]:
    lines = []
    finished = summary.matches - summary.unfinished
    if summary.side:
        lines.append("winning side (share of finished matches, 95% interval):")
        for name, count in summary.side.most_common():
            p, lo, hi = wilson(count, finished)
            lines.append(f"  {name:<16} {p:6.1%}  [{lo:6.1%}, {hi:6.1%}]  ({count})")
    if summary.side_in:
        lines.append("side wins, co-wins included (when the side was in play):")
        for name in sorted(summary.side_in, key=lambda x: -summary.side_in[x]):
            won, played = summary.side_won[name], summary.side_in[name]
            p, lo, hi = wilson(won, played)
            lines.append(
                f"  {name:<16} {p:6.1%}  [{lo:6.1%}, {hi:6.1%}]  ({won}/{played})"
            )
    for unit, values in summary.units.items():
        q = quantiles(values)
        mean = sum(values) / len(values)
        lines.append(
            f"mean match length: {mean:.2f} {unit}"
            f" (min / p25 / median / p75 / max: {' / '.join(f'{v:g}' for v in q)})"
        )
    return lines


def quantiles(values: Sequence[float]) -> list[float]:
    ordered = sorted(values)
    if not ordered:
        return [0.0] * 5
    last = len(ordered) - 1
    return [ordered[round(last * f)] for f in (0.0, 0.25, 0.5, 0.75, 1.0)]


def format_summary(game: Game[Any], summary: Summary, bot_names: Sequence[str]) -> str:
    lines = [
        f"{game.info.name}: {summary.matches} matches, {summary.players} players",
        f"{'seat':>4}  {'bot':<10} {'win rate':>9}  {'95% interval':<15}"
        f" {'mean score':>10}",
    ]
    for seat in range(summary.players):
        p, lo, hi = summary.win_interval(seat)
        mean = (
            f"{summary.score_sums[seat] / summary.scored:10.2f}"
            if summary.scored
            else f"{'-':>10}"
        )
        interval = f"[{lo:6.1%}, {hi:6.1%}]"
        lines.append(
            f"{seat:>4}  {bot_names[seat]:<10} {p:9.1%}  {interval:<15} {mean}"
        )
    if summary.scored:
        lines.append("score distribution per seat (min / p25 / median / p75 / max):")
        for seat in range(summary.players):
            q = quantiles(summary.scores[seat])
            lines.append(f"{seat:>4}  " + " / ".join(f"{v:g}" for v in q))
    if summary.lengths:
        q = quantiles([float(x) for x in summary.lengths])
        lines.append(
            "match length (min / p25 / median / p75 / max): "
            + " / ".join(f"{v:g}" for v in q)
        )
    lines += _side_lines(summary)
    per_match = summary.moves / summary.matches if summary.matches else 0.0
    rate = summary.moves / summary.seconds if summary.seconds else 0.0
    lines.append(f"mean match length: {per_match:.1f} moves")
    lines.append(f"speed: {rate:,.0f} moves/s ({summary.seconds:.2f} s in all)")
    if summary.unfinished:
        lines.append(f"unfinished (move cap reached): {summary.unfinished}")
    return "\n".join(lines)
