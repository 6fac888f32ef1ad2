"""The eight special characters ("Authoritative additions", Special characters)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.insidejob import GAME
from ludoteca.games.insidejob.cards import parse
from ludoteca.games.insidejob.missions import is_risky

from .helpers import play, table, trick, vote

A, INS = "agent", "insider"
FOUR = {0: ("B2", "G1"), 1: ("B3", "G2"), 2: ("B4", "G3"), 3: ("B5", "G4")}


def winners(state):
    outcome = GAME.outcome(state)
    assert outcome is not None, state.phase
    return outcome.winners


def to_vote(state, cards=("B2", "B3", "B4", "B5")):
    state = trick(state, *cards)
    assert state.phase == "vote"
    return state


# -- Agent with a Microphone ---------------------------------------------------


def test_microphone_is_revealed_from_the_deal():
    opts = {"character_microphone": True}
    for seed in range(5):
        state = GAME.setup(4, seed, opts)
        mic = state.roles.index("microphone")
        assert state.revealed[mic] == "setup"
        public = GAME.view(state, None)["revealed"]
        assert public == [{"seat": mic, "role": "microphone", "how": "setup"}]


def test_microphone_with_two_tokens_makes_the_insider_win():
    state = table(
        4,
        roles=(A, "microphone", A, INS),
        revealed=("", "setup", "", ""),
        hands={0: ("B2",), 1: ("B13",), 2: ("B4",), 3: ("B5",)},
        mission="A12",
    )
    state = trick(state, "B2", "B13", "B4", "B5")
    assert state.intel[1] == 2
    assert state.end_reason == "microphone"
    assert winners(state) == (3,)


def test_microphone_wins_with_the_agents_and_cannot_be_voted_for():
    state = table(
        4,
        roles=("microphone", A, A, INS),
        revealed=("setup", "", "", ""),
        hands=FOUR,
        last_trick=True,
    )
    state = to_vote(state)
    assert all(
        [0] not in [a["targets"] for a in GAME.legal_actions(state, s)]
        for s in (1, 2, 3)
    )
    for voter, target in ((0, 3), (1, 3), (2, 3), (3, 1)):
        state = vote(state, voter, target)
    assert winners(state) == (0, 1, 2)


def test_microphone_may_not_bet():
    state = table(
        4,
        roles=(A, "microphone", A, INS),
        revealed=("", "setup", "", ""),
        hands=FOUR,
        options={"wagers": True},
    )
    state = play(state, 0, "B2")
    assert not any(a["wager"] for a in GAME.legal_actions(state, 1))


# -- Paranoid Agent ------------------------------------------------------------


def test_paranoid_votes_for_two_different_players_that_count_twice():
    state = to_vote(
        table(4, roles=("paranoid", A, A, INS), hands=FOUR, last_trick=True)
    )
    ballots = [a["targets"] for a in GAME.legal_actions(state, 0)]
    assert sorted(ballots) == [[1, 2], [1, 3], [2, 3]]
    with pytest.raises(IllegalAction) as err:
        vote(state, 0, 3, 3)
    assert err.value.code == "bad_ballot"
    state = vote(state, 0, 1, 3)
    for voter, target in ((1, 3), (2, 1), (3, 1)):
        state = vote(state, voter, target)
    # Tally 3 for seat 1 (2 + paranoid) and 2 for the Insider: not identified.
    assert GAME.view(state, None)["result"]["tally"] == [0, 3, 0, 2]
    assert winners(state) == (3,)


def test_paranoid_revealed_by_intel_may_double_up():
    state = to_vote(
        table(
            4,
            roles=("paranoid", A, A, INS),
            hands=FOUR,
            last_trick=True,
            revealed=("intel", "", "", ""),
            intel=(5, 1, 1, 1),
        )
    )
    ballots = [a["targets"] for a in GAME.legal_actions(state, 0)]
    assert [3, 3] in ballots and [1, 3] in ballots
    state = vote(state, 0, 3, 3)
    for voter, target in ((1, 2), (2, 1), (3, 1)):
        state = vote(state, voter, target)
    assert GAME.view(state, None)["result"]["tally"] == [0, 2, 1, 2]
    assert winners(state) == (3,)  # 2-2 tie: the Insider escapes
    state = to_vote(
        table(
            4,
            roles=("paranoid", A, A, INS),
            hands=FOUR,
            last_trick=True,
            revealed=("intel", "", "", ""),
            intel=(5, 1, 1, 1),
        )
    )
    state = vote(state, 0, 3, 3)
    for voter, target in ((1, 3), (2, 1), (3, 1)):
        state = vote(state, voter, target)
    assert winners(state) == (0, 1, 2)


# -- Agent at Full Risk ----------------------------------------------------------


def test_full_risk_brings_the_risky_missions_in():
    state = GAME.setup(4, 3, {"character_full_risk": True})
    deck = set(state.mission_deck) | set(state.offered)
    assert {"R1", "R2", "R3", "R4"} <= deck
    plain = GAME.setup(4, 3, {})
    assert not any(is_risky(m) for m in (*plain.mission_deck, *plain.offered))


def test_full_risk_forces_a_drawn_risky_mission():
    state = table(
        4, roles=("full_risk", A, A, INS), options={"character_full_risk": True}
    )
    state = state.__class__(
        **{
            **state.__dict__,
            "phase": "mission",
            "offered": ("D1", "R2"),
            "mission": None,
        }
    )
    assert GAME.legal_actions(state, 0) == [{"type": "choose_mission", "mission": "R2"}]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, {"type": "choose_mission", "mission": "D1"})
    assert err.value.code == "must_choose_risky"
    both = state.__class__(**{**state.__dict__, "offered": ("R1", "R2")})
    assert len(GAME.legal_actions(both, 0)) == 2


def test_full_risk_revealed_means_every_agent_wins_at_once():
    state = table(
        4,
        roles=(A, "full_risk", A, INS),
        intel=(1, 4, 1, 1),
        hands={0: ("B2",), 1: ("B13",), 2: ("B4",), 3: ("B5",)},
        mission="A12",
    )
    state = trick(state, "B2", "B13", "B4", "B5")
    assert state.end_reason == "full_risk"
    assert winners(state) == (0, 1, 2)


def test_full_risk_loses_with_the_agents():
    state = table(
        4,
        roles=(A, "full_risk", A, INS),
        intel=(1, 1, 1, 4),
        hands={0: ("B2",), 1: ("B3",), 2: ("B4",), 3: ("B13",)},
        mission="A12",
    )
    assert winners(trick(state, "B2", "B3", "B4", "B13")) == (3,)


# -- The Decoy -------------------------------------------------------------------


def decoy_vote(ballots):
    state = to_vote(table(4, roles=("decoy", A, A, INS), hands=FOUR, last_trick=True))
    for voter, target in ballots:
        state = vote(state, voter, target)
    return state


def test_decoy_wins_alone_with_the_most_votes():
    assert winners(decoy_vote(((0, 3), (1, 0), (2, 0), (3, 0)))) == (0,)


def test_decoy_and_insider_tied_both_win():
    assert winners(decoy_vote(((0, 3), (1, 0), (2, 3), (3, 0)))) == (0, 3)


def test_decoy_loses_when_the_insider_is_found_or_the_missions_are_done():
    assert winners(decoy_vote(((0, 3), (1, 3), (2, 3), (3, 0)))) == (1, 2)
    state = table(4, roles=("decoy", A, A, INS), hands=FOUR, completed=6, mission="A12")
    assert winners(trick(state, "B2", "B3", "B4", "B5")) == (1, 2)


def test_decoy_tied_with_an_agent_is_not_the_most_voted():
    # Seats 0 (Decoy) and 1 have two votes each: the Insider escapes.
    state = decoy_vote(((0, 1), (1, 0), (2, 0), (3, 1)))
    assert winners(state) == (3,)


# -- The Accomplice --------------------------------------------------------------


def accomplice_setup(seed=0):
    state = GAME.setup(4, seed, {"character_accomplice": True})
    acc = state.roles.index("accomplice")
    return state, acc


def test_accomplice_is_revealed_starts_without_intel_and_picks_a_partner():
    state, acc = accomplice_setup()
    assert state.phase == "partner" and GAME.active_seats(state) == {acc}
    assert state.revealed[acc] == "setup" and state.intel[acc] == 0
    partner = (acc + 1) % 4
    step = GAME.apply(state, acc, {"type": "pick_partner", "seat": partner})
    seen = [e for e in step.events if e.type == "partner_seen"]
    assert seen[0].to == (acc,) and seen[0].data["role"] == state.roles[partner]
    assert GAME.view(step.state, acc)["you"]["partner_role"] == state.roles[partner]
    for other in range(4):
        if other != acc:
            assert "partner_role" not in GAME.view(step.state, other)["you"]
    assert step.state.phase == "mission"
    with pytest.raises(IllegalAction):
        GAME.apply(state, acc, {"type": "pick_partner", "seat": acc})


def test_accomplice_trick_costs_the_partner_a_token_and_pays_nothing():
    state = table(
        4,
        roles=("accomplice", A, A, INS),
        revealed=("setup", "", "", ""),
        partner=3,
        intel=(0, 1, 1, 2),
        hands={0: ("R13",), 1: ("B3",), 2: ("B4",), 3: ("B5",)},
        mission="A12",  # trump red
        options={"wagers": True},
    )
    supply = state.supply
    state = trick(state, "R13", ("B3", True), "B4", "B5")
    assert state.intel == (0, 0, 1, 1)
    assert state.supply == supply + 2  # the bet and the partner's token


def test_accomplice_wins_with_the_partner_and_does_not_vote():
    for partner, expected in ((3, (1, 2)), (1, (0, 1, 2))):
        state = table(
            4,
            roles=("accomplice", A, A, INS),
            revealed=("setup", "", "", ""),
            partner=partner,
            hands=FOUR,
            last_trick=True,
        )
        state = to_vote(state)
        assert 0 not in state.voters
        for voter in (1, 2, 3):
            state = vote(state, voter, 3 if voter != 3 else 1)
        assert winners(state) == expected


# -- Tim Shady -------------------------------------------------------------------


def test_tim_shady_wins_when_the_player_to_his_right_loses():
    # Tim at seat 1: his right is seat 0 (an Agent).
    roles = (A, "tim_shady", A, INS)
    state = table(4, roles=roles, hands=FOUR, completed=6, mission="A12")
    assert winners(trick(state, "B2", "B3", "B4", "B5")) == (0, 2)
    state = table(
        4,
        roles=roles,
        intel=(1, 1, 1, 4),
        mission="A12",
        hands={0: ("B2",), 1: ("B3",), 2: ("B4",), 3: ("B13",)},
    )
    assert winners(trick(state, "B2", "B3", "B4", "B13")) == (1, 3)


def test_tim_shady_revealed_takes_a_token_from_his_right_and_loses_his_vote():
    roles = (A, "tim_shady", A, INS)
    state = table(
        4,
        roles=roles,
        intel=(3, 4, 1, 1),
        mission="A12",
        hands={0: ("B2", "G1"), 1: ("B13", "G2"), 2: ("B4", "G3"), 3: ("B5", "G4")},
        last_trick=False,
        tricks_done=8,
    )
    state = trick(state, "B2", "B13", "B4", "B5")
    assert state.revealed[1] == "intel" and state.intel[:2] == (2, 5)
    mission = state.offered[0]
    state = GAME.apply(state, 1, {"type": "choose_mission", "mission": mission}).state
    state = trick(state, "G2", "G3", "G4", "G1")
    assert state.phase == "vote" and 1 not in state.voters


# -- Sleeping Agent --------------------------------------------------------------


def test_sleeping_agent_unrevealed_wins_with_the_agents():
    state = table(
        4, roles=("sleeping", A, A, INS), hands=FOUR, completed=6, mission="A12"
    )
    assert winners(trick(state, "B2", "B3", "B4", "B5")) == (0, 1, 2)


def test_sleeping_agent_revealed_changes_sides_and_loses_the_vote():
    state = table(
        4,
        roles=(A, "sleeping", A, INS),
        intel=(1, 4, 1, 1),
        mission="A12",
        hands={0: ("B2", "G1"), 1: ("B13", "G2"), 2: ("B4", "G3"), 3: ("B5", "G4")},
        tricks_done=8,
    )
    state = trick(state, "B2", "B13", "B4", "B5")
    assert state.revealed[1] == "intel" and GAME.outcome(state) is None
    mission = state.offered[0]
    state = GAME.apply(state, 1, {"type": "choose_mission", "mission": mission}).state
    state = trick(state, "G2", "G3", "G4", "G1")
    assert state.phase == "vote" and 1 not in state.voters
    state = vote(vote(vote(state, 0, 2), 2, 0), 3, 0)
    assert winners(state) == (1, 3)  # the Insider escaped; the sleeper with them


# -- Prof. No --------------------------------------------------------------------

PN = {"character_prof_no": True}


def test_prof_no_replaces_the_insider_and_need_not_follow():
    state = GAME.setup(4, 1, PN)
    assert "prof_no" in state.roles and "insider" not in state.roles
    state = table(
        4,
        roles=(A, A, A, "prof_no"),
        options=PN,
        hands={0: ("B2",), 1: ("B3",), 2: ("B4",), 3: ("B5", "G9")},
    )
    state = trick(state, "B2", "B3", "B4")
    assert {a["card"] for a in GAME.legal_actions(state, 3)} == {
        parse("B5"),
        parse("G9"),
    }


def test_prof_no_does_not_win_with_intel_and_loses_when_revealed():
    # 4 players: the reveal threshold is 4 for everyone, Prof. No included.
    state = table(
        4,
        roles=(A, A, A, "prof_no"),
        options=PN,
        intel=(1, 1, 1, 3),
        mission="A12",
        hands={0: ("B2",), 1: ("B3",), 2: ("B4",), 3: ("B13",)},
    )
    state = trick(state, "B2", "B3", "B4", "B13")
    assert state.end_reason == "prof_no_revealed"
    assert winners(state) == (0, 1, 2)


def test_prof_no_wins_when_every_other_player_is_revealed():
    state = table(
        5,
        roles=(A, A, A, A, "prof_no"),
        options=PN,
        intel=(3, 3, 3, 2, 0),
        revealed=("intel", "intel", "intel", "", ""),
        mission="A12",
        hands={0: ("B2",), 1: ("B3",), 2: ("B4",), 3: ("B13",), 4: ("B5",)},
    )
    state = trick(state, "B2", "B3", "B4", "B13", "B5")
    assert state.revealed[3] == "intel"
    assert state.end_reason == "all_revealed" and winners(state) == (4,)


def test_prof_no_game_revealed_players_do_not_vote():
    state = table(
        4,
        roles=(A, A, A, "prof_no"),
        options=PN,
        hands=FOUR,
        intel=(4, 1, 1, 1),
        revealed=("intel", "", "", ""),
        last_trick=True,
    )
    state = to_vote(state)
    assert state.voters == (1, 2, 3)
    state = vote(vote(vote(state, 1, 3), 2, 3), 3, 1)
    assert winners(state) == (0, 1, 2)


def test_characters_need_four_or_five_players_and_must_fit():
    with pytest.raises(ValueError):
        GAME.setup(3, 1, {"character_decoy": True})
    too_many = {
        f"character_{c}": True
        for c in ("microphone", "paranoid", "decoy", "accomplice")
    }
    with pytest.raises(ValueError):
        GAME.setup(4, 1, too_many)
    state = GAME.setup(5, 1, too_many | PN)
    assert sorted(state.roles) == sorted(
        ["microphone", "paranoid", "decoy", "accomplice", "prof_no"]
    )


def test_tim_and_accomplice_depending_on_each_other_both_lose():
    """ASSUMPTION: Tim's right is the Accomplice, whose partner is Tim."""
    roles = ("accomplice", "tim_shady", A, INS)
    state = table(
        4,
        roles=roles,
        revealed=("setup", "", "", ""),
        partner=1,
        hands=FOUR,
        completed=6,
        mission="A12",
    )
    assert winners(trick(state, "B2", "B3", "B4", "B5")) == (2,)


