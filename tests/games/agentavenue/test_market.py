"""Advanced mode: the black market (spec §1(c) TakeBM, RecruitExtra, 15 cards)."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.agentavenue import GAME
from ludoteca.games.agentavenue.cards import BM_CARDS, INSTANT
from ludoteca.games.agentavenue.end import claims
from ludoteca.games.agentavenue.state import MARKET, PLAY

from .helpers import act, counts, make, names, turn

BM = {"black_market": True}


def _bm(**fields):
    base = dict(
        active=0,
        phase=PLAY,
        hands=(
            ["henchman", "sentinel", "mole", "saboteur"],
            ["daredevil", "codebreaker", "sentinel", "henchman"],
        ),
        deck=["saboteur"] * 6,
        bm_supply=["surveillance_truck", "masterplan", "getaway_car"],
        bm_deck=["supercomputer", "sinister_twin"],
    )
    base.update(fields)
    return make(options=BM, **base)


def _take(state, seat, card):
    return act(state, seat, type="take_bm", card=card)


def test_setup_deals_a_supply_of_three_from_fifteen():
    state = GAME.setup(2, 4, BM)
    assert len(state.bm_supply) == 3 and len(state.bm_deck) == 12
    assert sorted(state.bm_supply + state.bm_deck) == list(range(15))
    assert len(INSTANT) == 7 and len(BM_CARDS) - len(INSTANT) == 8
    view = GAME.view(state, 0)["market"]
    assert len(view["supply"]) == 3 and view["deck_size"] == 12


def test_landing_exactly_on_a_corner_takes_a_card():
    """P1 on 1 + Sidekick = 5 (corner): a black-market choice follows."""
    state = _bm(pos=(1, 7), hands=(["assistant", "sentinel"], ["mole", "mole"]))
    state = turn(state, "sentinel", "assistant", "up")
    assert state.pos[0] == 5 and state.phase == MARKET
    assert GAME.active_seats(state) == frozenset({0})
    assert {a["card"] for a in GAME.legal_actions(state, 0)} == {
        "surveillance_truck",
        "masterplan",
        "getaway_car",
    }


def test_passing_over_a_corner_does_not_count():
    state = _bm(pos=(0, 7), hands=(["assistant", "sentinel"], ["mole", "mole"]))
    state = turn(state, "sentinel", "assistant", "up")  # 0 -> 4 passes 2
    assert state.pos[0] == 4 and state.phase == PLAY and state.active == 1


def test_landing_backwards_counts():
    state = _bm(pos=(3, 8), hands=(["double_agent", "sentinel"], ["mole", "mole"]))
    state = turn(state, "sentinel", "double_agent", "up")  # 3 - 1 = 2
    assert state.pos[0] == 2 and state.phase == MARKET


def test_staying_on_a_corner_without_moving_gets_nothing():
    state = _bm(pos=(2, 9), hands=(["codebreaker", "sentinel"], ["mole", "mole"]))
    state = turn(state, "sentinel", "codebreaker", "up")
    assert state.phase == PLAY and state.active == 1


def test_slot_is_refilled_before_the_card_resolves_and_an_empty_deck_leaves_it_empty():
    state = _bm(
        pos=(1, 7),
        hands=(["assistant", "sentinel"], ["mole", "mole"]),
        bm_deck=["sinister_twin"],
    )
    state = turn(state, "sentinel", "assistant", "up")
    state = _take(state, 0, "masterplan")
    view = GAME.view(state, 1)["market"]
    assert view["supply"] == ["surveillance_truck", "sinister_twin", "getaway_car"]
    assert names_owned(state, 0) == ["masterplan"]
    # Next taker: the BM deck is empty now (ASSUMPTION 3).
    state = _bm(
        pos=(1, 7), hands=(["assistant", "sentinel"], ["mole", "mole"]), bm_deck=[]
    )
    state = turn(state, "sentinel", "assistant", "up")
    state = _take(state, 0, "masterplan")
    assert GAME.view(state, 0)["market"]["supply"][1] is None


def test_empty_supply_takes_nothing():
    state = _bm(
        pos=(1, 7),
        hands=(["assistant", "sentinel"], ["mole", "mole"]),
        bm_supply=[],
        bm_deck=[],
    )
    state = replace_supply(state, (-1, -1, -1))
    state = turn(state, "sentinel", "assistant", "up")
    assert state.phase == PLAY and state.active == 1


def test_example_5b_active_player_resolves_first_and_completely():
    """§1(g) 5(b): both land on corners; P1 chooses, the slot refills, P1's
    card resolves; then P2 chooses from the updated supply."""
    state = _bm(
        pos=(1, 7),
        hands=(["assistant", "henchman"], ["mole", "mole"]),
        in_play=([], ["henchman"]),
    )
    state = turn(state, "assistant", "henchman", "down")
    assert state.pos == (5, 9)
    assert GAME.active_seats(state) == frozenset({0})
    state = _take(state, 0, "surveillance_truck")
    assert state.pos[0] == 6  # resolved before P2 acts
    assert GAME.active_seats(state) == frozenset({1})
    offered = {a["card"] for a in GAME.legal_actions(state, 1)}
    assert offered == {"sinister_twin", "masterplan", "getaway_car"}
    state = _take(state, 1, "sinister_twin")
    assert names_owned(state, 1) == ["sinister_twin"] and state.active == 1
    assert GAME.view(state, None)["last_turn"]["market"] == [
        {"team": 0, "card": "surveillance_truck"},
        {"team": 1, "card": "sinister_twin"},
    ]


def test_example_5b_sinister_twin_second_double_agent_moves_12():
    state = _bm(
        pos=(0, 7),
        hands=(["double_agent", "sentinel"], ["mole", "mole"]),
        in_play=(["double_agent"], []),
        bm_owned=(["sinister_twin"], []),
    )
    state = turn(state, "sentinel", "double_agent", "up")
    assert state.pos[0] == 12


@pytest.mark.parametrize(
    ("owned", "agent", "before", "moves"),
    [
        ("distraction_device", "saboteur", [], 1),
        ("distraction_device", "saboteur", ["saboteur", "saboteur"], 2),
        ("sinister_twin", "double_agent", [], -2),
        ("lookout_treehouse", "henchman", [], 3),
        ("supercomputer", "codebreaker", [], 3),
        ("supercomputer", "codebreaker", ["codebreaker"], 3),
    ],
)
def test_movement_modifiers(owned, agent, before, moves):
    state = _bm(
        pos=(20, 27),
        hands=([agent, "sentinel"], ["mole", "mole"]),
        in_play=(before, []),
        bm_owned=([owned], []),
    )
    state = turn(state, "sentinel", agent, "up")
    assert state.pos[0] == 20 + moves


def test_modifiers_belong_to_their_owner_only():
    state = _bm(
        pos=(20, 27),
        hands=(["henchman", "sentinel"], ["mole", "mole"]),
        bm_owned=(["lookout_treehouse"], []),
    )
    state = turn(state, "henchman", "sentinel", "up")  # P2 takes the Enforcer
    assert state.pos == (20, 28)


def test_an_ongoing_card_applies_from_the_next_recruit_on():
    """P1 backs onto a corner with its 1st Double Agent (-1) and takes
    Sinister Twin: that move stays -1; the 2nd Double Agent later gives +12."""
    state = _bm(
        pos=(3, 8),
        hands=(["double_agent", "sentinel", "mole", "mole"], ["mole", "mole", "mole"]),
        bm_supply=["sinister_twin", "masterplan", "getaway_car"],
    )
    state = turn(state, "sentinel", "double_agent", "up")
    state = _take(state, 0, "sinister_twin")
    assert state.pos[0] == 2
    state = make_active(
        state, 0, hands=(["double_agent", "sentinel"], ["mole", "mole"])
    )
    state = turn(state, "sentinel", "double_agent", "up")
    assert state.pos[0] == 14


def test_getaway_car_on_either_home_moves_three_more():
    state = _bm(
        pos=(5, 10),
        hands=(["daredevil", "sentinel"], ["mole", "mole"]),
        bm_owned=(["getaway_car"], []),
    )
    state = turn(state, "sentinel", "daredevil", "up")  # 5 + 2 = 7 (blue home)
    assert state.pos[0] == 10
    state = _bm(
        pos=(12, 20),
        hands=(["daredevil", "sentinel"], ["mole", "mole"]),
        bm_owned=(["getaway_car"], []),
    )
    state = turn(state, "sentinel", "daredevil", "up")  # 14: own home
    assert state.pos[0] == 17


def test_getaway_car_needs_movement():
    """ASSUMPTION 4: a pawn that stays on a home does not fire it."""
    state = _bm(
        pos=(14, 20),
        hands=(["codebreaker", "sentinel"], ["mole", "mole"]),
        bm_owned=(["getaway_car"], []),
    )
    state = turn(state, "sentinel", "codebreaker", "up")
    assert state.pos[0] == 14


# -- instant cards -----------------------------------------------------------


def _landed(card, hand=("sentinel", "assistant"), **fields):
    """P1 (active, on 1) recruits the Sidekick, lands on 5 and may take `card`."""
    base = dict(
        pos=(1, 10),
        hands=(list(hand), ["mole", "mole"]),
        bm_supply=[card, "masterplan", "getaway_car"],
    )
    base.update(fields)
    state = _bm(**base)
    return turn(state, "sentinel", "assistant", "up")


def test_surveillance_truck_moves_one_forward_and_refills_the_hand():
    state = _take(_landed("surveillance_truck"), 0, "surveillance_truck")
    assert state.pos[0] == 6
    assert GAME.view(state, None)["market"]["discard"] == ["surveillance_truck"]


def test_smoke_screen_recruits_the_top_card_of_the_deck():
    state = _landed("smoke_screen", deck=["mole", "mole", "henchman"])
    state = _take(state, 0, "smoke_screen")
    assert names(state.in_play[0]) == {"assistant": 1, "henchman": 1}
    assert state.pos[0] == 6


def test_smoke_screen_with_an_empty_deck_is_ignored():
    state = _take(_landed("smoke_screen", deck=[]), 0, "smoke_screen")
    assert names(state.in_play[0]) == {"assistant": 1} and state.pos[0] == 5


def test_outpost_recruits_a_sentinel_from_hand_then_draws_up_to_four():
    state = _landed(
        "outpost",
        hand=("sentinel", "assistant", "sentinel", "mole"),
        deck=["saboteur"] * 6,
    )
    state = _take(state, 0, "outpost")
    assert names(state.in_play[0])["sentinel"] == 1
    # Hand: mole; then draw up to 4 after the card, END refill changes nothing.
    assert sum(state.hands[0]) == 4 and state.hands[0][1] == 0


def test_outpost_without_a_sentinel_is_ignored():
    state = _landed("outpost", hand=("sentinel", "assistant", "mole"))
    state = _take(state, 0, "outpost")
    assert "sentinel" not in names(state.in_play[0])


def test_secret_recruit_offers_only_names_not_in_play():
    state = _landed(
        "secret_recruit",
        hand=("sentinel", "assistant", "henchman", "double_agent", "mole"),
        in_play=(["henchman"], []),
    )
    state = _take(state, 0, "secret_recruit")
    choices = {a["card"] for a in GAME.legal_actions(state, 0)}
    assert choices == {"double_agent", "mole"}
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, {"type": "choose", "card": "henchman"})
    assert err.value.code == "not_a_choice"
    state = act(state, 0, type="choose", card="mole")
    assert state.pos[0] == 2  # 5 - 3: a corner again, a chained TakeBM
    assert state.phase == MARKET and GAME.active_seats(state) == frozenset({0})


def test_secret_recruit_with_nothing_new_is_ignored():
    state = _landed(
        "secret_recruit",
        hand=("sentinel", "assistant", "henchman"),
        in_play=(["henchman"], []),
    )
    state = _take(state, 0, "secret_recruit")
    assert state.active == 1 and names(state.in_play[0])["henchman"] == 1


def test_double_trouble_recruits_one_of_a_pair_and_keeps_the_other():
    state = _landed(
        "double_trouble",
        hand=("sentinel", "assistant", "henchman", "henchman", "mole", "mole"),
        deck=[],
    )
    state = _take(state, 0, "double_trouble")
    assert {a["card"] for a in GAME.legal_actions(state, 0)} == {"henchman", "mole"}
    state = act(state, 0, type="choose", card="henchman")
    assert names(state.in_play[0])["henchman"] == 1 and state.pos[0] == 6
    assert names(state.hands[0]) == {"henchman": 1, "mole": 2}


def test_double_trouble_without_a_pair_is_ignored():
    state = _take(_landed("double_trouble"), 0, "double_trouble")
    assert state.active == 1 and state.pos[0] == 5


def test_spycation_takes_back_without_moving_and_may_recruit_again():
    """§1(e): re-recruiting a 2nd Double Agent gives +6 again."""
    state = _landed(
        "spycation",
        in_play=(["double_agent", "double_agent", "henchman"], []),
        pos=(1, 14),
    )
    state = _take(state, 0, "spycation")
    state = act(state, 0, type="choose", card="double_agent")
    assert state.pos[0] == 5 and names(state.in_play[0])["double_agent"] == 1
    assert state.hands[0][0] == 1
    assert {a["recruit"] for a in GAME.legal_actions(state, 0)} == {True, False}
    again = act(state, 0, type="recruit_again", recruit=True)
    assert again.pos[0] == 11 and names(again.in_play[0])["double_agent"] == 2
    kept = act(state, 0, type="recruit_again", recruit=False)
    assert kept.pos[0] == 5 and names(kept.in_play[0])["double_agent"] == 1


def test_spycation_on_the_third_daredevil_removes_the_loss():
    state = _landed("spycation", in_play=(["daredevil"] * 3, []))
    state = _take(state, 0, "spycation")
    state = act(state, 0, type="choose", card="daredevil")
    state = act(state, 0, type="recruit_again", recruit=False)
    assert GAME.outcome(state) is None and names(state.in_play[0])["daredevil"] == 2


def test_mind_control_takes_an_opponent_agent_into_hand_nobody_moves():
    """Legal use: removing the opponent's 3rd Codebreaker before END."""
    state = _bm(
        pos=(1, 10),
        hands=(["sentinel", "assistant"], ["mole", "mole"]),
        in_play=([], ["codebreaker", "codebreaker", "henchman"]),
        bm_supply=["mind_control", "masterplan", "getaway_car"],
    )
    state = act(state, 0, type="offer", up="sentinel", down="assistant")
    state = act(state, 1, type="pick", take="up")  # P2 gets a Sentinel: no move
    state = _take(state, 0, "mind_control")
    state = act(state, 0, type="choose", card="codebreaker")
    assert names(state.in_play[1]) == {"codebreaker": 1, "henchman": 1, "sentinel": 1}
    assert state.hands[0][2] == 1 and state.pos == (5, 10)


