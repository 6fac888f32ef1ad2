"""Line bonuses (spec 3(c) step 2.2, 3(e), 3(g) example 2)."""

from ludoteca.games.luckybox import GAME
from tests.games.luckybox.helpers import (
    BOX09,
    BOX37,
    BOX52,
    BOX54,
    act,
    crossed,
    mask,
    refusal,
    scenario,
)
from tests.games.luckybox.helpers import bonus as b
from tests.games.luckybox.helpers import cross as x


def test_a_number_bonus_crosses_that_number_at_once_on_any_card():
    """box-09's top row pays 3: only the 3s of box-52 may take it."""
    state = scenario([[(BOX09, mask(1, 2)), (BOX52, 0)]], numbers=(4,))
    state = act(state, 0, x(BOX09, 0))
    assert state.players[0].pending == ((BOX09, 0),)
    assert GAME.active_seats(state) == {0} and state.number == 4
    assert GAME.legal_actions(state, 0) == [
        b(BOX09, "r0", BOX52, 2),
        b(BOX09, "r0", BOX52, 4),
    ]
    assert refusal(state, 0, b(BOX09, "r0", BOX52, 1)) == "wrong_bonus_number"
    assert refusal(state, 0, x(BOX52, 2)) == "resolve_bonus_first"
    assert refusal(state, 0, {"type": "pass"}) == "not_crossing"
    state = act(state, 0, b(BOX09, "r0", BOX52, 4))
    assert crossed(state, 0, BOX52) == mask(4)
    assert state.players[0].pending == () and state.number != 4


def test_a_number_bonus_may_land_on_the_same_card():
    """box-09's middle column pays 9, and box-09 has a 9."""
    state = scenario([[(BOX09, mask(1, 4))]], numbers=(8,))
    state = act(state, 0, x(BOX09, 7))
    assert GAME.legal_actions(state, 0) == [b(BOX09, "c1", BOX09, 8)]


def test_a_bonus_number_cannot_be_shifted_with_lightning():
    """No open 3 anywhere: the bonus is lost, tokens or not (assumption 2)."""
    state = scenario([[(BOX09, mask(1, 2))]], numbers=(4,), lightning=9)
    step = GAME.apply(state, 0, x(BOX09, 0))
    assert "bonus_lost" in [e.type for e in step.events]
    assert step.state.players[0].pending == ()
    assert step.state.players[0].lightning == 9


def test_a_question_mark_crosses_any_open_cell():
    state = scenario([[(BOX37, mask(0, 1)), (BOX52, mask(0))]], numbers=(3,))
    state = act(state, 0, x(BOX37, 2))
    legal = GAME.legal_actions(state, 0)
    open_cells = (9 - 3) + (9 - 1)
    assert len(legal) == open_cells
    assert all(a["card"] == BOX37 and a["line"] == "r0" for a in legal)


def test_lightning_bonuses_give_one_or_two_tokens():
    state = scenario([[(BOX37, mask(0, 3)), (BOX52, mask(0, 3))]], numbers=(4, 7))
    state = act(state, 0, x(BOX37, 6))  # box-37 first column: ⚡
    assert state.players[0].lightning == 5
    state = act(state, 0, x(BOX52, 6))  # box-52 first column: ⚡⚡
    assert state.players[0].lightning == 7


def test_the_lightning_cap_option_limits_tokens():
    state = scenario(
        [[(BOX52, mask(0, 3))]], numbers=(7,), options={"max_lightning": 4}
    )
    state = act(state, 0, x(BOX52, 6))
    assert state.players[0].lightning == 4


def test_star_and_moon_bonuses():
    state = scenario([[(BOX37, mask(2, 5)), (BOX52, mask(1, 4))]], numbers=(6, 8))
    state = act(state, 0, x(BOX37, 8))  # box-37 third column: ★
    assert state.players[0].stars == 1 and state.number == 8
    state = act(state, 0, x(BOX52, 7))  # box-52 middle column: ☾
    assert state.players[0].moons == 1


def test_a_blank_line_pays_nothing():
    state = scenario([[(BOX37, mask(3, 4))]], numbers=(1,))
    step = GAME.apply(state, 0, x(BOX37, 5))
    done = [e for e in step.events if e.type == "line_completed"]
    assert [e.data["bonus"] for e in done] == ["blank"]
    assert step.state.players[0].pending == ()


def test_example_2_a_chain_of_bonuses():
    """N = 9 on box-09 r2c2 → row pays 1 → box-52 r1c2 → its column pays ☾."""
    sheets = [(BOX09, mask(6, 7)), (BOX52, mask(2, 8))]
    state = scenario([sheets], numbers=(9,))
    state = act(state, 0, x(BOX09, 8))
    assert state.players[0].pending == ((BOX09, 2),)
    assert b(BOX09, "r2", BOX52, 5) in GAME.legal_actions(state, 0)
    moons = state.players[0].moons
    state = act(state, 0, b(BOX09, "r2", BOX52, 5))
    assert state.players[0].moons == moons + 1
    assert state.players[0].pending == ()


def test_example_2_the_player_orders_two_bonuses():
    """If box-09's 6 and 4 were crossed too, the 9 also completes column 2
    (bonus 7); the player picks which bonus to resolve first."""
    sheets = [(BOX09, mask(6, 7, 2, 5)), (BOX52, mask(2, 8))]
    state = scenario([sheets], numbers=(9,))
    state = act(state, 0, x(BOX09, 8))
    assert set(state.players[0].pending) == {(BOX09, 2), (BOX09, 5)}
    legal = GAME.legal_actions(state, 0)
    assert b(BOX09, "c2", BOX52, 6) in legal and b(BOX09, "r2", BOX52, 0) in legal
    seven_first = act(state, 0, b(BOX09, "c2", BOX52, 6))
    assert seven_first.players[0].pending == ((BOX09, 2),)
    one_first = act(state, 0, b(BOX09, "r2", BOX52, 5))
    assert one_first.players[0].pending == ((BOX09, 5),)
    assert one_first.players[0].moons == 1


def test_finishing_a_card_pays_its_row_and_its_column():
    """3(e): the last cell completes a row and a column; both pay."""
    full_but_last = 0b011111111  # cell 8 open
    state = scenario([[(BOX54, full_but_last)]], numbers=(7,))
    step = GAME.apply(state, 0, x(BOX54, 8))
    done = [e.data["line"] for e in step.events if e.type == "line_completed"]
    assert done == ["r2", "c2"]
    assert "card_completed" in [e.type for e in step.events]
    assert step.state.players[0].moons == 1  # c2 of box-54 is ☾


def test_each_line_pays_only_once():
    state = scenario([[(BOX09, mask(0, 1, 2, 3))]], numbers=(7,))
    step = GAME.apply(state, 0, x(BOX09, 6))  # the 7 ends the first column
    lines = [e.data["line"] for e in step.events if e.type == "line_completed"]
    assert lines == ["c0"]  # the top row was complete already
