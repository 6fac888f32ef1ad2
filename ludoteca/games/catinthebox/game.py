"""The Game object: options, actions, refusals and the final ranking."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine import Action, Game, GameInfo, IllegalAction, Option, Outcome
from ludoteca.engine.errors import game_over, not_your_turn
from ludoteca.engine.protocol import Step
from ludoteca.engine.validate import action_type, check_shape, require_listed
from ludoteca.games.catinthebox import flow, hidden
from ludoteca.games.catinthebox import rules as R
from ludoteca.games.catinthebox.state import (
    COLORS,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_PREDICT,
    PHASE_SET_ASIDE,
    PREDICTION_SETS,
    ROW_ORDERS,
    Rules,
    State,
)

OPTIONS = {
    "predictions": Option(
        "1-3",
        choices=tuple(PREDICTION_SETS),
        help="Trick counts a player may predict (3-5 players).",
    ),
    "two_player_seed": Option(
        True,
        choices=(True, False),
        help="2 players: turn up 3 undealt cards and block their cells.",
    ),
    "leader_red_when_forced": Option(
        False,
        choices=(False, True),
        help="A leader left with only red may lead it instead of causing a paradox.",
    ),
    "row_order": Option(
        "blue-yellow-green-red",
        choices=tuple(ROW_ORDERS),
        help="Order of the colour rows on the research board, top to bottom.",
    ),
    "first_start_player": Option(
        "random",
        choices=("random", "first_seat"),
        help="Who starts the first round.",
    ),
    "prediction_order": Option(
        "start_player_first",
        choices=("start_player_first", "start_player_last"),
        help="Whether the round's start player predicts first or last.",
    ),
    "paradox_tokens_stay": Option(
        True,
        choices=(True, False),
        help="Tokens of the trick a paradox interrupts count for the groups.",
    ),
    "tie_break": Option(
        "shared",
        choices=("shared", "most_tricks"),
        help="How a tie for the highest total is settled.",
    ),
}


class CatInTheBox(Game[State]):
    info = GameInfo(
        id="catinthebox",
        name="Cat in the Box",
        names={"en": "Cat in the Box", "pt-BR": "Cat in the Box"},
        min_players=2,
        max_players=5,
        kind="turn-based",
        hidden_information=True,
    )
    options = OPTIONS
    state_type = State

    def setup(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        rules = Rules(**self.resolve_options(options))
        if not self.info.min_players <= num_players <= self.info.max_players:
            raise ValueError("Cat in the Box is played by 2 to 5 players")
        return flow.new_match(num_players, seed, rules)[0]

    def active_seats(self, state: State) -> frozenset[int]:
        return hidden.active(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat not in hidden.active(state):
            return []
        if state.phase == PHASE_SET_ASIDE:
            return [
                {"type": "set_aside", "card": c} for c in sorted(set(state.hands[seat]))
            ]
        if state.phase == PHASE_PREDICT:
            return [
                {"type": "predict", "tricks": k}
                for k in state.rules.allowed_predictions
            ]
        return [
            {"type": "play", "card": card, "color": COLORS[color]}
            for card, color in R.legal_plays(state, seat)
        ]

    def apply(self, state: State, seat: int | None, action: Action) -> Step[State]:
        kind = action_type(action)
        if kind == "set_aside":
            check_shape(action, {"type": str, "card": int})
        elif kind == "predict":
            check_shape(action, {"type": str, "tricks": int})
        elif kind == "play":
            check_shape(action, {"type": str, "card": int, "color": str})
        else:
            raise IllegalAction("unknown_action", "this game has no such action")
        if state.phase == PHASE_OVER:
            raise game_over()
        if seat is None or seat not in hidden.active(state):
            raise not_your_turn()
        wanted = {
            PHASE_SET_ASIDE: "set_aside",
            PHASE_PREDICT: "predict",
            PHASE_PLAY: "play",
        }
        if kind != wanted[state.phase]:
            raise IllegalAction(
                "wrong_phase", "that action does not belong to this phase"
            )
        nxt, events = self._apply(state, seat, action)
        return Step(nxt, tuple(events))

    def _apply(
        self, state: State, seat: int, action: Action
    ) -> tuple[State, flow.Events]:
        if action["type"] == "set_aside":
            card = action["card"]
            if card not in state.hands[seat]:
                raise R.not_in_hand(card)
            return flow.set_aside(state, seat, card)
        if action["type"] == "predict":
            if action["tricks"] not in state.rules.allowed_predictions:
                raise IllegalAction(
                    "prediction_not_allowed",
                    "that number of tricks cannot be predicted",
                    tricks=action["tricks"],
                )
            return flow.predict(state, seat, action["tricks"])
        if action["color"] not in COLORS:
            raise IllegalAction("unknown_color", "there is no such colour")
        card, color = action["card"], COLORS.index(action["color"])
        problem = R.refusal(state, seat, card, color)
        if problem is not None:
            raise problem
        require_listed(action, self.legal_actions(state, seat))
        return flow.play(state, seat, card, color)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return hidden.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != PHASE_OVER:
            return None
        totals = state.totals
        keys: list[tuple[int, ...]] = [(t,) for t in totals]
        if state.rules.tie_break == "most_tricks":
            won = [sum(r.tricks[s] for r in state.results) for s in range(len(totals))]
            keys = [(t, w) for t, w in zip(totals, won, strict=True)]
        ranks = tuple(1 + sum(1 for other in keys if other > k) for k in keys)
        winners = tuple(s for s, r in enumerate(ranks) if r == 1)
        return Outcome(
            winners=winners,
            ranks=ranks,
            scores=tuple(float(t) for t in totals),
            details={"round_scores": [list(r.scores) for r in state.results]},
        )

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return hidden.determinize(state, seat, seed)


GAME = CatInTheBox()
