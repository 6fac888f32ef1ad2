"""The Game object tying Agent Avenue's modules to the engine protocol."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.protocol import Action, Game, GameInfo, Option, Outcome, Step
from ludoteca.games.agentavenue import actions, hidden, setup
from ludoteca.games.agentavenue.state import State
from ludoteca.games.agentavenue.teams import team_seats
from ludoteca.games.agentavenue.view import view


class AgentAvenue(Game[State]):
    info = GameInfo(
        id="agentavenue",
        name="Agent Avenue",
        names={"en": "Agent Avenue", "pt-BR": "Agent Avenue"},
        min_players=2,
        max_players=4,
        teams=True,
    )
    options = {
        "black_market": Option(
            False,
            choices=(False, True),
            help="Advanced mode: the four corners are black-market spaces.",
        ),
        "teams": Option(
            False,
            choices=(False, True),
            help="Team variant for 3 or 4 players: two sides share a pawn.",
        ),
        # CORRECTED (rulebook): the two sources refill at different moments;
        # both are played (test_rulebook.py::test_example_6_*).
        "refill_timing": Option(
            "end",
            choices=("end", "after_play"),
            help="When the side that played draws back up to four cards: at the "
            "end of the turn (help page) or right after playing (rulebook).",
        ),
        # The rules version a match was played with. "2026-11", every record
        # made before the corrections, also refilled the active side at once
        # after an instant black-market card.
        "edition": Option(
            "2026-12",
            choices=("2026-12", "2026-11"),
            help="The rules a match was played with (records before December "
            "2026 refilled the active side after an instant black-market card).",
            legacy="2026-11",
            hidden=True,
        ),
    }
    state_type = State

    def setup(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> State:
        opts = self.resolve_options(options)
        if num_players not in (2, 3, 4):
            raise ValueError("Agent Avenue is for 2 players, or 3-4 in teams")
        if opts["teams"] and num_players == 2:
            raise ValueError("the team variant needs 3 or 4 players")
        if not opts["teams"] and num_players > 2:
            raise ValueError("3 or 4 players need the team variant (option teams)")
        return setup.new_match(
            num_players,
            seed,
            opts["black_market"],
            opts["teams"],
            opts["refill_timing"],
            opts["edition"],
        )

    def active_seats(self, state: State) -> frozenset[int]:
        return frozenset(actions.active_seats(state))

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return actions.legal_actions(state, seat)

    def apply(self, state: State, seat: int | None, action: Action) -> Step[State]:
        nxt, events = actions.apply(state, seat, action)
        return Step(nxt, tuple(events))

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.winner < 0:
            return None
        sides = team_seats(state.num_players)
        winners = sides[state.winner]
        ranks = tuple(1 if s in winners else 2 for s in range(state.num_players))
        return Outcome(
            winners=winners,
            ranks=ranks,
            teams=sides if state.teams else None,
            details={"reason": state.end_reason, "team": state.winner},
        )

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return hidden.determinize(state, seat, seed)
