"""Inside Job on the Game protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.protocol import (
    Action,
    Game,
    GameInfo,
    Option,
    Outcome,
    Step,
    ranks_from_scores,
)
from ludoteca.games.insidejob import actions, codec, determinize, outcome, view
from ludoteca.games.insidejob import roles as R
from ludoteca.games.insidejob.setup import new_match
from ludoteca.games.insidejob.state import State
from ludoteca.games.insidejob.text import OPTION_HELP


class InsideJob(Game[State]):
    info = GameInfo(
        id="insidejob",
        name="Inside Job",
        names={"en": "Inside Job", "pt-BR": "Inside Job"},
        min_players=3,
        max_players=5,
        kind="turn-based",
        hidden_information=True,
        teams=True,
    )
    options = {
        name: Option(False, choices=(False, True), help=OPTION_HELP[name])
        for name in ("wagers", "risky_missions", *map(R.option_name, R.CHARACTERS))
    }
    state_type = State

    def setup(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        return new_match(num_players, seed, self.resolve_options(options))

    def active_seats(self, state: State) -> frozenset[int]:
        return actions.active_seats(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return actions.legal_actions(state, seat)

    def apply(self, state: State, seat: int | None, action: Action) -> Step[State]:
        return actions.apply(state, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(
            1.0 if s in state.winners else 0.0 for s in range(state.num_players)
        )
        return Outcome(
            winners=state.winners,
            ranks=ranks_from_scores(scores),
            scores=scores,
            teams=outcome.teams(state.roles, state.revealed),
            details={"reason": state.end_reason, "roles": list(state.roles)},
        )

    def to_json(self, state: State) -> dict[str, Any]:
        return codec.dump(state)

    def from_json(self, data: Mapping[str, Any]) -> State:
        return codec.load(data)

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return determinize.determinize(state, seat, seed)


GAME = InsideJob()
