"""Declaring colours and winning tricks (spec 2(c), 2(e)).

A play is a card value and a declared colour. It is legal when the board cell
of that colour and number is free, the player's X of that colour is still
covered, and, for the leader, the colour is not red while red is unbroken
(unless red is all the leader can declare: rulebook, option
`leader_red_when_forced`).
Following is never compulsory; declaring anything but the led colour reveals
the player's X of the led colour.
"""

from __future__ import annotations

from ludoteca.engine import IllegalAction
from ludoteca.games.catinthebox.state import (
    COLORS,
    EMPTY,
    OBSERVED,
    RED,
    Play,
    State,
)


def is_red_broken(board: tuple[tuple[int, ...], ...]) -> bool:
    """A player's token sits in the red row (observed tokens never count)."""
    return any(cell >= 0 for cell in board[RED])


def _open_plays(state: State, seat: int) -> list[tuple[int, int]]:
    """(card, colour) pairs allowed by the general rules: free cell, covered X."""
    crossed = state.crossed[seat]
    rows = [(color, row) for color, row in enumerate(state.board) if not crossed[color]]
    return [
        (card, color)
        for card in sorted(set(state.hands[seat]))
        for color, row in rows
        if row[card - 1] == EMPTY
    ]


# The answers of `legal_plays` for the last states asked, by the state object
# (held, so its id cannot be reused) and seat: a turn asks for the same
# state's plays up to three times (the paradox check, the list of legal
# actions, the check of the chosen one), and a server asks for many tables'
# states in between. States are frozen, so the same object has the same
# plays; each entry a tuple set whole (threads).
_known: dict[tuple[int, int], tuple[State, tuple[tuple[int, int], ...]]] = {}
KNOWN_MAX = 1024


def legal_plays(state: State, seat: int) -> list[tuple[int, int]]:
    """Every (card, colour) `seat` may declare now; empty means a paradox."""
    key = (id(state), seat)
    found = _known.get(key)
    if found is not None and found[0] is state:
        return list(found[1])
    plays = _legal_plays(state, seat)
    if len(_known) >= KNOWN_MAX:
        _known.clear()
    _known[key] = (state, tuple(plays))
    return plays


def _legal_plays(state: State, seat: int) -> list[tuple[int, int]]:
    plays = _open_plays(state, seat)
    if state.trick or is_red_broken(state.board):
        return plays
    # The leader may not open with red while it is unbroken, unless nothing
    # else can be declared: CORRECTED (rulebook), test_rulebook.py::test_cb6_*.
    # The source page's strict reading (a paradox) is the option False.
    non_red = [p for p in plays if p[1] != RED]
    if non_red or not state.rules.leader_red_when_forced:
        return non_red
    return plays


def not_in_hand(card: int) -> IllegalAction:
    return IllegalAction(
        "card_not_in_hand", "you do not hold a card of that number", card=card
    )


def refusal(state: State, seat: int, card: int, color: int) -> IllegalAction | None:
    """Why (card, colour) is not a legal play of `seat`, or None when it is."""
    if card not in state.hands[seat]:
        return not_in_hand(card)
    if state.crossed[seat][color]:
        return IllegalAction(
            "color_crossed_out",
            "your X of that colour is revealed: you cannot declare it this round",
            color=COLORS[color],
        )
    cell = state.board[color][card - 1]
    if cell == OBSERVED:
        return IllegalAction(
            "cell_observed",
            "that colour and number is blocked by an observed token",
            card=card,
            color=COLORS[color],
        )
    if cell != EMPTY:
        return IllegalAction(
            "cell_taken",
            "that colour and number has already been declared this round",
            card=card,
            color=COLORS[color],
        )
    if (card, color) not in legal_plays(state, seat):
        return IllegalAction(
            "red_not_broken",
            "the leader cannot declare red until red has been broken",
        )
    return None


def led_color(trick: tuple[Play, ...]) -> int:
    return trick[0].color


def trick_winner(trick: tuple[Play, ...]) -> int:
    """Highest red wins, else the highest card of the led colour."""
    reds = [p for p in trick if p.color == RED]
    contenders = reds or [p for p in trick if p.color == led_color(trick)]
    return max(contenders, key=lambda p: p.card).seat
