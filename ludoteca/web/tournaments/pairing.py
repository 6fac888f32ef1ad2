"""Who sits with whom in each round: pure functions, no Django.

A player is an int id. Every function returns a round as a list of tables,
each table a list of ids in seat order; a table of one id is a bye, and
`None` in a table is a seat a bot fills.

- Swiss, 2 seats: a maximum-weight matching (networkx) over every pair of
  players. A pair weighs less the further apart their points are, and far
  less when they met before, so repeats happen only when no other full
  pairing exists. With an odd count the bye goes first to the lowest-placed
  player who has not had one yet.
- Swiss, more seats: players in standing order are cut into tables of the
  table size (players of equal standing together); then two players of equal
  points at different tables swap when the swap lowers the number of repeated
  opponents, until no swap helps. Seats go to whoever sat furthest back so
  far. The last table's empty seats go to bots.
- Round robin: the circle method (one player fixed, the others turn one
  place a round); with more seats the circle is cut into tables instead of
  pairs each round.
- Single elimination: seeded by rating, bracket of the next power of the
  table size; byes go to the top seeds; a table's winner goes on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import networkx as nx

Table = list[int | None]
Round = list[Table]

REPEAT_PENALTY = 1_000_000
SCORE_WEIGHT = 1_000


def _met(history: Mapping[int, Sequence[int]], a: int, b: int) -> int:
    return sum(1 for x in history.get(a, ()) if x == b)


def bye_for(order: Sequence[int], had_bye: set[int] | frozenset[int]) -> int:
    """The lowest-placed player without a bye (everyone had one: the last)."""
    for player in reversed(order):
        if player not in had_bye:
            return player
    return order[-1]


def seat_order(
    players: Sequence[int], seats_taken: Mapping[int, Sequence[int]]
) -> list[int]:
    """A table's players in seat order: whoever sat furthest back on
    average so far takes the front seat (ties: standing order)."""

    def average(p: int) -> float:
        taken = seats_taken.get(p, ())
        return sum(taken) / len(taken) if taken else 0.0

    placed = list(players)
    return sorted(placed, key=lambda p: (-average(p), placed.index(p)))


def swiss_pairs(
    order: Sequence[int],
    points: Mapping[int, float],
    history: Mapping[int, Sequence[int]],
    had_bye: set[int] | frozenset[int] = frozenset(),
    seats_taken: Mapping[int, Sequence[int]] | None = None,
) -> Round:
    """One Swiss round of a 2-seat game; `order` is the standing (best first),
    `history` each player's past opponents."""
    players = list(order)
    tables: Round = []
    if len(players) % 2:
        bye = bye_for(players, had_bye)
        players.remove(bye)
        tables.append([bye])
    graph = nx.Graph()
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            diff = abs(points.get(a, 0.0) - points.get(b, 0.0))
            weight = (
                10 * REPEAT_PENALTY
                - REPEAT_PENALTY * _met(history, a, b)
                - SCORE_WEIGHT * diff * diff
                - abs(players.index(a) - players.index(b))
            )
            graph.add_edge(a, b, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = [sorted(pair, key=players.index) for pair in matching]
    pairs.sort(key=lambda pair: players.index(pair[0]))
    taken = seats_taken or {}
    games: Round = [list(seat_order(pair, taken)) for pair in pairs]
    return games + tables


def _repeats(table: Sequence[int | None], history: Mapping[int, Sequence[int]]) -> int:
    people = [p for p in table if p is not None]
    return sum(
        _met(history, a, b) for i, a in enumerate(people) for b in people[i + 1 :]
    )


def swiss_groups(
    order: Sequence[int],
    points: Mapping[int, float],
    history: Mapping[int, Sequence[int]],
    size: int,
    seats_taken: Mapping[int, Sequence[int]] | None = None,
) -> Round:
    """One Swiss round of a game of `size` seats (3 or more)."""
    players = list(order)
    tables: list[list[int | None]] = [
        list(players[i : i + size]) for i in range(0, len(players), size)
    ]
    improved = True
    while improved:
        improved = False
        for t in range(len(tables)):
            for u in range(t + 1, len(tables)):
                for i, a in enumerate(tables[t]):
                    for j, b in enumerate(tables[u]):
                        if a is None or b is None or points.get(a) != points.get(b):
                            continue
                        before = _repeats(tables[t], history) + _repeats(
                            tables[u], history
                        )
                        tables[t][i], tables[u][j] = b, a
                        after = _repeats(tables[t], history) + _repeats(
                            tables[u], history
                        )
                        if after < before:
                            improved = True
                            a, b = b, a
                        else:
                            tables[t][i], tables[u][j] = a, b
    taken = seats_taken or {}
    result: Round = []
    for table in tables:
        people = [p for p in table if p is not None]
        seated: Table = list(seat_order(people, taken))
        result.append(seated + [None] * (size - len(seated)))
    return result


def round_robin_rounds(players: Sequence[int]) -> int:
    """How many rounds a 2-seat round robin of these players takes."""
    n = len(players)
    return n - 1 if n % 2 == 0 else n


def round_robin(players: Sequence[int], round_index: int, size: int = 2) -> Round:
    """Round `round_index` (0-based) by the circle method: the first player
    stays, the others turn one place a round. Two seats: position i meets
    position n-1-i (an odd count adds an empty place, a bye). More seats: the
    turned circle is dealt out into tables, bots filling the last one."""
    circle: list[int | None] = list(players)
    if size == 2 and len(circle) % 2:
        circle.append(None)
    rest = circle[1:]
    if rest:
        shift = round_index % len(rest)
        rest = rest[-shift:] + rest[:-shift] if shift else rest
    turned = [circle[0], *rest]
    if size == 2:
        n = len(turned)
        tables: Round = []
        for i in range(n // 2):
            a, b = turned[i], turned[n - 1 - i]
            if a is None or b is None:
                tables.append([a if a is not None else b])
            else:
                # Alternate who sits first, so seats even out.
                tables.append([a, b] if (round_index + i) % 2 == 0 else [b, a])
        tables.sort(key=len, reverse=True)
        return tables
    people = [p for p in turned if p is not None]
    groups: Round = []
    for i in range(0, len(people), size):
        group: Table = list(people[i : i + size])
        shift = round_index % len(group)
        group = group[shift:] + group[:shift]
        groups.append(group + [None] * (size - len(group)))
    return groups


def elimination_rounds(count: int, size: int = 2) -> int:
    rounds, slots = 1, size
    while slots < count:
        slots *= size
        rounds += 1
    return rounds


def _bracket_positions(slots: int) -> list[int]:
    """Seed numbers (0 = top seed) in bracket order, so that seed 0 and 1
    can only meet in the final: 0, 7, 3, 4, 1, 6, 2, 5 for 8 slots."""
    order = [0]
    while len(order) < slots:
        n = len(order) * 2
        order = [x for s in order for x in (s, n - 1 - s)]
    return order


def elimination_first(seeds: Sequence[int], size: int = 2) -> Round:
    """The first round; `seeds` best first (by rating). With two seats the
    bracket has a power-of-two of places and the top seeds get the byes
    (tables of one). With more seats the seeds are dealt out snake-wise
    over the tables, and the empty seats (bots) go to the top seeds' tables."""
    players = list(seeds)
    if size == 2:
        slots = 2 ** (elimination_rounds(len(players), 2))
        order = _bracket_positions(slots)
        tables: Round = []
        for i in range(0, slots, 2):
            pair = [players[s] for s in order[i : i + 2] if s < len(players)]
            tables.append(list(pair))
        return [t for t in tables if t]
    count = -(-len(players) // size)
    groups: list[list[int | None]] = [[] for _ in range(count)]
    for i, player in enumerate(players):
        lap, pos = divmod(i, count)
        groups[pos if lap % 2 == 0 else count - 1 - pos].append(player)
    return [g + [None] * (size - len(g)) for g in groups]


def elimination_next(advancing: Sequence[int], size: int = 2) -> Round:
    """A later round: the winners in bracket order, `size` at a time."""
    players: list[int | None] = list(advancing)
    tables: Round = []
    for i in range(0, len(players), size):
        group = players[i : i + size]
        if size == 2:
            tables.append(list(group))
        else:
            tables.append(list(group) + [None] * (size - len(group)))
    return tables
