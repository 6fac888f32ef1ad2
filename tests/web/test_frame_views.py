"""A game that splits its views (`Game.public_view`, `private_view`) has the
public part encoded once per version for every reader: each frame must still
hold exactly its reader's view, byte for byte what encoding the whole view
gives, and no other seat's hand or face-down card."""

from __future__ import annotations

import json
from typing import Any

import orjson

from ludoteca.engine.testkit import play_random
from ludoteca.games.catinthebox import GAME
from ludoteca.web.live import frames
from ludoteca.web.play import protocol


def _snapshot(state: Any, version: int, players: int) -> frames.Snapshot:
    seats = [
        {
            "seat": s,
            "name": f"p{s}",
            "bot": None,
            "standin": None,
            "connected": True,
            "clock_ms": None,
        }
        for s in range(players)
    ]
    return frames.Snapshot(
        table_id=1,
        game_id=GAME.info.id,
        game=GAME,
        version=version,
        status="playing",
        state=state,
        outcome=None,
        seats=seats,
        users=[None] * players,
        clock={},
        seed_hash="",
        seed=None,
    )


def _plain(snap: frames.Snapshot, seat: int | None) -> str:
    """The frame as it was made before the split: the whole view encoded."""
    data = frames.seat_data(snap, seat, "en")
    data["events"] = []
    data["channels"] = frames.chat_channels(snap, seat)
    data["from"] = snap.version
    return protocol.frame("update", snap.version, data)


def test_each_frame_holds_its_own_view_byte_for_byte_and_no_other_hand():
    players = 4
    playout = play_random(GAME, players, seed=7)
    for version, state in enumerate(playout.states):
        snap = _snapshot(state, version, players)
        for seat in [*range(players), None]:
            text, _ = frames.update_frame(snap, seat, "en", version)
            assert text == _plain(snap, seat)
            view = orjson.loads(text)["d"]["view"]
            assert view == orjson.loads(orjson.dumps(GAME.view(state, seat)))
            assert text.count('"hand":') == (0 if seat is None else 1)
            assert text.count('"set_aside":') == (0 if seat is None else 1)
        # The spectator's frame, built after every seat's, shows no hand.
        spectator = orjson.loads(frames.update_frame(snap, None, "en", version)[0])
        assert "hand" not in spectator["d"]["view"]


def test_a_frame_that_orjson_cannot_write_falls_back_to_the_whole_view():
    state = play_random(GAME, 3, seed=3).states[5]
    snap = _snapshot(state, 5, 3)
    data = frames._seat_data(snap, 1, "en")
    assert isinstance(data["view"], orjson.Fragment)
    data["legal"] = [2**70]  # past 64 bits: json writes it, orjson cannot
    text = frames._frame("update", snap, 1, "en", data)
    found = json.loads(text)
    assert found["d"]["view"] == json.loads(json.dumps(GAME.view(state, 1)))
    assert found["d"]["legal"] == [2**70]
