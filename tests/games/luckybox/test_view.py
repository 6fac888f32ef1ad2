"""What a board receives (the view) and what it must never receive."""

import json
from dataclasses import replace

from ludoteca.games.luckybox import GAME, flow
from ludoteca.games.luckybox.state import RoundScore
from tests.games.luckybox.helpers import BOX09, BOX52, act, mask, scenario
from tests.games.luckybox.helpers import cross as x


def test_the_view_draws_every_players_cards_tokens_and_number():
    state = scenario([[(BOX09, mask(0))], [(BOX52, 0)]], numbers=(5, 3), moons=2)
    view = GAME.view(state, 1)
    assert view["phase"] == "play" and view["round"] == 1
    assert view["number"] == 5 and view["revealed"] == [5]
    assert view["numbers_left"] == 8
    me, other = view["players"][1], view["players"][0]
    assert other["cards"][0]["name"] == "box-09"
    assert other["cards"][0]["grid"] == [4, 5, 6, 6, 5, 4, 7, 8, 9]
    assert other["cards"][0]["bonuses"] == [3, 2, 1, "moon", 9, 7]
    assert other["cards"][0]["crossed"][0] is True
    assert me["lightning"] == 4 and me["moons"] == 2 and me["status"] == "crossing"
    assert view["you"] == {"seat": 1, "offer": [], "picked": []}
    assert "you" not in GAME.view(state, None)


def test_pending_bonuses_and_statuses_are_shown():
    state = scenario(
        [[(BOX09, mask(1, 2)), (BOX52, 0)], [(BOX52 + 1, 0)]], numbers=(4,)
    )
    state = act(state, 0, x(BOX09, 0))
    view = GAME.view(state, None)
    assert view["players"][0]["status"] == "bonus"
    assert view["players"][0]["pending_bonuses"] == [{"card": BOX09, "line": "r0"}]
    assert view["players"][0]["cards"][0]["lines_done"] == ["r0"]


def test_numbers_still_face_down_and_the_deck_order_never_show():
    state = scenario([[(BOX09, 0)]], numbers=(5, 7, 7, 7))
    text = json.dumps(GAME.view(state, 0))
    assert "numbers" not in GAME.view(state, 0)
    assert "lucky_deck" in GAME.view(state, 0)
    assert isinstance(GAME.view(state, 0)["lucky_deck"], int)
    assert "rng" not in text


def test_round_scores_and_the_final_tally_are_shown():
    state = scenario([[(BOX09, 0b111111111), (BOX52, mask(0, 1, 2))]], numbers=(5,))
    earlier = (RoundScore(15, 1), RoundScore(0, 4), RoundScore(10, 0))
    player = replace(state.players[0], scores=earlier, moons=3)
    state = replace(state, round=4, revealed=9, players=(player,))
    state, _ = flow.end_round(state, [])
    view = GAME.view(state, 0)
    assert view["players"][0]["round_scores"][-1] == {
        "cards": 8,
        "stars": 0,
        "total": 8,
    }
    assert view["final"]["players"][0] == {
        "rounds": [16, 4, 10, 8],
        "moons": 1,
        "unfinished": 1,
        "total": 40,  # 38 + 1 + 1
    }
    assert view["final"]["solo_band"] == "unlucky"
