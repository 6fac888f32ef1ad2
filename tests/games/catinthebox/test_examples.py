"""The worked examples of the spec, section 2(g), one test each."""

from dataclasses import replace

from ludoteca.games.catinthebox import GAME
from ludoteca.games.catinthebox.flow import end_round
from ludoteca.games.catinthebox.notation import parse_board
from ludoteca.games.catinthebox.scoring import groups, largest_group, round_scores
from ludoteca.games.catinthebox.state import (
    BLUE,
    GREEN,
    NONE,
    PHASE_SET_ASIDE,
    RED,
    YELLOW,
)
from tests.games.catinthebox.helpers import (
    events_of,
    legal_codes,
    play_action,
    play_state,
    refusal_code,
)


def test_cb1_leader_legality_while_red_is_unbroken():
    """CB-1: only B4 is filled (by P2); P1 leads holding 2, 4, 6."""
    board = """
        1 2 3 4 5 6
    B   . . . B . .
    """
    s = play_state(3, [[2, 4, 6], [1, 1, 5], [3, 3, 5]], board, turn=0)
    assert legal_codes(s, 0) == {"B2", "Y2", "G2", "Y4", "G4", "B6", "Y6", "G6"}
    assert refusal_code(s, 0, play_action("B4")) == "cell_taken"
    for code in ("R2", "R4", "R6"):
        assert refusal_code(s, 0, play_action(code)) == "red_not_broken"


def cb2_trick(third: str):
    s = play_state(4, [[1, 5, 7], [3, 4, 6], [2, 5, 8], [1, 6, 8]], turn=0)
    events = []
    for seat, code in ((0, "G7"), (1, "G3"), (2, third), (3, "G8")):
        step = GAME.apply(s, seat, play_action(code))
        events += events_of(step)
        s = step.state
    return s, events


def test_cb2_declaring_red_out_of_green_wins_and_breaks_red():
    """CB-2: G7, G3, R2 (P3 reveals green), G8: P3 wins with the only red."""
    s, events = cb2_trick("R2")
    assert ("x_revealed", {"seat": 2, "color": "green"}) in events
    assert ("red_broken", {"seat": 2}) in events
    assert ("trick_won", {"seat": 2, "number": 1}) in events
    assert s.tricks == (0, 0, 1, 0)
    assert s.turn == s.leader == 2
    # Red is broken, so P3 may lead it; green is lost for the round.
    assert legal_codes(s, 2) == {"B5", "Y5", "R5", "B8", "Y8", "R8"}
    assert refusal_code(s, 2, play_action("G5")) == "color_crossed_out"


def test_cb2_variant_declaring_yellow_still_loses_green():
    """CB-2 variant: P3 declares Y2 instead; P4 wins with G8."""
    s, events = cb2_trick("Y2")
    assert ("x_revealed", {"seat": 2, "color": "green"}) in events
    assert not any(kind == "red_broken" for kind, _ in events)
    assert s.tricks == (0, 0, 0, 1)
    assert s.crossed[2][GREEN] and not any(s.crossed[2][c] for c in (0, 1, 3))


CB3_BOARD = """
        1 2 3 4 5 6 7 8
    B   A A A . C . . .
    Y   . . . . . . . .
    G   C . . . D . . .
    R   D . . . A . . .
"""


def cb3_state(options=None):
    return play_state(
        4,
        [[4, 6], [1, 5], [2, 7], [3, 8]],
        CB3_BOARD,
        turn=0,
        revealed={1: "Y"},
        bids=[3, 2, 2, 1],
        tricks=[3, 2, 1, 1],
        options=options,
    )


def test_cb3_follower_paradox_ends_the_round_unresolved():
    """CB-3: in trick 8, P2 (yellow X revealed) holds 5 and 1; column 5 and
    column 1 are full but for yellow. P1 leads B4; P2 has no legal play."""
    step = GAME.apply(cb3_state(), 0, play_action("B4"))
    kinds = [kind for kind, _ in events_of(step)]
    assert "paradox" in kinds and "trick_won" not in kinds
    result = step.state.results[-1]
    assert result.paradox == 1
    assert result.tricks == (3, 2, 1, 1)  # the unfinished trick goes to nobody
    # P1: B1-B4 is a group of 4 (B4 from the interrupted trick stays).
    assert result.groups[0] == 4
    # P1 3 = 3: 3 + 4; P2 paradox: -2; P3 1 != 2: 1; P4 1 = 1: 1 + 1.
    assert result.scores == (7, -2, 1, 2)
    assert result.bonus == (4, 0, 0, 1)
    assert step.state.round == 2 and step.state.phase == PHASE_SET_ASIDE


