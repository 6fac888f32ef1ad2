"""Round scoring (spec 2(d)): tricks, the connected-group bonus, the paradox.

Two cells touch when they share an edge on the drawn board: the same colour
row and neighbouring numbers, or the same number and neighbouring rows in the
board's row order. Diagonals do not touch; empty and observed cells break a
group.
"""

from __future__ import annotations

from ludoteca.games.catinthebox.state import (
    NONE,
    TWO_PLAYER_BONUS_MAX_TRICKS,
)

Board = tuple[tuple[int, ...], ...]


def _components(
    board: Board, seat: int, rows: tuple[int, ...]
) -> list[list[tuple[int, int]]]:
    """`seat`'s orthogonally connected groups as (drawn row, column) cells,
    found top to bottom, left to right."""
    grid = [board[color] for color in rows]  # in drawn order, top to bottom
    seen: set[tuple[int, int]] = set()
    found = []
    for r, row in enumerate(grid):
        for c, owner in enumerate(row):
            if owner != seat or (r, c) in seen:
                continue
            cells, stack = [], [(r, c)]
            seen.add((r, c))
            while stack:
                y, x = stack.pop()
                cells.append((y, x))
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if (
                        0 <= ny < len(grid)
                        and 0 <= nx < len(row)
                        and (ny, nx) not in seen
                        and grid[ny][nx] == seat
                    ):
                        seen.add((ny, nx))
                        stack.append((ny, nx))
            found.append(cells)
    return found


def groups(board: Board, seat: int, rows: tuple[int, ...]) -> list[int]:
    """Sizes of the orthogonally connected groups of `seat`'s tokens."""
    return [len(cells) for cells in _components(board, seat, rows)]


def largest_groups(board: Board, n: int, rows: tuple[int, ...]) -> tuple[int, ...]:
    """Every seat's largest group in one pass over the board (for views: a
    new board at every play, so on a flat list of cells, by index)."""
    if not rows:
        return (0,) * n
    width = len(board[rows[0]])
    cells = [owner for color in rows for owner in board[color]]
    count = len(cells)
    best = [0] * n
    seen = [owner < 0 for owner in cells]  # empty and observed cells: no group
    for start, owner in enumerate(cells):
        if seen[start]:
            continue
        seen[start] = True
        size, stack = 0, [start]
        while stack:
            i = stack.pop()
            size += 1
            x = i % width
            for j in (
                i - 1 if x else -1,
                i + 1 if x + 1 < width else -1,
                i - width,
                i + width if i + width < count else -1,
            ):
                if j >= 0 and not seen[j] and cells[j] == owner:
                    seen[j] = True
                    stack.append(j)
        if owner < n and size > best[owner]:
            best[owner] = size
    return tuple(best)


def largest_group_cells(
    board: Board, seat: int, rows: tuple[int, ...]
) -> list[tuple[int, int]]:
    """The cells (colour index, number) of `seat`'s largest group, sorted;
    of tied groups, the one reached first reading the drawn board."""
    found = _components(board, seat, rows)
    if not found:
        return []
    best = max(found, key=len)  # max keeps the first of equal sizes
    return sorted((rows[r], c + 1) for r, c in best)


def largest_group(board: Board, seat: int, rows: tuple[int, ...]) -> int:
    return max(groups(board, seat, rows), default=0)


def earns_bonus(num_players: int, tricks: int, bid: int) -> bool:
    """Exact prediction (3-5 players); at most 4 tricks with 2 players."""
    if num_players == 2:
        return tricks <= TWO_PLAYER_BONUS_MAX_TRICKS
    return tricks == bid


def round_scores(
    num_players: int,
    tricks: tuple[int, ...],
    bids: tuple[int, ...],
    largest: tuple[int, ...],
    paradox: int,
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(bonus, score) per seat; the paradox causer scores -1 per trick."""
    bonus = []
    scores = []
    for seat in range(num_players):
        if seat == paradox and paradox != NONE:
            bonus.append(0)
            scores.append(-tricks[seat])
            continue
        exact = earns_bonus(num_players, tricks[seat], bids[seat])
        gained = largest[seat] if exact else 0
        bonus.append(gained)
        scores.append(tricks[seat] + gained)
    return tuple(bonus), tuple(scores)
