"""The Game object: options, actions, refusals and the final ranking."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from ludoteca.engine import Action, Game, GameInfo, IllegalAction, Option, Outcome
from ludoteca.engine.errors import game_over, not_your_turn
from ludoteca.engine.protocol import Step
from ludoteca.engine.validate import action_type, check_shape
from ludoteca.games.catinthebox import flow, hidden, text
from ludoteca.games.catinthebox import rules as R
from ludoteca.games.catinthebox.state import (
    COLORS,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_PREDICT,
    PHASE_SET_ASIDE,
    PREDICTION_SETS,
    ROW_ORDERS,
    Play,
    RoundResult,
    Rules,
    State,
)

OPTIONS = {
    "predictions": Option(
        "rulebook",
        choices=("rulebook", *PREDICTION_SETS),
        help=text.OPTION_HELP["predictions"],
    ),
    "two_player_seed": Option(
        True, choices=(True, False), help=text.OPTION_HELP["two_player_seed"]
    ),
    "leader_red_when_forced": Option(
        True, choices=(True, False), help=text.OPTION_HELP["leader_red_when_forced"]
    ),
    "row_order": Option(
        "blue-yellow-green-red",
        choices=tuple(ROW_ORDERS),
        help=text.OPTION_HELP["row_order"],
    ),
    "first_start_player": Option(
        "random",
        choices=("random", "first_seat"),
        help=text.OPTION_HELP["first_start_player"],
    ),
    "prediction_order": Option(
        "start_player_first",
        choices=("start_player_first", "start_player_last"),
        help=text.OPTION_HELP["prediction_order"],
    ),
    "paradox_tokens_stay": Option(
        True, choices=(True, False), help=text.OPTION_HELP["paradox_tokens_stay"]
    ),
    "tie_break": Option(
        "final_round",
        choices=("final_round", "shared", "most_tricks"),
        help=text.OPTION_HELP["tie_break"],
    ),
}


def _dump(obj: Any) -> Any:
    """`codec.dump` for this game's states, several times faster (tests and
    bots serialise states a great deal); a test checks that both agree."""
    kind = type(obj)
    if kind is tuple:
        # Every tuple of a state is homogeneous: numbers need no recursion.
        if not obj or type(obj[0]) in (int, bool):
            return list(obj)
        return [_dump(x) for x in obj]
    if kind in _FIELDS:
        return {name: _dump(getattr(obj, name)) for name in _FIELDS[kind]}
    return obj


_FIELDS = {
    cls: tuple(f.name for f in dataclasses.fields(cls))
    for cls in (State, Rules, Play, RoundResult)
}


# The one action each phase takes.
ACTION_OF_PHASE = {
    PHASE_SET_ASIDE: "set_aside",
    PHASE_PREDICT: "predict",
    PHASE_PLAY: "play",
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
            return [{"type": "predict", "tricks": k} for k in state.allowed_predictions]
        return [
            {"type": "play", "card": card, "color": COLORS[color]}
            for card, color in R.legal_plays(state, seat)
        ]

    def apply(self, state: State, seat: int | None, action: Any) -> Step[State]:
        # `action` is whatever a client sent (typed Any: compiled, a declared
        # dict would turn a malformed one into a TypeError, not a refusal).
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
        if kind != ACTION_OF_PHASE[state.phase]:
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
            if action["tricks"] not in state.allowed_predictions:
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
        # The last safety net, as `require_listed` but without listing and
        # encoding every legal action: the shape is exact, so the action is
        # listed iff its (card, colour) is a legal play.
        if (card, color) not in R.legal_plays(state, seat):
            raise IllegalAction("illegal_action", "that move is not allowed now")
        return flow.play(state, seat, card, color)

    def to_json(self, state: State) -> dict[str, Any]:
        data = _dump(state)
        assert isinstance(data, dict)
        return data

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return hidden.view(state, seat)

    def public_view(self, state: State) -> dict[str, Any]:
        return hidden.public_view(state)

    def private_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return hidden.private_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != PHASE_OVER:
            return None
        totals = state.totals
        keys: list[tuple[int, ...]] = [(t,) for t in totals]
        if state.rules.tie_break == "final_round":  # CORRECTED (rulebook): CB-9
            last = state.results[-1].scores
            keys = [(t, f) for t, f in zip(totals, last, strict=True)]
        elif state.rules.tie_break == "most_tricks":
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
