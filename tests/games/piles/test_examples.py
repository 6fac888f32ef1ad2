"""The worked examples of the spec, /shared/rules/piles.md 2(g), one test each."""

from __future__ import annotations

import pytest

from ludoteca.engine import IllegalAction
from ludoteca.games.piles import GAME, cards
from tests.games.piles.helpers import (
    act,
    all_cards,
    is_consistent,
    lock_piles,
    new,
    set_centre,
    set_pile,
    started,
)


def test_1_deck_size():
    """n=2: 13 designs, 52 cards, 48 dealt, 4 in the centre; n=8: 49, 1 unused."""
    two = new(2)
    assert len(two.designs) == 13 and len(all_cards(two)) == 52
    assert sum(len(p) for seat in two.piles for p in seat) == 48
    assert len(two.centre) == 4
    eight = new(8)
    assert len(eight.designs) == 49 and len(all_cards(eight)) == 196
    assert len(set(range(cards.DESIGNS)) - set(eight.designs)) == 1


def test_2_completing_a_pile():
    """P1's pile 3 = SockA red, blue, yellow + HatB green; SockA green in slot 1."""
    state = started(2)
    sock, hat = state.designs[0], state.designs[1]
    red, blue, green, yellow = range(4)
    state = set_pile(
        state,
        0,
        3,
        [
            cards.card(sock, red),
            cards.card(sock, blue),
            cards.card(hat, green),
            cards.card(sock, yellow),
        ],
    )
    state = set_centre(state, 1, cards.card(sock, green), keep=[hat])
    state = act(state, 0, type="open", pile=3)
    state = act(
        state,
        0,
        type="swap",
        card=cards.card(hat, green),
        slot=1,
        expected=cards.card(sock, green),
    )
    assert sorted(state.piles[0][3]) == list(cards.cards_of(sock))
    assert state.locked[0][3]
    assert state.centre[1] == cards.card(hat, green)
    assert state.locked_count(0) == 1
    assert is_consistent(state)


def test_3_moving_a_card_between_own_piles_goes_through_the_centre():
    """HatB from pile 2 to pile 5: swap it out of 2, open 5, swap it in."""
    state = started(2)
    hat = cards.card(state.designs[1], 0)
    state = set_pile(state, 0, 2, [hat, *state.piles[0][2][1:]])
    state = act(state, 0, type="open", pile=2)
    # A direct move from pile 2 to pile 5 is refused.
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, 0, {"type": "move", "card": hat, "pile": 5})
    assert caught.value.code == "no_direct_move"
    took = state.centre[0]
    state = act(state, 0, type="swap", card=hat, slot=0, expected=took)
    assert state.centre[0] == hat and took in state.piles[0][2]
    state = act(state, 0, type="open", pile=5)
    assert state.open_pile[0] == 5
    give = state.piles[0][5][0]
    state = act(state, 0, type="swap", card=give, slot=0, expected=hat)
    assert hat in state.piles[0][5] and state.centre[0] == give
    assert is_consistent(state)


def test_4_race_for_one_centre_card():
    """P1 and P2 both swap against slot 2 expecting TieC-red; P2 arrives first."""
    state = started(3)
    tie_red = cards.card(state.designs[2], 0)
    state = set_centre(state, 2, tie_red)
    state = act(act(state, 1, type="open", pile=0), 2, type="open", pile=0)
    p1 = {"type": "swap", "card": state.piles[1][0][0], "slot": 2, "expected": tie_red}
    p2 = {"type": "swap", "card": state.piles[2][0][0], "slot": 2, "expected": tie_red}
    # Both were legal when sent.
    assert p1 in GAME.legal_actions(state, 1) and p2 in GAME.legal_actions(state, 2)
    after_p2 = GAME.apply(state, 2, p2).state
    assert tie_red in after_p2.piles[2][0]
    before = GAME.to_json(after_p2)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(after_p2, 1, p1)
    assert caught.value.code == "centre_card_taken"
    assert caught.value.message.startswith("That card was just taken.")
    assert GAME.to_json(after_p2) == before
    assert after_p2.piles[1] == state.piles[1]
    assert after_p2.centre[2] == p2["card"]


def test_4_race_either_order_exactly_one_succeeds():
    state = started(2)
    target = state.centre[2]
    state = act(act(state, 0, type="open", pile=1), 1, type="open", pile=4)
    swaps = {
        seat: {
            "type": "swap",
            "card": state.piles[seat][pile][3],
            "slot": 2,
            "expected": target,
        }
        for seat, pile in ((0, 1), (1, 4))
    }
    for first, second in ((0, 1), (1, 0)):
        after = GAME.apply(state, first, swaps[first]).state
        with pytest.raises(IllegalAction, match="centre_card_taken"):
            GAME.apply(after, second, swaps[second])
        assert target in after.piles[first][after.open_pile[first]]
        assert target not in after.piles[second][after.open_pile[second]]


def test_5_win_and_shared_places():
    """P1 (5 locked) completes pile 0 and wins; P2 and P3 (3 each) share 2nd."""
    state = started(4)
    d = state.designs
    state = lock_piles(state, 0, [1, 2, 3, 4, 5], d[0:5])
    state = lock_piles(state, 1, [0, 1, 2], d[5:8])
    state = lock_piles(state, 2, [3, 4, 5], d[8:11])
    state = lock_piles(state, 3, [0], d[11:12])
    last, stray = d[12], d[13]
    state = set_pile(
        state,
        0,
        0,
        [
            cards.card(last, 0),
            cards.card(last, 1),
            cards.card(last, 2),
            cards.card(stray, 0),
        ],
    )
    state = set_centre(state, 3, cards.card(last, 3))
    state = act(state, 0, type="open", pile=0)
    state = act(
        state,
        0,
        type="swap",
        card=cards.card(stray, 0),
        slot=3,
        expected=cards.card(last, 3),
    )
    result = GAME.outcome(state)
    assert result.winners == (0,)
    assert result.ranks == (1, 2, 2, 4)
    for action in ({"type": "open", "pile": 0}, {"type": "open", "pile": 3}):
        with pytest.raises(IllegalAction, match="game_over"):
            GAME.apply(state, 3, action)
    # Opening a locked pile is refused while the match runs too.
    running = started(2)
    running = lock_piles(running, 0, [2], running.designs[:1])
    with pytest.raises(IllegalAction, match="pile_locked"):
        GAME.apply(running, 0, {"type": "open", "pile": 2})
