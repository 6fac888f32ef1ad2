"""The search hints play the team variant at three players too (not at four)."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.bots import levels
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.agentavenue import GAME, bot
from ludoteca.games.agentavenue.state import FOLLOW, LEAD, PICK, PLAY

from .helpers import act, make

TEAMS = {"teams": True}


class Greedy(Rng):
    """An `Rng` that never draws the policy's random exploration."""

    def random(self) -> float:
        return 0.99


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rollouts_play_every_phase_with_legal_actions(players: int) -> None:
    options = TEAMS if players > 2 else {}
    phases: set[str] = set()
    for seed in range(12):
        state = GAME.setup(players, seed, options)
        rng = Rng(mix_seed("test-rollout", players, seed))
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.active_seats(state)))
            action = bot.rollout_policy(GAME, state, seat, rng)
            legal = GAME.legal_actions(state, seat)
            if action is None:
                action = rng.choice(legal)
            else:
                phases.add(state.phase)
                assert action in legal
            state = GAME.apply(state, seat, action).state
    expected = {2: {PLAY, PICK}, 3: {PLAY, LEAD, FOLLOW, PICK}, 4: set()}[players]
    assert phases == expected  # at four players, random rollouts (POLICY_TABLES)


def three(**fields: Any) -> Any:
    """Three players: the pair (seats 0 and 2) to play, the lone seat 1 has
    two Codebreakers in play (a third one wins for it)."""
    base: dict[str, Any] = {
        "active": 0,
        "phase": LEAD,
        "in_play": ((), ("codebreaker", "codebreaker")),
    }
    return make(3, TEAMS, **(base | fields))


def test_the_leader_keeps_the_winning_card_from_the_picker() -> None:
    state = three(
        hands=(("codebreaker", "henchman"), ("mole",), ("saboteur", "sentinel"))
    )
    for seed in range(10):
        chosen = bot.rollout_policy(GAME, state, 0, Greedy(seed))
        assert chosen == {"type": "lead", "card": "henchman"}


def test_the_follower_slips_the_winning_card_under_one_the_picker_takes() -> None:
    # The pair has two Codebreakers in play; the lone side takes a Sidekick
    # (four spaces) face up, so the face-down card goes to the pair.
    state = three(
        hands=(("assistant", "sentinel"), ("mole",), ("saboteur", "codebreaker")),
        in_play=(("codebreaker", "codebreaker"), ()),
    )
    state = act(state, 0, type="lead", card="assistant")
    assert state.phase == FOLLOW
    for seed in range(10):
        chosen = bot.rollout_policy(GAME, state, 2, Greedy(seed))
        assert chosen == {"type": "follow", "card": "codebreaker"}
    state = act(state, 2, type="follow", card="codebreaker")
    assert bot.rollout_policy(GAME, state, 1, Rng(1)) == {"type": "pick", "take": "up"}


def test_medium_looks_deeper_at_three_players_only() -> None:
    medium, hard = levels.make("medium"), levels.make("hard")
    steps = {n: medium.searcher(GAME, n).search.steps for n in (2, 3, 4)}
    assert steps[3] == 2 * steps[2] and steps[4] == steps[2]
    assert steps[3] is not None
    assert hard.searcher(GAME, 3).search.steps == hard.searcher(GAME, 2).search.steps
    assert steps[3] < (hard.searcher(GAME, 3).search.steps or 0)
