"""What each seat sees: everything a board needs, nothing it may not know."""

import json

from ludoteca.engine.testkit import play_random
from ludoteca.games.catinthebox import GAME, hidden
from ludoteca.games.catinthebox.state import PHASE_PLAY
from tests.games.catinthebox.helpers import play_action, play_state


def test_a_seat_sees_its_own_sorted_hand_and_face_down_card_only():
    s = GAME.setup(4, 12)
    card = s.hands[1][0]
    s = GAME.apply(s, 1, {"type": "set_aside", "card": card}).state
    mine = GAME.view(s, 1)
    assert mine["hand"] == sorted(s.hands[1]) and mine["set_aside"] == card
    other = GAME.view(s, 0)
    assert other["set_aside"] is None
    assert other["set_aside_done"] == [False, True, False, False]
    assert other["hand_sizes"] == [10, 9, 10, 10]
    spectator = GAME.view(s, None)
    assert "hand" not in spectator and "set_aside" not in spectator


def test_hidden_cards_appear_in_no_view_or_public_event():
    s = GAME.setup(2, 12)
    for seat in (0, 1):
        step = GAME.apply(s, seat, {"type": "set_aside", "card": s.hands[seat][-1]})
        for ev in step.events:
            assert ev.type != "card_set_aside" or set(ev.data) == {"seat"}
        s = step.state
    view = GAME.view(s, 1)
    text = json.dumps(view)
    assert "undealt" not in text and "rng" not in text
    assert view["observed_cards"] == list(s.observed_cards)
    assert "hands" not in view and view["hand"] == list(s.hands[1])


def test_dealt_hands_are_sent_only_to_their_owner():
    s = GAME.setup(3, 3)
    for seat in range(3):
        s = GAME.apply(s, seat, {"type": "set_aside", "card": s.hands[seat][0]}).state
    while s.round == 1:
        seat = s.turn
        step = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
        s = step.state
    dealt = [e for e in step.events if e.type == "dealt"]
    assert [e.to for e in dealt] == [(0,), (1,), (2,)]
    assert all(e.data["hand"] == list(s.hands[e.to[0]]) for e in dealt)


def test_view_shows_board_marks_trick_bids_and_scores():
    board = """
        1 2 3 4 5 6
    B   A . . . . .
    R   . . C . . .
    """
    s = play_state(
        3,
        [[2, 5], [3, 4], [1, 6, 6]],
        board,
        turn=2,
        trick=[(0, "Y5"), (1, "G4")],
        revealed={1: "Y"},
        bids=[1, 2, 3],
        tricks=[1, 0, 1],
    )
    v = json.loads(json.dumps(GAME.view(s, 2)))  # as a socket sends it
    assert v["phase"] == PHASE_PLAY and v["turn"] == 2 and v["active"] == [2]
    assert [row["color"] for row in v["board"]] == ["blue", "yellow", "green", "red"]
    assert v["board"][0]["cells"] == [0, None, None, None, None, None]
    assert v["board"][1]["cells"][4] == 0 and v["board"][3]["cells"][2] == 2
    assert v["red_broken"] is True
    assert v["largest_group"] == [1, 1, 1]  # B1 and Y5 do not touch
    assert v["x_revealed"] == [[], ["yellow"], []]
    assert v["trick"] == {
        "leader": 0,
        "led": "yellow",
        "plays": [
            {"seat": 0, "card": 5, "color": "yellow"},
            {"seat": 1, "card": 4, "color": "green"},
        ],
    }
    assert v["bids"] == [1, 2, 3] and v["tricks"] == [1, 0, 1]
    assert v["hand"] == [1, 6, 6] and v["columns"] == 6
    assert v["options"]["row_order"] == "blue-yellow-green-red"


def test_view_after_a_round_has_scores_groups_and_the_final_board():
    s = play_state(3, [[1, 2], [3, 4], [5, 6]], turn=0, revealed={1: "BYGR"})
    nxt = GAME.apply(s, 0, play_action("B2")).state
    v = json.loads(json.dumps(GAME.view(nxt, None)))
    assert v["round"] == 2 and v["round_scores"] == [list(nxt.results[0].scores)]
    last = v["results"][0]
    assert last["paradox"] == 1 and last["largest_group"] == [1, 0, 0]
    assert last["board"][0]["cells"][1] == 0
    assert last["group_cells"] == [[["blue", 2]], [], []]
    assert v["scores"] == list(nxt.totals)


def test_two_players_show_no_predictions():
    v = GAME.view(GAME.setup(2, 1), 0)
    assert v["predictions"] is False and v["bids"] == [None, None]


def test_determinize_keeps_the_player_to_act_able_to_declare():
    """Public information: the player to act was not caught in a paradox, so
    sampled worlds must give it a legal play too."""
    for seed in range(6):
        playout = play_random(GAME, 4, seed, keep=200)
        for state in playout.states:
            if state.phase != PHASE_PLAY:
                continue
            for seat in range(4):
                world = GAME.determinize(state, seat, seed)
                assert GAME.legal_actions(world, world.turn)
                assert GAME.view(world, seat) == GAME.view(state, seat)


def test_determinize_fallback_gives_the_player_to_act_a_playable_card(
    monkeypatch,
):
    """The constructive fallback (used when rejection draws keep failing):
    forced here by allowing no rejection draw at all."""
    monkeypatch.setattr(hidden, "ATTEMPTS", 0)
    board = """
        1 2 3 4 5 6
    B   A A A B B .
    Y   A A A B B .
    G   A A A B B .
    R   . . . . . .
    """
    s = play_state(
        3,
        [[6, 6], [1, 6], [1, 1, 2]],
        board,
        turn=1,
        trick=[(0, "B6")],
        revealed={1: "R"},
    )
    worlds = [GAME.determinize(s, 0, seed) for seed in range(20)]
    assert all(6 in w.hands[1] for w in worlds)
    assert all(GAME.view(w, 0) == GAME.view(s, 0) for w in worlds)
    assert len({(w.hands[1], w.hands[2]) for w in worlds}) > 1
    twin = worlds[0]
    assert GAME.determinize(twin, 0, 5) == GAME.determinize(s, 0, 5)


def test_the_public_and_private_parts_make_each_view_and_share_no_key():
    """The live frames encode `public_view` once for every reader and add
    each seat's `private_view`: together they are the view, in its key order;
    the public part holds no hand and no face-down card."""
    for players in (2, 3, 4, 5):
        for state in play_random(GAME, players, seed=players).states:
            public = GAME.public_view(state)
            assert "hand" not in public and "set_aside" not in public
            assert GAME.private_view(state, None) == {}
            for seat in [*range(players), None]:
                own = GAME.private_view(state, seat)
                assert not set(own) & set(public)
                view = GAME.view(state, seat)
                assert list({**public, **own}.items()) == list(view.items())
                if seat is not None:
                    assert own["hand"] == sorted(state.hands[seat])
