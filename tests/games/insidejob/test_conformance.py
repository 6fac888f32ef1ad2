"""The testkit on every player count and every option set that changes play."""

from __future__ import annotations

import pytest

from ludoteca.engine import testkit
from ludoteca.games.insidejob import GAME

DEEP = testkit.deep()

OPTION_SETS = [
    ({}, [3, 4, 5]),
    ({"wagers": True}, [3, 4, 5]),
    ({"risky_missions": True}, [3, 4]),
    (
        {
            "wagers": True,
            "character_microphone": True,
            "character_accomplice": True,
            "character_tim_shady": True,
        },
        [4, 5],
    ),
    (
        {
            "wagers": True,
            "character_prof_no": True,
            "character_paranoid": True,
            "character_sleeping": True,
        },
        [4, 5],
    ),
    (
        {
            "wagers": True,
            "risky_missions": True,
            "character_full_risk": True,
            "character_decoy": True,
        },
        [4, 5],
    ),
]


@pytest.mark.parametrize(("options", "counts"), OPTION_SETS, ids=str)
def test_conformance(options, counts):
    report = testkit.check_game(
        GAME,
        player_counts=counts,
        options=[options],
        matches=None if DEEP else 1,
        fuzz_examples=None if DEEP else 15,
    )
    assert report.matches == len(counts) * (200 if DEEP else 1)
