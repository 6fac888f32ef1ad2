"""The team variant for 3 and 4 players (spec §1(c) "Team variant")."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.agentavenue import GAME
from ludoteca.games.agentavenue.state import FOLLOW, LEAD, MARKET, PICK, PLAY
from ludoteca.games.agentavenue.teams import discard_limit, members

from .helpers import act, make, names

TEAMS = {"teams": True}


def _four(**fields):
    base = dict(
        active=0,
        phase=LEAD,
        hands=(
            ["henchman", "sentinel", "mole", "saboteur"],
            ["daredevil", "codebreaker", "sentinel", "henchman"],
            ["sentinel", "sentinel", "double_agent", "codebreaker"],
            ["saboteur", "saboteur", "henchman", "codebreaker"],
        ),
        deck=["saboteur"] * 6,
    )
    base.update(fields)
    return make(4, TEAMS, **base)


def test_seats_alternate_between_the_two_sides():
    assert members(4, 0) == (0, 2) and members(4, 1) == (1, 3)
    assert members(3, 0) == (0, 2) and members(3, 1) == (1,)
    view = GAME.view(GAME.setup(4, 1, TEAMS), None)
    assert [s["seats"] for s in view["sides"]] == [[0, 2], [1, 3]]


def test_each_teammate_has_a_private_hand_of_four():
    state = GAME.setup(4, 2, TEAMS)
    assert [sum(h) for h in state.hands] == [4, 4, 4, 4] and len(state.deck) == 22
    view = GAME.view(state, 0)
    assert view["hand_sizes"] == [4, 4, 4, 4] and "hands" not in view


def test_either_teammate_may_claim_the_lead():
    state = _four()
    assert GAME.active_seats(state) == frozenset({0, 2})
    led = act(state, 2, type="lead", card="double_agent")
    assert led.phase == FOLLOW and GAME.active_seats(led) == frozenset({0})
    assert GAME.view(led, 1)["offer"]["up"] == "double_agent"


def test_partner_plays_face_down_with_a_different_name_unless_forced():
    state = act(_four(), 0, type="lead", card="sentinel")
    follows = {a["card"] for a in GAME.legal_actions(state, 2) if a["type"] == "follow"}
    assert follows == {"double_agent", "codebreaker"}
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 2, {"type": "follow", "card": "sentinel"})
    assert err.value.code == "same_name"
    forced = _four(hands=(["sentinel"], ["mole"], ["sentinel", "sentinel"], ["mole"]))
    forced = act(forced, 0, type="lead", card="sentinel")
    assert GAME.legal_actions(forced, 2) == [
        {"type": "discard", "card": "sentinel"},
        {"type": "follow", "card": "sentinel"},
    ]


def test_face_down_card_is_hidden_from_the_leader_too():
    state = act(_four(), 0, type="lead", card="henchman")
    state = act(state, 2, type="follow", card="double_agent")
    assert state.phase == PICK
    assert GAME.view(state, 2)["offer"]["down"] == "double_agent"
    for seat in (0, 1, 3, None):
        assert "down" not in GAME.view(state, seat)["offer"]


def test_the_opposing_team_picks_either_member_may_answer():
    state = act(_four(), 0, type="lead", card="henchman")
    state = act(state, 2, type="follow", card="double_agent")
    assert GAME.active_seats(state) == frozenset({1, 3})
    after = act(state, 3, type="pick", take="up")
    assert after.pos == (-1, 8) and after.last.picker == 3


def test_two_discards_per_teammate_and_four_for_a_lone_player():
    four = _four()
    assert [discard_limit(four, s) for s in range(4)] == [2, 2, 2, 2]
    three = GAME.setup(3, 1, TEAMS)
    assert [discard_limit(three, s) for s in range(3)] == [2, 4, 2]
    state = _four(discards=((3, 3), (), (), ()))
    assert not [a for a in GAME.legal_actions(state, 0) if a["type"] == "discard"]
    assert [a for a in GAME.legal_actions(state, 2) if a["type"] == "discard"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, {"type": "discard", "card": "mole"})
    assert err.value.code == "no_discards_left"


def test_a_lone_player_offers_both_cards_as_in_two_players():
    state = make(
        3,
        TEAMS,
        active=1,
        phase=PLAY,
        hands=(["mole", "mole"], ["henchman", "sentinel"], ["mole", "mole"]),
    )
    assert GAME.active_seats(state) == frozenset({1})
    state = act(state, 1, type="offer", up="henchman", down="sentinel")
    assert GAME.active_seats(state) == frozenset({0, 2})


def test_both_teammates_refill_and_the_leader_gets_a_last_single_card():
    state = act(_four(deck=["assistant"]), 2, type="lead", card="codebreaker")
    state = act(state, 0, type="follow", card="mole")
    state = act(state, 1, type="pick", take="down")
    assert sum(state.hands[2]) == 4 and sum(state.hands[0]) == 3
    assert names(state.hands[2])["assistant"] == 1
    assert state.active == 1 and state.phase == LEAD


def test_empty_hand_end_when_an_opponent_has_no_card_and_the_deck_is_empty():
    state = _four(
        deck=[],
        hands=(["henchman"], ["mole"], ["sentinel"], []),
        pos=(0, 6),
    )
    state = act(state, 0, type="lead", card="henchman")
    state = act(state, 2, type="follow", card="sentinel")
    state = act(state, 1, type="pick", take="down")  # blue gets Sentinel (0), green +1
    outcome = GAME.outcome(state)
    assert outcome.details["reason"] == "proximity"
    assert outcome.winners == (0, 2) and outcome.ranks == (1, 2, 1, 2)
    assert outcome.teams == ((0, 2), (1, 3))


def test_teammates_share_pawn_and_agents_in_play():
    state = act(_four(), 0, type="lead", card="henchman")
    state = act(state, 2, type="follow", card="sentinel")
    state = act(state, 1, type="pick", take="up")
    view = GAME.view(state, 2)
    assert view["sides"][0]["agents"] == {"sentinel": 1}
    assert view["sides"][1]["agents"] == {"henchman": 1}
    assert view["sides"][1]["position"] == 8


def test_black_market_taker_resolves_with_their_own_hand():
    """The teammate who takes the card uses their hand (our ASSUMPTION)."""
    state = make(
        4,
        {"teams": True, "black_market": True},
        active=0,
        phase=LEAD,
        pos=(1, 10),
        hands=(
            ["assistant", "mole"],
            ["mole", "mole"],
            ["codebreaker", "sentinel", "sentinel"],
            ["mole", "mole"],
        ),
        deck=["saboteur"] * 6,
        bm_supply=["outpost", "masterplan", "getaway_car"],
        bm_deck=["supercomputer"],
    )
    state = act(state, 2, type="lead", card="codebreaker")
    state = act(state, 0, type="follow", card="assistant")
    state = act(state, 1, type="pick", take="up")  # green gets the Sidekick: 1 -> 5
    assert state.phase == MARKET and GAME.active_seats(state) == frozenset({0, 2})
    state = act(state, 2, type="take_bm", card="outpost")
    assert names(state.in_play[0])["sentinel"] == 1 and state.pos[0] == 5
    assert names(state.hands[2]) == {"sentinel": 1, "saboteur": 3}


def test_three_player_setup_and_options():
    with pytest.raises(ValueError):
        GAME.setup(4, 1)
    state = GAME.setup(3, 9, TEAMS)
    assert state.phase in (PLAY, LEAD)
    assert (state.phase == LEAD) == (state.active == 0)
