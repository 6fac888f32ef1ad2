"""2(e) ASSUMPTION: at most one action per player every 150 ms (an option).

Rules never read a clock; the web layer calls `check_rate` with its own times.
"""

import pytest

from ludoteca.engine import IllegalAction
from ludoteca.games.piles import GAME
from ludoteca.games.piles.ratelimit import check_rate
from tests.games.piles.helpers import started


def test_default_limit_is_150_ms():
    assert GAME.options["min_action_ms"].default == 150
    state = started(2)
    check_rate(state, None, 0.0)
    check_rate(state, 1000.0, 1150.0)
    with pytest.raises(IllegalAction) as caught:
        check_rate(state, 1000.0, 1149.0)
    assert caught.value.code == "too_fast"
    assert caught.value.params == {"milliseconds": 150}
    assert "150 ms" in caught.value.message


def test_limit_can_be_switched_off_or_changed():
    check_rate(started(2, min_action_ms=0), 1000.0, 1000.0)
    with pytest.raises(IllegalAction):
        check_rate(started(2, min_action_ms=500), 1000.0, 1499.0)
    assert GAME.view(started(2, min_action_ms=500), 0)["min_action_ms"] == 500
