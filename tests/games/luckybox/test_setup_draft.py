"""Setup and the drafts (spec 3(b), 3(c) step 4, 3(e))."""

from collections import Counter
from dataclasses import replace

import pytest

from ludoteca.games.luckybox import GAME, flow
from ludoteca.games.luckybox.flow import NUMBER_DECK
from ludoteca.games.luckybox.state import PUBLIC, Sheet
from tests.games.luckybox.helpers import act, refusal, scenario

OLD = {"edition": "2026-11"}


def keep_first(state, keep=3):
    for seat in sorted(GAME.active_seats(state)):
        offer = state.players[seat].offer
        state = act(state, seat, {"type": "keep", "cards": list(offer[:keep])})
    return state


def test_each_player_starts_with_four_lightning_and_five_offered_cards():
    state = GAME.setup(3, 11)
    assert state.phase == "draft" and state.keep == 3
    for p in state.players:
        assert p.lightning == 4 and p.moons == 0 and p.stars == 0
        assert len(p.offer) == 5 and not p.sheets
    dealt = [c for p in state.players for c in p.offer]
    assert len(set(dealt)) == 15 and len(state.lucky_deck) == 45
    assert GAME.active_seats(state) == {0, 1, 2}


def test_the_number_deck_is_1_to_9_twice():
    assert Counter(NUMBER_DECK) == {n: 2 for n in range(1, 10)}


def test_setup_refuses_bad_counts_and_options():
    with pytest.raises(ValueError):
        GAME.setup(13, 1)
    with pytest.raises(ValueError):
        GAME.setup(0, 1)
    with pytest.raises(ValueError):
        GAME.setup(2, 1, {"stuck_lightning": "sometimes"})


def test_opening_draft_keeps_three_of_five():
    state = GAME.setup(2, 5)
    legal = GAME.legal_actions(state, 0)
    assert len(legal) == 10  # 5 choose 3
    offer = state.players[0].offer
    assert refusal(state, 0, {"type": "keep", "cards": list(offer[:2])}) == (
        "wrong_number_of_cards"
    )
    foreign = state.players[1].offer[:3]
    assert refusal(state, 0, {"type": "keep", "cards": list(foreign)}) == (
        "card_not_offered"
    )
    backwards = [offer[2], offer[1], offer[0]]
    assert refusal(state, 0, {"type": "keep", "cards": backwards}) == (
        "cards_not_in_order"
    )


def test_offers_and_picks_stay_private_until_everyone_has_chosen():
    """3(e): offered cards are private; the kept ones become public."""
    state = GAME.setup(2, 5)
    offer1 = state.players[1].offer
    assert GAME.view(state, 0)["players"][1]["offered"] == 5
    other = GAME.view(state, 0)["players"][1]
    assert other["cards"] == [] and "offer" not in other
    assert "offer" not in GAME.view(state, None)
    assert [f["id"] for f in GAME.view(state, 1)["you"]["offer"]] == list(offer1)
    assert GAME.view(state, 0)["you"]["offer"] != GAME.view(state, 1)["you"]["offer"]
    step = GAME.apply(
        state, 0, {"type": "keep", "cards": list(state.players[0].offer[:3])}
    )
    mid = step.state
    assert [e.type for e in step.events] == ["cards_chosen"]
    assert GAME.active_seats(mid) == {1}
    assert GAME.view(mid, 1)["players"][0]["cards"] == []  # not shown yet
    assert GAME.view(mid, 1)["you"]["picked"] == []
    assert GAME.view(mid, 0)["you"]["picked"] == list(state.players[0].offer[:3])
    done = GAME.apply(mid, 1, {"type": "keep", "cards": list(offer1[1:4])})
    kept = [e for e in done.events if e.type == "cards_kept"]
    assert [e.data["seat"] for e in kept] == [0, 1] and all(e.to is None for e in kept)
    assert [s.card for s in done.state.players[1].sheets] == list(offer1[1:4])


