"""Hints for bots: a greedy player that values lines close to completion.

`GreedyBot` plays any seat through the Game protocol like the generic bots
do: it looks at the match only through `determinize` (so it cannot see the
next numbers, the deck or other offers) and scores each legal action by the
player's own sheets after it. It is a sparring partner and a yardstick for
simulations, not a strong player.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.luckybox import rules
from ludoteca.games.luckybox.cards import LINE_MASKS, LINE_NAMES, card
from ludoteca.games.luckybox.scoring import CARD_POINTS
from ludoteca.games.luckybox.state import Player, Sheet, State

# Rough worth of each printed bonus when choosing cards in a draft.
DRAFT_WORTH = {"?": 2.0, "L": 0.8, "D": 1.6, "S": 2.0, "M": 2.0, "-": 0.0}
NUMBER_WORTH = 1.5


def sheet_value(sheet: Sheet, round_no: int) -> float:
    """Crossed cells, lines two-thirds done, and a finished card's points."""
    value = float(sheet.crossed.bit_count())
    for mask in LINE_MASKS:
        if (sheet.crossed & mask).bit_count() == 2:
            value += 0.6
    if sheet.crossed == 0b111111111:
        value += CARD_POINTS[round_no - 1]
    return value


def player_value(player: Player, round_no: int) -> float:
    value = sum(sheet_value(s, round_no) for s in player.sheets)
    value += 0.8 * player.lightning + 2.0 * player.moons
    value += 3.0 * min(player.stars, 3) + 2.0 * len(player.pending)
    return value


def card_worth(card_id: int) -> float:
    return sum(
        NUMBER_WORTH if t.isdigit() else DRAFT_WORTH[t] for t in card(card_id).bonuses
    )


def action_value(state: State, seat: int, action: Action) -> float:
    """How much better the seat's own sheets look after `action`."""
    player = state.players[seat]
    kind = action["type"]
    if kind == "keep":
        return sum(card_worth(c) for c in action["cards"])
    if kind == "pass":
        return 0.0
    if kind == "cross":
        after, _ = rules.cross_revealed(
            state, seat, action["card"], action["cell"], action["shift"]
        )
    else:
        bonus = (action["card"], LINE_NAMES.index(action["line"]))
        after, _ = rules.cross_bonus(
            state, seat, bonus, action["target"], action["cell"]
        )
    return player_value(after, state.round) - player_value(player, state.round)


class GreedyBot:
    name = "luckybox-greedy"

    def choose(self, game: Game[Any], state: Any, seat: int, seed: int) -> Action:
        world = game.determinize(state, seat, seed)
        actions = game.legal_actions(world, seat)
        if not actions:
            raise ValueError(f"seat {seat} has no legal action")
        rng = Rng(mix_seed("luckybox-greedy", seed))
        scored = [(action_value(world, seat, a), rng.random(), a) for a in actions]
        return max(scored, key=lambda item: (item[0], item[1]))[2]
