"""The bot hints: legal, and blind to what the acting seat cannot see."""

from ludoteca.engine.rng import Rng
from ludoteca.engine.testkit import play_random
from ludoteca.engine.validate import key
from ludoteca.games.catinthebox import GAME, bot
from tests.games.catinthebox.helpers import play_state


def sampled_states():
    for players in (2, 3, 4, 5):
        yield from play_random(GAME, players, 40 + players, keep=60).states


def test_rollout_policy_plays_legal_moves_and_ignores_hidden_cards():
    checked = 0
    for state in sampled_states():
        for seat in sorted(GAME.active_seats(state)):
            legal = {key(a) for a in GAME.legal_actions(state, seat)}
            action = bot.rollout_policy(GAME, state, seat, Rng(7))
            assert key(action) in legal
            world = GAME.determinize(state, seat, 99)
            assert bot.rollout_policy(GAME, world, seat, Rng(7)) == action
            checked += 1
    assert checked > 100


def test_rollout_policy_follows_the_led_colour_when_it_can():
    s = play_state(3, [[2, 5], [1, 4], [3, 6, 6]], turn=1, trick=[(0, "Y6")])
    for seed in range(10):
        assert bot.rollout_policy(GAME, s, 1, Rng(seed))["color"] == "yellow"


def test_set_aside_prefers_the_most_repeated_number():
    s = GAME.setup(3, 2)
    counts = {c: s.hands[0].count(c) for c in s.hands[0]}
    action = bot.rollout_policy(GAME, s, 0, Rng(1))
    assert action["type"] == "set_aside"
    assert counts[action["card"]] == max(counts.values())


def test_group_keys():
    assert bot.group({"type": "play", "card": 3, "color": "red"}) == "play:red"
    assert bot.group({"type": "predict", "tricks": 2}) == "predict"
