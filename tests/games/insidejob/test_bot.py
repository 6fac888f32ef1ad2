"""The bot hints use only what the thinking seat knows, and point the right way."""

from __future__ import annotations

from ludoteca.engine.rng import Rng
from ludoteca.games.insidejob import GAME, bot
from ludoteca.games.insidejob.cards import parse

from .helpers import table, trick


def last_player(role: str, hand: tuple[str, ...], mission: str):
    roles = ("agent", "agent", "agent", role)
    hands = {0: ("B2",), 1: ("B3",), 2: ("B4",), 3: hand}
    state = table(4, roles=roles, hands=hands, mission=mission)
    return trick(state, "B2", "B3", "B4")


def test_last_agent_completes_the_mission():
    # D4: the last card wins (trump red). R1 trumps and completes it; G5 fails.
    state = last_player("agent", ("G5", "R1"), "D4")
    chosen = bot.rollout_policy(GAME, state, 3, Rng(1))
    assert chosen is not None and chosen["card"] == parse("R1")


def test_last_insider_wins_the_trick_and_spoils_the_mission():
    # A12: no trump (red). B5 wins but completes it; R1 wins and spoils it.
    state = last_player("insider", ("B5", "R1"), "A12")
    chosen = bot.rollout_policy(GAME, state, 3, Rng(1))
    assert chosen is not None and chosen["card"] == parse("R1")


def test_agents_vote_for_a_player_caught_breaking_colour():
    state = table(
        4,
        hands={0: ("B2", "G1"), 1: ("B3", "G2"), 2: ("B4", "G3"), 3: ("G9", "B5")},
        last_trick=False,
        tricks_done=8,
    )
    state = trick(state, "B2", "B3", "B4", "G9")  # seat 3 breaks blue ...
    mission = state.offered[0]
    state = GAME.apply(state, 2, {"type": "choose_mission", "mission": mission}).state
    state = trick(state, "G3", "B5", "G1", "G2")  # ... then plays blue
    assert state.phase == "vote"
    actions = GAME.legal_actions(state, 0)
    weights = bot.prior(GAME, state, 0, actions)
    best = actions[max(range(len(actions)), key=weights.__getitem__)]
    assert best["targets"] == [3]


def test_priors_depend_only_on_what_the_seat_knows():
    state = GAME.setup(4, 17, {"wagers": True})
    rng = Rng(5)
    for _ in range(30):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.active_seats(state))
        actions = GAME.legal_actions(state, seat)
        mine = list(bot.prior(GAME, state, seat, actions))
        for k in range(3):
            world = GAME.determinize(state, seat, k)
            assert list(bot.prior(GAME, world, seat, actions)) == mine
        state = GAME.apply(state, seat, rng.choice(actions)).state


def test_mission_choice_leans_to_risky_for_the_insider_only():
    from dataclasses import replace

    actions = [
        {"type": "choose_mission", "mission": "D1"},
        {"type": "choose_mission", "mission": "R1"},
    ]
    for role, risky_first in (("insider", True), ("agent", False)):
        state = table(
            4,
            roles=(role, "agent", "agent", "agent" if role == "insider" else "insider"),
        )
        state = replace(state, phase="mission", offered=("D1", "R1"), mission=None)
        d1, r1 = bot.prior(GAME, state, 0, actions)
        assert (r1 > d1) is risky_first
