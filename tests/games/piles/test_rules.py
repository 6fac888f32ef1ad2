"""One test (at least) per rule of the Piles! spec, /shared/rules/piles.md."""

from __future__ import annotations

import pytest

from ludoteca.engine import IllegalAction
from ludoteca.engine.rng import Rng
from ludoteca.games.piles import GAME, cards
from ludoteca.games.piles.bot import PilesBot
from ludoteca.games.piles.rules import COUNTDOWN_SECONDS
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


def refused(state, seat, code, **action):
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, seat, dict(action))
    assert caught.value.code == code, caught.value
    assert GAME.to_json(state) == before
    return caught.value


# -- 2(b) components and setup ----------------------------------------------


@pytest.mark.parametrize("players", range(2, 9))
def test_deck_is_6n_plus_1_designs_of_four_cards(players):
    """2(b): 6n+1 designs, 24n+4 cards; 6 piles of 4 each and 4 in the centre."""
    state = new(players, seed=players)
    assert len(state.designs) == 6 * players + 1
    assert len(all_cards(state)) == 24 * players + 4
    assert is_consistent(state)
    assert all(len(seat) == 6 for seat in state.piles)
    assert all(len(pile) == 4 for seat in state.piles for pile in seat)
    assert len(state.centre) == 4


def test_designs_are_drawn_at_random_from_the_fifty():
    """2(f).1 ASSUMPTION: the designs in play are a random pick of the 50."""
    picks = {new(2, seed=s).designs for s in range(20)}
    assert len(picks) == 20
    assert all(0 <= d < cards.DESIGNS for pick in picks for d in pick)


@pytest.mark.parametrize("players", [2, 5])
def test_bad_player_counts_and_options_are_refused(players):
    with pytest.raises(ValueError):
        GAME.setup(1, 1)
    with pytest.raises(ValueError):
        GAME.setup(9, 1)
    with pytest.raises(ValueError):
        GAME.setup(players, 1, {"match_minutes": 7})
    with pytest.raises(ValueError):
        GAME.setup(players, 1, {"speed": 1})


def test_nobody_looks_before_the_start():
    """2(b).1-2: piles and centre stay face down until everybody is ready."""
    state = new(3)
    assert state.phase == "ready"
    for seat in (None, 0, 1, 2):
        view = GAME.view(state, seat)
        assert view["centre"] == [None] * 4
    assert GAME.legal_actions(state, 0) == [{"type": "ready"}]
    refused(state, 0, "not_started", type="open", pile=0)


def test_match_starts_when_everybody_is_ready_after_a_countdown():
    """2(b).3: all ready -> 3-2-1 (a timed phase) -> the centre turns face up."""
    state = new(2)
    assert GAME.active_seats(state) == {0, 1}
    state = act(state, 1, type="ready")
    assert GAME.active_seats(state) == {0}
    refused(state, 1, "already_ready", type="ready")
    refused(state, None, "timeout_not_due", type="timeout")
    step = GAME.apply(state, 0, {"type": "ready"})
    assert [e.type for e in step.events] == ["player_ready", "countdown_started"]
    state = step.state
    assert state.phase == "countdown"
    assert GAME.phase_seconds(state) == COUNTDOWN_SECONDS
    assert GAME.active_seats(state) == frozenset()
    step = GAME.apply(state, None, {"type": "timeout"})
    assert step.state.phase == "play"
    assert [e.type for e in step.events] == ["match_started"]
    assert [c["card"] for c in GAME.view(step.state, None)["centre"]] == list(
        state.centre
    )
    refused(step.state, 0, "already_started", type="ready")


def test_a_pile_dealt_complete_is_locked_at_once():
    """2(c) Completion: the server locks a complete pile as soon as it exists."""
    # Seed found by searching deals: seat 0's pile 4 comes out complete.
    state = new(2, seed=SEED_WITH_COMPLETE_DEAL)
    complete = [
        (s, i)
        for s in range(2)
        for i in range(6)
        if cards.is_complete(state.piles[s][i])
    ]
    assert complete
    assert all(state.locked[s][i] for s, i in complete)
    assert GAME.view(state, None)["seats"][complete[0][0]]["locked"] == 1


