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
from ludoteca.games.luckybox.state import Player, Sheet, Stage, State

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
    exact = open_cells(player, revealed)
    options = [(c, cell, 0) for c, cell in exact]
    if player.lightning == 0 or (exact and only_when_blocked):
        return options
    reach = min(player.lightning, MAX_SHIFT)
    for sheet in player.sheets:
        for cell, shift in shifted(sheet.card, sheet.crossed, revealed, reach):
            options.append((sheet.card, cell, shift))
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


def unmarked(card_id: int, crossed: int, number: int) -> tuple[int, ...]:
    """The card's cells showing `number` (0: any) not crossed yet."""
    return CELLS_IN[SHOWING[card_id][number] & ~crossed]


def shifted(
    card_id: int, crossed: int, revealed: int, reach: int
) -> list[tuple[int, int]]:
    """(cell, shift) of the card's open cells that `reach` lightning tokens
    (at most `MAX_SHIFT`) move `revealed` onto, the number itself excluded."""
    grid = card(card_id).grid
    return [
        (cell, shortest_shift(revealed, grid[cell]))
        for cell in CELLS_IN[REACHABLE[card_id][revealed][reach] & ~crossed]
    ]


def may_pass(player: Player, revealed: int, forced_lightning: bool) -> bool:
    """Crossing nothing is allowed only without a cell showing the number (a
    cell showing it must be crossed unless lightning is spent instead)."""
    if has_open_cell(player, revealed):
        return False
    return not forced_lightning


def _gain_lightning(player: Player, amount: int, cap: int) -> Player:
    total = player.lightning + amount
    return replace(player, lightning=min(total, cap) if cap else total)


def mark(
    player: Player, seat: int, card_id: int, cell: int, cap: int
) -> tuple[Player, list[Event]]:
    """Cross one cell and pay every line it completes (chains come back here)."""
    sheets = list(player.sheets)
    index = next(i for i, s in enumerate(sheets) if s.card == card_id)
    before = sheets[index].crossed
    after = before | 1 << cell
    sheets[index] = Sheet(card_id, after)
    player = replace(player, sheets=tuple(sheets))
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
            player = replace(player, pending=(*player.pending, (card_id, line)))
        elif token == LIGHTNING:
            player = _gain_lightning(player, 1, cap)
        elif token == DOUBLE_LIGHTNING:
            player = _gain_lightning(player, 2, cap)
        elif token == STAR:
            player = replace(player, stars=player.stars + 1)
        elif token == MOON:
            player = replace(player, moons=player.moons + 1)
    if after == FULL:
        events.append(event("card_completed", seat=seat, card=card_id))
    return player, events


def bonus_number(pending: tuple[int, int]) -> int:
    number = crossing_number(card(pending[0]).bonuses[pending[1]])
    assert number is not None
    return number


def drop_lost_bonuses(player: Player, seat: int) -> tuple[Player, list[Event]]:
    """A number or ? bonus with no cell left to cross is lost (assumption 2)."""
    kept, events = [], []
    for item in player.pending:
        if has_open_cell(player, bonus_number(item)):
            kept.append(item)
        else:
            events.append(
                event("bonus_lost", seat=seat, card=item[0], line=LINE_NAMES[item[1]])
            )
    stage: Stage = "bonus" if kept else "idle"
    return replace(player, pending=tuple(kept), stage=stage), events


def cross_revealed(
    state: State, seat: int, card_id: int, cell: int, shift: int
) -> tuple[Player, list[Event]]:
    """The player's cross for the revealed number, then its bonuses."""
    player = state.players[seat]
    number = card(card_id).grid[cell]
    events = []
    if shift:
        player = replace(player, lightning=player.lightning - abs(shift))
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
    player, more = mark(player, seat, card_id, cell, state.max_lightning)
    player, lost = drop_lost_bonuses(player, seat)
    return player, events + more + lost


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
    player, lost = drop_lost_bonuses(player, seat)
    return player, events + more + lost
