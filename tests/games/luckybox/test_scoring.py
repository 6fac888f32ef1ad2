"""Scoring: rounds, moons, unfinished cards, the winner, the solo bands
(spec 3(c) step 3, after round 4, 3(d), 3(g) examples 3–5)."""

from dataclasses import replace

import pytest

from ludoteca.games.luckybox import GAME, flow
from ludoteca.games.luckybox.scoring import (
    moon_points,
    ranks,
    round_score,
    solo_band,
    unfinished_points,
)
from ludoteca.games.luckybox.state import PUBLIC, Player, RoundScore, Sheet
from tests.games.luckybox.helpers import BOX09, BOX52, mask, scenario

ALL = 0b111111111


def test_completed_cards_score_by_round():
    player = Player(sheets=(Sheet(BOX09, ALL), Sheet(BOX52, ALL)))
    assert [round_score(player, r).cards for r in (1, 2, 3, 4)] == [30, 24, 20, 16]


@pytest.mark.parametrize(("stars", "points"), [(0, 0), (1, 1), (2, 4), (3, 9), (5, 9)])
def test_stars_score_per_round_and_at_most_three_count(stars, points):
    assert round_score(Player(stars=stars), 1).stars == points


def test_example_3_round_scoring():
    """One card and 2 stars in round 2 → 16; with 4 stars → 21; round 1,
    nothing complete and one star → 1."""
    done = (Sheet(BOX09, ALL), Sheet(BOX52, mask(0)))
    assert round_score(Player(sheets=done, stars=2), 2).total == 16
    assert round_score(Player(sheets=done, stars=4), 2).total == 21
    assert round_score(Player(sheets=done[1:], stars=1), 1).total == 1


def test_the_end_of_a_round_removes_completed_cards():
    """A completed card scores once, in its round, then is discarded."""
    state = scenario([[(BOX09, ALL), (BOX52, mask(0))]], numbers=(5,))
    state = replace(
        state,
        revealed=9,
        round=2,
        players=(replace(state.players[0], stars=2, scores=(RoundScore(0, 0),)),),
    )
    state, events = flow.end_round(state, [])
    assert [s.card for s in state.players[0].sheets] == [BOX52]
    assert (BOX09, PUBLIC) in state.discard
    assert state.players[0].scores[-1] == RoundScore(12, 4)
    assert state.players[0].stars == 2  # reset only when the next round starts
    assert "round_scored" in [e.type for e in events]


def test_example_4_moons_at_the_end():
    assert moon_points([4, 1, 1]) == (6, -6, -6)
    assert moon_points([2, 2, 0]) == (6, 6, -6)
    assert moon_points([1, 1, 1]) == (0, 0, 0)  # assumption 5
    assert moon_points([3, 3]) == (6, 6)  # two players: no penalty
    assert moon_points([3, 1]) == (6, 0)
    assert moon_points([4]) == (3,)


def test_the_solo_moon_table():
    assert [moon_points([m])[0] for m in range(8)] == [-6, -2, 0, 1, 3, 6, 10, 10]


def test_unfinished_cards_give_a_point_per_two_crossed_cells_in_all():
    """Source page: 7 crossed cells → 3; 3 and 3 → 3 (not 1 + 1)."""
    seven = Player(sheets=(Sheet(BOX09, mask(0, 1, 2, 3, 4, 5, 6)),))
    assert unfinished_points(seven) == 3
    three_and_three = Player(
        sheets=(Sheet(BOX09, mask(0, 1, 2)), Sheet(BOX52, mask(0, 1, 2)))
    )
    assert unfinished_points(three_and_three) == 3


def test_example_5_a_solo_final_tally():
    """60 after rounds 1–3; round 4: a card (8) and 3 stars (9) → 77; an
    unfinished card with 3 crosses → 78; six moons → 88, the top band."""
    earlier = (RoundScore(30, 1), RoundScore(12, 9), RoundScore(4, 4))
    state = scenario([[(BOX09, ALL), (BOX52, mask(0, 1, 2))]], numbers=(5,))
    player = replace(state.players[0], stars=3, moons=6, scores=earlier)
    state = replace(state, round=4, revealed=9, players=(player,))
    state, events = flow.end_round(state, [])
    assert state.phase == "over" and GAME.active_seats(state) == frozenset()
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (88.0,) and outcome.winners == (0,)
    assert outcome.details["solo_band"] == "legend"
    assert outcome.details["round_scores"] == [[31, 21, 8, 17]]
    assert outcome.details["unfinished_points"] == [1]
    assert outcome.details["moon_points"] == [10]
    rated = [e for e in events if e.type == "solo_rated"]
    assert rated[0].data == {"total": 88, "band": "legend"}
    assert GAME.view(state, 0)["final"]["solo_band"] == "legend"


@pytest.mark.parametrize(
    ("total", "band"),
    [
        (-3, "unlucky"),
        (44, "unlucky"),
        (45, "good_start"),
        (49, "good_start"),
        (50, "getting_there"),
        (55, "great"),
        (60, "super"),
        (64, "super"),
        (65, "spectacular"),
        (69, "spectacular"),
        (70, "legend"),
        (120, "legend"),
    ],
)
def test_solo_rating_bands(total, band):
    assert solo_band(total) == band


def test_a_tie_goes_to_the_most_moons_then_is_shared():
    """3(d) and assumption 7."""
    assert ranks([50, 50, 40], [2, 3, 9]) == (2, 1, 3)
    assert ranks([50, 50], [2, 2]) == (1, 1)


def _final(scores_and_moons):
    state = scenario([[(BOX09, 0)], [(BOX52, 0)]], numbers=(5,))
    players = tuple(
        replace(p, moons=moons, scores=(RoundScore(points, 0),) * 3)
        for p, (points, moons) in zip(state.players, scores_and_moons, strict=True)
    )
    state = replace(state, round=4, revealed=9, players=players)
    state, _ = flow.end_round(state, [])
    outcome = GAME.outcome(state)
    assert outcome is not None
    return outcome


def test_the_outcome_applies_the_moon_tiebreak():
    """36 + 0 (1 moon) against 30 + 6 (2 moons): equal totals, most moons wins."""
    outcome = _final([(12, 1), (10, 2)])
    assert outcome.scores == (36.0, 36.0)
    assert outcome.winners == (1,) and outcome.ranks == (2, 1)


def test_a_full_tie_is_shared():
    outcome = _final([(10, 2), (10, 2)])
    assert outcome.winners == (0, 1) and outcome.ranks == (1, 1)


def test_a_whole_match_has_four_rounds_and_ends_with_an_outcome():
    from ludoteca.engine.testkit import play_random

    playout = play_random(GAME, 2, 77)
    final = playout.states[-1]
    assert playout.finished and final.round == 4
    assert all(len(p.scores) == 4 for p in final.players)