def test_offered_cards_are_announced_only_to_their_owner():
    state = scenario([[(9, 0b111111111)], [(52, 0b111111111)]], numbers=(1,) * 1)
    state = replace(state, revealed=9, numbers=(1, 1, 2, 2, 3, 3, 4, 4, 5))
    nxt, events = flow.end_round(state, [])
    offered = [e for e in events if e.type == "cards_offered"]
    assert [e.to for e in offered] == [(0,), (1,)]
    assert nxt.phase == "draft" and nxt.keep == 1
    assert all(len(p.offer) == 3 for p in nxt.players)


def test_unchosen_cards_are_discarded_and_the_round_starts():
    state = keep_first(GAME.setup(2, 5))
    assert state.phase == "play" and state.round == 1 and state.revealed >= 1
    assert all(len(p.sheets) == 3 for p in state.players)
    # Face up (rulebook): everyone saw them.
    assert Counter(owner for _, owner in state.discard) == {PUBLIC: 4}


def test_after_each_round_three_are_offered_and_one_kept():
    """3(c) step 4: incomplete cards stay, with no limit on how many."""
    state = scenario([[(9, 0b000000001), (52, 0)]], numbers=(5,))
    state = replace(state, revealed=9, numbers=(5, 1, 1, 2, 2, 3, 3, 4, 4))
    state, _ = flow.end_round(state, [])
    assert GAME.legal_actions(state, 0) == [
        {"type": "keep", "cards": [c]} for c in state.players[0].offer
    ]
    chosen = state.players[0].offer[1]
    state = act(state, 0, {"type": "keep", "cards": [chosen]})
    assert [s.card for s in state.players[0].sheets] == [9, 52, chosen]
    assert state.round == 2 and state.phase == "play"
    assert state.players[0].sheets[0] == Sheet(9, 0b000000001)


def test_the_discard_pile_is_shuffled_in_when_the_deck_is_short():
    """Needed from 5 players up with one set: 10 players dealt from one set,
    as matches recorded before 2026-12 were."""
    state = GAME.setup(10, 3, OLD)
    state = keep_first(state)
    assert len(state.lucky_deck) == 10 and len(state.discard) == 20
    state = replace(state, revealed=9)
    state, _ = flow.end_round(state, [])
    assert all(len(p.offer) == 3 for p in state.players)
    assert len(state.lucky_deck) == 0 and state.discard == ()


def test_twelve_players_from_one_set_got_fewer_cards():
    """Records made before 2026-12 (one set): the deal stops when the cards
    run out (the rulebook's two sets fix this: test_rulebook.py)."""
    state = keep_first(GAME.setup(12, 3, OLD))
    state = replace(state, revealed=9)
    state, _ = flow.end_round(state, [])
    sizes = sorted(len(p.offer) for p in state.players)
    assert sum(sizes) == 24 and sizes == [2] * 12
    assert GAME.legal_actions(state, 0) == [
        {"type": "keep", "cards": [c]} for c in state.players[0].offer
    ]


def _all_cards_in_play(extra_discard=()):
    """12 players holding every Lucky Box card between them, none finished."""
    hands = [[(5 * p + k + 1, 0) for k in range(5)] for p in range(12)]
    state = scenario(hands, numbers=(5,), round_no=3)
    return replace(state, revealed=9, lucky_deck=(), discard=extra_discard)


def test_a_draft_with_no_cards_left_is_skipped():
    """Our decision for 11–12 players: nothing to deal, so the round starts."""
    state, events = flow.end_round(_all_cards_in_play(), [])
    assert state.phase == "play" and state.round == 4
    assert "cards_offered" not in [e.type for e in events]


def test_a_short_deal_goes_around_from_a_rotating_seat():
    """Only two cards to share: after round 3 the deal starts at seat 3 % 12."""
    base = _all_cards_in_play()
    # Two finished cards of seat 0 are the only ones that can come back.
    hand = tuple(replace(s, crossed=0b111111111) for s in base.players[0].sheets[:2])
    p0 = replace(base.players[0], sheets=hand + base.players[0].sheets[2:])
    state, _ = flow.end_round(replace(base, players=(p0, *base.players[1:])), [])
    assert [len(p.offer) for p in state.players] == [0, 0, 0, 1, 1] + [0] * 7
    assert GAME.active_seats(state) == {3, 4}
    assert state.players[3].offer[0] in (1, 2) and state.players[4].offer[0] in (1, 2)
