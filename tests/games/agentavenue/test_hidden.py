"""What each seat may know, and worlds sampled for bots (`determinize`)."""

from __future__ import annotations

from ludoteca.games.agentavenue import GAME
from ludoteca.games.agentavenue.cards import AGENT_INDEX, AGENTS
from ludoteca.games.agentavenue.state import PLAY

from .helpers import act, counts, make, turn

BM = {"black_market": True}
CB = AGENT_INDEX["codebreaker"]
HE = AGENT_INDEX["henchman"]


def _stolen():
    """P1 lands on a corner and takes a Codebreaker from P2 with Mind Control."""
    state = make(
        options=BM,
        active=0,
        phase=PLAY,
        pos=(1, 10),
        hands=(["sentinel", "assistant"], ["mole", "mole"]),
        in_play=([], ["codebreaker", "codebreaker", "henchman"]),
        deck=["saboteur", "daredevil", "double_agent", "mole"] * 3,
        bm_supply=["mind_control", "masterplan", "getaway_car"],
        bm_deck=["supercomputer"],
    )
    state = turn(state, "sentinel", "assistant", "up")
    state = act(state, 0, type="take_bm", card="mind_control")
    return act(state, 0, type="choose", card="codebreaker")


def test_a_card_taken_in_plain_view_stays_known_in_that_hand():
    state = _stolen()
    assert GAME.view(state, 1)["known_in_hand"][0] == {"codebreaker": 1}
    for seed in range(30):
        world = GAME.determinize(state, 1, seed)
        assert world.hands[0][CB] >= 1
        assert sum(world.hands[0]) == sum(state.hands[0])


def test_playing_the_known_card_face_up_forgets_it():
    state = make_turn_of(_stolen(), 0)
    other = next(a for a, k in enumerate(state.hands[0]) if k and a != CB)
    state = act(state, 0, type="offer", up="codebreaker", down=AGENTS[other])
    assert GAME.view(state, 1)["known_in_hand"][0] == {}


def test_a_known_card_played_face_down_is_not_given_away_before_the_pick():
    state = make_turn_of(_stolen(), 0)
    other = next(a for a, k in enumerate(state.hands[0]) if k and a != CB)
    state = act(state, 0, type="offer", up=AGENTS[other], down="codebreaker")
    assert GAME.view(state, 1)["known_in_hand"][0] == {"codebreaker": 1}
    for seed in range(30):
        world = GAME.determinize(state, 1, seed)
        assert world.hands[0][CB] + (world.offer_down == CB) >= 1
    state = act(state, 1, type="pick", take="up")
    assert GAME.view(state, 1)["known_in_hand"][0] == {}


def test_a_discard_clears_what_others_know_of_the_hand():
    state = make_turn_of(_stolen(), 0)
    state = act(state, 0, type="discard", card="codebreaker")
    assert GAME.view(state, 1)["known_in_hand"][0] == {}


def test_spycation_and_double_trouble_leave_known_cards():
    state = make(
        options=BM,
        active=0,
        phase=PLAY,
        pos=(1, 10),
        hands=(["sentinel", "assistant", "henchman", "henchman"], ["mole", "mole"]),
        in_play=(["daredevil"], []),
        deck=["saboteur"] * 9,
        bm_supply=["spycation", "double_trouble", "getaway_car"],
        bm_deck=["supercomputer"],
    )
    trouble = turn(state, "sentinel", "assistant", "up")
    trouble = act(trouble, 0, type="take_bm", card="double_trouble")
    assert GAME.view(trouble, 1)["known_in_hand"][0] == {"henchman": 1}
    spy = turn(state, "sentinel", "assistant", "up")
    spy = act(spy, 0, type="take_bm", card="spycation")
    spy = act(spy, 0, type="choose", card="daredevil")
    spy = act(spy, 0, type="recruit_again", recruit=False)
    assert GAME.view(spy, 1)["known_in_hand"][0] == {"daredevil": 1}


def test_the_face_down_card_differs_from_the_face_up_one_in_sampled_worlds():
    state = make(
        active=0,
        phase=PLAY,
        hands=(["henchman", "henchman", "sentinel", "mole"], ["mole", "saboteur"]),
        deck=["henchman"] * 5 + ["codebreaker"] * 3,
    )
    state = act(state, 0, type="offer", up="henchman", down="sentinel")
    downs = set()
    for seed in range(60):
        world = GAME.determinize(state, 1, seed)
        downs.add(world.offer_down)
        if world.offer_down == HE:  # only if the whole hand was Henchmen
            assert world.hands[0] == counts("henchman", "henchman")
    assert len(downs) > 1


def test_identical_face_down_only_when_the_sampled_hand_is_all_that_name():
    state = make(
        active=0,
        phase=PLAY,
        hands=(["sentinel", "sentinel", "sentinel"], ["mole", "saboteur"]),
        deck=[],
        discards=((), ()),
    )
    state = act(state, 0, type="offer", up="sentinel", down="sentinel")
    world = GAME.determinize(state, 1, 5)
    assert world.offer_down == AGENT_INDEX["sentinel"]  # nothing else is unseen
    assert world.hands[0] == counts("sentinel")


def make_turn_of(state, team):
    from dataclasses import replace

    return replace(state, active=team, phase=PLAY, tasks=(), winner=-1)


def test_sampled_worlds_are_playable_and_keep_public_facts():
    """In every sampled world each active seat still has a move, hand sizes
    and known cards hold, and the deck keeps its size (bots rely on it)."""
    from ludoteca.engine.rng import Rng

    rng = Rng(11)
    for players, options in [
        (2, BM),
        (3, {"teams": True, "black_market": True}),
        (4, {"teams": True, "black_market": True}),
    ]:
        for seed in range(6):
            state = GAME.setup(players, seed, options)
            while GAME.outcome(state) is None:
                for seat in range(players):
                    world = GAME.determinize(state, seat, rng.next64())
                    assert [sum(h) for h in world.hands] == [
                        sum(h) for h in state.hands
                    ]
                    assert len(world.deck) == len(state.deck)
                    for other in range(players):
                        for a, k in enumerate(state.known[other]):
                            down = world.phase == "pick" and world.follower == other
                            held = world.hands[other][a]
                            held += down and world.offer_down == a
                            assert held >= k
                    for active in GAME.active_seats(world):
                        assert GAME.legal_actions(world, active)
                active = rng.choice(sorted(GAME.active_seats(state)))
                move = rng.choice(GAME.legal_actions(state, active))
                state = GAME.apply(state, active, move).state
