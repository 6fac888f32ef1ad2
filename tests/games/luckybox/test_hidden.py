"""determinize resamples exactly what a seat cannot see (spec 3(e))."""

from collections import Counter
from dataclasses import replace

from ludoteca.games.luckybox import GAME
from tests.games.luckybox.helpers import act


def test_own_offer_stays_and_other_offers_and_the_deck_are_resampled():
    state = GAME.setup(3, 21)
    state = act(state, 1, {"type": "keep", "cards": list(state.players[1].offer[:3])})
    worlds = [GAME.determinize(state, 0, k) for k in range(6)]
    for world in worlds:
        assert world.players[0].offer == state.players[0].offer
        assert len(world.players[1].picked) == 3
        assert set(world.players[1].picked) <= set(world.players[1].offer)
        every = [c for p in world.players for c in p.offer] + list(world.lucky_deck)
        assert sorted(every) == list(range(1, 61))
    assert len({w.players[1].offer for w in worlds}) > 1
    assert len({w.lucky_deck for w in worlds}) > 1


def test_revealed_numbers_stay_and_the_rest_come_from_the_unseen_cards():
    state = GAME.setup(1, 4)
    state = act(state, 0, GAME.legal_actions(state, 0)[0])
    while state.revealed < 4:
        state = act(state, 0, GAME.legal_actions(state, 0)[0])
    shown = state.numbers[: state.revealed]
    for k in range(5):
        world = GAME.determinize(state, 0, k)
        assert world.numbers[: state.revealed] == shown
        counts = Counter(world.numbers)
        assert all(c <= 2 for c in counts.values()) and len(world.numbers) == 9


def test_cards_a_seat_threw_away_stay_where_it_saw_them():
    """States saved before 2026-12 name the seat that saw each unchosen card
    (today they are all face up): determinize still keeps the seat's own."""
    state = GAME.setup(2, 21)
    for seat in (0, 1):
        state = act(state, seat, GAME.legal_actions(state, seat)[0])
    old = [c for c, _ in state.discard]
    state = replace(state, discard=tuple((c, i // 2) for i, c in enumerate(old)))
    mine = [c for c, owner in state.discard if owner == 0]
    theirs = [c for c, owner in state.discard if owner == 1]
    world = GAME.determinize(state, 0, 3)
    assert [c for c, owner in world.discard if owner == 0] == mine
    others = {
        tuple(c for c, o in GAME.determinize(state, 0, k).discard if o == 1)
        for k in range(6)
    }
    assert len(others) > 1 and len(theirs) == 2
