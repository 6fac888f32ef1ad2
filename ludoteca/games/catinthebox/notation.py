"""A plain-text notation for the research board and for match events.

Used by tests (boards built from a picture), golden playthroughs and logs:

        1 2 3 4 5 6
    B   A A . . . .
    Y   . A . . B .
    G   . A # . A .
    R   C . . . . .

Rows are named by the first letter of their colour, in the order drawn; a seat
is a letter (A = seat 0), ``.`` an empty cell and ``#`` an observed one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.games.catinthebox.state import COLORS, EMPTY, OBSERVED

Board = tuple[tuple[int, ...], ...]
SEAT_LETTERS = "ABCDE"


def _symbol(owner: int) -> str:
    if owner == EMPTY:
        return "."
    if owner == OBSERVED:
        return "#"
    return SEAT_LETTERS[owner]


def board_text(board: Board, rows: tuple[int, ...]) -> str:
    columns = len(board[0])
    lines = ["    " + " ".join(str(n) for n in range(1, columns + 1))]
    for color in rows:
        cells = " ".join(_symbol(v) for v in board[color])
        lines.append(f"{COLORS[color][0].upper()}   {cells}")
    return "\n".join(lines)


def parse_board(text: str, columns: int) -> Board:
    """A board (in canonical colour order) from its picture; missing rows empty."""
    rows = {c: [EMPTY] * columns for c in range(len(COLORS))}
    initials = {name[0].upper(): c for c, name in enumerate(COLORS)}
    for line in text.strip().splitlines():
        parts = line.split()
        if not parts or parts[0] not in initials:
            continue
        cells = parts[1:]
        if len(cells) != columns:
            raise ValueError(f"row {parts[0]} has {len(cells)} cells, not {columns}")
        for x, symbol in enumerate(cells):
            if symbol == "#":
                rows[initials[parts[0]]][x] = OBSERVED
            elif symbol != ".":
                rows[initials[parts[0]]][x] = SEAT_LETTERS.index(symbol)
    return tuple(tuple(rows[c]) for c in range(len(COLORS)))


def _seat(value: Any) -> str:
    return "-" if value is None else f"P{value}"


def describe(kind: str, data: Mapping[str, Any]) -> str:
    """One line of English for an event (logs and golden files, not players)."""
    seat = _seat(data.get("seat"))
    if kind == "round_started":
        start = _seat(data["player"])
        return f"== round {data['round']}, start player {start} =="
    if kind == "dealt":
        return "dealt " + " ".join(str(c) for c in data["hand"])
    if kind == "card_set_aside":
        return f"{seat} sets a card aside"
    if kind == "cells_observed":
        return "observed cards " + " ".join(str(c) for c in data["cards"])
    if kind == "predicted":
        return f"{seat} predicts {data['tricks']}"
    if kind == "played":
        cell = f"{data['color'][0].upper()}{data['card']}"
        return f"{seat} plays {data['card']} as {data['color']} ({cell})"
    if kind == "x_revealed":
        return f"{seat} reveals the X of {data['color']}"
    if kind == "red_broken":
        return f"red is broken by {seat}"
    if kind == "trick_won":
        return f"{seat} wins trick {data['number']}"
    if kind == "paradox":
        return f"PARADOX: {seat} cannot declare any colour"
    if kind == "round_scored":
        return (
            f"round {data['round']} scored: tricks {data['tricks']}"
            f" groups {data['groups']} bonus {data['bonus']}"
            f" scores {data['scores']}"
        )
    if kind == "game_over":
        return f"game over: totals {data['scores']}"
    return f"{kind} {dict(data)}"
