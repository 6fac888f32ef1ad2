"""The greedy hint bot: plays legally, never sees hidden state, beats random."""

from ludoteca.bots.random import RandomBot
from ludoteca.engine.rng import Rng
from ludoteca.engine.simulate import play_match, simulate
from ludoteca.games.luckybox import GAME
from ludoteca.games.luckybox.bot import GreedyBot, evaluate, rollout_policy


def test_greedy_choices_depend_only_on_what_the_seat_knows():
    state = GAME.setup(3, 8)
    bot = GreedyBot()
    for seat in range(3):
        twin = GAME.determinize(state, seat, 99)
        assert bot.choose(GAME, state, seat, 5) == bot.choose(GAME, twin, seat, 5)
        assert bot.choose(GAME, state, seat, 5) in GAME.legal_actions(state, seat)


def test_greedy_finishes_matches_and_outscores_random_play():
    final, _ = play_match(GAME, [GreedyBot(), RandomBot()], seed=3)
    assert GAME.outcome(final) is not None
    greedy = simulate(GAME, [GreedyBot()], 8, seed=4)
    random = simulate(GAME, [RandomBot()], 8, seed=4)
    assert greedy.score_sums[0] > random.score_sums[0]


def test_rollout_policy_and_evaluate_for_search_bots():
    state = GAME.setup(2, 8)
    assert rollout_policy(GAME, state, 0, Rng(1)) in GAME.legal_actions(state, 0)
    assert list(evaluate(GAME, state)) == [0.5, 0.5]
    final, _ = play_match(GAME, [GreedyBot(), RandomBot()], seed=3)
    values = evaluate(GAME, final)
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.scores is not None
    best = max(range(2), key=lambda s: outcome.scores[s])
    assert values[best] == 1.0
    assert rollout_policy(GAME, final, 0, Rng(1)) is None
