"""The actions a player may take, their checks and their effects.

    {"type": "keep", "cards": [3, 17, 42]}        draft: the cards to keep, ascending
    {"type": "cross", "card": 9, "cell": 8, "shift": 0}
        cross a cell for the revealed number; `shift` is the signed number of
        lightning tokens spent (+ counts up, − down, 9 and 1 are neighbours)
    {"type": "pass"}                              cross nothing (only when no cell
                                                  shows the revealed number)
Lightning may be spent on any number (rulebook); with the option
`lightning_only_when_blocked` only when no cell shows it.
    {"type": "bonus", "card": 9, "line": "r2", "target": 52, "cell": 5}
        use the pending number or ? bonus of line `line` (r0–r2 rows, c0–c2
        columns) of card `card` to cross cell `cell` of card `target`

Cells are numbered 0–8 row by row. Bonuses that cross nothing (lightning,
star, moon, blank) are paid at once; only those that cross a cell wait for
the player, who resolves them in any order.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.frozen import replace
from ludoteca.engine.protocol import Action, Event
from ludoteca.engine.validate import action_type, check_shape
from ludoteca.games.luckybox import flow, rules
from ludoteca.games.luckybox.cards import CELLS, LINE_NAMES, card
from ludoteca.games.luckybox.state import Player, State
from ludoteca.games.luckybox.text import ERRORS

SHAPES: dict[str, dict[str, type | tuple[type, ...]]] = {
    "keep": {"type": str, "cards": list},
    "cross": {"type": str, "card": int, "cell": int, "shift": int},
    "pass": {"type": str},
    "bonus": {"type": str, "card": int, "line": str, "target": int, "cell": int},
}


# The last answer of `legal`, for the state object it was computed on: a turn
# asks for the same state's actions twice (the list, then the check of the
# chosen one). States are frozen, so the same object has the same actions; one
# tuple, swapped whole (threads). Callers get a new list of the same dicts.
_last: tuple[State | None, int, tuple[Action, ...]] = (None, -1, ())


def legal(state: State, seat: int) -> list[Action]:
    global _last
    known, known_seat, actions_then = _last
    if known is state and known_seat == seat:
        return list(actions_then)
    found = _legal(state, seat)
    _last = (state, seat, tuple(found))
    return found


def _legal(state: State, seat: int) -> list[Action]:
    player = state.players[seat]
    if player.stage == "draft":
        size = min(state.keep, len(player.offer))
        return [
            {"type": "keep", "cards": list(kept)}
            for kept in combinations(player.offer, size)
        ]
    number = state.number
    if player.stage == "cross" and number is not None:
        out: list[Action] = [
            {"type": "cross", "card": c, "cell": cell, "shift": shift}
            for c, cell, shift in rules.cross_options(
                player, number, state.lightning_only_when_blocked
            )
        ]
        if rules.may_pass(player, number, state.forced_lightning):
            out.append({"type": "pass"})
        return out
    if player.stage == "bonus":
        return [
            {
                "type": "bonus",
                "card": c,
                "line": LINE_NAMES[line],
                "target": target,
                "cell": cell,
            }
            for c, line in player.pending
            for target, cell in rules.open_cells(player, rules.bonus_number((c, line)))
        ]
    return []


def _own_cell(player: Player, card_id: int, cell: int) -> int:
    """The crossed mask of the player's card, refusing bad cards and cells."""
    for sheet in player.sheets:  # a loop: a generator costs more (every move)
        if sheet.card == card_id:
            break
    else:
        raise refuse("not_your_card", card=card_id)
    if not 0 <= cell < CELLS:
        raise refuse("no_such_cell", cell=cell)
    if sheet.crossed >> cell & 1:
        raise refuse("cell_already_crossed")
    return sheet.crossed


