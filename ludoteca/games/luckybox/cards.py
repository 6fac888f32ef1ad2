"""The Lucky Box cards: a 3×3 grid of numbers and a bonus at the end of each line.

A face is written as ``"456654789|321|M97"``: the nine numbers row by row,
then the three row bonuses (top to bottom), then the three column bonuses
(left to right). Bonus tokens: ``1``–``9`` cross that number, ``?`` cross any
cell, ``L`` one lightning token, ``D`` two lightning tokens, ``S`` a star,
``M`` a moon, ``-`` nothing. The 60 faces live in `deck.py` (see `deckgen.py`
for where they come from).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ludoteca.games.luckybox.deck import FACES

CELLS = 9
FULL = (1 << CELLS) - 1

# Lines 0–2 are the rows top to bottom, 3–5 the columns left to right.
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
)
LINE_MASKS: tuple[int, ...] = tuple(sum(1 << c for c in line) for line in LINES)
LINE_NAMES: tuple[str, ...] = ("r0", "r1", "r2", "c0", "c1", "c2")

ANY = "?"
LIGHTNING = "L"
DOUBLE_LIGHTNING = "D"
STAR = "S"
MOON = "M"
BLANK = "-"
ICONS = (ANY, LIGHTNING, DOUBLE_LIGHTNING, STAR, MOON)
TOKENS = (*"123456789", *ICONS, BLANK)

# Names a board draws (numbers are sent as ints).
TOKEN_NAMES = {
    ANY: "any",
    LIGHTNING: "lightning",
    DOUBLE_LIGHTNING: "lightning2",
    STAR: "star",
    MOON: "moon",
    BLANK: "blank",
}


@dataclass(frozen=True)
class Card:
    id: int
    grid: tuple[int, ...]
    bonuses: tuple[str, ...]  # indexed like LINES

    @property
    def name(self) -> str:
        return f"box-{self.id:02d}"

    @property
    def face(self) -> str:
        rows = "".join(self.bonuses[:3])
        cols = "".join(self.bonuses[3:])
        return f"{''.join(map(str, self.grid))}|{rows}|{cols}"


def parse(card_id: int, face: str) -> Card:
    grid, rows, cols = face.split("|")
    if len(grid) != CELLS or len(rows) != 3 or len(cols) != 3:
        raise ValueError(f"bad face {face!r}")
    bonuses = tuple(rows + cols)
    if any(t not in TOKENS for t in bonuses) or not grid.isdigit() or "0" in grid:
        raise ValueError(f"bad face {face!r}")
    return Card(card_id, tuple(int(d) for d in grid), bonuses)


CARDS: tuple[Card, ...] = tuple(parse(i + 1, f) for i, f in enumerate(FACES))
CARD_IDS: tuple[int, ...] = tuple(c.id for c in CARDS)
SET_SIZE = len(CARDS)
TWO_SETS_FROM = 7
"""CORRECTED (rulebook): 7-12 players combine two boxes, so the Lucky Box deck
holds every face twice; the second copy of face n has the id n + 60."""


def deck_ids(num_players: int, edition: str) -> tuple[int, ...]:
    """The Lucky Box deck of a match (records before 2026-12 used one set)."""
    sets = 2 if edition != "2026-11" and num_players >= TWO_SETS_FROM else 1
    return tuple(range(1, SET_SIZE * sets + 1))


def card(card_id: int) -> Card:
    return CARDS[(card_id - 1) % SET_SIZE]


def card_label(card_id: int) -> str:
    """The card's printed number, with "b" for the second set's copy."""
    face = (card_id - 1) % SET_SIZE + 1
    return f"#{face}b" if card_id > SET_SIZE else f"#{face}"


def is_card_id(value: int) -> bool:
    return 1 <= value <= 2 * SET_SIZE


def crossing_number(token: str) -> int | None:
    """The number a bonus crosses (0 for ``?``), or None if it crosses nothing."""
    if token.isdigit():
        return int(token)
    return 0 if token == ANY else None


@cache
def cells_showing(card_id: int, number: int) -> tuple[int, ...]:
    return tuple(i for i, n in enumerate(card(card_id).grid) if n == number)


LINES_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(line for line, cells in enumerate(LINES) if cell in cells)
    for cell in range(CELLS)
)
"""The two lines (a row, then a column) through each cell."""


def lines_completed_by(crossed: int, cell: int) -> tuple[int, ...]:
    """`completed_lines(crossed without cell, crossed)`: only the lines
    through the newly crossed cell can have become full (looked up: every
    cross asks)."""
    return _COMPLETED_BY[cell][crossed]


_COMPLETED_BY: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            line
            for line in LINES_THROUGH[cell]
            if crossed & LINE_MASKS[line] == LINE_MASKS[line]
        )
        for crossed in range(FULL + 1)
    )
    for cell in range(CELLS)
)


def completed_lines(before: int, after: int) -> tuple[int, ...]:
    """Lines full in `after` (a crossed-cells mask) but not in `before`."""
    return tuple(
        line
        for line, mask in enumerate(LINE_MASKS)
        if after & mask == mask and before & mask != mask
    )


def token_json(token: str) -> int | str:
    return int(token) if token.isdigit() else TOKEN_NAMES[token]


@cache
def _face(card_id: int) -> tuple[str, tuple[int, ...], tuple[int | str, ...]]:
    c = card(card_id)
    return c.name, c.grid, tuple(token_json(t) for t in c.bonuses)


def face_json(card_id: int) -> dict[str, object]:
    name, grid, bonuses = _face(card_id)
    return {
        "id": card_id,
        "name": name,
        "label": card_label(card_id),
        "grid": list(grid),
        "bonuses": list(bonuses),
    }
