"""Points and tie-breaks from the results of the played tables: pure, no Django.

A finished table gives each player points by place: one point per other
player ranked below them and half a point per player sharing their rank,
divided by the number of other players (so a 2-seat win is 1, a draw 1/2,
a loss 0; first of four gets 1, second 2/3 and so on). A bye is worth one
point. Bots score too but are not listed.

Order: points, then Buchholz in a Swiss (the sum of the points of every
opponent met, a measure of how strong the field was) or head-to-head
otherwise (the points won against the players level on points), then
rating, then name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Result:
    """One table of one round: its players in seat order (None for a bot)
    and their ranks (1 is best); a bye is one player and no ranks."""

    round: int
    players: tuple[int | None, ...]
    ranks: tuple[int, ...] | None = None

    @property
    def bye(self) -> bool:
        return len(self.players) == 1


def table_points(ranks: Sequence[int]) -> list[float]:
    others = len(ranks) - 1
    if others <= 0:
        return [1.0 for _ in ranks]
    return [
        (
            sum(1 for r in ranks if r > mine)
            + 0.5 * (sum(1 for r in ranks if r == mine) - 1)
        )
        / others
        for mine in ranks
    ]


@dataclass
class Line:
    player: int
    points: float = 0.0
    tiebreak: float = 0.0
    played: int = 0
    wins: int = 0
    byes: int = 0
    opponents: list[int] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    place: int = 0


def lines(players: Sequence[int], results: Sequence[Result]) -> dict[int, Line]:
    table = {p: Line(p) for p in players}
    for result in results:
        if result.bye:
            only = result.players[0]
            if only is not None and only in table:
                table[only].points += 1.0
                table[only].byes += 1
            continue
        if result.ranks is None:
            continue  # still being played
        points = table_points(result.ranks)
        for seat, player in enumerate(result.players):
            if player is None or player not in table:
                continue
            line = table[player]
            line.points += points[seat]
            line.played += 1
            line.wins += result.ranks[seat] == 1
            line.seats.append(seat)
            line.opponents.extend(
                p for p in result.players if p is not None and p != player
            )
    return table


def _head_to_head(player: int, level: set[int], results: Sequence[Result]) -> float:
    total = 0.0
    for result in results:
        if result.bye or result.ranks is None or player not in result.players:
            continue
        among = [
            i
            for i, p in enumerate(result.players)
            if p is not None and (p in level or p == player)
        ]
        if len(among) < 2:
            continue
        ranks = [result.ranks[i] for i in among]
        mine = among.index(result.players.index(player))
        total += table_points(ranks)[mine]
    return total


def standings(
    players: Sequence[int],
    results: Sequence[Result],
    ratings: Mapping[int, float],
    names: Mapping[int, str],
    swiss: bool,
) -> list[Line]:
    """Every player's line, best first, with `place` (1-based; players level
    on every tie-break share a place)."""
    table = lines(players, results)
    for line in table.values():
        if swiss:
            line.tiebreak = sum(table[o].points for o in line.opponents if o in table)
        else:
            level = {
                p
                for p, other in table.items()
                if p != line.player and other.points == line.points
            }
            line.tiebreak = _head_to_head(line.player, level, results)

    def key(line: Line) -> tuple[float, float, float, str]:
        return (
            -line.points,
            -line.tiebreak,
            -ratings.get(line.player, 0.0),
            names.get(line.player, ""),
        )

    ordered = sorted(table.values(), key=key)
    for i, line in enumerate(ordered):
        if i and key(line)[:3] == key(ordered[i - 1])[:3]:
            line.place = ordered[i - 1].place
        else:
            line.place = i + 1
    return ordered
