"""The table sockets (`live.socket`): two seats and a spectator, driven
through the ASGI app with a websocket test client."""

from __future__ import annotations

import asyncio
import gc
import json
import weakref
from typing import Any

import pytest

from ludoteca.web.live import owners
from ludoteca.web.live.socket import TableSocket
from ludoteca.web.play.actions import current_state
from ludoteca.web.play.models import Move, Table
from tests.engine import toygame
from tests.web.communicator import database_sync_to_async
from tests.web.conftest import (
    Socket,
    make_table,
    make_user,
    open_socket,
    session_cookie,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def keys_named(data: Any, name: str) -> list[Any]:
    """Every value under a key called `name`, anywhere in `data`."""
    found = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key == name:
                found.append(value)
            found += keys_named(value, name)
    elif isinstance(data, list):
        for item in data:
            found += keys_named(item, name)
    return found


async def setup_two(sockets: list[Socket], lang: str = "en") -> tuple[Any, ...]:
    alice = await database_sync_to_async(make_user)("alice")
    bob = await database_sync_to_async(make_user)("bob")
    table_id = await database_sync_to_async(make_table)([alice, bob])
    a = await open_socket(sockets, f"/ws/play/{table_id}/", alice, lang)
    b = await open_socket(sockets, f"/ws/play/{table_id}/", bob, lang)
    w = await open_socket(sockets, f"/ws/watch/{table_id}/", None, lang)
    for s in (a, b, w):
        await s.send("hello")
    states = [await s.until("state") for s in (a, b, w)]
    return table_id, a, b, w, states


def failing_while(down: list[bool], func: Any) -> Any:
    """`func`, raising as a database that went away does while `down[0]`."""
    from django.db import OperationalError

    def call(*args: Any) -> Any:
        if down[0]:
            raise OperationalError("connection refused")
        return func(*args)

    return call


async def play_out_and_leave(table_id: int, a: Socket, b: Socket, w: Socket) -> None:
    """The two seats play the match out (the toy game's four turns), the
    spectator sees it finished, and the three sockets close."""
    for turn in range(4):
        mover = (a, b)[turn % 2]
        state = await database_sync_to_async(true_state)(table_id)
        card = state.hands[turn % 2][0]
        await mover.send("act", turn, action={"type": "play", "card": card})
        await mover.until("ack")
    await w.until("update", where=lambda d: d["status"] == "finished")
    for s in (a, b, w):
        await s.close()


def true_state(table_id: int) -> toygame.State:
    table = Table.objects.get(pk=table_id)
    return current_state(table, toygame.GAME)


async def test_two_seats_and_a_spectator_see_only_their_own_views(sockets):
    table_id, a, b, w, (sa, sb, sw) = await setup_two(sockets)
    state = await database_sync_to_async(true_state)(table_id)
    seed = (await database_sync_to_async(Table.objects.get)(pk=table_id)).seed
    assert sa["d"]["seat"] == 0 and sb["d"]["seat"] == 1 and sw["d"]["seat"] is None
    assert sa["d"]["view"]["hand"] == list(state.hands[0])
    assert sb["d"]["view"]["hand"] == list(state.hands[1])
    assert "hand" not in sw["d"]["view"]
    assert sa["d"]["legal"] and not sb["d"]["legal"] and not sw["d"]["legal"]
    assert (
        sa["d"]["seed_hash"] == sw["d"]["seed_hash"] and len(sa["d"]["seed_hash"]) == 64
    )

    # Play the match out: every move reaches all three, each with its own view.
    for turn in range(4):
        mover, other = (a, b) if turn % 2 == 0 else (b, a)
        seat = turn % 2
        state = await database_sync_to_async(true_state)(table_id)
        card = state.hands[seat][0]
        await mover.send("act", turn, action={"type": "play", "card": card}, ref=turn)
        ack = await mover.until("ack")
        assert ack["v"] == turn + 1 and ack["d"]["ref"] == turn
        for s in (mover, other, w):
            update = await s.until("update")
            assert update["v"] == turn + 1
            assert update["d"]["events"][0]["type"] == "played"
            assert update["d"]["events"][0]["card"] == card

    final = await database_sync_to_async(true_state)(table_id)
    # No frame to bob or to the spectator ever carried alice's hand (nor the reverse).
    initial = toygame.GAME.setup(2, seed, {})
    for socket, seat in ((a, 0), (b, 1), (w, None)):
        for frame in socket.frames:
            for hand in keys_named(frame, "hand"):
                assert seat is not None, "a spectator received a hand"
                assert set(hand) <= set(initial.hands[seat])
            assert not keys_named(frame, "deck") and not keys_named(frame, "rng")
            if frame["d"].get("status") != "finished":
                assert str(seed) not in json.dumps(frame)
    last = w.frames[-1]
    assert last["d"]["status"] == "finished"
    assert last["d"]["seed"] == str(seed)
    assert last["d"]["outcome"]["winners"]
    assert final.hands == ((), ())


async def test_stale_version_is_refused_with_the_fresh_view(sockets):
    table_id, a, _b, _w, states = await setup_two(sockets)
    hand = states[0]["d"]["view"]["hand"]
    await a.send("act", 0, action={"type": "play", "card": hand[0]})
    await a.until("ack")
    await a.until("update")
    # Alice acts again from version 0: refused, and she gets the fresh view in
    # an update without events (she was already sent version 1's), not the
    # whole record again.
    await a.send("act", 0, action={"type": "play", "card": hand[1]}, ref="x")
    refused = await a.until("refused")
    assert refused["d"]["code"] == "stale_version" and refused["d"]["ref"] == "x"
    fresh = await a.until("update")
    assert fresh["v"] == 1 and fresh["d"]["from"] == 1
    assert fresh["d"]["events"] == [] and fresh["d"]["view"]["hand"] == [hand[1]]
    count = await database_sync_to_async(Move.objects.filter(table_id=table_id).count)()
    assert count == 1


async def test_reconnect_replays_the_missed_events(sockets):
    table_id, a, b, _w, states = await setup_two(sockets)
    await b.close()
    hand = states[0]["d"]["view"]["hand"]
    await a.send("act", 0, action={"type": "play", "card": hand[0]})
    await a.until("ack")
    bob = await database_sync_to_async(
        lambda: Table.objects.get(pk=table_id).seats.get(index=1).user
    )()
    b2 = await open_socket(sockets, f"/ws/play/{table_id}/", bob)
    await b2.send("hello", 0)
    update = await b2.until("update")
    assert update["d"]["from"] == 0 and update["v"] == 1
    assert [e["card"] for e in update["d"]["events"]] == [hand[0]]
    assert update["d"]["legal"]  # bob is to play now
    # A client with no version (or one from the future) gets the full state.
    b3 = await open_socket(sockets, f"/ws/play/{table_id}/", bob)
    await b3.send("hello", 99)
    assert (await b3.until("state"))["v"] == 1


async def test_refusals_come_back_translated(sockets):
    _table_id, a, b, _w, states = await setup_two(sockets, lang="pt-br")
    hand = states[1]["d"]["view"]["hand"]
    await b.send("act", 0, action={"type": "play", "card": hand[0]})
    refused = await b.until("refused")
    assert refused["d"]["code"] == "not_your_turn"
    assert refused["d"]["text"] == "Não é a sua vez."
    await a.send("act", 5, action={"type": "play", "card": 1})
    stale = await a.until("refused")
    assert stale["d"]["text"].startswith("A mesa avançou")


async def test_bad_input_is_refused_and_changes_nothing(sockets):
    table_id, a, _b, w, _states = await setup_two(sockets)
    await a.send_raw("{not json")
    assert (await a.until("error"))["d"]["code"] == "malformed_json"
    await a.send_raw(json.dumps({"t": "teleport", "d": {}}))
    assert (await a.until("error"))["d"]["code"] == "unknown_type"
    await a.send_raw(json.dumps({"t": "act", "v": 0, "d": {"action": "play"}}))
    assert (await a.until("error"))["d"]["code"] == "malformed_message"
    await a.send_raw(json.dumps({"t": "chat", "d": {"text": "x" * 9000}}))
    assert (await a.until("error"))["d"]["code"] == "too_large"
    await a.send("act", 0, action={"type": "play", "card": 99})
    assert (await a.until("refused"))["d"]["code"] == "card_not_in_hand"
    await a.send("act", 0, action={"type": "play", "card": True})
    assert (await a.until("refused"))["d"]["code"] == "malformed_action"
    await w.send("act", 0, action={"type": "play", "card": 1})
    assert (await w.until("refused"))["d"]["code"] == "spectator"
    await w.send("chat", text="hello")
    assert (await w.until("refused"))["d"]["code"] == "chat_closed"
    count = await database_sync_to_async(Move.objects.filter(table_id=table_id).count)()
    assert count == 0


async def test_only_a_seats_owner_can_play_it(sockets):
    alice = await database_sync_to_async(make_user)("alice")
    bob = await database_sync_to_async(make_user)("bob")
    eve = await database_sync_to_async(make_user)("eve")
    table_id = await database_sync_to_async(make_table)([alice, bob])
    intruder = Socket(f"/ws/play/{table_id}/", None)
    sockets.append(intruder)
    assert await intruder.connect()
    assert (await intruder.recv())["d"]["code"] == "not_your_seat"
    cookie_eve = await open_socket(sockets, f"/ws/watch/{table_id}/", eve)
    await cookie_eve.send("hello")
    state = await cookie_eve.until("state")
    assert state["d"]["seat"] is None and "hand" not in state["d"]["view"]
    eve_play = Socket(f"/ws/play/{table_id}/", None)
    from tests.web.conftest import session_cookie

    eve_play = Socket(
        f"/ws/play/{table_id}/", await database_sync_to_async(session_cookie)(eve)
    )
    sockets.append(eve_play)
    await eve_play.connect()
    assert (await eve_play.recv())["d"]["code"] == "not_your_seat"


async def test_websocket_origin_is_checked(sockets):
    from ludoteca.web.asgi import websocket_app
    from tests.web.communicator import WebsocketCommunicator

    alice = await database_sync_to_async(make_user)("alice")
    table_id = await database_sync_to_async(make_table)([alice, "random"])
    comm = WebsocketCommunicator(
        websocket_app,
        f"/ws/watch/{table_id}/",
        headers=[(b"origin", b"http://evil.example"), (b"host", b"127.0.0.1:8000")],
    )
    connected, _ = await comm.connect()
    assert not connected


async def test_finished_table_refuses_actions(sockets):
    table_id, a, _b, _w, states = await setup_two(sockets)
    await database_sync_to_async(Table.objects.filter(pk=table_id).update)(
        status=Table.FINISHED
    )
    # Whoever writes a table outside its owner tells the owner, which reads
    # it again (as the pages' one-off changes do, `play.actions`).
    owners.changed_elsewhere(table_id)
    await a.send(
        "act", 0, action={"type": "play", "card": states[0]["d"]["view"]["hand"][0]}
    )
    assert (await a.until("refused"))["d"]["code"] == "table_finished"


async def test_chat_is_shared_rate_limited_and_kept_verbatim(sockets):
    _table_id, a, b, w, _states = await setup_two(sockets)
    await a.send("chat", text="<b>hi</b> & bye")
    for s in (a, b, w):
        line = await s.until("chat", where=lambda d: not d["notice"])
        assert line["d"]["text"] == "<b>hi</b> & bye" and line["d"]["author"] == "alice"
    for i in range(6):
        await a.send("chat", text=f"spam {i}")
    refused = await a.until("refused")
    assert refused["d"]["code"] == "rate_limited"
    await b.drain()
    lines = [f for f in b.frames if f["t"] == "chat" and not f["d"]["notice"]]
    assert len(lines) == 5  # the first line and four spam lines, then the limit


async def test_a_bot_answers_through_the_same_path(sockets):
    alice = await database_sync_to_async(make_user)("alice")
    table_id = await database_sync_to_async(make_table)([alice, "random"])
    a = await open_socket(sockets, f"/ws/play/{table_id}/", alice)
    await a.send("hello")
    state = await a.until("state")
    await a.send(
        "act", 0, action={"type": "play", "card": state["d"]["view"]["hand"][0]}
    )
    await a.until("ack")
    seen = 0
    while seen < 2:
        frame = await a.until("update")
        seen = frame["v"]
    moves = await database_sync_to_async(
        lambda: list(
            Move.objects.filter(table_id=table_id).values_list("seat", "by_bot")
        )
    )()
    assert moves == [(0, ""), (1, "random")]
    assert frame["d"]["legal"]


async def test_leaving_hands_the_seat_to_a_bot_and_reclaim_takes_it_back(sockets):
    _table_id, a, b, _w, states = await setup_two(sockets)
    await b.send("leave")
    seats = await a.until("seats", where=lambda d: d["seats"][1]["standin"])
    assert seats["d"]["seats"][1]["standin"] in {"random", "medium"}
    notice = await a.until("chat", where=lambda d: "bob" in d["text"])
    assert notice["d"]["notice"] and "bob" in notice["d"]["text"]
    hand = states[0]["d"]["view"]["hand"]
    await a.send("act", 0, action={"type": "play", "card": hand[0]})
    # The stand-in plays bob's turn.
    frame = await a.until("update")
    while frame["v"] < 2:
        frame = await a.until("update")
    await b.send("reclaim")
    seats = await a.until("seats", where=lambda d: not d["seats"][1]["standin"])
    assert seats["d"]["seats"][1]["standin"] is None
    back = await a.until("chat", where=lambda d: "back" in d["text"])
    assert "bob" in back["d"]["text"]


async def test_a_flood_of_frames_is_refused(sockets, settings):
    settings.LUDOTECA_FRAME_RATE = (10, 60.0)
    _, a, *_rest = await setup_two(sockets)
    for _ in range(20):
        await a.send("ping")
    got = await a.drain(wait=1.0)
    refused = [f for f in got if f["t"] == "error" and f["d"]["code"] == "rate_limited"]
    pongs = [f for f in got if f["t"] == "pong"]
    # hello + 9 pings fit in the window; the other 11 pings are refused.
    assert len(pongs) == 9 and len(refused) == 11


async def test_a_chat_line_a_page_wrote_reaches_the_owners_sockets(sockets):
    """A line stored outside the table's owner (a page's one-off change) is
    sent to the owner's sockets when the owner reads the table again."""
    from ludoteca.web.play import actions

    ana = await database_sync_to_async(make_user)("ana")
    bia = await database_sync_to_async(make_user)("bia")
    table_id = await database_sync_to_async(make_table)([ana, bia])
    b = await open_socket(sockets, f"/ws/play/{table_id}/", bia)
    await b.send("hello")
    await b.until("state")
    await database_sync_to_async(actions.do_chat)(
        table_id, 0, "ana", "table", "did you see that?", ana.pk
    )
    line = await b.until("chat", where=lambda d: d["text"] == "did you see that?")
    assert line["d"]["author"] == "ana"


async def test_an_action_is_announced_even_when_its_ack_cannot_be_sent(
    sockets, monkeypatch
):
    """The sender's socket failed as its action was stored: the ack cannot
    go out, yet the action is stored, so the other seats must still get its
    version."""
    _table_id, a, b, _w, states = await setup_two(sockets)
    push = TableSocket.push

    def ack_fails(self: Any, text: str) -> None:
        if '"t":"ack"' in text:
            raise ConnectionResetError("the client went away")
        push(self, text)

    monkeypatch.setattr(TableSocket, "push", ack_fails)
    hand = states[0]["d"]["view"]["hand"]
    await a.send("act", 0, action={"type": "play", "card": hand[0]})
    update = await b.until("update")
    assert update["v"] == 1 and update["d"]["legal"]  # bob is to play now


async def test_the_sender_gets_its_ack_before_the_update_of_its_version(sockets):
    """The table read again while an action is being stored (a page changed
    it, say) sends every socket the new version only after the action's own
    answers: a client may wait, after an ack, for that version's update,
    which would then never come."""
    table_id, a, _b, _w, states = await setup_two(sockets)
    owner = await owners.get()
    hand = states[0]["d"]["view"]["hand"]
    await a.send("act", 0, action={"type": "play", "card": hand[0]}, ref="r")
    # Let the action reach the writer, then ask for a reload at once.
    actor = owner.actors[table_id]
    while not actor.inflight and actor.snap.version == 0:
        await asyncio.sleep(0)
    actor.reload_soon()
    await a.until("ack")
    await a.drain()
    kinds = [(f["t"], f["v"]) for f in a.frames if f["t"] in ("ack", "update")]
    assert kinds[:2] == [("ack", 1), ("update", 1)]


async def test_a_private_table_is_watched_only_by_those_who_may_see_it(sockets):
    """The spectator socket follows the table page: a private table's watch
    socket is closed for a stranger or an anonymous visitor (after the end it
    would carry the seed and every chat channel's history), and opened for
    its players, its maker and whoever holds the invitation."""
    alice = await database_sync_to_async(make_user)("alice")
    carol = await database_sync_to_async(make_user)("carol")
    table_id = await database_sync_to_async(make_table)([alice, "random"], private=True)
    path = f"/ws/watch/{table_id}/"
    for stranger in (None, carol):
        cookie = (
            await database_sync_to_async(session_cookie)(stranger) if stranger else None
        )
        s = Socket(path, cookie)
        connected, code = await s.comm.connect()
        assert not connected and code == 4404

    def invited_cookie() -> bytes:
        from django.test import Client

        client = Client()
        client.force_login(carol)
        token = Table.objects.get(pk=table_id).invite_token
        client.get(f"/invite/{token}/")
        return f"sessionid={client.cookies['sessionid'].value}".encode()

    for who in (alice, None):  # its player watches; so does an invited one
        if who is None:
            cookie = await database_sync_to_async(invited_cookie)()
            watcher = Socket(path, cookie)
            sockets.append(watcher)
            assert await watcher.connect()
        else:
            watcher = await open_socket(sockets, path, who)
        await watcher.send("hello")
        assert await watcher.until("state")


async def test_while_the_database_cannot_be_reached_an_action_is_refused_at_once(
    sockets, monkeypatch
):
    """A table being read again while the database is down answers an action
    `unavailable` at once (not held without an answer until the database is
    back), stores nothing, and takes the same action once it answers."""
    from ludoteca.web.live import actor as actor_module

    table_id, a, _b, _w, states = await setup_two(sockets)
    owner = await owners.get()
    actor = owner.actors[table_id]
    down = [True]
    monkeypatch.setattr(
        actor_module, "_retake", failing_while(down, actor_module._retake)
    )
    actor.reload_soon()
    await asyncio.wait_for(actor.unreachable.wait(), 10)
    action = {"type": "play", "card": states[0]["d"]["view"]["hand"][0]}
    await a.send("act", 0, action=action, ref="r")
    refused = await a.until("refused")
    assert (refused["d"]["code"], refused["d"]["ref"]) == ("unavailable", "r")
    stored = Move.objects.filter(table_id=table_id)
    assert not await database_sync_to_async(stored.exists)()
    down[0] = False
    assert actor.reloading is not None  # still trying, until the database answers
    await asyncio.wait_for(asyncio.shield(actor.reloading), 10)
    assert not actor.unreachable.is_set()
    await a.send("act", 0, action=action, ref="s")
    ack = await a.until("ack")
    assert (ack["v"], ack["d"]["ref"]) == (1, "s")


async def test_a_hello_the_database_could_not_answer_closes_so_the_client_comes_back(
    sockets, monkeypatch
):
    """The chat history cannot be read for a hello (the database went away
    just then): the client hears `unavailable` and the socket closes with
    "try again later" (1013), since a socket left open without a state would
    wait for one forever; its next connection gets the state."""
    from ludoteca.web.live import socket as socket_module

    alice = await database_sync_to_async(make_user)("alice")
    bob = await database_sync_to_async(make_user)("bob")
    table_id = await database_sync_to_async(make_table)([alice, bob])
    down = [True]
    monkeypatch.setattr(
        socket_module, "_recent_chat", failing_while(down, socket_module._recent_chat)
    )
    a = await open_socket(sockets, f"/ws/play/{table_id}/", alice, "en")
    await a.send("hello")
    refused = await a.recv()
    assert (refused["t"], refused["d"]["code"]) == ("refused", "unavailable")
    closed = await a.comm.receive_output(3)
    assert (closed["type"], closed.get("code")) == ("websocket.close", 1013)
    down[0] = False
    again = await open_socket(sockets, f"/ws/play/{table_id}/", alice, "en")
    await again.send("hello")
    state = await again.until("state")
    assert state["d"]["seat"] == 0


async def test_a_finished_table_let_go_is_freed_without_the_garbage_collector(
    sockets,
):
    """Once a match is over and its sockets are gone, the owner lets the
    table go, and its actor, bot driver and sockets are freed by reference
    counting at once. Were they a cycle, only the cyclic collector could free
    them, and its pauses (it walks every live table's objects) hold up every
    other table's frames."""
    gc.disable()  # what is freed here is freed without it
    try:
        table_id, a, b, w, _states = await setup_two(sockets)
        owner = await owners.get()
        actor = weakref.ref(owner.actors[table_id])
        driver = weakref.ref(owner.actors[table_id].bots)
        table_sockets = [weakref.ref(s) for s in owner.actors[table_id].sockets]
        assert len(table_sockets) == 3
        await play_out_and_leave(table_id, a, b, w)
        # Whatever the end of play started: the seats' presence written, then
        # the table let go (no socket, not in play).
        await asyncio.gather(*owner.tasks)
        assert table_id not in owner.actors
        assert actor() is None and driver() is None
        assert [s() for s in table_sockets] == [None, None, None]
    finally:
        gc.enable()