def do_keep(
    state: State, seat: int, action: dict[str, Any]
) -> tuple[State, list[Event]]:
    player = state.players[seat]
    if player.stage != "draft":
        raise refuse("not_drafting")
    cards = action["cards"]
    size = min(state.keep, len(player.offer))
    if len(cards) != size:
        raise refuse("wrong_number_of_cards", count=size)
    for c in cards:  # loops, not any(...): every draft asks
        if type(c) is not int:  # bools refused with every other type
            raise refuse("malformed_action")
    offer = player.offer
    for c in cards:
        if c not in offer:
            raise refuse("card_not_offered")
    if list(cards) != sorted(set(cards)):
        raise refuse("cards_not_in_order")
    return flow.keep_cards(state, seat, tuple(cards))


def do_cross(
    state: State, seat: int, action: dict[str, Any]
) -> tuple[State, list[Event]]:
    player = state.players[seat]
    number = state.number
    if player.stage == "bonus":
        raise refuse("resolve_bonus_first")
    if player.stage != "cross" or number is None:
        raise refuse("not_crossing")
    card_id, cell, shift = action["card"], action["cell"], action["shift"]
    _own_cell(player, card_id, cell)
    target = card(card_id).grid[cell]
    if shift == 0 and target != number:
        raise refuse("wrong_number", number=number)
    if shift != 0:
        if state.lightning_only_when_blocked and rules.has_open_cell(player, number):
            raise refuse("must_cross_revealed", number=number)
        if abs(shift) > player.lightning:
            raise refuse("not_enough_lightning")
        if rules.shortest_shift(number, target) != shift:
            raise refuse("shift_misses", number=number)
    _listed(state, seat, action)
    players = list(state.players)
    players[seat], events = rules.cross_revealed(state, seat, card_id, cell, shift)
    return flow.after_action(state, players, events)


def do_pass(
    state: State, seat: int, action: dict[str, Any]
) -> tuple[State, list[Event]]:
    player = state.players[seat]
    number = state.number
    if player.stage != "cross" or number is None:
        raise refuse("not_crossing")
    if not rules.may_pass(player, number, state.forced_lightning):
        raise refuse("must_cross")
    players = list(state.players)
    players[seat] = _idle(player)
    return flow.after_action(state, players, [Event("passed", {"seat": seat})])


def do_bonus(
    state: State, seat: int, action: dict[str, Any]
) -> tuple[State, list[Event]]:
    player = state.players[seat]
    if player.stage != "bonus":
        raise refuse("no_bonus_pending")
    line_name = action["line"]
    line = LINE_NAMES.index(line_name) if line_name in LINE_NAMES else -1
    bonus = (action["card"], line)
    if bonus not in player.pending:
        raise refuse("no_such_bonus")
    target, cell = action["target"], action["cell"]
    _own_cell(player, target, cell)
    wanted = rules.bonus_number(bonus)
    if wanted and card(target).grid[cell] != wanted:
        raise refuse("wrong_bonus_number", number=wanted)
    _listed(state, seat, action)
    players = list(state.players)
    players[seat], events = rules.cross_bonus(state, seat, bonus, target, cell)
    return flow.after_action(state, players, events)


def _listed(state: State, seat: int, action: dict[str, Any]) -> None:
    """The last safety net: exactly one of the legal actions. (Cross and bonus
    actions hold only ints and strings, their types checked exactly, bools
    refused, so equal dicts are equal canonical JSON.)"""
    known, known_seat, listed = _last  # `legal` without its copy
    if not (known is state and known_seat == seat):
        listed = tuple(_legal(state, seat))
    if action not in listed:
        raise IllegalAction("illegal_action", ERRORS["illegal_action"])


def _idle(player: Player) -> Player:
    return replace(player, stage="idle")


def refuse(code: str, **params: Any) -> IllegalAction:
    """A refusal whose English message is the sentence players see (text.py)."""
    return IllegalAction(code, ERRORS[code].format(**params), **params)


HANDLERS = {"keep": do_keep, "cross": do_cross, "pass": do_pass, "bonus": do_bonus}


def check(action: Any) -> str:
    """The action's type, after checking its shape."""
    kind = action_type(action)
    if kind not in SHAPES:
        raise refuse("unknown_action", action=kind)
    check_shape(action, SHAPES[kind])
    return kind
