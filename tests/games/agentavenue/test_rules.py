"""Basic-mode rules of Agent Avenue, one test (or more) per rule of the spec."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.agentavenue import GAME
from ludoteca.games.agentavenue.cards import AGENT_INDEX, COPIES, icon, movement
from ludoteca.games.agentavenue.end import claims
from ludoteca.games.agentavenue.state import MARKET, OVER, PICK, PLAY

from .helpers import act, make, names, turn

# -- §1(b) components and setup ------------------------------------------------


def test_deck_has_38_agents_and_each_player_gets_4():
    """§1(b): 38 agent cards; 4 dealt to each player, 30 left in the deck."""
    assert sum(COPIES) == 38
    state = GAME.setup(2, 5)
    assert [sum(h) for h in state.hands] == [4, 4]
    assert len(state.deck) == 30
    everything = list(state.deck)
    for hand in state.hands:
        everything += [a for a, k in enumerate(hand) for _ in range(k)]
    assert sorted(everything) == sorted(
        a for a, k in enumerate(COPIES) for _ in range(k)
    )


def test_pawns_start_on_their_homes_seven_apart():
    """§1(b): green (seat 0) on 0, blue (seat 1) on 7; gap 7."""
    state = GAME.setup(2, 3)
    assert state.pos == (0, 7) and state.gap == 7


def test_first_player_is_drawn_from_the_seed():
    """ASSUMPTION 1: either side may start; the seed decides, reproducibly."""
    firsts = {GAME.setup(2, seed).active for seed in range(40)}
    assert firsts == {0, 1}
    assert GAME.setup(2, 11).active == GAME.setup(2, 11).active


def test_player_counts_and_options_are_checked():
    with pytest.raises(ValueError):
        GAME.setup(3, 1)
    with pytest.raises(ValueError):
        GAME.setup(2, 1, {"teams": True})
    with pytest.raises(ValueError):
        GAME.setup(5, 1, {"teams": True})
    with pytest.raises(ValueError):
        GAME.setup(2, 1, {"black_market": 1})


# -- movement table -------------------------------------------------------------


@pytest.mark.parametrize(
    ("agent", "values"),
    [
        ("double_agent", (-1, 6, -1, -1, -1, -1)),
        ("henchman", (1, 2, 3, 3, 3, 3)),
        ("codebreaker", (0, 0, 0, 0, 0, 0)),
        ("saboteur", (-1, -1, -2, -2, -2, -2)),
        ("daredevil", (2, 3, 0, 0, 0, 0)),
        ("sentinel", (0, 2, 6, 6, 6, 6)),
        ("assistant", (4,)),
        ("mole", (-3,)),
    ],
)
def test_icon_for_each_copy_in_play(agent, values):
    """§1(b) table; §1(e): the 4th-6th copies use the 3rd icon."""
    a = AGENT_INDEX[agent]
    assert tuple(icon(a, c) for c in range(1, len(values) + 1)) == values
    assert tuple(movement(a, c, ()) for c in range(1, len(values) + 1)) == values


# -- PLAY -------------------------------------------------------------------------


def _basic(**fields):
    base = dict(
        active=0,
        phase=PLAY,
        hands=(
            ["henchman", "sentinel", "mole", "saboteur"],
            ["daredevil", "codebreaker", "sentinel", "henchman"],
        ),
        deck=["saboteur"] * 4 + ["double_agent", "codebreaker"],
    )
    base.update(fields)
    return make(**base)


def test_discard_and_draw_keeps_the_card_hidden_and_the_count_public():
    """§1(c) 1.1 and §1(e): face down, out of the game; count public."""
    state = _basic()
    step = GAME.apply(state, 0, {"type": "discard", "card": "mole"})
    after = step.state
    assert names(after.hands[0]) == {
        "henchman": 1,
        "sentinel": 1,
        "saboteur": 1,
        "codebreaker": 1,
    }
    assert len(after.deck) == len(state.deck) - 1
    opponent = GAME.view(after, 1)
    assert opponent["discards"][0] == {"used": 1, "left": 3}
    assert opponent["my_discards"] == [] and "my_discards" not in GAME.view(after, None)
    hidden = {k: v for k, v in opponent.items() if k != "sides"}
    assert "mole" not in str(hidden)
    assert GAME.view(after, 0)["my_discards"] == ["mole"]
    public = [e for e in step.events if e.to is None]
    assert all("mole" not in str(e.as_dict()) for e in public)
    private = [e for e in step.events if e.to == (0,)]
    assert private and private[0].data["card"] == "codebreaker"


def test_at_most_four_discards_per_match():
    state = _basic(discards=((1, 1, 1, 1), ()))
    actions = GAME.legal_actions(state, 0)
    assert not [a for a in actions if a["type"] == "discard"]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, {"type": "discard", "card": "mole"})
    assert err.value.code == "no_discards_left"


def test_no_discard_when_the_deck_is_empty():
    """§1(e): once the deck is empty there is no discard-to-draw."""
    state = _basic(deck=[])
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, {"type": "discard", "card": "mole"})
    assert err.value.code == "deck_empty"


def test_no_discard_after_the_cards_are_offered():
    state = act(_basic(), 0, type="offer", up="henchman", down="sentinel")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, {"type": "discard", "card": "mole"})
    assert err.value.code == "not_your_turn"


def test_offered_cards_need_different_names():
    """§1(c) 1.2: two different names, one face up and one face down."""
    state = _basic(hands=(["henchman", "henchman", "mole", "saboteur"], ["mole"] * 0))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, {"type": "offer", "up": "henchman", "down": "henchman"})
    assert err.value.code == "same_name"
    offers = [a for a in GAME.legal_actions(state, 0) if a["type"] == "offer"]
    assert all(a["up"] != a["down"] for a in offers)
    assert len(offers) == 6  # 3 names, ordered pairs


def test_identical_cards_only_when_the_whole_hand_is_one_name():
    state = _basic(hands=(["sentinel"] * 4, ["mole"]))
    offers = [a for a in GAME.legal_actions(state, 0) if a["type"] == "offer"]
    assert offers == [{"type": "offer", "up": "sentinel", "down": "sentinel"}]
    after = act(state, 0, type="offer", up="sentinel", down="sentinel")
    assert after.phase == PICK


def test_offer_of_a_card_not_in_hand_is_refused():
    with pytest.raises(IllegalAction) as err:
        GAME.apply(_basic(), 0, {"type": "offer", "up": "assistant", "down": "mole"})
    assert err.value.code == "card_not_in_hand"


def test_face_down_card_is_hidden_from_the_picker_and_spectators():
    """§1(c) 2.1: B knows only the face-up card until it is recruited."""
    state = act(_basic(), 0, type="offer", up="henchman", down="mole")
    assert GAME.view(state, 0)["offer"]["down"] == "mole"
    assert "down" not in GAME.view(state, 1)["offer"]
    assert "down" not in GAME.view(state, None)["offer"]
    assert GAME.view(state, 1)["offer"]["up"] == "henchman"
    assert GAME.active_seats(state) == frozenset({1})
    after = act(state, 1, type="pick", take="up")
    last = GAME.view(after, None)["last_turn"]
    assert (last["up"], last["down"], last["took"]) == ("henchman", "mole", "up")


# -- worked examples §1(g) --------------------------------------------------------


def test_example_1_opening_move():
    """§1(g) 1: P2 takes the Enforcer (+1), P1 keeps the Sentinel (0); gap 8;
    P1 draws 2 at END and P2 plays next."""
    state = _basic()
    deck = len(state.deck)
    state = turn(state, "henchman", "sentinel", "up")
    assert state.pos == (0, 8) and state.gap == 8
    assert sum(state.hands[0]) == 4 and len(state.deck) == deck - 2
    assert state.active == 1 and state.phase == PLAY and GAME.outcome(state) is None


def test_example_2_catch_by_backing_up():
    """§1(g) 2: P2 backs onto P1 with the Mole; gap 0 at END: P1 wins."""
    state = _basic(
        pos=(10, 12), hands=(["double_agent", "mole"], ["sentinel", "henchman"])
    )
    state = turn(state, "double_agent", "mole", "down")
    assert state.pos == (9, 9)
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and outcome.details["reason"] == "caught"
    assert sum(state.hands[0]) == 0  # a finished match does not refill


def test_example_3_escape():
    """§1(g) 3: P1 +4 (Sidekick), P2 +3 (2nd Daredevil): gap 3 -> 2, no catch."""
    state = _basic(
        pos=(0, 3),
        hands=(["daredevil", "assistant", "mole", "mole"], ["sentinel", "henchman"]),
        in_play=([], ["daredevil"]),
    )
    state = turn(state, "daredevil", "assistant", "up")
    assert state.gap == 2 and GAME.outcome(state) is None


def test_example_4_both_claim_the_active_player_wins():
    """§1(g) 4: P2 recruits its 3rd Codebreaker, P1 catches with +6: P1 wins."""
    state = _basic(
        pos=(0, 5),
        hands=(["codebreaker", "double_agent", "mole"], ["sentinel", "henchman"]),
        in_play=(["double_agent"], ["codebreaker", "codebreaker"]),
    )
    state = turn(state, "codebreaker", "double_agent", "up")
    assert state.gap == -1
    assert claims(state) == {0: "caught", 1: "codebreakers"}
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and outcome.details["reason"] == "both_claimed"


def test_example_4_variant_winner_and_loser_at_once():
    """§1(g) 4 variant: P2 has 3 Codebreakers and 3 Daredevils, P1 active: P1 wins."""
    state = _basic(
        hands=(["codebreaker", "sentinel", "mole"], ["sentinel", "henchman"]),
        in_play=([], ["codebreaker", "codebreaker"] + ["daredevil"] * 3),
    )
    state = turn(state, "codebreaker", "sentinel", "up")
    assert GAME.outcome(state).winners == (0,)
    # The same position with P2 active goes to P2.
    state = _basic(
        active=1,
        hands=(["sentinel", "henchman"], ["codebreaker", "sentinel", "mole"]),
        in_play=([], ["codebreaker", "codebreaker"] + ["daredevil"] * 3),
    )
    state = turn(state, "sentinel", "codebreaker", "up")  # P2 keeps its 3rd Codebreaker
    assert GAME.outcome(state).winners == (1,)


def test_example_5a_deck_out_closer_player_wins():
    """§1(g) 5(a): deck empty, P2 holds 1 card, gap 6: P1 (6 away) wins."""
    state = _basic(deck=[], hands=(["henchman", "sentinel"], ["mole"]))
    state = turn(state, "henchman", "sentinel", "down")
    assert state.gap == 6
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and outcome.details["reason"] == "proximity"


def test_example_5a_equal_distance_goes_to_the_active_player():
    """§1(g) 5(a): gap 7 -> the active player wins, whichever it is."""
    state = _basic(deck=[], hands=(["codebreaker", "sentinel"], ["mole"]))
    state = turn(state, "codebreaker", "sentinel", "down")
    assert state.gap == 7 and GAME.outcome(state).winners == (0,)
    state = _basic(active=1, deck=[], hands=(["mole"], ["codebreaker", "sentinel"]))
    state = turn(state, "codebreaker", "sentinel", "down")
    assert state.gap == 7 and GAME.outcome(state).winners == (1,)


def test_deck_out_farther_active_player_loses():
    state = _basic(deck=[], hands=(["codebreaker", "henchman"], ["mole"]))
    state = turn(state, "henchman", "codebreaker", "up")  # P2 +1: gap 8
    assert state.gap == 8 and GAME.outcome(state).winners == (1,)


def test_deck_out_waits_while_the_next_player_holds_two_cards():
    """§1(e): with an empty deck play goes on until the empty-hand check."""
    state = _basic(deck=[], hands=(["henchman", "sentinel"], ["mole", "saboteur"]))
    state = turn(state, "henchman", "sentinel", "down")
    assert GAME.outcome(state) is None and state.active == 1
    assert sum(state.hands[0]) == 0  # nothing left to draw


# -- catching, unbounded positions, END ------------------------------------------


def test_overtaking_counts_as_a_catch():
    state = _basic(pos=(0, 2), hands=(["assistant", "sentinel"], ["codebreaker"] * 2))
    state = turn(state, "sentinel", "assistant", "up")  # P1 +4, P2 0
    assert state.gap == -2 and GAME.outcome(state).winners == (0,)


def test_second_player_catches_when_gap_reaches_14():
    state = _basic(pos=(0, 11), hands=(["henchman", "sentinel"], ["mole", "mole"]))
    state = turn(state, "henchman", "sentinel", "up")  # P2 +1 -> 12? gap 12
    assert GAME.outcome(state) is None
    state = _basic(
        pos=(0, 11),
        hands=(["daredevil", "sentinel"], ["mole"]),
        in_play=([], ["daredevil"]),
    )
    state = turn(state, "daredevil", "sentinel", "up")  # P2 +3 -> gap 14
    assert state.gap == 14 and GAME.outcome(state).winners == (1,)


def test_backward_moves_pass_the_home_without_stopping():
    """§1(e): positions are unbounded; a pawn backs past its own home."""
    state = _basic(pos=(1, 7), hands=(["mole", "sentinel"], ["henchman", "henchman"]))
    state = turn(state, "sentinel", "mole", "up")
    assert state.pos[0] == -2
    view = GAME.view(state, None)["sides"][0]
    assert view["position"] == -2 and view["cell"] == 12


def test_crossing_only_counts_at_end():
    """§1(e): only positions at END matter (the pawns are compared after both move)."""
    state = _basic(
        pos=(0, 3),
        hands=(["assistant", "daredevil"], ["mole"] * 2),
        in_play=([], ["daredevil"]),
    )
    # P1 moves +4 past P2's old spot while P2 escapes +3: no catch.
    state = turn(state, "daredevil", "assistant", "up")
    assert GAME.outcome(state) is None


def test_three_codebreakers_win_and_a_fourth_still_does():
    state = _basic(
        hands=(["codebreaker", "sentinel"], ["mole", "mole"]),
        in_play=(["codebreaker", "codebreaker"], []),
    )
    state = turn(state, "sentinel", "codebreaker", "up")
    assert GAME.outcome(state).details["reason"] == "codebreakers"
    assert claims(make(in_play=(["codebreaker"] * 4, []))) == {0: "codebreakers"}


def test_three_daredevils_lose():
    state = _basic(
        hands=(["daredevil", "sentinel"], ["mole", "mole"]),
        in_play=(["daredevil", "daredevil"], []),
    )
    state = turn(state, "sentinel", "daredevil", "up")
    outcome = GAME.outcome(state)
    assert outcome.winners == (1,) and outcome.details["reason"] == "daredevils"
    assert outcome.ranks == (2, 1)


def test_refill_to_four_only_for_the_active_player_after_the_check():
    state = _basic()
    state = turn(state, "henchman", "sentinel", "up")
    assert [sum(h) for h in state.hands] == [4, 4]


def test_a_short_deck_refills_what_is_left():
    state = _basic(deck=["double_agent"])
    state = turn(state, "henchman", "sentinel", "up")
    assert sum(state.hands[0]) == 3 and not state.deck


def test_hands_larger_than_four_are_kept():
    state = _basic(
        hands=(
            ["henchman", "sentinel", "mole", "saboteur", "saboteur", "mole"],
            ["mole"] * 4,
        )
    )
    state = turn(state, "henchman", "sentinel", "up")
    assert sum(state.hands[0]) == 4  # 6 - 2 played, nothing drawn, nothing discarded


def test_guard_a_player_without_two_cards_ends_the_match_by_proximity():
    """ASSUMPTION 6: even with cards in the deck, a side that cannot play two
    cards at the start of its turn ends the match by proximity."""
    state = _basic(hands=(["henchman", "sentinel", "mole", "mole"], ["mole"]))
    state = turn(state, "henchman", "sentinel", "down")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.details["reason"] == "proximity"


def test_after_the_match_nothing_is_accepted():
    state = _basic(
        pos=(10, 12), hands=(["double_agent", "mole"], ["sentinel", "henchman"])
    )
    state = turn(state, "double_agent", "mole", "down")
    assert state.phase == OVER and GAME.active_seats(state) == frozenset()
    assert GAME.legal_actions(state, 0) == [] and GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, {"type": "pick", "take": "up"})
    assert err.value.code == "game_over"


def test_pick_is_only_for_the_opponent_and_names_a_side():
    state = act(_basic(), 0, type="offer", up="henchman", down="mole")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, {"type": "pick", "take": "up"})
    assert err.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, {"type": "pick", "take": "left"})
    assert err.value.code == "unknown_side"


def test_view_gives_the_board_what_it_draws():
    state = _basic(in_play=(["double_agent"], []))
    view = GAME.view(state, 0)
    assert view["hand"] == {"henchman": 1, "sentinel": 1, "mole": 1, "saboteur": 1}
    assert view["hand_sizes"] == [4, 4] and view["deck_size"] == 6
    side = view["sides"][0]
    assert side["agents"] == {"double_agent": 1}
    assert side["next_move"]["double_agent"] == 6  # the 2nd copy
    assert side["next_move"]["sentinel"] == 0
    assert view["sides"][1]["distance_to_catch"] == 7
    assert "hand" not in GAME.view(state, None)
    assert view["phase"] == PLAY and view["active_seats"] == [0]
    assert view["phase"] != MARKET


def test_determinize_keeps_what_the_seat_knows():
    state = act(_basic(), 0, type="offer", up="henchman", down="mole")
    world = GAME.determinize(state, 1, 99)
    assert world.hands[1] == state.hands[1] and world.offer_up == state.offer_up
    assert sum(world.hands[0]) == sum(state.hands[0]) and len(world.deck) == len(
        state.deck
    )
    own = GAME.determinize(state, 0, 99)
    assert own.offer_down == state.offer_down and own.hands[0] == state.hands[0]
    worlds = {GAME.determinize(state, 1, k).offer_down for k in range(30)}
    assert len(worlds) > 1  # the face-down card is resampled for the picker
    assert replace(own, rng=0).hands[0] == replace(state, rng=0).hands[0]


def test_events_show_the_face_down_card_to_its_owner_only():
    step = GAME.apply(_basic(), 0, {"type": "offer", "up": "henchman", "down": "mole"})
    public = [e.as_dict() for e in step.events if e.to is None]
    private = [e.as_dict() for e in step.events if e.to is not None]
    assert public == [{"type": "cards_offered", "seat": 0, "card": "henchman"}]
    assert private == [{"type": "face_down_chosen", "seat": 0, "card": "mole"}]
    assert all(e.to == (0,) for e in step.events if e.to is not None)
    drawn = GAME.apply(step.state, 1, {"type": "pick", "take": "up"}).events
    for e in drawn:
        if e.type == "cards_drawn":
            assert e.to == (0,)
        else:
            assert e.to is None


PRIVATE = {"seat", "team", "hand", "my_discards", "offer"}


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (2, {"black_market": True}), (4, {"teams": True, "black_market": True})],
)
def test_spectator_sees_exactly_the_public_part_of_a_seat_view(players, options):
    from ludoteca.engine.rng import Rng

    rng = Rng(3)
    state = GAME.setup(players, 8, options)
    while GAME.outcome(state) is None:
        spectator = GAME.view(state, None)
        for seat in range(players):
            mine = GAME.view(state, seat)
            assert set(spectator) | {"hand", "my_discards"} == set(mine)
            for key in set(spectator) - PRIVATE:
                assert spectator[key] == mine[key], key
            if mine["offer"] is not None:
                public = {k: v for k, v in mine["offer"].items() if k != "down"}
                assert spectator["offer"] == public
        seat = rng.choice(sorted(GAME.active_seats(state)))
        state = GAME.apply(
            state, seat, rng.choice(GAME.legal_actions(state, seat))
        ).state
