"""The one-slot memo of the latest state's answers (ludoteca.engine.memo)."""

from __future__ import annotations

from dataclasses import dataclass

from ludoteca.engine.memo import latest_state


@dataclass(frozen=True)
class Board:
    n: int


class Counting:
    def __init__(self) -> None:
        self.asked = 0

    @latest_state
    def seats(self, state: Board, extra: int = 0) -> tuple[int, ...]:
        self.asked += 1
        return tuple(range(state.n + extra))


def test_the_same_state_is_answered_once_then_from_the_slot():
    game, board = Counting(), Board(3)
    assert game.seats(board) == (0, 1, 2)
    assert game.seats(board) == (0, 1, 2)
    assert game.asked == 1


def test_an_equal_state_that_is_another_object_is_asked_again():
    game = Counting()
    game.seats(Board(3))
    assert game.seats(Board(3)) == (0, 1, 2)
    assert game.asked == 2


def test_other_arguments_or_another_game_are_asked_again():
    one, two, board = Counting(), Counting(), Board(2)
    assert one.seats(board, 1) == (0, 1, 2)
    assert one.seats(board, 0) == (0, 1)
    assert two.seats(board, 0) == (0, 1)
    assert (one.asked, two.asked) == (2, 1)


def test_one_slot_only_the_latest_state_is_kept():
    game, first, second = Counting(), Board(1), Board(2)
    game.seats(first)
    game.seats(second)
    game.seats(first)
    assert game.asked == 3
