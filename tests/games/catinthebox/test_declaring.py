"""Declaring colours and winning tricks (spec 2(c), 2(e))."""

from ludoteca.games.catinthebox import GAME
from ludoteca.games.catinthebox.notation import parse_board
from ludoteca.games.catinthebox.rules import is_red_broken, trick_winner
from ludoteca.games.catinthebox.state import GREEN, RED, YELLOW, Play
from tests.games.catinthebox.helpers import (
    cell,
    events_of,
    legal_codes,
    play_action,
    play_state,
    refusal_code,
)

HANDS3 = [[2, 5, 6], [1, 3, 4], [2, 4, 6]]


def test_declared_cell_must_be_free():
    """2(c): the colour-number cell must be empty (one identity per round)."""
    s = play_state(3, HANDS3, "Y . . . B . .", turn=1, trick=[(0, "Y2")])
    assert refusal_code(s, 1, play_action("Y4")) == "cell_taken"
    assert "Y4" not in legal_codes(s, 1) and "B4" in legal_codes(s, 1)
    # The lead's own cell is taken too: seat 2 holds a 2 but not Y2.
    after = GAME.apply(s, 1, play_action("Y3")).state
    assert "Y2" not in legal_codes(after, 2) and "B2" in legal_codes(after, 2)


def test_observed_cells_cannot_be_declared():
    """2(b)/2(f) item 2: observed tokens block their cells."""
    s = play_state(2, [[1, 3], [2, 3]], "G . . # . .", turn=0)
    assert refusal_code(s, 0, play_action("G3")) == "cell_observed"
    assert legal_codes(s, 0) == {"B1", "Y1", "G1", "B3", "Y3"}


def test_revealed_x_forbids_its_colour_for_the_round():
    """2(c): a player whose X of a colour is revealed cannot declare it."""
    s = play_state(3, HANDS3, turn=1, trick=[(0, "B2")], revealed={1: "G"})
    assert refusal_code(s, 1, play_action("G3")) == "color_crossed_out"
    assert not any(code.startswith("G") for code in legal_codes(s, 1))


def test_following_is_never_compulsory():
    """2(c): a follower who holds a playable led colour may still declare out."""
    s = play_state(3, HANDS3, turn=1, trick=[(0, "B2")])
    assert {"B1", "Y1", "G1", "R1"} <= legal_codes(s, 1)
    step = GAME.apply(s, 1, play_action("Y1"))
    assert ("x_revealed", {"seat": 1, "color": "blue"}) in events_of(step)
    assert step.state.crossed[1] == (True, False, False, False)


def test_following_the_led_colour_reveals_nothing():
    s = play_state(3, HANDS3, turn=1, trick=[(0, "B2")])
    step = GAME.apply(s, 1, play_action("B3"))
    assert not any(kind == "x_revealed" for kind, _ in events_of(step))
    assert step.state.crossed[1] == (False,) * 4


def test_trumping_reveals_the_led_colour_not_red():
    """2(e): red is lost only by declaring something else when red was led."""
    s = play_state(3, HANDS3, turn=1, trick=[(0, "Y2")])
    nxt = GAME.apply(s, 1, play_action("R3")).state
    assert nxt.crossed[1][YELLOW] and not nxt.crossed[1][RED]


def test_leaving_a_red_lead_loses_red():
    """2(c): red led (already broken), a follower declaring blue loses red."""
    s = play_state(3, HANDS3, "R A . . . . .", turn=1, trick=[(0, "R5")])
    nxt = GAME.apply(s, 1, play_action("B3")).state
    assert nxt.crossed[1][RED] and not nxt.crossed[1][0]


def test_leader_cannot_open_red_until_a_token_sits_on_the_red_row():
    """Source page: the leader declares blue, yellow or green while red is
    unbroken; a token already on the red row (this round) lifts that."""
    s = play_state(3, HANDS3, turn=0)
    assert not any(code.startswith("R") for code in legal_codes(s, 0))
    assert refusal_code(s, 0, play_action("R5")) == "red_not_broken"
    broken = play_state(3, HANDS3, "R . . . . . B", turn=0)
    assert {"R2", "R5"} <= legal_codes(broken, 0)


def test_observed_tokens_do_not_break_red():
    board = parse_board("R # . . . .", 5)
    assert not is_red_broken(board)
    assert is_red_broken(parse_board("R # . B . .", 5))


def test_followers_may_trump_while_red_is_unbroken():
    s = play_state(3, HANDS3, turn=1, trick=[(0, "B2")])
    assert {"R1", "R3", "R4"} <= legal_codes(s, 1)


def test_duplicate_values_are_one_choice():
    """2(e): cards of the same number are interchangeable; validate by value."""
    s = play_state(3, [[3, 3, 5], [1, 2, 4], [1, 2, 6]], turn=0)
    actions = GAME.legal_actions(s, 0)
    assert len(actions) == len({(a["card"], a["color"]) for a in actions}) == 6
    nxt = GAME.apply(s, 0, play_action("B3")).state
    assert nxt.hands[0] == (3, 5)


def test_cards_not_in_hand_and_unknown_colours_are_refused():
    s = play_state(3, HANDS3, turn=0)
    assert refusal_code(s, 0, play_action("B3")) == "card_not_in_hand"
    bad = {"type": "play", "card": 2, "color": "purple"}
    assert refusal_code(s, 0, bad) == "unknown_color"
    assert refusal_code(s, 1, play_action("B1")) == "not_your_turn"
    assert refusal_code(s, 0, {"type": "set_aside", "card": 2}) == "wrong_phase"
    assert refusal_code(s, 0, {"type": "dance"}) == "unknown_action"
    assert refusal_code(s, 0, {"type": "play", "card": "2", "color": "blue"}) == (
        "malformed_action"
    )


def test_each_play_places_the_players_token_on_the_board():
    s = play_state(3, HANDS3, turn=0)
    nxt = GAME.apply(s, 0, play_action("G5")).state
    color, card = cell("G5")
    assert nxt.board[color][card - 1] == 0 and color == GREEN
    assert nxt.turn == 1 and nxt.hands[0] == (2, 6)


def trick(*plays):
    return tuple(Play(seat, cell(code)[1], cell(code)[0]) for seat, code in plays)


def test_highest_red_wins_the_trick():
    assert trick_winner(trick((0, "B9"), (1, "R2"), (2, "R4"), (3, "B8"))) == 2


def test_without_red_the_highest_of_the_led_colour_wins():
    """Off-colour non-red cards never win, however high."""
    assert trick_winner(trick((0, "Y3"), (1, "G9"), (2, "Y5"), (3, "B8"))) == 2


def test_a_lone_lead_wins_when_nobody_follows_or_trumps():
    assert trick_winner(trick((0, "Y1"), (1, "G9"), (2, "B7"))) == 0


def test_the_trick_winner_leads_next():
    s = play_state(3, HANDS3, turn=0)
    for seat, code in ((0, "B2"), (1, "B4"), (2, "Y2")):
        s = GAME.apply(s, seat, play_action(code)).state
    assert s.tricks == (0, 1, 0)
    assert s.leader == s.turn == 1 and s.trick == ()
    assert [p.seat for p in s.last_trick] == [0, 1, 2] and s.last_winner == 1
