"""Moving ships along the ocean and explorers along the islands.

Under the first reading both moves use every step (A-28); under the rulebook
they go up to n steps (C5). Steps beyond a track's last space are lost.
At a fork the player chooses, so a move is chosen as a whole path: the legal
actions list every distinct path.
"""

from __future__ import annotations

import functools
from collections import deque

from ludoteca.games.darwinsjourney import data


def ocean_paths(start: str, steps: int, up_to: bool = False) -> list[tuple[str, ...]]:
    """Every path of `steps` moves from `start` (the spaces entered, in
    order); with `up_to` (C5) also every shorter one of at least one move."""
    return list(_ocean_paths(start, steps, up_to))


@functools.lru_cache(maxsize=1024)  # a pure function of the track: kept
def _ocean_paths(start: str, steps: int, up_to: bool) -> tuple[tuple[str, ...], ...]:
    spaces = data.ocean().spaces
    paths: list[tuple[str, ...]] = []

    def walk(here: str, left: int, path: tuple[str, ...]) -> None:
        nxt = spaces[here].next
        if up_to and path and left > 0 and nxt:
            paths.append(path)
        if left == 0 or not nxt:
            if path:
                paths.append(path)
            return
        for following in nxt:
            walk(following, left - 1, (*path, following))

    walk(start, steps, ())
    return tuple(paths)


def island_paths(
    island: str,
    start: str,
    steps: int,
    occupied: frozenset[str],
    up_to: bool = False,
) -> list[tuple[str, ...]]:
    """Explorer moves: spaces holding another explorer are skipped without
    counting as a step, except the first and last space of the island, which
    hold any number of explorers (source page)."""
    return list(_island_paths(island, start, steps, occupied, up_to))


@functools.lru_cache(maxsize=4096)  # a pure function of the track: kept
def _island_paths(
    island: str, start: str, steps: int, occupied: frozenset[str], up_to: bool
) -> tuple[tuple[str, ...], ...]:
    track = data.islands()[island]
    paths: list[tuple[str, ...]] = []

    def blocked(space: str) -> bool:
        return space in occupied and space not in (track.start, track.end)

    def walk(here: str, left: int, path: tuple[str, ...]) -> None:
        nxt = track.spaces[here].next
        if up_to and path and left > 0 and nxt and not blocked(path[-1]):
            paths.append(path)  # C5: stop before using every step
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
    return tuple(p for p in paths if not blocked(p[-1]))


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


def cheapest_icons(ship: str, beagle: str, cap: int | None) -> int | None:
    """The lowest sum of penalty icons on the spaces after `ship` up to and
    including `beagle`, each icon capped at `cap`; None when the ship is on
    or past the Beagle (C9, A-43). Kept per icon table (every player at every
    round's end asks one of a few dozen questions)."""
    global _icon_sums
    icons = data.penalty_icons()
    table, sums = _icon_sums
    if table is not icons:  # another table (tests swap it): start afresh
        sums = {}
        _icon_sums = (icons, sums)
    key = (ship, beagle, cap)
    if key not in sums:
        sums[key] = _cheapest_icons(ship, beagle, cap, icons)
    return sums[key]


_icon_sums: tuple[object, dict[tuple[str, str, int | None], int | None]] = (None, {})


def _cheapest_icons(
    ship: str, beagle: str, cap: int | None, icons: dict[str, int]
) -> int | None:
    if ship == beagle or ocean_distance(ship, beagle) is None:
        return None
    spaces = data.ocean().spaces

    @functools.cache
    def cost(here: str) -> int | None:
        if here == beagle:
            return 0
        best: int | None = None
        for following in spaces[here].next:
            rest = cost(following)
            if rest is None:
                continue
            icon = icons.get(following, 0)
            total = rest + (icon if cap is None else min(icon, cap))
            best = total if best is None else min(best, total)
        return best

    return cost(ship)
