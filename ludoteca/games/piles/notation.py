"""A text notation for Piles! states and moves, for golden files, logs and tests.

A card is its design (two digits) and colour letter: ``07b`` is design 7 in
blue. A face-down pile is written ``07b 12r 12g 40y``, the pile in hand inside
``> <``, a locked pile as ``=07=``. This shows the whole state (hidden parts
too), so it is for tools and tests, never for players.
"""

from __future__ import annotations

from typing import Any

from ludoteca.games.piles import cards
from ludoteca.games.piles.state import State

COLOUR_LETTERS = "rbgy"


def card(card_id: int) -> str:
    return f"{cards.design_of(card_id):02d}{COLOUR_LETTERS[cards.colour_of(card_id)]}"


def pile(state: State, seat: int, index: int) -> str:
    content = state.piles[seat][index]
    if state.locked[seat][index]:
        return f"={cards.design_of(content[0]):02d}="
    text = " ".join(card(c) for c in content)
    return f">{text}<" if state.is_open(seat, index) else f" {text} "


def describe(state: State) -> str:
    lines = [
        f"phase {state.phase}, actions {state.actions}"
        + (
            f", winners {list(state.winners)} by {state.ended_by}"
            if state.winners
            else ""
        ),
        "centre: " + " ".join(card(c) for c in state.centre),
    ]
    for seat in range(state.num_players):
        piles = "|".join(pile(state, seat, i) for i in range(cards.PILES))
        mark = "" if state.ready[seat] else " (not ready)"
        lines.append(f"seat {seat}{mark}: {state.locked_count(seat)} locked |{piles}|")
    return "\n".join(lines)


def move(seat: int | None, action: dict[str, Any]) -> str:
    who = "system" if seat is None else f"seat {seat}"
    kind = action.get("type")
    if kind == "swap":
        return (
            f"{who}: swap {card(action['card'])} for {card(action['expected'])}"
            f" in slot {action['slot']}"
        )
    if kind == "open":
        return f"{who}: open pile {action['pile']}"
    return f"{who}: {kind}"


def line(state: State) -> str:
    """The whole state on one line (for golden files of random playthroughs)."""
    return " / ".join(describe(state).splitlines())