SEED_WITH_COMPLETE_DEAL = 4875


# -- 2(c) open and close ------------------------------------------------------


def test_open_shows_the_pile_to_its_owner_only():
    """2(c) open(i): only the owner sees the cards; everybody sees which pile."""
    state = act(started(3), 0, type="open", pile=2)
    mine = GAME.view(state, 0)
    assert [c["card"] for c in mine["piles"][2]["cards"]] == list(state.piles[0][2])
    for seat in (1, 2, None):
        view = GAME.view(state, seat)
        assert view["seats"][0]["open_pile"] == 2
        assert view["seats"][0]["piles"][2] == {"status": "open"}
        assert "cards" not in str(view["seats"][0]["piles"])
    assert "piles" not in GAME.view(state, None)


def test_closed_piles_are_hidden_from_their_owner_too():
    """2(c), 2(e): a memory game; a pile put down shows nothing, even on reconnect."""
    state = act(started(2), 0, type="open", pile=1)
    state = act(state, 0, type="close")
    view = GAME.view(state, 0)
    assert all(p == {"status": "closed"} for p in view["piles"])
    assert view["closed"] == 6


def test_opening_another_pile_puts_the_first_down():
    """2(c), 2(f).3: a player holds one pile at most."""
    state = act(started(2), 1, type="open", pile=0)
    step = GAME.apply(state, 1, {"type": "open", "pile": 4})
    assert step.state.open_pile[1] == 4
    assert [(e.type, e.data["pile"]) for e in step.events] == [
        ("pile_closed", 0),
        ("pile_opened", 4),
    ]
    refused(step.state, 1, "pile_already_open", type="open", pile=4)


def test_close_puts_the_pile_down():
    state = started(2)
    refused(state, 0, "no_open_pile", type="close")
    state = act(act(state, 0, type="open", pile=3), 0, type="close")
    assert state.open_pile[0] is None
    assert {"type": "close"} not in GAME.legal_actions(state, 0)


def test_only_existing_unlocked_piles_open():
    state = lock_piles(started(2), 0, [1], [started(2).designs[0]])
    refused(state, 0, "pile_locked", type="open", pile=1)
    refused(state, 0, "no_such_pile", type="open", pile=6)
    refused(state, 0, "no_such_pile", type="open", pile=-1)
    assert {"type": "open", "pile": 1} not in GAME.legal_actions(state, 0)


# -- 2(c) swap ----------------------------------------------------------------


def held(state, seat, pile):
    return act(state, seat, type="open", pile=pile)


def test_swap_is_one_for_one_and_atomic():
    """2(c) swap: my card goes to the slot, the slot's card takes its place."""
    state = held(started(2), 0, 0)
    give, take = state.piles[0][0][1], state.centre[2]
    after = act(state, 0, type="swap", card=give, slot=2, expected=take)
    assert after.piles[0][0] == (state.piles[0][0][0], take, *state.piles[0][0][2:])
    assert after.centre == (*state.centre[:2], give, state.centre[3])
    assert len(after.piles[0][0]) == 4 and len(after.centre) == 4
    assert is_consistent(after)
    assert after.open_pile[0] == 0


def test_swaps_in_a_row_on_the_same_pile():
    """2(c): any number of swaps, one card each, while the pile is open."""
    state = held(started(2), 1, 5)
    for slot in range(4):
        give = state.piles[1][5][slot]
        state = act(
            state, 1, type="swap", card=give, slot=slot, expected=state.centre[slot]
        )
    assert state.actions == 5
    assert is_consistent(state)


def test_swap_needs_the_pile_in_hand():
    """2(c): swaps only while that pile is open; other piles' cards are out of reach."""
    state = started(2)
    card, centre = state.piles[0][0][0], state.centre[0]
    refused(state, 0, "no_open_pile", type="swap", card=card, slot=0, expected=centre)
    state = held(state, 0, 1)
    # From my own closed pile: it would be a move between piles.
    refused(
        state,
        0,
        "card_not_in_open_pile",
        type="swap",
        card=card,
        slot=0,
        expected=centre,
    )
    # From another player's pile.
    theirs = state.piles[1][1][0]
    refused(
        state,
        0,
        "card_not_in_open_pile",
        type="swap",
        card=theirs,
        slot=0,
        expected=centre,
    )


