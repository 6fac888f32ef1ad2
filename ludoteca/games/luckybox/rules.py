"""One player's part of a revealed number: crossing, lightning and bonuses.

Spec 3(c) step 2. Each function works on one player's part and returns the
changed player with the events it caused; the round flow lives in `flow.py`.
"""

from __future__ import annotations

from collections.abc import Iterable

from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import Event, event
from ludoteca.games.luckybox.cards import (
    CELLS,
    DOUBLE_LIGHTNING,
    FULL,
    LIGHTNING,
    LINE_NAMES,
    MOON,
    SET_SIZE,
    STAR,
    card,
    crossing_number,
    lines_completed_by,
    token_json,
)
from ludoteca.games.luckybox.state import Player, Sheet, State

Cross = tuple[int, int, int]
"""(card, cell, shift): cross that cell, having moved the number `shift` steps."""


def shortest_shift(revealed: int, target: int) -> int:
    """Signed steps from `revealed` to `target` the short way round 1…9 (9+1 = 1)."""
    up = (target - revealed) % 9
    return up if up <= 4 else up - 9


def open_cells(player: Player, number: int) -> list[tuple[int, int]]:
    """Unmarked cells showing `number` (0: any number) on the player's cards."""
    return [
        (sheet.card, cell)
        for sheet in player.sheets
        for cell in unmarked(sheet.card, sheet.crossed, number)
    ]


def has_open_cell(player: Player, number: int) -> bool:
    """Whether `open_cells` has anything."""
    # A loop rather than any(...): a generator costs more than the question.
    for sheet in player.sheets:  # noqa: SIM110
        if SHOWING[sheet.card][number] & ~sheet.crossed:
            return True
    return False


def can_cross(player: Player, revealed: int) -> bool:
    """Whether `cross_options` has anything, without listing it all."""
    reach = min(player.lightning, MAX_SHIFT)
    for sheet in player.sheets:
        if SHOWING[sheet.card][revealed] & ~sheet.crossed:
            return True
        if REACHABLE[sheet.card][revealed][reach] & ~sheet.crossed:
            return True  # lightning moves the number onto an open cell
    return False


def cross_options(
    player: Player, revealed: int, only_when_blocked: bool = False
) -> list[Cross]:
    """Every way to cross the revealed number, lightning included.

    Each token moves the number one step; the table always charges the short
    way round (the long way costs more and gains nothing). CORRECTED
    (rulebook): lightning may be spent on any number, also by a player with a
    cell showing it (test_rulebook.py::test_lightning_on_any_number). With
    `only_when_blocked` (the source page read strictly, and every record made
    before 2026-12) a cell showing the number must be crossed if there is one.
    """
    options = [
        (sheet.card, cell, 0)
        for sheet in player.sheets
        for cell in CELLS_IN[SHOWING[sheet.card][revealed] & ~sheet.crossed]
    ]
    if player.lightning == 0 or (options and only_when_blocked):
        return options
    reach = min(player.lightning, MAX_SHIFT)
    for sheet in player.sheets:  # lightning: the short way round (`SHIFTS`)
        c = sheet.card
        shifts = SHIFTS[c][revealed]
        options += [
            (c, cell, shifts[cell])
            for cell in CELLS_IN[REACHABLE[c][revealed][reach] & ~sheet.crossed]
        ]
    return options


# Precomputed tables, so that a question about a card and its crossed cells is
# a few bit operations: a playout asks them for every card at every number.

MAX_SHIFT = 4
"""The short way round 1…9 is never longer than four steps."""

CELLS_IN: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(CELLS) if mask >> c & 1) for mask in range(FULL + 1)
)
"""The cells of each set of cells (bit i = cell i), in order."""


def _mask(cells: Iterable[int]) -> int:
    return sum(1 << c for c in cells)


def _showing(card_id: int) -> tuple[int, ...]:
    """Per number 0…9, the card's cells showing it (0: every cell)."""
    grid = card(card_id).grid
    return (
        FULL,
        *(_mask(c for c in range(CELLS) if grid[c] == n) for n in range(1, 10)),
    )


def _reachable(card_id: int) -> tuple[tuple[int, ...], ...]:
    """Per revealed number 0…9 and reach 0…4, the card's cells that lightning
    moves the number onto (the number itself excluded)."""
    grid = card(card_id).grid
    return tuple(
        tuple(
            _mask(
                c
                for c in range(CELLS)
                if 0 < abs(shortest_shift(revealed, grid[c])) <= reach
            )
            for reach in range(MAX_SHIFT + 1)
        )
        for revealed in range(10)
    )


