"""Moving ships along the ocean and explorers along the islands.

Both moves use every step (A-28); steps beyond a track's last space are lost.
At a fork the player chooses, so a move is chosen as a whole path: the legal
actions list every distinct path.
"""

from __future__ import annotations

import functools
from collections import deque

from ludoteca.games.darwinsjourney import data


def ocean_paths(start: str, steps: int) -> list[tuple[str, ...]]:
    """Every path of `steps` moves from `start` (the spaces entered, in order)."""
    spaces = data.ocean().spaces
    paths: list[tuple[str, ...]] = []

    def walk(here: str, left: int, path: tuple[str, ...]) -> None:
        nxt = spaces[here].next
        if left == 0 or not nxt:
            if path:
                paths.append(path)
            return
        for following in nxt:
            walk(following, left - 1, (*path, following))

    walk(start, steps, ())
    return paths


def island_paths(
    island: str, start: str, steps: int, occupied: frozenset[str]
) -> list[tuple[str, ...]]:
    """Explorer moves: spaces holding another explorer are skipped without
    counting as a step, except the first and last space of the island, which
    hold any number of explorers (source page)."""
    track = data.islands()[island]
    paths: list[tuple[str, ...]] = []

    def blocked(space: str) -> bool:
        return space in occupied and space not in (track.start, track.end)

    def walk(here: str, left: int, path: tuple[str, ...]) -> None:
        nxt = track.spaces[here].next
        if left == 0 or not nxt:
            if path:
                paths.append(path)
            return
        for following in nxt:
            if blocked(following):
                walk(following, left, (*path, following))  # skipped: no step used
            else:
                walk(following, left - 1, (*path, following))

    walk(start, steps, ())
    return [p for p in paths if not blocked(p[-1])]


@functools.cache
def ocean_distance(src: str, dst: str) -> int | None:
    """Fewest forward steps from `src` to `dst`; None when `dst` is behind."""
    spaces = data.ocean().spaces
    seen = {src: 0}
    queue = deque([src])
    while queue:
        here = queue.popleft()
        if here == dst:
            return seen[here]
        for following in spaces[here].next:
            if following not in seen:
                seen[following] = seen[here] + 1
                queue.append(following)
    return None


def ship_behind(ship: str, beagle: str) -> int:
    """Steps the ship is behind the Beagle; 0 when on or past it."""
    distance = ocean_distance(ship, beagle)
    return distance if distance is not None else 0
