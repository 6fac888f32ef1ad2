"""Hidden information: what each seat may see, and worlds sampled for one seat."""

from __future__ import annotations

import json

from ludoteca.games.piles import GAME, cards, hidden
from tests.games.piles.helpers import act, is_consistent, lock_piles, new, started


def test_determinize_resamples_the_owners_closed_piles():
    """A memory game: a face-down pile its owner never held is unknown to it."""
    state = act(started(2), 0, type="open", pile=2)
    worlds = [GAME.determinize(state, 0, seed) for seed in range(8)]
    assert len({w.piles[0][0] for w in worlds}) > 1
    for world in worlds:
        assert world.piles[0][2] == state.piles[0][2]  # the pile in hand
        assert world.centre == state.centre
        assert is_consistent(world)
        assert GAME.view(world, 0) == GAME.view(state, 0)


def test_determinize_keeps_what_is_public_and_resamples_the_rest():
    state = started(3)
    state = lock_piles(state, 1, [0, 4], state.designs[:2])
    state = act(act(state, 2, type="open", pile=1), 0, type="open", pile=5)
    for seed in range(10):
        world = GAME.determinize(state, 0, seed)
        assert world.locked == state.locked
        assert world.piles[1][0] == state.piles[1][0]
        assert world.open_pile == state.open_pile
        assert is_consistent(world)
    # Seat 2's pile in hand is secret to seat 0, so seat 0's worlds vary it.
    assert len({GAME.determinize(state, 0, s).piles[2][1] for s in range(8)}) > 1


def test_unseen_designs_are_resampled():
    """Which of the 50 designs are in play is only known as far as cards were seen."""
    state = started(2)
    seen = {cards.design_of(c) for c in state.centre}
    picks = {GAME.determinize(state, 1, s).designs for s in range(10)}
    assert len(picks) > 1
    assert all(seen <= set(p) and len(p) == 13 for p in picks)


def test_centre_is_resampled_while_face_down():
    state = new(2)
    assert len({GAME.determinize(state, 0, s).centre for s in range(6)}) > 1


def test_sampled_worlds_never_hold_a_complete_pile_that_is_not_locked():
    """Late in a match few designs are unknown; samples must still be reachable."""
    state = started(2)
    d = state.designs
    state = lock_piles(state, 0, [0, 1, 2, 3, 4], d[:5])
    state = lock_piles(state, 1, [0, 1, 2, 3], d[5:9])
    # 16 hidden cards remain (4 designs) for seat 0's pile 5 and seat 1's two piles
    for seed in range(300):
        world = GAME.determinize(state, 0, seed)
        for s in range(2):
            for i in range(6):
                assert world.locked[s][i] or not cards.is_complete(world.piles[s][i])


def test_repair_breaks_up_complete_piles():
    dealt = [(0, 1, 2, 3), (4, 5, 8, 9), (12, 13, 14, 15)]
    fixed = hidden._repair(dealt)
    assert not any(cards.is_complete(p) for p in fixed)
    assert sorted(c for p in fixed for c in p) == sorted(c for p in dealt for c in p)


def test_events_never_carry_a_hidden_card():
    """Opening tells everyone which pile, never its cards; swaps show centre cards."""
    state = started(3)
    step = GAME.apply(state, 0, {"type": "open", "pile": 1})
    assert [set(e.data) for e in step.events] == [{"seat", "pile", "number"}]
    state = step.state
    give = state.piles[0][1][0]
    step = GAME.apply(
        state, 0, {"type": "swap", "card": give, "slot": 0, "expected": state.centre[0]}
    )
    (swapped,) = step.events
    assert swapped.to is None
    assert set(swapped.data) == {
        "seat",
        "pile",
        "slot",
        "slot_number",
        "given",
        "taken",
    }
    # The given card is face up in the centre now; the taken one was face up.
    assert swapped.data["given"] == step.state.centre[0] == give
    assert swapped.data["taken"] == state.centre[0]


def test_spectators_see_only_public_things():
    state = act(started(2), 1, type="open", pile=3)
    view = GAME.view(state, None)
    assert set(view) >= {"centre", "seats", "phase", "timer_seconds"}
    assert "piles" not in view and "seat" not in view
    text = json.dumps(view["seats"])
    assert '"cards"' not in text


def test_view_lists_what_a_board_draws():
    state = started(2)
    state = lock_piles(state, 0, [4], state.designs[:1])
    state = act(state, 0, type="open", pile=1)
    view = GAME.view(state, 0)
    assert [p["status"] for p in view["piles"]] == [
        "closed",
        "open",
        "closed",
        "closed",
        "locked",
        "closed",
    ]
    assert view["closed"] == 4
    assert view["piles"][4]["design"] == state.designs[0]
    assert len(view["piles"][1]["cards"]) == 4
    assert [c["slot"] for c in view["centre"]] == [0, 1, 2, 3]
    assert view["seats"][1] == {
        "ready": True,
        "open_pile": None,
        "locked": 0,
        "piles": [{"status": "closed"}] * 6,
    }
    assert view["min_action_ms"] == 150 and view["timer_seconds"] == 600


def test_a_pile_its_owner_held_before_is_remembered_in_its_worlds():
    """Only the owner changes its piles, so one it put down is as it left it:
    its own worlds keep it (a bot's memory), the view still shows it face
    down, and the other seats' worlds resample it."""
    state = act(act(started(3), 0, type="open", pile=1), 0, type="open", pile=4)
    assert state.seen[0] == (False, True, False, False, True, False)
    assert "cards" not in GAME.view(state, 0)["piles"][1]
    for seed in range(8):
        world = GAME.determinize(state, 0, seed)
        assert world.piles[0][1] == state.piles[0][1]
        assert is_consistent(world)
    assert len({GAME.determinize(state, 2, s).piles[0][1] for s in range(8)}) > 1


def test_a_state_stored_before_the_memory_loads_with_none_remembered():
    state = act(started(2), 0, type="open", pile=2)
    data = GAME.to_json(state)
    del data["seen"]
    assert GAME.from_json(data).seen == ((False,) * cards.PILES,) * 2
