"""Crossing the revealed number and lightning (spec 3(c) step 2.1, 3(g) ex. 1)."""

from ludoteca.games.luckybox import GAME
from ludoteca.games.luckybox.rules import shortest_shift
from tests.games.luckybox.helpers import (
    BOX09,
    BOX52,
    act,
    crossed,
    events_of,
    mask,
    refusal,
    scenario,
)
from tests.games.luckybox.helpers import cross as x

ALL = 0b111111111


STRICT = {"lightning_only_when_blocked": True}


def test_a_cell_showing_the_number_must_be_crossed():
    """Compulsory: one of the 5s, no pass; strictly read, no lightning."""
    state = scenario([[(BOX09, 0), (BOX52, 0)]], numbers=(5,), options=STRICT)
    assert GAME.legal_actions(state, 0) == [x(BOX09, 1), x(BOX09, 4)]
    assert refusal(state, 0, {"type": "pass"}) == "must_cross"
    assert refusal(state, 0, x(BOX52, 0, -4)) == "must_cross_revealed"
    assert refusal(state, 0, x(BOX52, 0)) == "wrong_number"
    after = act(state, 0, x(BOX09, 4))
    assert crossed(after, 0, BOX09) == mask(4)


def test_only_one_cell_per_revealed_number():
    state = scenario([[(BOX09, 0)], [(BOX52, 0)]], numbers=(5,))
    state = act(state, 0, x(BOX09, 1))
    assert GAME.legal_actions(state, 0) == []
    assert refusal(state, 0, x(BOX09, 4)) == "not_your_turn"


def test_lightning_wraps_from_9_to_1():
    """Example 1: N = 9, one token, no open 9, an open 1 on box-52."""
    state = scenario([[(BOX52, mask(8))]], numbers=(9,), lightning=1)
    legal = GAME.legal_actions(state, 0)
    assert x(BOX52, 5, +1) in legal and x(BOX52, 0, +1) in legal
    assert x(BOX52, 7, -1) in legal  # 9 down one is 8
    assert {"type": "pass"} in legal
    after = act(state, 0, x(BOX52, 5, +1))
    assert after.players[0].lightning == 0
    assert crossed(after, 0, BOX52) == mask(8, 5)


def test_two_tokens_reach_two_steps_either_way_but_no_further():
    """Example 1: N = 2 with two tokens reaches 9 (2→1→9) or 4, never 5."""
    twos = mask(1, 3)
    state = scenario([[(BOX09, 0), (BOX52, twos)]], numbers=(2,), lightning=2)
    legal = GAME.legal_actions(state, 0)
    assert x(BOX09, 8, -2) in legal and x(BOX52, 8, -2) in legal
    assert x(BOX09, 0, +2) in legal and x(BOX09, 5, +2) in legal
    assert not any(a.get("cell") in (1, 4) and a.get("card") == BOX09 for a in legal)
    assert refusal(state, 0, x(BOX09, 1, +3)) == "not_enough_lightning"
    assert refusal(state, 0, x(BOX09, 0, -2)) == "shift_misses"
    assert shortest_shift(2, 9) == -2 and shortest_shift(1, 9) == -1


def test_strict_option_an_open_revealed_number_forbids_lightning():
    """Example 1, last line, option lightning_only_when_blocked: with an open
    9 the player must cross it."""
    state = scenario([[(BOX52, 0)]], numbers=(9,), lightning=1, options=STRICT)
    assert GAME.legal_actions(state, 0) == [x(BOX52, 8)]
    assert refusal(state, 0, x(BOX52, 5, +1)) == "must_cross_revealed"


def test_spending_lightning_is_optional_by_default():
    """Assumption 1: a player with no open N may pass instead of spending."""
    state = scenario([[(BOX52, mask(8))]], numbers=(9,), lightning=1)
    types = [e for e in events_of(state, 0, {"type": "pass"})]
    assert types[0] == "passed"
    after = act(state, 0, {"type": "pass"})
    assert after.players[0].lightning == 1 and crossed(after, 0, BOX52) == mask(8)


def test_forced_variant_makes_a_reachable_cell_compulsory():
    """Option stuck_lightning = forced (L4's reading)."""
    state = scenario(
        [[(BOX52, mask(8))]],
        numbers=(9,),
        lightning=1,
        options={"stuck_lightning": "forced"},
    )
    assert {"type": "pass"} not in GAME.legal_actions(state, 0)
    assert refusal(state, 0, {"type": "pass"}) == "must_cross"


def test_a_player_who_can_do_nothing_is_skipped():
    """No open N and no lightning: no cross this number (source page)."""
    state = scenario([[(BOX52, mask(8))], [(BOX09, 0)]], numbers=(9,), lightning=0)
    assert GAME.active_seats(state) == {1}
    step = GAME.apply(state, 1, x(BOX09, 8))
    assert step.state.revealed == 2  # nobody else had to act


def test_everyone_acts_on_the_same_number_at_once():
    """Simultaneous: all seats active; a seat that is done waits."""
    state = scenario([[(BOX09, 0)], [(BOX09 + 1, 0)], [(BOX52, 0)]], numbers=(8,))
    assert GAME.active_seats(state) == {0, 1, 2}
    state = act(state, 1, GAME.legal_actions(state, 1)[0])
    assert GAME.active_seats(state) == {0, 2} and state.number == 8
    state = act(state, 0, x(BOX09, 7))
    state = act(state, 2, x(BOX52, 7))
    assert state.revealed == 2 and state.number == state.numbers[1]
    assert GAME.view(state, None)["revealed"] == [8, state.numbers[1]]


def test_a_player_with_every_card_complete_waits_out_the_round():
    """3(e): they pass until the round ends; the card still scores."""
    state = scenario([[(BOX09, ALL)], [(BOX52, 0)]], numbers=(1, 2, 3))
    assert GAME.active_seats(state) == {1}
    state = act(state, 1, x(BOX52, 0))
    assert GAME.active_seats(state) == {1} and state.number == 2


def test_lightning_won_during_a_number_waits_for_the_next_number():
    """3(e): box-37's first column pays ⚡ after the cross is made."""
    state = scenario([[(37, mask(0, 3))], [(BOX09, 0)]], numbers=(4, 9), lightning=0)
    after = act(state, 0, x(37, 6))
    assert after.players[0].lightning == 1 and after.number == 4
    assert GAME.legal_actions(after, 0) == []  # nothing more on this 4
    after = act(after, 1, x(BOX09, 0))
    assert after.number == 9
    assert x(37, 5, +1) in GAME.legal_actions(after, 0)


def test_refusals_for_cards_and_cells_that_are_not_right():
    state = scenario([[(BOX09, mask(1))], [(BOX52, 0)]], numbers=(5,))
    assert refusal(state, 0, x(BOX52, 1)) == "not_your_card"
    assert refusal(state, 0, x(BOX09, 9)) == "no_such_cell"
    assert refusal(state, 0, x(BOX09, 1)) == "cell_already_crossed"
    assert refusal(state, 0, {"type": "cross", "card": BOX09}) == "malformed_action"
    assert refusal(state, 0, {"type": "dance"}) == "unknown_action"
    assert refusal(state, None, x(BOX09, 4)) == "not_your_turn"
    bonus = {"type": "bonus", "card": 9, "line": "r0", "target": 9, "cell": 0}
    assert refusal(state, 0, bonus) == "no_bonus_pending"
    assert refusal(state, 0, {"type": "keep", "cards": [1]}) == "not_drafting"
