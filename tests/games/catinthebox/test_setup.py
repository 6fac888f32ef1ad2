"""Setup, the face-down card, predictions and rounds (spec 2(b))."""

from collections import Counter
from dataclasses import replace

import pytest

from ludoteca.games.catinthebox import GAME
from ludoteca.games.catinthebox.state import (
    BLUE,
    EMPTY,
    GREEN,
    NONE,
    OBSERVED,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_PREDICT,
    PHASE_SET_ASIDE,
    RED,
    YELLOW,
)
from tests.games.catinthebox.helpers import refusal_code

# players: (highest card, cards dealt each, undealt) -- spec 2(b) table
DECKS = {5: (9, 9, 0), 4: (8, 10, 0), 3: (6, 10, 0), 2: (5, 10, 5)}


def set_all_aside(state):
    for seat in range(state.num_players):
        card = state.hands[seat][0]
        state = GAME.apply(state, seat, {"type": "set_aside", "card": card}).state
    return state


def predict_all(state, tricks=1):
    while state.phase == PHASE_PREDICT:
        state = GAME.apply(
            state, state.turn, {"type": "predict", "tricks": tricks}
        ).state
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deck_and_deal_by_player_count(players):
    top, dealt, undealt = DECKS[players]
    s = GAME.setup(players, 11)
    assert all(len(h) == dealt for h in s.hands)
    assert len(s.undealt) == undealt
    everything = [c for h in s.hands for c in h] + list(s.undealt)
    assert Counter(everything) == {card: 5 for card in range(1, top + 1)}
    assert len(s.board) == 4 and all(len(row) == top for row in s.board)
    assert all(h == tuple(sorted(h)) for h in s.hands)


def test_players_out_of_range_are_refused():
    for players in (1, 6):
        with pytest.raises(ValueError):
            GAME.setup(players, 1)
    with pytest.raises(ValueError):
        GAME.setup(3, 1, {"predictions": "2-5"})


def test_every_player_sets_a_card_aside_at_the_same_time():
    s = GAME.setup(4, 3)
    assert s.phase == PHASE_SET_ASIDE
    assert GAME.active_seats(s) == frozenset(range(4))
    card = s.hands[2][-1]
    s2 = GAME.apply(s, 2, {"type": "set_aside", "card": card}).state
    assert len(s2.hands[2]) == 9 and s2.set_aside[2] == card
    assert GAME.active_seats(s2) == frozenset({0, 1, 3})
    assert refusal_code(s2, 2, {"type": "set_aside", "card": card}) == "not_your_turn"
    missing = next(c for c in range(1, 9) if c not in s.hands[1])
    assert refusal_code(s, 1, {"type": "set_aside", "card": missing}) == (
        "card_not_in_hand"
    )
    assert refusal_code(s, 1, {"type": "predict", "tricks": 1}) == "wrong_phase"


def test_predictions_go_clockwise_from_the_start_player():
    s = set_all_aside(GAME.setup(4, 5, {"first_start_player": "first_seat"}))
    s = replace(s, start_player=2, turn=2)
    order = []
    while s.phase == PHASE_PREDICT:
        order.append(s.turn)
        s = GAME.apply(s, s.turn, {"type": "predict", "tricks": 2}).state
    assert order == [2, 3, 0, 1]
    assert s.phase == PHASE_PLAY and s.bids == (2, 2, 2, 2)


def test_first_bidder_of_a_round_is_its_start_player():
    s = set_all_aside(GAME.setup(3, 8))
    assert s.phase == PHASE_PREDICT and s.turn == s.start_player


def test_prediction_order_option_lets_the_start_player_predict_last():
    opts = {"first_start_player": "first_seat", "prediction_order": "start_player_last"}
    s = set_all_aside(GAME.setup(3, 5, opts))
    assert s.turn == 1


def test_option_one_to_three_allows_one_two_three():
    s = set_all_aside(GAME.setup(3, 5, {"predictions": "1-3"}))
    seat = s.turn
    assert [a["tricks"] for a in GAME.legal_actions(s, seat)] == [1, 2, 3]
    for bad in (0, 4):
        assert refusal_code(s, seat, {"type": "predict", "tricks": bad}) == (
            "prediction_not_allowed"
        )
    wide = set_all_aside(GAME.setup(3, 5, {"predictions": "0-4"}))
    assert [a["tricks"] for a in GAME.legal_actions(wide, wide.turn)] == [0, 1, 2, 3, 4]