# -- ongoing win conditions ----------------------------------------------------


def test_leader_of_the_pack_turns_three_daredevils_into_a_win():
    state = make(
        options=BM,
        in_play=(["daredevil"] * 3, []),
        bm_owned=(["leader_of_the_pack"], []),
    )
    assert claims(state) == {0: "leader_of_the_pack"}


def test_masterplan_needs_seven_different_names():
    six = [
        "double_agent",
        "henchman",
        "codebreaker",
        "saboteur",
        "daredevil",
        "sentinel",
    ]
    state = make(options=BM, in_play=(six, []), bm_owned=(["masterplan"], []))
    assert claims(state) == {}
    state = make(
        options=BM, in_play=([*six, "mole"], []), bm_owned=(["masterplan"], [])
    )
    assert claims(state) == {0: "masterplan"}


def test_security_system_wins_when_the_other_pawn_is_on_your_home():
    state = make(options=BM, pos=(3, 14), bm_owned=(["security_system"], []))
    assert claims(state) == {0: "security_system"}
    state = make(options=BM, pos=(3, 14), bm_owned=([], ["security_system"]))
    assert claims(state) == {}
    state = make(options=BM, pos=(-7, 5), bm_owned=([], ["security_system"]))
    assert claims(state) == {1: "security_system"}