def test_accomplice_partnered_with_tim_follows_him():
    # Tim at seat 2, his right is seat 1 (an Agent); the Accomplice backs Tim.
    roles = ("accomplice", A, "tim_shady", INS)
    state = table(
        4,
        roles=roles,
        revealed=("setup", "", "", ""),
        partner=2,
        hands=FOUR,
        intel=(0, 1, 1, 4),
        mission="A12",
    )
    assert winners(trick(state, "B2", "B3", "B4", "B5")) == (0, 2, 3)


def test_outcome_teams_list_the_sides_and_each_solo_character():
    roles = ("decoy", A, "tim_shady", INS)
    state = table(4, roles=roles, hands=FOUR, completed=6, mission="A12")
    outcome = GAME.outcome(trick(state, "B2", "B3", "B4", "B5"))
    assert outcome.teams == ((1,), (3,), (0,), (2,))
    assert outcome.winners == (1,) and outcome.scores == (0.0, 1.0, 0.0, 0.0)
    assert outcome.ranks == (2, 1, 2, 2)


def test_determinize_keeps_what_the_accomplice_saw():
    state, acc = accomplice_setup(3)
    partner = (acc + 2) % 4
    state = GAME.apply(state, acc, {"type": "pick_partner", "seat": partner}).state
    for k in range(8):
        world = GAME.determinize(state, acc, k)
        assert world.roles[partner] == state.roles[partner]
        assert world.roles[acc] == "accomplice"
    seen = {GAME.determinize(state, partner, k).roles for k in range(12)}
    assert len(seen) > 1