def test_two_players_make_no_predictions():
    s = set_all_aside(GAME.setup(2, 4))
    assert s.phase == PHASE_PLAY and s.bids == (NONE, NONE)
    assert s.turn == s.start_player


def test_two_player_seeding_blocks_cells_of_three_undealt_cards():
    """Assumption 2: a number seen once blocks green, twice also yellow,
    three times also blue; red is never blocked."""
    s = GAME.setup(2, 4)
    s = replace(s, undealt=(3, 5, 3, 1, 3))
    s = GAME.apply(s, 0, {"type": "set_aside", "card": s.hands[0][0]}).state
    assert s.observed_cards == () and s.board[GREEN] == (EMPTY,) * 5
    s = GAME.apply(s, 1, {"type": "set_aside", "card": s.hands[1][0]}).state
    assert s.observed_cards == (3, 3, 5)
    assert s.undealt == (1, 3)
    assert s.board[GREEN] == (EMPTY, EMPTY, OBSERVED, EMPTY, OBSERVED)
    assert s.board[YELLOW] == (EMPTY, EMPTY, OBSERVED, EMPTY, EMPTY)
    assert s.board[BLUE] == (EMPTY,) * 5 and s.board[RED] == (EMPTY,) * 5


def test_two_player_seeding_escalates_to_blue():
    s = replace(GAME.setup(2, 4), undealt=(2, 2, 2, 4, 5))
    s = set_all_aside(s)
    assert [s.board[c][1] for c in (BLUE, YELLOW, GREEN, RED)] == [
        OBSERVED,
        OBSERVED,
        OBSERVED,
        EMPTY,
    ]


def test_two_player_seeding_can_be_switched_off():
    s = set_all_aside(GAME.setup(2, 4, {"two_player_seed": False}))
    assert s.observed_cards == () and len(s.undealt) == 5
    assert all(cell == EMPTY for row in s.board for cell in row)


def test_first_start_player_is_random_or_the_first_seat():
    starts = {GAME.setup(4, seed).start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert GAME.setup(4, 9, {"first_start_player": "first_seat"}).start_player == 0


def random_match(players, seed, options=None):
    from ludoteca.engine.testkit import play_random

    playout = play_random(GAME, players, seed, options)
    assert playout.finished
    return playout.states[-1]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rounds_equal_players_and_the_start_player_rotates(players):
    final = random_match(players, 21)
    assert final.phase == PHASE_OVER
    starts = [r.start_player for r in final.results]
    assert len(starts) == players
    assert starts == [(starts[0] + i) % players for i in range(players)]
    assert sorted(starts) == list(range(players))


def test_final_ranking_sums_rounds_and_ties_share_the_win():
    final = random_match(3, 2, {"tie_break": "shared"})
    fixed = (
        replace(final.results[0], scores=(4, 4, 1)),
        replace(final.results[1], scores=(1, 1, 2)),
        replace(final.results[2], scores=(0, 0, -1)),
    )
    s = replace(final, results=fixed)
    out = GAME.outcome(s)
    assert out.scores == (5.0, 5.0, 2.0)
    assert out.ranks == (1, 1, 3) and out.winners == (0, 1)


def test_tie_break_option_prefers_more_tricks():
    final = random_match(3, 2, {"tie_break": "most_tricks"})
    fixed = (
        replace(final.results[0], scores=(4, 4, 1), tricks=(2, 3, 1)),
        replace(final.results[1], scores=(1, 1, 2), tricks=(1, 1, 1)),
        replace(final.results[2], scores=(0, 0, -1), tricks=(0, 0, 1)),
    )
    out = GAME.outcome(replace(final, results=fixed))
    assert out.ranks == (2, 1, 3) and out.winners == (1,)


def test_no_action_once_the_match_is_over():
    final = random_match(2, 5)
    assert GAME.active_seats(final) == frozenset()
    assert GAME.legal_actions(final, 0) == []
    assert refusal_code(final, 0, {"type": "predict", "tricks": 1}) == "game_over"
