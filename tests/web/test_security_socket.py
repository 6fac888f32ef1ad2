"""What a hostile player tries on the table sockets, against a real server.

Each test is the attack as a script would run it (HTTP with cookies, raw
websockets), so it holds whatever serves the sockets behind `ludoteca serve`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from tests.web.live import Http, Ws, live_server

pytestmark = [pytest.mark.slow]


SERVER_LOG: list[Path] = []


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    workdir = tmp_path_factory.mktemp("security-socket")
    # A frame limit high enough for the slow reader's flood of hellos.
    with live_server(workdir, {"LUDOTECA_FRAME_RATE": "5000"}) as (url, _proc):
        SERVER_LOG[:] = [workdir / f"server-{url.rsplit(':', 1)[1]}.log"]
        yield url


def server_said(text: str) -> bool:
    return text in SERVER_LOG[0].read_text(errors="replace")


_names = iter(range(10_000))


def person(base: str, prefix: str) -> Http:
    http = Http(base)
    http.signup(f"{prefix}{next(_names)}")
    return http


def hands_in(frames: list[dict[str, Any]]) -> list[list[int]]:
    """Every hand any frame carried (views of the toy game: `view.hand`)."""
    found = []
    for frame in frames:
        view = frame.get("d", {}).get("view") if isinstance(frame["d"], dict) else None
        if isinstance(view, dict) and "hand" in view:
            found.append(view["hand"])
    return found


async def closed_with(ws: Ws, timeout: float = 10) -> int | None:
    """Read until the server closes the socket; its close code."""
    try:
        while True:
            await ws.until("never", timeout=timeout)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd is not None else None


# -- 1. a socket follows the seat its user holds now ---------------------------


def test_a_socket_whose_user_left_the_seat_is_told_and_closed(base: str):
    asyncio.run(_left_and_closed(base))


async def _left_and_closed(base: str) -> None:
    ana, bia = person(base, "ana"), person(base, "bia")
    table = ana.new_table("highcard", 2, cards="8")
    old = await Ws.open(ana, f"/ws/play/{table}/")
    await old.send("hello")
    assert (await old.until("state"))["d"]["seat"] == 0
    ana.post(f"/t/{table}/leave/", {})
    lost = await old.until("error")
    assert lost["d"]["code"] == "seat_lost" and lost["d"]["text"]
    assert await closed_with(old) == 4403
    # She takes the other seat, bia the one she left, and the match starts:
    # nothing of seat 0 ever reached the socket she opened on it.
    ana.post(f"/t/{table}/join/", {"seat": "1"})
    bia.post(f"/t/{table}/join/", {"seat": "0"})
    ana.post(f"/t/{table}/start/", {})
    b = await Ws.open(bia, f"/ws/play/{table}/")
    await b.send("hello")
    state = await b.until("state")
    assert state["d"]["seat"] == 0 and state["d"]["status"] == "playing"
    assert state["d"]["view"]["hand"] not in hands_in(old.frames)
    await b.close()


def test_a_socket_opened_on_a_seat_its_user_left_speaks_for_their_new_seat(
    base: str,
):
    asyncio.run(_rebound(base))


async def _rebound(base: str) -> None:
    ana, bia = person(base, "ana"), person(base, "bia")
    table = ana.new_table("highcard", 2, cards="8")
    old = await Ws.open(ana, f"/ws/play/{table}/")  # opened on seat 0, silent
    ana.post(f"/t/{table}/leave/", {})
    ana.post(f"/t/{table}/join/", {"seat": "1"})
    bia.post(f"/t/{table}/join/", {"seat": "0"})
    ana.post(f"/t/{table}/start/", {})
    b = await Ws.open(bia, f"/ws/play/{table}/")
    await b.send("hello")
    bia_hand = (await b.until("state"))["d"]["view"]["hand"]

    await old.send("hello")
    state = await old.until("state")
    assert state["d"]["seat"] == 1, "the socket speaks for ana's seat as it is now"
    assert state["d"]["view"]["hand"] != bia_hand

    # Her chat is hers, at seat 1; it never passes for seat 0's.
    await old.send("chat", text="ola")
    line = await b.until("chat", where=lambda d: not d["notice"])
    assert line["d"]["seat"] == 1 and line["d"]["author"].startswith("ana")

    # bia plays; every update the old socket gets is seat 1's view.
    await b.send("act", 0, action={"type": "play", "card": bia_hand[0]})
    await b.until("ack")
    update = await old.until("update", v=1)
    assert update["d"]["view"]["hand"] == state["d"]["view"]["hand"]

    # Her leave hands her own seat to a stand-in, never bia's.
    await old.send("leave")
    seats = await b.until("seats", where=lambda d: d["seats"][1]["standin"])
    assert not seats["d"]["seats"][0]["standin"]
    for hand in hands_in(old.frames):
        assert not set(hand) & set(bia_hand), "seat 0's cards reached ana's socket"
    await old.close()
    await b.close()


# -- 2. one socket that stops reading never holds up the table -------------------


def raw_socket(base: str, http: Http, path: str) -> socket.socket:
    """A websocket opened by hand with a tiny receive window, which then
    never reads: what the server writes to it piles up."""
    host, port = base.removeprefix("http://").split(":")
    conn = socket.socket()
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    conn.connect((host, int(port)))
    headers = http.ws_headers()
    conn.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            f"Sec-WebSocket-Version: 13\r\nOrigin: {headers['Origin']}\r\n"
            f"Cookie: {headers['Cookie']}\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += conn.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return conn


def masked_text(payload: str) -> bytes:
    """One client frame (clients mask what they send, RFC 6455 5.3)."""
    data = payload.encode()
    mask = b"\x01\x02\x03\x04"
    header = bytes([0x81, 0x80 | 126]) + len(data).to_bytes(2, "big") + mask
    return header + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_a_spectator_that_never_reads_is_closed_and_the_players_go_on(base: str):
    asyncio.run(_slow_reader(base))


async def _slow_reader(base: str) -> None:
    ana, bia = person(base, "ana"), person(base, "bia")
    table = ana.new_table("highcard", 2, cards="8")
    bia.post(f"/t/{table}/join/", {})
    ana.post(f"/t/{table}/start/", {})
    a, b = (
        await Ws.open(ana, f"/ws/play/{table}/"),
        await Ws.open(bia, f"/ws/play/{table}/"),
    )
    for ws in (a, b):
        await ws.send("hello")
    hands = [(await ws.until("state"))["d"]["view"]["hand"] for ws in (a, b)]
    # Long chat lines make every hello's answer big (the recent lines come with it).
    for i in range(4):
        await a.send("chat", text=f"{i} " + "x" * 480)
    slow = raw_socket(base, Http(base), f"/ws/watch/{table}/")
    hello = masked_text(json.dumps({"t": "hello", "v": None, "d": {}}))
    with contextlib.closing(slow):
        slow.sendall(hello * 2000)  # about 8 MB of answers it will not read
        # A player's socket is answered all along, and the server drops the
        # spectator once it is too far behind (before, the spectator's
        # writes held its answers and every fan-out of the table forever).
        # The pings are paced: at most 100 a second, a fifth of the frame
        # limit, so however slowly the server gets to the drop, a ping is
        # never refused as too fast (unpaced, a slow run passed the limit and
        # waited for a pong that the server had answered `rate_limited`).
        for _ in range(6_000):
            await a.send("ping")
            await a.until("pong")
            if server_said("a socket fell behind"):
                break
            await asyncio.sleep(0.01)
        else:
            pytest.fail("a socket that never reads was never dropped")
        # Once it reads, it finds its frames, then the end of the socket.
        slow.settimeout(60)
        received = b""
        with contextlib.suppress(ConnectionResetError):
            while chunk := slow.recv(65536):
                received += chunk
        assert len(received) > 4096
    # The match goes on.
    for turn in range(4):
        mover, other = (a, b) if turn % 2 == 0 else (b, a)
        card = hands[turn % 2][turn // 2]
        await mover.send("act", turn, action={"type": "play", "card": card})
        assert (await mover.until("ack"))["v"] == turn + 1
        update = await other.until("update", v=turn + 1)
    assert update["d"]["status"] == "finished"
    for ws in (a, b):
        await ws.close()


# -- 3. sockets only from the site's own origin -----------------------------------


@pytest.mark.parametrize(
    "origin",
    [
        "http://127.0.0.1:8499",  # another port of the same host
        "https://{host}",  # another scheme
        "http://evil.example",
        "null",
        "",
    ],
)
def test_a_socket_from_another_origin_is_refused(base: str, origin: str):
    asyncio.run(_other_origin(base, origin))


async def _other_origin(base: str, origin: str) -> None:
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    ana = person(base, "ana")
    table = ana.new_table("highcard", 2, cards="8")
    headers = ana.ws_headers()
    headers["Origin"] = origin.format(host=base.removeprefix("http://"))
    if not headers["Origin"]:
        del headers["Origin"]
    url = base.replace("http://", "ws://") + f"/ws/play/{table}/"
    with pytest.raises(InvalidStatus) as refused:
        await connect(url, additional_headers=headers)
    assert refused.value.response.status_code == 403
    # From the site's own origin, the same cookies open it.
    ws = await Ws.open(ana, f"/ws/play/{table}/")
    await ws.send("hello")
    assert (await ws.until("state"))["d"]["seat"] == 0
    await ws.close()


# -- 13. what cannot be stored is refused, the socket stays --------------------


def test_a_lone_surrogate_is_refused_and_the_socket_stays(base: str):
    asyncio.run(_surrogates(base))


async def _surrogates(base: str) -> None:
    ana = person(base, "ana")
    table = ana.new_table("highcard", 2, cards="8")
    ws = await Ws.open(ana, f"/ws/play/{table}/")
    await ws.send("hello")
    await ws.until("state")
    for raw in (
        '{"t": "chat", "v": null, "d": {"text": "oi \\ud800"}}',
        '{"t": "act", "v": 0, "d": {"action": {"type": "play"}, "ref": "\\udfff"}}',
        '{"t": "chat", "v": null, "d": {"text": "x", "channel": "\\ud83d"}}',
    ):
        await ws.conn.send(raw)
        error = await ws.until("error")
        assert error["d"]["code"] == "malformed_json" and error["d"]["text"]
    await ws.send("ping")
    await ws.until("pong")
    await ws.close()
    assert not server_said("Traceback")


# -- 7. limits count the person, not the socket -------------------------------------


def test_many_sockets_of_one_player_share_one_chat_limit(base: str):
    asyncio.run(_chat_flood(base))


async def _chat_flood(base: str) -> None:
    ana, bia = person(base, "ana"), person(base, "bia")
    table = ana.new_table("highcard", 2, cards="8")
    bia.post(f"/t/{table}/join/", {})
    ana.post(f"/t/{table}/start/", {})
    b = await Ws.open(bia, f"/ws/play/{table}/")
    await b.send("hello")
    await b.until("state")
    sockets = [await Ws.open(ana, f"/ws/play/{table}/") for _ in range(8)]
    for ws in sockets:
        await ws.send("hello")
        await ws.until("state")
    for round_ in range(5):
        for i, ws in enumerate(sockets):
            await ws.send("chat", text=f"spam {round_}-{i}")
    refused = 0
    for ws in sockets:  # each socket answers its frames in order
        await ws.send("ping")
        pong = await ws.until("pong")
        answers = ws.frames[: ws.frames.index(pong)]
        refused += sum(
            f["t"] == "refused" and f["d"]["code"] == "rate_limited" for f in answers
        )
    # 40 lines from 8 sockets: 5 stored, the other 35 refused.
    assert refused == 35
    await b.send("ping")
    await b.until("pong")
    lines = [f for f in b.frames if f["t"] == "chat" and not f["d"]["notice"]]
    assert len(lines) == 5
    # A ninth socket of hers at this table is refused.
    extra = await Ws.open(ana, f"/ws/play/{table}/")
    error = await extra.until("error")
    assert error["d"]["code"] == "too_many_sockets"
    assert await closed_with(extra) == 4429
    for ws in [*sockets, b]:
        await ws.close()


def test_leave_and_reclaim_in_a_loop_post_a_few_notices(base: str):
    asyncio.run(_notice_flood(base))


async def _notice_flood(base: str) -> None:
    ana, bia = person(base, "ana"), person(base, "bia")
    table = ana.new_table("highcard", 2, cards="8")
    bia.post(f"/t/{table}/join/", {})
    ana.post(f"/t/{table}/start/", {})
    a, b = (
        await Ws.open(ana, f"/ws/play/{table}/"),
        await Ws.open(bia, f"/ws/play/{table}/"),
    )
    for ws in (a, b):
        await ws.send("hello")
        await ws.until("state")
    for _ in range(20):
        await b.send("leave")
        await b.send("reclaim")
    await b.send("ping")
    await b.until("pong")  # her 40 frames were answered
    await a.send("ping")
    await a.until("pong")
    notices = [
        f
        for f in a.frames
        if f["t"] == "chat" and f["d"]["notice"] and "bia" in f["d"]["text"]
    ]
    assert 2 <= len(notices) <= 6
    for ws in (a, b):
        await ws.close()