def test_swap_with_a_slot_that_changed_is_stale():
    """2(c), 2(f).4: the expected centre card guards against races."""
    state = held(started(2), 0, 0)
    card = state.piles[0][0][0]
    stale = state.centre[1]
    error = refused(
        state, 0, "centre_card_taken", type="swap", card=card, slot=0, expected=stale
    )
    assert "just taken" in error.message
    refused(
        state,
        0,
        "no_such_slot",
        type="swap",
        card=card,
        slot=4,
        expected=state.centre[0],
    )
    refused(state, 0, "no_such_card", type="swap", card=card, slot=0, expected=200)


@pytest.mark.parametrize(
    ("kind", "code"),
    [
        ("move", "no_direct_move"),
        ("take", "must_give_a_card"),
        ("give", "not_your_pile"),
    ],
)
def test_forbidden_moves_are_refused(kind, code):
    """2(c) Forbidden: pile to pile, taking without giving, touching other piles."""
    state = held(started(2), 0, 0)
    refused(state, 0, code, type=kind, card=state.piles[0][0][0], pile=1)


def test_malformed_and_unknown_actions_change_nothing():
    state = held(started(2), 0, 0)
    card = state.piles[0][0][0]
    refused(
        state,
        0,
        "malformed_action",
        type="swap",
        card=card,
        slot=True,
        expected=state.centre[1],
    )
    refused(state, 0, "malformed_action", type="open", pile="1")
    refused(state, 0, "unknown_action", type="shout")
    refused(state, 0, "unknown_action", type="timeout")
    refused(state, None, "not_a_player", type="open", pile=1)
    refused(state, 2, "not_a_player", type="open", pile=1)


# -- 2(c) completion ------------------------------------------------------------


def complete_next(state, seat=0, pile=3):
    """Seat holds `pile` = three of design D and one stray; D's 4th is in slot 1."""
    d, stray = state.designs[2], state.designs[5]
    state = set_pile(
        state,
        seat,
        pile,
        [cards.card(d, 0), cards.card(d, 1), cards.card(stray, 2), cards.card(d, 3)],
    )
    state = set_centre(state, 1, cards.card(d, 2), keep=[stray])
    return held(state, seat, pile), d, cards.card(stray, 2), cards.card(d, 2)


def test_a_pile_of_one_design_locks_face_up_at_once():
    """2(c) Completion: locked, face up for all, put down, out of play."""
    state, design, stray, wanted = complete_next(started(3))
    step = GAME.apply(
        state, 0, {"type": "swap", "card": stray, "slot": 1, "expected": wanted}
    )
    after = step.state
    assert after.locked[0][3] and after.open_pile[0] is None
    assert [e.type for e in step.events] == ["cards_swapped", "pile_locked"]
    assert step.events[1].data["design"] == design
    for seat in (None, 1, 2):
        pile = GAME.view(after, seat)["seats"][0]["piles"][3]
        assert pile["status"] == "locked" and pile["design"] == design
        assert sorted(c["colour"] for c in pile["cards"]) == [0, 1, 2, 3]
    assert GAME.view(after, None)["seats"][0]["locked"] == 1
    refused(after, 0, "pile_locked", type="open", pile=3)
    assert all(a.get("pile") != 3 for a in GAME.legal_actions(after, 0))


def test_other_players_piles_never_change_by_my_swaps():
    """2(c) Forbidden / 2(e): my swaps touch my pile and the centre only."""
    state = held(started(3), 0, 0)
    after = act(
        state,
        0,
        type="swap",
        card=state.piles[0][0][0],
        slot=0,
        expected=state.centre[0],
    )
    assert after.piles[1:] == state.piles[1:]


