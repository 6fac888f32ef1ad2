"""The paradox (spec 2(c), 2(e)): whoever must declare and cannot ends the round."""

import json
from dataclasses import replace

from ludoteca.games.catinthebox import GAME
from ludoteca.games.catinthebox.flow import begin_play
from ludoteca.games.catinthebox.state import NONE, PHASE_OVER, PHASE_SET_ASIDE
from tests.games.catinthebox.helpers import (
    events_of,
    legal_codes,
    play_action,
    play_state,
)


def test_leader_with_every_cell_taken_causes_a_paradox():
    """A leader whose numbers are full in every colour has no declaration."""
    board = """
        1 2 3 4 5 6
    B   . . . . B C
    Y   . . . . C B
    G   . . . . B C
    R   . . . . C B
    """
    s = play_state(
        3, [[5, 5], [5, 6], [1, 3, 4]], board, turn=2, trick=[(0, "B3"), (1, "B2")]
    )
    # Seat 2 wins with B4 and would lead from 1 and 3: fine, no paradox.
    step = GAME.apply(s, 2, play_action("B4"))
    assert step.state.turn == 2 and not step.state.results
    # Seat 0 wins instead (seat 2 discards), leading from 5 only: paradox.
    step = GAME.apply(s, 2, play_action("Y1"))
    assert ("paradox", {"seat": 0}) in events_of(step)
    assert step.state.results[-1].paradox == 0


def test_leader_whose_other_colours_are_revealed_causes_a_paradox():
    """Blue, yellow and green revealed while red is unbroken: nothing to lead."""

    def state(options=None):
        # Seat 0 led G6 and holds 4 and 6; G4 went to seat 1.
        return play_state(
            3,
            [[4, 6], [4, 5], [2, 3, 5]],
            turn=2,
            trick=[(0, "G6"), (1, "G4")],
            revealed={0: "BY"},
            options=options,
        )

    strict = state({"leader_red_when_forced": False})
    step = GAME.apply(strict, 2, play_action("B2"))  # seat 0 wins the trick
    assert ("paradox", {"seat": 0}) in events_of(step)
    forced = GAME.apply(state(), 2, play_action("B2"))
    assert not forced.state.results
    assert legal_codes(forced.state, 0) == {"R4", "R6"}


def test_follower_with_every_x_revealed_causes_a_paradox():
    """2(e): a player who has revealed all four X causes a paradox next turn."""
    s = play_state(
        3, [[2, 6], [1, 3], [4, 5]], turn=0, revealed={1: "BYGR"}, tricks=[1, 2, 3]
    )
    step = GAME.apply(s, 0, play_action("B6"))
    assert ("paradox", {"seat": 1}) in events_of(step)
    result = step.state.results[-1]
    assert result.scores[1] == -2 and result.bonus[1] == 0


def test_follower_whose_numbers_are_full_in_open_colours_causes_a_paradox():
    """Cells of the follower's numbers are taken in every colour it may declare."""
    board = """
        1 2 3 4 5 6
    B   . C . . . .
    Y   . . . . . .
    G   . A . . . .
    R   . C . . . .
    """
    s = play_state(
        3, [[4, 5], [2, 2], [1, 3]], board, turn=0, revealed={1: "Y"}, bids=[1, 1, 1]
    )
    step = GAME.apply(s, 0, play_action("B5"))
    assert [k for k, _ in events_of(step)][:2] == ["played", "paradox"]
    assert step.state.results[-1].paradox == 1


def test_the_check_runs_on_the_opening_lead_too():
    """2(e): a paradox on the first lead cannot happen in play, but the check
    still runs when a round's first trick begins."""
    s = play_state(3, [[1, 2], [3, 4], [5, 6]], turn=0, revealed={0: "BYGR"})
    state, events = begin_play(replace(s, trick=()), [])
    assert ("paradox", {"seat": 0}) in [(e.type, dict(e.data)) for e in events]
    assert state.results[-1].paradox == 0


def test_every_other_player_scores_normally_after_a_paradox():
    """2(d): others score tricks plus the bonus when their prediction is exact."""
    board = """
        1 2 3 4 5 6
    B   B B B . . .
    Y   . . . . . .
    G   C C . . . .
    R   . . . . . .
    """
    s = play_state(
        3,
        [[4, 6], [1, 3], [4, 5]],
        board,
        turn=0,
        revealed={1: "BYGR"},
        bids=[2, 1, 2],
        tricks=[1, 1, 2],
    )
    result = GAME.apply(s, 0, play_action("Y6")).state.results[-1]
    assert result.paradox == 1
    assert result.scores == (1, -1, 2 + 2)
    assert result.bonus == (0, 0, 2)


def test_a_paradox_in_the_last_round_ends_the_match():
    s = play_state(
        2, [[2, 4], [1, 3]], turn=0, revealed={1: "BYGR"}, round=2, tricks=[3, 4]
    )
    s = replace(s, results=(*s.results, _fake_result(2)))
    step = GAME.apply(s, 0, play_action("B4"))
    assert step.state.phase == PHASE_OVER
    assert GAME.outcome(step.state) is not None
    assert [k for k, _ in events_of(step)][-1] == "game_over"


def _fake_result(n):
    from ludoteca.games.catinthebox.state import RoundResult

    return RoundResult(
        1, 0, (NONE,) * n, (0,) * n, (0,) * n, (0,) * n, (1,) * n, NONE, (), ()
    )


def test_after_a_paradox_the_next_round_is_dealt_and_start_moves_on():
    s = play_state(3, [[2, 6], [1, 3], [4, 5]], turn=0, revealed={1: "BYGR"}, start=2)
    nxt = GAME.apply(s, 0, play_action("B6")).state
    assert nxt.phase == PHASE_SET_ASIDE and nxt.round == 2 and nxt.start_player == 0
    assert nxt.tricks == (0, 0, 0) and nxt.crossed == ((False,) * 4,) * 3
    assert {a["type"] for a in GAME.legal_actions(nxt, 0)} == {"set_aside"}
    view = json.loads(json.dumps(GAME.view(nxt, 2)))  # as a socket sends it
    assert view["paradox"] == {"seat": 1, "round": 1}
    assert view["results"][0]["unfinished_trick"] == [
        {"seat": 0, "card": 6, "color": "blue"}
    ]
