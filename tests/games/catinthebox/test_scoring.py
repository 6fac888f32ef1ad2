"""Round scoring (spec 2(d)) and the connected groups on hand-built boards."""

import pytest

from ludoteca.games.catinthebox import GAME
from ludoteca.games.catinthebox.flow import end_round
from ludoteca.games.catinthebox.notation import board_text, parse_board
from ludoteca.games.catinthebox.scoring import (
    earns_bonus,
    groups,
    largest_group,
    largest_group_cells,
    largest_groups,
    round_scores,
)
from ludoteca.games.catinthebox.state import (
    BLUE,
    GREEN,
    NONE,
    RED,
    ROW_ORDERS,
    YELLOW,
)
from tests.games.catinthebox.helpers import play_state

BYGR = (BLUE, YELLOW, GREEN, RED)


def sizes(picture, seat=0, columns=8, rows=BYGR):
    return sorted(groups(parse_board(picture, columns), seat, rows), reverse=True)


def test_an_l_shape_is_one_group():
    picture = """
        1 2 3 4 5 6 7 8
    B   A . . . . . . .
    Y   A . . . . . . .
    G   A A A . . . . .
    """
    assert sizes(picture) == [5]


def test_diagonal_neighbours_do_not_connect():
    picture = """
        1 2 3 4 5 6 7 8
    B   A . A . . . . .
    Y   . A . . . . . .
    G   A . A . . . . .
    """
    assert sizes(picture) == [1, 1, 1, 1, 1]


def test_other_players_and_empty_or_observed_cells_break_groups():
    picture = """
        1 2 3 4 5 6 7 8
    B   A A B A A . A A
    Y   . . . # . . . .
    G   A . . A . . . .
    """
    assert sizes(picture) == [2, 2, 2, 1, 1]
    assert sizes(picture, seat=1) == [1]


def test_ties_between_groups_score_one_of_them():
    picture = """
        1 2 3 4 5 6 7 8
    B   A A A . . A A A
    R   . . . . A . . .
    """
    assert sizes(picture) == [3, 3, 1]
    assert largest_group(parse_board(picture, 8), 0, BYGR) == 3


def test_the_cells_of_the_largest_group_are_the_first_of_tied_groups():
    """The board highlights one largest group: of tied groups, the one met
    first reading the drawn board top to bottom, left to right."""
    picture = """
        1 2 3 4 5 6 7 8
    B   . . . . . A A .
    Y   A A . . . . A .
    R   . A . . . . . .
    """
    board = parse_board(picture, 8)
    assert largest_group_cells(board, 0, BYGR) == [(BLUE, 6), (BLUE, 7), (YELLOW, 7)]
    assert largest_group_cells(board, 1, BYGR) == []
    red_top = ROW_ORDERS["red-blue-yellow-green"]
    assert largest_group_cells(board, 0, red_top)[0] == (BLUE, 6)


def test_all_largest_groups_at_once_agree_with_one_seat_at_a_time():
    picture = """
        1 2 3 4 5 6 7 8
    B   A A B # C C C .
    Y   . A B B . C . D
    G   A . . B . . . D
    R   C C . . A A A A
    """
    board = parse_board(picture, 8)
    for rows in ROW_ORDERS.values():
        assert largest_groups(board, 4, rows) == tuple(
            largest_group(board, seat, rows) for seat in range(4)
        )


def test_a_ring_counts_each_cell_once():
    picture = """
        1 2 3 4 5 6 7 8
    B   A A A . . . . .
    Y   A . A . . . . .
    G   A A A . . . . .
    """
    assert sizes(picture) == [8]


def test_no_tokens_means_no_group():
    assert largest_group(parse_board("", 6), 2, BYGR) == 0


def test_vertical_adjacency_follows_the_row_order_option():
    """Assumption 4: with red on top, blue and red touch; green and red do not."""
    picture = """
        1 2 3 4 5 6
    B   A . . . . .
    G   . . . A . .
    R   A . . A . .
    """
    board = parse_board(picture, 6)
    assert largest_group(board, 0, BYGR) == 2  # G4-R4
    red_top = ROW_ORDERS["red-blue-yellow-green"]
    assert sorted(groups(board, 0, red_top)) == [1, 1, 2]  # R1-B1
    assert board_text(board, red_top).splitlines()[1].startswith("R   A")


def test_notation_round_trip():
    picture = """    1 2 3 4 5
B   A . # . B
Y   . . # . .
G   . C # . .
R   . . . . D"""
    board = parse_board(picture, 5)
    assert board_text(board, BYGR) == picture
    with pytest.raises(ValueError):
        parse_board("B . .", 5)


@pytest.mark.parametrize(
    ("players", "tricks", "bid", "bonus"),
    [
        (3, 2, 2, True),
        (3, 2, 1, False),
        (5, 0, 0, True),
        (4, 3, 2, False),
        (2, 4, NONE, True),
        (2, 0, NONE, True),
        (2, 5, NONE, False),
    ],
)
def test_who_earns_the_group_bonus(players, tricks, bid, bonus):
    """Exact prediction with 3-5 players; 4 tricks or fewer with 2 players."""
    assert earns_bonus(players, tricks, bid) is bonus


def test_round_scores_add_tricks_and_bonus():
    bonus, scores = round_scores(4, (3, 2, 2, 1), (3, 1, 2, 2), (5, 4, 2, 6), NONE)
    assert bonus == (5, 0, 2, 0)
    assert scores == (8, 2, 4, 1)


def test_the_paradox_causer_loses_a_point_per_trick_and_its_bonus():
    bonus, scores = round_scores(3, (2, 3, 0), (2, 3, 1), (4, 4, 1), 1)
    assert scores == (6, -3, 0) and bonus == (4, 0, 0)
    _, zero = round_scores(3, (2, 0, 3), (2, 1, 3), (4, 4, 1), 1)
    assert zero[1] == 0  # no tricks, nothing to lose


def test_round_end_scores_from_the_board_and_the_predictions():
    board = """
        1 2 3 4 5 6
    B   A A B B C C
    Y   A . B . C .
    G   . . B . . .
    R   C C C . . A
    """
    s = play_state(3, [[1], [2], [3]], board, bids=[2, 3, 1], tricks=[2, 3, 3])
    state, events = end_round(s, NONE, [])
    result = state.results[-1]
    assert result.groups == (3, 4, 3)
    assert result.bonus == (3, 4, 0)
    assert result.scores == (5, 7, 3)
    scored = next(e for e in events if e.type == "round_scored")
    assert scored.data["groups"] == [3, 4, 3] and scored.data["paradox"] is None
    assert state.totals == (5, 7, 3)


def test_row_order_option_reaches_the_view_and_the_round_end():
    """Assumption 4 end to end: with red on top, R1 touches B1 for the bonus."""
    board = """
        1 2 3 4 5 6
    B   A . . . . .
    R   A . . . . .
    """
    red_top = {"row_order": "red-blue-yellow-green"}
    for options, group in (({}, 1), (red_top, 2)):
        s = play_state(
            3, [[2], [3], [4]], board, bids=[1, 1, 1], tricks=[1, 0, 0], options=options
        )
        state, _ = end_round(s, NONE, [])
        assert state.results[-1].groups[0] == group
        assert state.results[-1].scores[0] == 1 + group
    rows = [row["color"] for row in GAME.view(GAME.setup(3, 1, red_top), 0)["board"]]
    assert rows == ["red", "blue", "yellow", "green"]