def test_two_players_building_one_design_only_one_can_finish():
    """2(e): a design has four cards, so two piles cannot both complete it."""
    state = started(2)
    d = state.designs[4]
    state = set_pile(
        state,
        0,
        0,
        [
            cards.card(d, 0),
            cards.card(d, 1),
            state.designs[6] * 4,
            state.designs[6] * 4 + 1,
        ],
    )
    state = set_pile(
        state,
        1,
        0,
        [
            cards.card(d, 2),
            cards.card(d, 3),
            state.designs[7] * 4,
            state.designs[7] * 4 + 1,
        ],
    )
    state = set_centre(state, 0, state.designs[8] * 4)
    assert is_consistent(state)
    held_designs = [cards.design_of(c) for c in state.piles[0][0] + state.piles[1][0]]
    assert held_designs.count(d) == 4


# -- 2(d) winning -------------------------------------------------------------


def test_all_seats_play_at_once():
    """2(c): real time, every seat is active during play."""
    assert GAME.info.kind == "real-time"
    assert GAME.active_seats(started(5)) == frozenset(range(5))


def test_first_to_lock_six_wins_and_the_match_stops():
    """2(d): the swap that locks the 6th pile ends the match; nobody acts after."""
    state = started(3)
    designs = state.designs
    state = lock_piles(state, 0, [0, 1, 2, 4, 5], designs[10:15])
    state = lock_piles(state, 1, [0, 1], designs[15:17])
    state, _, stray, wanted = complete_next(state)
    step = GAME.apply(
        state, 0, {"type": "swap", "card": stray, "slot": 1, "expected": wanted}
    )
    assert step.events[-1].type == "match_won"
    over = step.state
    result = GAME.outcome(over)
    assert result.winners == (0,)
    assert result.ranks == (1, 2, 3)
    assert result.scores == (6.0, 2.0, 0.0)
    assert GAME.active_seats(over) == frozenset()
    assert all(GAME.legal_actions(over, s) == [] for s in range(3))
    refused(over, 1, "game_over", type="open", pile=3)
    assert GAME.outcome(state) is None


# -- 2(e) options -------------------------------------------------------------


def test_match_timer_default_is_ten_minutes_and_ends_the_match():
    """2(e) ASSUMPTION: optional timer, 10 min; most locked piles wins, ties share."""
    state = started(3)
    assert GAME.phase_seconds(state) == 600
    assert GAME.view(state, 0)["timer_seconds"] == 600
    state = lock_piles(state, 1, [0], [state.designs[3]])
    state = lock_piles(state, 2, [5], [state.designs[4]])
    step = GAME.apply(state, None, {"type": "timeout"})
    assert [e.type for e in step.events] == ["time_up"]
    result = GAME.outcome(step.state)
    assert result.winners == (1, 2)
    assert result.ranks == (3, 1, 1)
    assert result.details["ended_by"] == "timer"


def test_timer_can_be_switched_off():
    state = started(2, match_minutes=0)
    assert GAME.phase_seconds(state) is None
    refused(state, None, "timeout_not_due", type="timeout")
    assert GAME.view(state, 1)["timer_seconds"] is None


def test_action_limit_ends_the_match_like_the_timer():
    state = started(2, action_limit=3)
    state = act(state, 0, type="open", pile=0)
    state = act(state, 1, type="open", pile=0)
    assert state.phase == "play"
    step = GAME.apply(state, 0, {"type": "close"})
    assert step.state.phase == "over"
    assert step.events[-1].type == "action_limit_reached"
    assert GAME.outcome(step.state).winners == (0, 1)


def test_invariants_hold_through_a_whole_match():
    """Every card stays in play once; piles keep 4 cards; only complete piles lock."""
    state, player, rng = new(4, seed=3), PilesBot(), Rng(8)
    while GAME.outcome(state) is None:
        seats = sorted(GAME.active_seats(state))
        seat = rng.choice(seats) if seats else None
        action = (
            player.choose(GAME, state, seat, rng.next64())
            if seat is not None
            else {"type": "timeout"}
        )
        state = GAME.apply(state, seat, action).state
        assert is_consistent(state)
        for s in range(4):
            for i, pile in enumerate(state.piles[s]):
                assert len(pile) == 4
                assert state.locked[s][i] == cards.is_complete(pile)
            held = state.open_pile[s]
            assert held is None or not state.locked[s][held]
    assert state.ended_by == "piles"
