"""The testkit passes a sound game and catches each classic defect."""

import pytest

from ludoteca.engine import testkit
from ludoteca.engine.testkit import GameCheckError
from tests.engine import toygame


def test_sound_game_passes_every_check():
    report = testkit.check_game(toygame.HighCard(), matches=3, fuzz_examples=80)
    assert report.matches == 3 * 2
    assert report.states_checked > report.matches


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (toygame.LeakyView, "view shows hidden information"),
        (toygame.CheatingDeterminize, "never resamples"),
        (toygame.SloppyApply, "unlisted action"),
        (toygame.CrashingApply, "raised"),
        (toygame.MutatingRefusal, "mutated its input state"),
        (toygame.LossyJson, "round trip"),
        (toygame.SpectatorSeesHand, "spectator view"),
    ],
)
def test_testkit_catches_defect(broken, message):
    with pytest.raises(GameCheckError, match=message):
        testkit.check_game(broken(), player_counts=[2], matches=2, fuzz_examples=200)


def test_determinize_fairness_catches_peeking():
    class Peeking(toygame.HighCard):
        def determinize(self, state, seat, seed):
            world = super().determinize(state, seat, seed)
            # The real deck order leaks into the sampled world's rng.
            return world.__class__(
                **{**world.__dict__, "rng": hash(state.deck) & 0xFFFF}
            )

    with pytest.raises(GameCheckError, match="depends on what the seat cannot see"):
        testkit.check_game(Peeking(), player_counts=[2], matches=1, fuzz_examples=10)


def test_failure_names_seed_for_reproduction():
    with pytest.raises(GameCheckError, match=r"seed \d+"):
        testkit.check_game(toygame.LeakyView(), player_counts=[2], matches=1)
