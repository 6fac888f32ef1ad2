"""The engine's conformance suite on Piles!, kept to a few seconds per player count.

Random swaps almost never lock a pile, so random matches end by time: with the
match timer on (the default) the testkit's driver applies the timeout now and
then; with the timer off, the `action_limit` option ends them. The full suite
needs matches long enough for every seat to hold a pile while another seat is
sampling, so it runs with the action limit; the timed path gets the same checks
below on matches the random driver ends by timeout.
"""

import pytest

from ludoteca.engine import testkit
from ludoteca.engine.record import Record
from ludoteca.games.piles import GAME

UNTIMED = {"match_minutes": 0, "action_limit": 90}
DEEP = testkit.deep()


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_testkit_untimed_with_action_limit(players):
    # Action fuzzing costs seats x actions x mutations per sampled state, and the
    # rules do not depend on the player count, so 5 and 8 players skip it here;
    # test_mutated_actions_with_eight_players covers them on a few states.
    fuzz = None if DEEP or players <= 3 else 0
    report = testkit.check_game(
        GAME,
        player_counts=[players],
        matches=None if DEEP else 2,
        options=[UNTIMED],
        fuzz_examples=fuzz,
    )
    assert report.matches >= 2
    assert report.moves >= report.matches * UNTIMED["action_limit"]


def test_mutated_actions_with_eight_players():
    playout = testkit.play_random(GAME, 8, seed=5, options=UNTIMED, keep=4)
    for state in playout.states[1:4]:
        testkit.check_mutated_actions(GAME, state)


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_random_matches_end_by_the_timer(players):
    """Default options (10-minute timer): the random driver's timeouts end matches."""
    ended = set()
    for m in range(6 if not DEEP else 100):
        seed = 1000 * players + m
        playout = testkit.play_random(GAME, players, seed, keep=12)
        assert playout.finished
        final = playout.states[-1]
        ended.add(final.ended_by)
        testkit.check_replay(GAME, playout)
        for index, state in enumerate(playout.states):
            testkit.check_flow(GAME, state)
            testkit.check_json_roundtrip(GAME, state)
            testkit.check_no_leak(GAME, state, seed + index)
            testkit.check_determinize_fair(GAME, state, seed + index)
            testkit.check_sizes(GAME, state)
        Record.from_json(playout.record.to_json())
    assert "timer" in ended