def test_a_pawn_may_pass_and_drop_back_within_a_turn():
    """§1(e): P1 passes P2 with the Sidekick, then Smoke Screen's Mole takes
    it back behind P2; only positions at END count."""
    state = _bm(
        pos=(8, 10),
        hands=(["sentinel", "assistant"], ["mole", "mole"]),
        deck=["mole"],
        bm_supply=["smoke_screen", "masterplan", "getaway_car"],
        bm_deck=["supercomputer"],
    )
    state = turn(state, "sentinel", "assistant", "up")
    assert state.pos[0] == 12  # ahead of P2 on 10
    state = _take(state, 0, "smoke_screen")
    assert state.pos[0] == 9  # the Mole: a corner again, chained TakeBM
    state = _take(state, 0, "masterplan")
    assert GAME.outcome(state) is None and state.gap == 1


# -- helpers -------------------------------------------------------------------


def names_owned(state, team):
    return [BM_CARDS[c] for c in state.bm_owned[team]]


def replace_supply(state, supply):
    from dataclasses import replace

    return replace(state, bm_supply=supply)


def make_active(state, team, hands):
    from dataclasses import replace

    return replace(
        state,
        active=team,
        phase=PLAY,
        hands=tuple(counts(*h) for h in hands),
    )


def test_sampled_worlds_keep_a_pending_hand_choice_playable():
    """Another seat's world must still give the chooser two Secret Recruit
    options (one would have been automatic), so bots never get stuck."""
    state = _landed(
        "secret_recruit",
        hand=("sentinel", "assistant", "double_agent", "mole", "henchman"),
        in_play=(["henchman"], []),
        deck=["codebreaker"] * 6,
    )
    state = _take(state, 0, "secret_recruit")
    assert GAME.active_seats(state) == frozenset({0})
    for seed in range(40):
        world = GAME.determinize(state, 1, seed)
        assert len(GAME.legal_actions(world, 0)) >= 2
        assert sum(world.hands[0]) == sum(state.hands[0])


def test_sampled_worlds_keep_a_pending_pair_choice_playable():
    state = _landed(
        "double_trouble",
        hand=("sentinel", "assistant", "henchman", "henchman", "mole", "mole"),
        deck=["codebreaker"] * 20,
    )
    state = _take(state, 0, "double_trouble")
    for seed in range(40):
        world = GAME.determinize(state, 1, seed)
        assert len(GAME.legal_actions(world, 0)) >= 2
