"""The bots' arena clock resumes a phase whose game key comes back (like the
platform does for Mafia's voting after an acquittal)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pytest

from ludoteca.bots.arena import play_match
from ludoteca.engine.protocol import Game, GameInfo, Outcome, Step


@dataclass(frozen=True)
class State:
    phase: str = "vote"  # "vote" (10 s, one seat acts) or "trial" (3 s, nobody)
    trials: int = 0
    waits: int = 0
    over: bool = False
    num_players: int = 1


class Trials(Game[State]):
    """Each accusation interrupts the vote with a trial (at most 3); waiting
    in the vote costs a move; the vote's clock running out ends the match."""

    info = GameInfo("trials", "Trials", {"en": "Trials"}, 1, 1, kind="simultaneous")

    def __init__(self, resume: bool) -> None:
        self.resume = resume

    def setup(self, num_players: int, seed: int, options: Any = None) -> State:
        return State()

    def active_seats(self, state: State) -> frozenset[int]:
        voting = state.phase == "vote" and not state.over
        return frozenset({0}) if voting else frozenset()

    def legal_actions(self, state: State, seat: int) -> list[dict[str, Any]]:
        if seat not in self.active_seats(state):
            return []
        return [{"type": "accuse" if state.trials < 3 else "wait"}]

    def apply(self, state: State, seat: int | None, action: Any) -> Step[State]:
        if seat is None:  # a timeout
            if state.phase == "trial":
                return Step(replace(state, phase="vote"))
            return Step(replace(state, over=True))
        if action["type"] == "accuse":
            return Step(replace(state, phase="trial", trials=state.trials + 1))
        return Step(replace(state, waits=state.waits + 1))

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"phase": state.phase}

    def outcome(self, state: State) -> Outcome | None:
        return Outcome((0,), (1,)) if state.over else None

    def determinize(self, state: State, seat: int, seed: int) -> State:
        return state

    def phase_seconds(self, state: State) -> float | None:
        return None if state.over else (10.0 if state.phase == "vote" else 3.0)

    def phase_key(self, state: State) -> Any:
        if state.phase == "vote":
            return ("vote", 0 if self.resume else state.trials)
        return ("trial", state.trials)


class First:
    def choose(self, game: Any, state: Any, seat: int, seed: int) -> dict[str, Any]:
        return dict(game.legal_actions(state, seat)[0])


@pytest.mark.parametrize(("resume", "waits"), [(True, 7), (False, 10)])
def test_a_returning_phase_key_resumes_the_phase_clock(resume, waits):
    state, _ = play_match(Trials(resume), [First()], 1, seconds_per_move=1.0)
    # Resumed, the vote has 10 - 3 s left after three accusations; else 10 s.
    assert state.trials == 3 and state.waits == waits
