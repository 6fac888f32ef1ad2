"""The worked examples of the spec, section 1(g) (seats P1..Pn are 0..n-1)."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.insidejob import GAME

from .helpers import play, table, trick, vote

AGENT, INSIDER = "agent", "insider"


def ij1_table(p3_role: str = INSIDER):
    return table(
        4,
        roles=(AGENT, AGENT, p3_role, AGENT if p3_role == INSIDER else INSIDER),
        hands={
            0: ("B9", "R1"),
            1: ("B3", "G5"),
            2: ("Y2", "B4"),
            3: ("G12", "R2"),
        },
        mission="D1",  # all odd, trump yellow
    )


def test_ij1_insider_ignores_follow_trump_wins_mission_fails():
    state = trick(ij1_table(), "B9", "B3", "Y2", "G12")
    last = state.tricks[-1]
    assert last.winner == 2
    assert state.intel == (1, 1, 2, 1)
    assert state.supply == 14 - 4 - 1
    assert not last.completed and state.failed == ("D1",) and state.completed == ()
    assert state.leader == 2 and state.phase == "mission"


def test_ij2_agent_holding_the_led_colour_must_follow():
    state = play(ij1_table(), 0, "B9")
    with pytest.raises(IllegalAction) as err:
        play(state, 1, "G5")
    assert err.value.code == "must_follow_suit"
    # With P3 an Agent holding a blue card, Y2 is refused too.
    state = play(play(ij1_table(p3_role=AGENT), 0, "B9"), 1, "B3")
    with pytest.raises(IllegalAction) as err:
        play(state, 2, "Y2")
    assert err.value.code == "must_follow_suit"


def ij3_table():
    return table(
        4,
        hands={0: ("B5", "G1"), 1: ("R8", "G2"), 2: ("B8", "G3"), 3: ("B2", "G4")},
        mission="D8",  # all the same colour, trump red
        intel=(1, 1, 2, 1),
        options={"wagers": True},
    )


def test_ij3_wager_tie_goes_to_the_later_card():
    state = trick(ij3_table(), "B5", "R8", ("B8", True), ("B2", True))
    last = state.tricks[-1]
    assert last.winner == 2
    assert state.intel == (1, 1, 4, 0)
    assert not last.completed  # effective suits B, R, R, R


def test_ij3_variant_leader_may_not_wager():
    with pytest.raises(IllegalAction) as err:
        play(ij3_table(), 0, "B5", wager=True)
    assert err.value.code == "leader_cannot_wager"


def test_ij4_simultaneous_targets_the_insider_wins():
    state = table(
        5,
        roles=(INSIDER, AGENT, AGENT, AGENT, AGENT),
        hands={0: ("G13",), 1: ("G1",), 2: ("G2",), 3: ("G3",), 4: ("G4",)},
        mission="D3",  # the leader's card wins, trump green
        intel=(3, 1, 1, 1, 1),
        completed=5,
    )
    state = trick(state, "G13", "G1", "G2", "G3", "G4")
    assert len(state.completed) == 6 and state.intel[0] == 4
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.details["reason"] == "intel"


def test_ij5_forced_reveal_then_play_goes_on_without_wagers():
    state = table(
        4,
        hands={
            0: ("B2", "G1"),
            1: ("B13", "G8"),
            2: ("B4", "G9"),
            3: ("B5", "G4"),
        },
        mission="A12",  # no trump played (trump red)
        intel=(1, 4, 1, 1),
        options={"wagers": True},
    )
    state = trick(state, "B2", "B13", "B4", "B5")
    assert state.intel[1] == 5 and state.revealed[1] == "intel"
    assert GAME.outcome(state) is None
    seen = GAME.view(state, 0)["revealed"]
    assert seen == [{"seat": 1, "role": "agent", "how": "intel"}]
    mission = state.offered[0]
    state = GAME.apply(state, 1, {"type": "choose_mission", "mission": mission}).state
    state = play(state, 1, "G8")
    state = play(state, 2, "G9", wager=True)  # unrevealed players still bet
    assert state.intel[2] == 0


def test_ij5_revealed_agent_cannot_wager_nor_be_voted_for():
    state = table(
        4,
        hands={0: ("B2",), 1: ("G8",), 2: ("B4",), 3: ("B5",)},
        leader=0,
        intel=(1, 5, 1, 1),
        revealed=("", "intel", "", ""),
        options={"wagers": True},
    )
    state = play(state, 0, "B2")
    with pytest.raises(IllegalAction) as err:
        play(state, 1, "G8", wager=True)
    assert err.value.code == "revealed_cannot_wager"
    voting = table(
        4,
        revealed=("", "intel", "", ""),
        last_trick=True,
        hands={0: ("B2",), 1: ("B3",), 2: ("B4",), 3: ("B5",)},
    )
    voting = trick(voting, "B2", "B3", "B4", "B5")
    assert voting.phase == "vote" and 1 in voting.voters
    assert all(
        a["targets"] != [1] for s in (0, 2, 3) for a in GAME.legal_actions(voting, s)
    )
    with pytest.raises(IllegalAction) as err:
        vote(voting, 0, 1)
    assert err.value.code == "cannot_vote_for"


@pytest.mark.parametrize("insider", [2, 0])
def test_ij6_case1_final_vote(insider):
    roles = tuple(INSIDER if s == insider else AGENT for s in range(4))
    state = table(
        4,
        roles=roles,
        revealed=("", "intel", "", ""),
        last_trick=True,
        intel=(1, 5, 1, 1),
        hands={0: ("B2", "G1"), 1: ("B3", "G2"), 2: ("B4", "G3"), 3: ("B5", "G4")},
    )
    state = trick(state, "B2", "B3", "B4", "B5")
    assert state.phase == "vote" and all(len(h) == 1 for h in state.hands)
    for voter, target in ((0, 2), (1, 2), (2, 0), (3, 2)):
        state = vote(state, voter, target)
    outcome = GAME.outcome(state)
    assert outcome is not None
    if insider == 2:  # the Agents found the Insider
        assert outcome.winners == (0, 1, 3)
    else:
        assert outcome.winners == (0,)
    assert GAME.view(state, None)["result"]["tally"] == [1, 0, 3, 0]


def test_ij6_case2_three_way_tie_the_insider_escapes():
    state = table(3, last_trick=True, hands={0: ("B2",), 1: ("B3",), 2: ("B4",)})
    state = trick(state, "B2", "B3", "B4")
    state = vote(vote(vote(state, 0, 1), 1, 2), 2, 0)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (2,)


def test_ij7_empty_supply_last_trick_then_vote():
    state = table(
        3, last_trick=True, supply=0, hands={0: ("B2",), 1: ("B3",), 2: ("B4",)}
    )
    state = trick(state, "B2", "B3", "B4")
    assert state.intel == (1, 1, 1)  # the winner got no supply token
    assert state.phase == "vote"
