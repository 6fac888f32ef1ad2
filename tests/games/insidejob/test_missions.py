"""Each mission condition on a hand-made trick (spec 1(f) item 1, risky missions)."""

from __future__ import annotations

import pytest

from ludoteca.games.insidejob.cards import Played, parse, winning_index
from ludoteca.games.insidejob.missions import CONDITIONS, TrickFacts, catalogue


def check(condition: str, cards: str, trump: int = 3, bets: str = "") -> bool:
    """`cards` like "B9 B3 G12"; `bets` marks bet cards with "x" by position."""
    trick = [
        Played(i, parse(c), i < len(bets) and bets[i] == "x")
        for i, c in enumerate(cards.split())
    ]
    winner = winning_index(trick, trump)
    return CONDITIONS[condition](TrickFacts.of(trick, trump, winner))


CASES = [
    ("all_odd", "B9 B3 G5 Y1", True),
    ("all_odd", "B9 B4 G5 Y1", False),
    ("all_even", "B2 B4 G6", True),
    ("all_even", "B2 B5 G6", False),
    ("first_wins", "B9 B3 G12", True),
    ("first_wins", "B9 B10 G12", False),
    ("last_wins", "B9 B3 B12", True),
    ("last_wins", "B9 B13 B12", False),
    ("second_wins", "B9 B13 B12", True),
    ("third_wins", "B9 B3 B12 B1", True),
    ("third_wins", "B9 B3 B12 R1", False),
    ("ascending", "B1 B3 G5 Y9", True),
    ("ascending", "B1 B3 G3 Y9", False),
    ("descending", "B9 B5 G3 Y1", True),
    ("descending", "B9 B5 G6", False),
    ("same_suit", "B9 B5 B3", True),
    ("same_suit", "B9 B5 G3", False),
    ("all_below_7", "B6 B5 G1", True),
    ("all_below_7", "B6 B7 G1", False),
    ("middle_odd", "B2 B5 G2", True),  # three players: the 2nd card
    ("middle_odd", "B2 B5 G3 Y2", True),  # four players: 2nd and 3rd
    ("middle_odd", "B2 B5 G4 Y2", False),
    ("middle_odd", "B2 B6 G3 Y2 Y4", True),  # five players: the 3rd card
    ("all_at_least_7", "B7 B13 G8", True),
    ("all_at_least_7", "B7 B6 G8", False),
    ("no_trump", "B7 B6 G8", True),
    ("no_trump", "B7 R6 G8", False),
    ("exactly_one_trump", "B7 R6 G8", True),
    ("exactly_one_trump", "B7 R6 R8", False),
    ("winner_odd", "B7 B6 G8", True),
    ("winner_even", "B7 B8 G9", True),
    ("has_1", "B7 G1 B2", True),
    ("has_1", "B7 G11 B2", False),
    ("has_13", "B7 G13 B2", True),
    ("winner_at_most_9", "B7 B9 G13", True),
    ("winner_at_most_9", "B7 B10 G13", False),
    ("winner_at_least_10", "B7 B10 G13", True),
    ("led_suit_wins", "B7 B10 G13", True),
    ("led_suit_wins", "B7 R2 G13", False),
    ("odd_and_even", "B7 B10", True),
    ("odd_and_even", "B7 B9", False),
    ("sum_at_most_20", "B7 B10 G3", True),
    ("sum_at_most_20", "B7 B10 G4", False),
    ("sum_at_least_30", "B7 B10 G13", True),
    ("sum_at_least_30", "B7 B10 G12", False),
    ("winner_at_most_5", "B5 B2 G13", True),
    ("winner_at_most_5", "B6 B2 G13", False),
    ("odd_sum_21_to_29", "B10 B10 G1", True),
    ("odd_sum_21_to_29", "B10 B10 G2", False),
    ("odd_sum_21_to_29", "B13 B13 G5", False),
    ("none_above_9", "B9 B2 G1", True),
    ("none_above_9", "B10 B2 G1", False),
    ("no_follower_in_led_suit", "B9 G2 Y1", True),
    ("no_follower_in_led_suit", "B9 G2 B1", False),
]


@pytest.mark.parametrize(("condition", "cards", "expected"), CASES)
def test_condition(condition, cards, expected):
    assert check(condition, cards) is expected


def test_every_condition_is_tested_and_every_mission_has_one():
    assert {c for c, _, _ in CASES} == set(CONDITIONS)
    assert {m.condition for m in catalogue().values()} <= set(CONDITIONS)


def test_bet_card_counts_as_trump_for_the_mission():
    """1(e): under "same colour" a bet off-colour card counts as the trump suit."""
    assert check("same_suit", "R9 G5 R3", trump=3, bets=".x.")
    assert not check("same_suit", "R9 G5 R3", trump=3)
    assert not check("no_trump", "B9 G5 B3", trump=3, bets=".x.")


def test_house_content_is_marked():
    house = {m.id for m in catalogue().values() if m.house}
    assert house == {f"A{i}" for i in range(11, 25)} | {"R1", "R2", "R3", "R4"}
