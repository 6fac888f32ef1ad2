"""A snapshot keeps what the previous one made of the same match state (the
seats to act, the public view) and nothing of a state that moved on."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ludoteca.web.live import frames
from ludoteca.web.live import table as live_table
from ludoteca.web.play import origin
from tests.web.conftest import make_table, make_user

pytestmark = pytest.mark.django_db


def _frame(snap: frames.Snapshot, seat: int) -> Any:
    """The frame, less its clock's "now" (each snapshot reads the time)."""
    text, _readable = frames.state_frame(snap, seat, "en")
    frame = json.loads(text)
    del frame["d"]["clock"]["now"]
    return frame


def test_a_presence_keeps_the_state_made_and_changes_only_the_seats():
    ana, bia, cid = make_user("ana"), make_user("bia"), make_user("cid")
    live = live_table.read(make_table([ana, bia, cid], game="catinthebox"))
    first = frames.of_live(live)
    before = [_frame(first, seat) for seat in range(3)]
    live.seats[1].connected = not live.seats[1].connected  # a presence
    second = frames.of_live(live, first)
    assert second.memo[("public_view",)] is first.memo[("public_view",)]
    assert second.memo[("active",)] == sorted(live.game.active_seats(live.state))
    assert second.seats[1]["connected"] is live.seats[1].connected
    after = [_frame(second, seat) for seat in range(3)]
    fresh = frames.of_live(live)  # made from nothing: the same frames
    assert after == [_frame(fresh, seat) for seat in range(3)]
    assert after != before  # the seat's connection shows


def test_a_new_state_is_made_again():
    ana, bia, cid = make_user("ana"), make_user("bia"), make_user("cid")
    live = live_table.read(make_table([ana, bia, cid], game="catinthebox"))
    first = frames.of_live(live)
    _frame(first, 0)
    seat = min(live.game.active_seats(live.state))
    action = live.game.legal_actions(live.state, seat)[0]
    live.state = live.game.apply(live.state, seat, action).state
    live.table.version += 1
    second = frames.of_live(live, first)
    assert ("public_view",) not in second.memo
    assert second.memo[("active",)] == sorted(live.game.active_seats(live.state))
    fresh = frames.of_live(live)
    assert [_frame(second, s) for s in range(3)] == [_frame(fresh, s) for s in range(3)]


def test_the_origin_check_answers_the_same_each_time():
    """`_origin` is remembered per value: the answers do not change."""

    def scope(value: bytes) -> dict[str, object]:
        headers = [(b"host", b"testserver"), (b"origin", value)]
        return {"type": "websocket", "scheme": "ws", "headers": headers}

    for _ in range(3):
        assert origin.allowed(scope(b"http://testserver"))
        assert not origin.allowed(scope(b"http://testserver:8080"))
        assert not origin.allowed(scope(b"https://testserver"))
        assert not origin.allowed(scope(b"http://evil.example"))
        assert not origin.allowed(scope(b"http://testserver/path"))
