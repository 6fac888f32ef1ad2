"""The rulebook corrections of 2026-12 (`rules/catinthebox.md`, CORRECTED).

Each line tagged CORRECTED (rulebook) in the spec, and the test that fails
on the rule played before it:

- 2(c), 2(e), 2(f) item 3, CB-6: a leader with only red options may lead red
  (default): test_cb6_leader_with_only_red_options_leads_red,
  test_cb6_with_every_three_taken_is_a_paradox; the strict reading stays as
  leader_red_when_forced = False: test_cb6_strict_option_keeps_the_paradox.
- 2(b), 2(f) item 1, CB-8: 3 players predict 1, 3 or 4:
  test_cb8_three_players_predict_one_three_or_four.
- 2(d), 2(f) item 8, CB-9: a final tie goes to the best final round, then is
  shared: test_cb9_final_tie_goes_to_the_best_final_round,
  test_cb9_still_tied_players_share.
- Settled, unchanged in effect (no old rule to fail): the observed tokens
  only cover cells of a missing number, 2(b) (the grid is sized to the deck);
  the 2-player seeding, 2(b) step 5, 2(f) item 2 (default True already,
  test_setup.py::test_two_player_seeding_blocks_cells_of_three_undealt_cards);
  predictions from the start player, 2(b) step 6, 2(f) item 6
  (test_setup.py::test_first_bidder_of_a_round_is_its_start_player); an
  interrupted trick's tokens stay, 2(c), 2(f) item 7
  (test_examples.py::test_cb3_follower_paradox_ends_the_round_unresolved).

Records made before the corrections replay with their stored options
(test_old_records.py).
"""

from __future__ import annotations

from dataclasses import replace

from ludoteca.engine.testkit import play_random
from ludoteca.games.catinthebox import GAME
from tests.games.catinthebox.helpers import (
    events_of,
    legal_codes,
    play_action,
    play_state,
    refusal_code,
)

BOARD_3_TAKEN = """
    1 2 3 4 5 6
B   . . B . . .
Y   . . C . . .
G   . . B . . .
"""


def _leader_with_threes(options=None, board=BOARD_3_TAKEN):
    """CB-6: the leader holds 3 and 3; B3, Y3 and G3 are taken; red unbroken."""
    return play_state(3, [[3, 3], [4, 5, 6], [1, 2, 4]], board, options=options)


def test_cb6_leader_with_only_red_options_leads_red():
    state = _leader_with_threes()
    assert legal_codes(state, 0) == {"R3"}
    step = GAME.apply(state, 0, play_action("R3"))
    assert "red_broken" in [kind for kind, _ in events_of(step)]
    assert step.state.results == ()


def test_cb6_with_every_three_taken_is_a_paradox():
    """CB-6, second case: R3 is filled too, so the leader has nothing at all.
    P1 led G6, P2 followed G2; P3 declares Y1 off colour, so P1 wins and
    must lead from 3 and 3: a paradox, P1 scores -2 with no bonus."""
    board = BOARD_3_TAKEN + "R   . . C . . .\n"
    state = play_state(
        3,
        [[3, 3], [4, 5], [1, 4, 5]],
        board,
        turn=2,
        trick=[(0, "G6"), (1, "G2")],
        tricks=[1, 0, 0],
    )
    step = GAME.apply(state, 2, play_action("Y1"))
    assert ("paradox", {"seat": 0}) in events_of(step)
    result = step.state.results[-1]
    assert result.paradox == 0 and result.scores[0] == -2 and result.bonus[0] == 0


def test_cb6_strict_option_keeps_the_paradox():
    state = _leader_with_threes({"leader_red_when_forced": False})
    assert legal_codes(state, 0) == set()
    assert refusal_code(state, 0, play_action("R3")) == "red_not_broken"


def _predicting(options=None):
    state = GAME.setup(3, 5, options)
    while state.phase == "set_aside":
        seat = min(GAME.active_seats(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0]).state
    return state


def test_cb8_three_players_predict_one_three_or_four():
    state = _predicting()
    seat = state.turn
    assert [a["tricks"] for a in GAME.legal_actions(state, seat)] == [1, 3, 4]
    assert refusal_code(state, seat, {"type": "predict", "tricks": 2}) == (
        "prediction_not_allowed"
    )
    assert GAME.view(state, None)["allowed_predictions"] == [1, 3, 4]


def test_four_and_five_players_keep_one_to_three():
    for players in (4, 5):
        state = GAME.setup(players, 5)
        assert state.allowed_predictions == (1, 2, 3)


def _final(scores, options=None):
    """A finished 3-player match whose rounds scored `scores` (one per round)."""
    playout = play_random(GAME, 3, 2, options)
    final = playout.states[-1]
    results = tuple(
        replace(r, scores=tuple(s)) for r, s in zip(final.results, scores, strict=True)
    )
    return replace(final, results=results)


def test_cb9_final_tie_goes_to_the_best_final_round():
    """Totals A 21, B 21, C 17; round 3: A 6, B 9: B wins."""
    out = GAME.outcome(_final([(10, 6, 8), (5, 6, 5), (6, 9, 4)]))
    assert out.scores == (21.0, 21.0, 17.0)
    assert out.winners == (1,) and out.ranks == (2, 1, 3)


def test_cb9_still_tied_players_share():
    out = GAME.outcome(_final([(10, 10, 8), (5, 5, 5), (6, 6, 4)]))
    assert out.winners == (0, 1) and out.ranks == (1, 1, 3)


def test_cb9_shared_option_is_the_old_rule():
    out = GAME.outcome(
        _final([(10, 6, 8), (5, 6, 5), (6, 9, 4)], {"tie_break": "shared"})
    )
    assert out.winners == (0, 1)