def test_cb3_with_interrupted_tokens_removed():
    """Assumption 7 as an option: the interrupted trick's tokens do not count."""
    step = GAME.apply(cb3_state({"paradox_tokens_stay": False}), 0, play_action("B4"))
    result = step.state.results[-1]
    assert result.groups[0] == 3
    assert result.scores == (6, -2, 1, 2)
    assert result.board[BLUE][3] == NONE


def test_cb4_largest_group_and_row_order():
    """CB-4: A holds B2, B3, Y3, G3, G5, R1: groups 4, 1, 1."""
    board = parse_board(
        """
        1 2 3 4 5 6
    B   . A A . . .
    Y   . . A . . .
    G   . . A . A .
    R   A . . . . .
    """,
        6,
    )
    rows = (BLUE, YELLOW, GREEN, RED)
    assert sorted(groups(board, 0, rows)) == [1, 1, 4]
    assert largest_group(board, 0, rows) == 4
    pair = parse_board("G . . . A . .\nR . . . A . .", 6)
    assert largest_group(pair, 0, rows) == 2
    assert largest_group(pair, 0, (RED, BLUE, YELLOW, GREEN)) == 1


def test_cb5_two_player_normal_round():
    """CB-5: A 5 tricks (largest group 6), B 3 tricks (largest 3): 5 and 6."""
    bonus, scores = round_scores(2, (5, 3), (NONE, NONE), (6, 3), NONE)
    assert scores == (5, 6) and bonus == (0, 3)


def test_cb5_two_player_round_end_on_a_built_board():
    """CB-5 through the round end: the groups come from the board itself."""
    board = """
        1 2 3 4 5
    B   A A A . B
    Y   A . A . B
    G   A . . . B
    R   . . . . .
    """
    s = play_state(2, [[1], [2]], board, tricks=[5, 3])
    state, _ = end_round(s, NONE, [])
    result = state.results[-1]
    assert result.groups == (6, 3)
    assert result.scores == (5, 6)


def test_cb5_two_player_paradox_round():
    """CB-5: B causes a paradox with A on 2 tricks and B on 1: B -1, A 2 + group."""
    bonus, scores = round_scores(2, (2, 1), (NONE, NONE), (4, 5), 1)
    assert scores == (6, -1) and bonus == (4, 0)


def cb6_state(options=None):
    """P1 led G6, P2 followed G2; P3 will discard Y1, so P1 wins and must
    lead from 3 and 3 with B3, Y3, G3 taken and red unbroken."""
    board = """
        1 2 3 4 5 6
    B   . . B . . .
    Y   . . C . . .
    G   . . B . . .
    """
    return play_state(
        3,
        [[3, 3], [4, 5], [1, 4, 5]],
        board,
        turn=2,
        trick=[(0, "G6"), (1, "G2")],
        tricks=[1, 0, 0],
        options=options,
    )


def test_cb6_strict_source_reading_leader_with_only_red_causes_a_paradox():
    """CB-6, option False: the leader cannot open with red, so it is a paradox."""
    strict = cb6_state({"leader_red_when_forced": False})
    step = GAME.apply(strict, 2, play_action("Y1"))
    kinds = [kind for kind, _ in events_of(step)]
    assert kinds[:4] == ["played", "x_revealed", "trick_won", "paradox"]
    result = step.state.results[-1]
    assert result.paradox == 0
    assert result.tricks[0] == 2 and result.scores[0] == -2 and result.bonus[0] == 0


def test_cb6_rulebook_forces_the_red_lead():
    """CB-6, default (rulebook): the leader must lead R3, breaking red."""
    step = GAME.apply(cb6_state(), 2, play_action("Y1"))
    s = step.state
    assert s.turn == 0 and s.results == ()
    assert legal_codes(s, 0) == {"R3"}
    kinds = [kind for kind, _ in events_of(GAME.apply(s, 0, play_action("R3")))]
    assert "red_broken" in kinds


def test_cb7_round_ends_with_one_card_left_and_start_player_moves_on():
    """CB-7: 5 players, trick 7 of 7: afterwards every hand holds one card."""
    s = play_state(
        5,
        [[1, 9], [2, 8], [3, 7], [4, 6], [5, 5]],
        turn=0,
        tricks=[2, 1, 1, 1, 1],
        start=3,
    )
    s = replace(s, set_aside=(1, 2, 3, 4, 5))
    for seat, code in enumerate(["B9", "B8", "B7", "B6", "B5"]):
        if seat == 4:
            assert [len(h) for h in s.hands] == [1, 1, 1, 1, 2]
        step = GAME.apply(s, seat, play_action(code))
        s = step.state
    result = s.results[-1]
    assert result.tricks == (3, 1, 1, 1, 1) and result.paradox == NONE
    assert s.round == 2 and s.start_player == 4
    assert s.phase == PHASE_SET_ASIDE and all(len(h) == 9 for h in s.hands)