def test_determinize_keeps_plain_discards_under_full_risk():
    opts = {"character_full_risk": True}
    state = table(4, roles=("full_risk", A, A, INS), options=opts, hands=FOUR)
    state = replace(state, phase="mission", offered=("D1", "D2"), mission=None)
    state = GAME.apply(state, 0, {"type": "choose_mission", "mission": "D1"}).state
    assert state.discards[-1].forced
    for k in range(20):
        world = GAME.determinize(state, 1, k)
        assert not is_risky(world.discards[-1].mission)


def test_sleeping_agent_revealed_loses_when_the_agents_win():
    state = table(
        4,
        roles=(A, "sleeping", A, INS),
        intel=(1, 5, 1, 1),
        revealed=("", "intel", "", ""),
        hands=FOUR,
        completed=6,
        mission="A12",
    )
    assert winners(trick(state, "B2", "B3", "B4", "B5")) == (0, 2)


def test_prof_no_escaping_the_vote_wins():
    state = table(
        4, roles=(A, A, A, "prof_no"), options=PN, hands=FOUR, last_trick=True
    )
    state = to_vote(state)
    state = vote(vote(vote(vote(state, 0, 1), 1, 0), 2, 1), 3, 0)
    assert state.end_reason == "vote" and winners(state) == (3,)