_IDS = range(2 * SET_SIZE + 1)  # card 0 does not exist: a placeholder row
SHOWING = tuple(_showing(i) if i else () for i in _IDS)
REACHABLE = tuple(_reachable(i) if i else () for i in _IDS)
SHIFTS = tuple(
    tuple(
        tuple(shortest_shift(revealed, n) for n in card(i).grid)
        for revealed in range(10)
    )
    if i
    else ()
    for i in _IDS
)
"""Per card, revealed number and cell: the shift from the number to the cell's."""


def unmarked(card_id: int, crossed: int, number: int) -> tuple[int, ...]:
    """The card's cells showing `number` (0: any) not crossed yet."""
    return CELLS_IN[SHOWING[card_id][number] & ~crossed]


def may_pass(player: Player, revealed: int, forced_lightning: bool) -> bool:
    """Crossing nothing is allowed only without a cell showing the number (a
    cell showing it must be crossed unless lightning is spent instead)."""
    if has_open_cell(player, revealed):
        return False
    return not forced_lightning


def _gained(lightning: int, amount: int, cap: int) -> int:
    total = lightning + amount
    return min(total, cap) if cap else total


def mark(
    player: Player, seat: int, card_id: int, cell: int, cap: int, spent: int = 0
) -> tuple[Player, list[Event]]:
    """Spend `spent` lightning, cross one cell, pay every line it completes,
    then drop the bonuses left with nothing to cross (`drop_lost_bonuses`).
    The player is copied once, with every change."""
    sheets = list(player.sheets)
    index = 0
    while sheets[index].card != card_id:
        index += 1
    after = sheets[index].crossed | 1 << cell
    sheets[index] = Sheet(card_id, after)
    pending, lightning = player.pending, player.lightning - spent
    stars, moons = player.stars, player.moons
    events: list[Event] = []
    face = card(card_id)
    for line in lines_completed_by(after, cell):
        token = face.bonuses[line]
        events.append(
            event(
                "line_completed",
                seat=seat,
                card=card_id,
                line=LINE_NAMES[line],
                bonus=token_json(token),
            )
        )
        if crossing_number(token) is not None:
            pending = (*pending, (card_id, line))
        elif token == LIGHTNING:
            lightning = _gained(lightning, 1, cap)
        elif token == DOUBLE_LIGHTNING:
            lightning = _gained(lightning, 2, cap)
        elif token == STAR:
            stars += 1
        elif token == MOON:
            moons += 1
    if after == FULL:
        events.append(event("card_completed", seat=seat, card=card_id))
    if pending:
        pending = drop_lost_bonuses(sheets, pending, seat, events)
    return replace(
        player,
        sheets=tuple(sheets),
        pending=pending,
        lightning=lightning,
        stars=stars,
        moons=moons,
        stage="bonus" if pending else "idle",
    ), events


def bonus_number(pending: tuple[int, int]) -> int:
    number = crossing_number(card(pending[0]).bonuses[pending[1]])
    assert number is not None
    return number


def drop_lost_bonuses(
    sheets: Iterable[Sheet],
    pending: tuple[tuple[int, int], ...],
    seat: int,
    events: list[Event],
) -> tuple[tuple[int, int], ...]:
    """The pending bonuses kept: a number or ? bonus with no cell left to
    cross is lost (assumption 2), with an event for each."""
    kept = []
    for item in pending:
        number = bonus_number(item)
        if any(SHOWING[s.card][number] & ~s.crossed for s in sheets):
            kept.append(item)
        else:
            events.append(
                event("bonus_lost", seat=seat, card=item[0], line=LINE_NAMES[item[1]])
            )
    return tuple(kept)


def cross_revealed(
    state: State, seat: int, card_id: int, cell: int, shift: int
) -> tuple[Player, list[Event]]:
    """The player's cross for the revealed number, then its bonuses."""
    player = state.players[seat]
    number = card(card_id).grid[cell]
    events = []
    if shift:
        revealed = state.number
        events.append(
            event(
                "lightning_spent",
                seat=seat,
                tokens=abs(shift),
                revealed=revealed,
                number=number,
            )
        )
    events.append(
        event("crossed", seat=seat, card=card_id, cell=cell, number=number, shift=shift)
    )
    player, more = mark(
        player, seat, card_id, cell, state.max_lightning, spent=abs(shift)
    )
    return player, events + more


def cross_bonus(
    state: State, seat: int, bonus: tuple[int, int], card_id: int, cell: int
) -> tuple[Player, list[Event]]:
    """Use one pending number or ? bonus on a cell, then what that completes."""
    player = state.players[seat]
    pending = list(player.pending)
    pending.remove(bonus)
    player = replace(player, pending=tuple(pending))
    events = [
        event(
            "bonus_crossed",
            seat=seat,
            card=bonus[0],
            line=LINE_NAMES[bonus[1]],
            target=card_id,
            cell=cell,
            number=card(card_id).grid[cell],
        )
    ]
    player, more = mark(player, seat, card_id, cell, state.max_lightning)
    return player, events + more
