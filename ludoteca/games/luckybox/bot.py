"""Hints for bots: a greedy player that values lines close to completion.

`rollout_policy` and `evaluate` have the shape the search bots take from a
game's bot.py (as in darwinsjourney): a cheap move choice for playouts and a
value of a state for each seat. `GreedyBot` plays any seat through the Game
protocol like the generic bots do: it looks at the match only through
`determinize` (so it cannot see the next numbers, the deck or other offers)
and scores each legal action by the player's own sheets after it. It is a
sparring partner and a yardstick for simulations, not a strong player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.luckybox import rules
from ludoteca.games.luckybox.cards import LINE_MASKS, LINE_NAMES, card
from ludoteca.games.luckybox.scoring import CARD_POINTS, final_scores
from ludoteca.games.luckybox.state import Player, Sheet, State

BUDGET_SCALE = 0.3
"""The greedy rollout policy scores every legal action, so a simulated
action costs about 3x what the levels assume: this keeps "hard" near 0.6 s
of processor time a decision (measured with bench/bots.py)."""

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

    def choose(
        self,
        game: Game[Any],
        state: Any,
        seat: int,
        seed: int,
        should_stop: object = None,  # a greedy choice is instant: nothing to stop
    ) -> Action:
        world = game.determinize(state, seat, seed)
        if not game.legal_actions(world, seat):
            raise ValueError(f"seat {seat} has no legal action")
        rng = Rng(mix_seed("luckybox-greedy", seed))
        choice = rollout_policy(game, world, seat, rng)
        assert choice is not None
        return choice


def rollout_policy(game: Game[Any], state: Any, seat: int, rng: Rng) -> Action | None:
    """The greedy choice, ties broken at random; None when the seat may not act."""
    actions = game.legal_actions(state, seat)
    if not actions:
        return None
    scored = [(action_value(state, seat, a), rng.random(), a) for a in actions]
    return max(scored, key=lambda item: (item[0], item[1]))[2]


def evaluate(game: Game[Any], state: Any) -> Sequence[float]:
    """Each seat's score if the match ended now, scaled to 0..1 across seats."""
    scores = [f.total for f in final_scores(state.players)]
    low, high = min(scores), max(scores)
    if high == low:
        return [1.0 / len(scores)] * len(scores)
    return [(s - low) / (high - low) for s in scores]
