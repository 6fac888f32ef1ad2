"""Piles! on the Game protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine import Game, GameInfo, Option, Outcome
from ludoteca.engine.protocol import Action, Step
from ludoteca.games.piles import hidden, rules, text, views
from ludoteca.games.piles import state as state_json
from ludoteca.games.piles.state import State


class Piles(Game[State]):
    info = GameInfo(
        id="piles",
        name="Piles!",
        names={"en": "Piles!", "pt-BR": "Piles!"},
        min_players=2,
        max_players=8,
        kind="real-time",
        hidden_information=True,
    )
    options = {
        # 2(e), ASSUMPTION: an optional 10-minute timer against stalling.
        "match_minutes": Option(
            10,
            choices=(0, 3, 5, 10, 15, 20, 30),
            help=text.OPTIONS["match_minutes_help"],
        ),
        # 2(e), ASSUMPTION: one action per player every 150 ms. Rules cannot
        # see a clock, so the web layer enforces it with ratelimit.check_rate.
        "min_action_ms": Option(
            150,
            choices=(0, 100, 150, 250, 500),
            help=text.OPTIONS["min_action_ms_help"],
        ),
        # Not in the spec: a clock-free end for simulations and tests.
        "action_limit": Option(
            0,
            minimum=0,
            maximum=1_000_000,
            help=text.OPTIONS["action_limit_help"],
        ),
    }
    state_type = State

    def setup(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        opts = self.resolve_options(options)
        if isinstance(num_players, bool) or not (
            self.info.min_players <= num_players <= self.info.max_players
        ):
            raise ValueError(
                f"Piles! is for {self.info.min_players} to {self.info.max_players}"
                f" players, not {num_players}"
            )
        return rules.deal(num_players, seed, opts)

    def active_seats(self, state: State) -> frozenset[int]:
        return rules.active_seats(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def apply(self, state: State, seat: int | None, action: Action) -> Step[State]:
        return rules.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return rules.outcome(state)

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return hidden.determinize(state, seat, seed)

    def to_json(self, state: State) -> dict[str, Any]:
        return state_json.to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return state_json.from_json(data)

    def phase_seconds(self, state: State) -> float | None:
        return rules.phase_seconds(state)
