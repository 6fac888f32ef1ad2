"""The websocket protocol `ludoteca serve` runs (`live/websocket.py`): the
handshake, frames both ways, the close handshake, the peer's protocol errors,
keepalive and flow control, byte for byte against RFC 6455; then a real
uvicorn server on uvloop with the `websockets` client."""

from __future__ import annotations

import asyncio
import struct
from types import SimpleNamespace
from typing import Any

import pytest

from ludoteca.web.live import websocket
from ludoteca.web.live.websocket import WebSocketProtocol

KEY = b"dGhlIHNhbXBsZSBub25jZQ=="  # RFC 6455's example, 1.3
ACCEPT = b"s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
MASK = b"\x8f\x13\x5a\xc1"
REQUEST = (
    b"GET /ws/play/7/?x=1 HTTP/1.1\r\nhost: example\r\nupgrade: websocket\r\n"
    b"connection: Upgrade\r\nsec-websocket-key: " + KEY + b"\r\n"
    b"sec-websocket-version: 13\r\ncookie: a=b\r\n\r\n"
)


class Transport:
    def __init__(self) -> None:
        self.out = bytearray()
        self.closed = False
        self.aborted = False
        self.reading = True

    def write(self, data: bytes) -> None:
        assert not self.closed, "written after close"
        self.out += data

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def pause_reading(self) -> None:
        self.reading = False

    def resume_reading(self) -> None:
        self.reading = True

    def get_extra_info(self, name: str) -> Any:
        return None

    def abort(self) -> None:
        self.closed = self.aborted = True

    def take(self) -> bytes:
        data, self.out = bytes(self.out), bytearray()
        return data


def masked(opcode: int, payload: bytes, fin: bool = True, rsv: int = 0) -> bytes:
    """A client's frame."""
    mask = MASK
    first = (0x80 if fin else 0) | rsv | opcode
    size = len(payload)
    if size < 126:
        head = bytes((first, 0x80 | size))
    elif size < 65536:
        head = struct.pack("!BBH", first, 0x80 | 126, size)
    else:
        head = struct.pack("!BBQ", first, 0x80 | 127, size)
    return head + mask + websocket.apply_mask(payload, mask)


def frames_of(data: bytes) -> list[tuple[int, bytes]]:
    """The server's frames in `data`: (opcode, payload), never masked."""
    out = []
    while data:
        first, second = data[0], data[1]
        assert first & 0x80 and not second & 0x80  # whole and unmasked
        size, at = second & 0x7F, 2
        if size == 126:
            size, at = struct.unpack("!H", data[2:4])[0], 4
        elif size == 127:
            size, at = struct.unpack("!Q", data[2:10])[0], 10
        out.append((first & 0x0F, data[at : at + size]))
        data = data[at + size :]
    return out


class Peer:
    """A protocol on a fake transport, with an app that records what it
    receives and does what the test tells it."""

    def __init__(self, app: Any = None, **config: Any) -> None:
        self.received: list[dict[str, Any]] = []
        self.scope: dict[str, Any] = {}
        self.orders: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        settings = {
            "loaded": True,
            "loaded_app": app or self.app,
            "root_path": "",
            "asgi_version": "3.0",
            "ws_max_size": 64 * 1024,
            "ws_ping_interval": None,
            "ws_ping_timeout": None,
            **config,
        }
        state = SimpleNamespace(
            connections=set(), tasks=set(), default_headers=[(b"server", b"t")]
        )
        self.protocol = WebSocketProtocol(
            SimpleNamespace(**settings), state, {}, asyncio.get_running_loop()
        )
        self.transport = Transport()
        self.protocol.connection_made(self.transport)  # type: ignore[arg-type]

    async def app(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.scope = scope
        self.received.append(await receive())
        self.send = send
        self.receive = receive
        while (order := await self.orders.get()) is not None:
            await send(order)

    async def settle(self) -> None:
        for _ in range(5):
            await asyncio.sleep(0)

    async def open(self) -> bytes:
        self.protocol.data_received(REQUEST)
        await self.settle()
        await self.orders.put({"type": "websocket.accept"})
        await self.settle()
        return self.transport.take()

    async def read_all(self) -> list[dict[str, Any]]:
        got = []
        while not self.protocol.queue.empty():
            got.append(await self.receive())
        return got


@pytest.mark.asyncio
async def test_the_handshake_answers_101_with_the_accept_key_and_a_scope():
    peer = Peer()
    answer = await peer.open()
    assert answer.startswith(b"HTTP/1.1 101 Switching Protocols\r\n")
    assert b"\r\nsec-websocket-accept: " + ACCEPT + b"\r\n" in answer
    assert b"\r\nserver: t\r\n" in answer and answer.endswith(b"\r\n\r\n")
    assert peer.received == [{"type": "websocket.connect"}]
    assert peer.scope["type"] == "websocket"
    assert peer.scope["path"] == "/ws/play/7/"
    assert peer.scope["query_string"] == b"x=1"
    assert (b"cookie", b"a=b") in peer.scope["headers"]


@pytest.mark.parametrize(
    ("request_", "status"),
    [
        (REQUEST.replace(b"version: 13", b"version: 8"), b"426"),
        (
            REQUEST.replace(b"sec-websocket-key: " + KEY, b"sec-websocket-key: x"),
            b"400",
        ),
        (REQUEST.replace(b"GET ", b"POST "), b"400"),
        (REQUEST.replace(b"connection: Upgrade", b"connection: keep-alive"), b"400"),
    ],
    ids=["version-8", "bad-key", "post", "no-upgrade-token"],
)
@pytest.mark.asyncio
async def test_a_request_that_is_no_websocket_handshake_gets_an_http_error(
    request_, status
):
    peer = Peer()
    peer.protocol.data_received(request_)
    await peer.settle()
    answer = peer.transport.take()
    assert answer.startswith(b"HTTP/1.1 " + status)
    assert peer.transport.closed and peer.received == []


@pytest.mark.asyncio
async def test_an_app_that_closes_before_accepting_answers_403():
    peer = Peer()
    peer.protocol.data_received(REQUEST)
    await peer.settle()
    await peer.orders.put({"type": "websocket.close", "code": 1008})
    await peer.settle()
    assert peer.transport.take().startswith(b"HTTP/1.1 403 Forbidden\r\n")
    assert peer.transport.closed


@pytest.mark.asyncio
async def test_text_both_ways_and_each_frame_size_encoded():
    peer = Peer()
    await peer.open()
    peer.protocol.data_received(masked(websocket.TEXT, "olá".encode()))
    assert await peer.read_all() == [{"type": "websocket.receive", "text": "olá"}]
    for size in (5, 125, 126, 65535, 65536):
        await peer.send({"type": "websocket.send", "text": "x" * size})
        assert frames_of(peer.transport.take()) == [(websocket.TEXT, b"x" * size)]
    await peer.send({"type": "websocket.send", "bytes": b"\x00\x01"})
    assert frames_of(peer.transport.take()) == [(websocket.BINARY, b"\x00\x01")]


@pytest.mark.asyncio
async def test_frames_split_and_joined_anyhow_by_tcp_are_read_whole():
    peer = Peer()
    await peer.open()
    stream = b"".join(masked(websocket.TEXT, f"m{i}".encode() * 50) for i in range(3))
    for at in range(0, len(stream), 7):  # in pieces of seven bytes
        peer.protocol.data_received(stream[at : at + 7])
    got = [m["text"] for m in await peer.read_all()]
    assert got == [f"m{i}" * 50 for i in range(3)]


@pytest.mark.asyncio
async def test_a_fragmented_message_is_delivered_once_whole():
    peer = Peer()
    await peer.open()
    peer.protocol.data_received(masked(websocket.TEXT, b"ab", fin=False))
    peer.protocol.data_received(masked(websocket.PING, b"p"))  # between fragments
    peer.protocol.data_received(masked(websocket.CONT, b"cd", fin=False))
    assert await peer.read_all() == []
    peer.protocol.data_received(masked(websocket.CONT, b"ef"))
    assert await peer.read_all() == [{"type": "websocket.receive", "text": "abcdef"}]
    assert frames_of(peer.transport.take()) == [(websocket.PONG, b"p")]


@pytest.mark.asyncio
async def test_the_peers_close_is_answered_and_reported_with_its_code():
    peer = Peer()
    await peer.open()
    peer.protocol.data_received(
        masked(websocket.CLOSE, struct.pack("!H", 4000) + b"bye")
    )
    assert await peer.read_all() == [
        {"type": "websocket.disconnect", "code": 4000, "reason": "bye"}
    ]
    assert frames_of(peer.transport.take()) == [
        (websocket.CLOSE, struct.pack("!H", 4000))
    ]
    assert peer.transport.closed
    peer.protocol.connection_lost(None)  # no second disconnect
    assert await peer.read_all() == []


@pytest.mark.asyncio
async def test_the_apps_close_waits_for_the_peers_then_ends():
    peer = Peer()
    await peer.open()
    await peer.send({"type": "websocket.close", "code": 4403, "reason": "seat"})
    assert frames_of(peer.transport.take()) == [
        (websocket.CLOSE, struct.pack("!H", 4403) + b"seat")
    ]
    assert not peer.transport.closed
    peer.protocol.data_received(masked(websocket.TEXT, b"late"))  # discarded
    peer.protocol.data_received(masked(websocket.CLOSE, struct.pack("!H", 4403)))
    assert peer.transport.closed
    assert await peer.read_all() == [
        {"type": "websocket.disconnect", "code": 4403, "reason": "seat"}
    ]
    with pytest.raises(OSError):  # uvicorn's ClientDisconnected
        await peer.send({"type": "websocket.send", "text": "more"})
    peer.protocol.close_timer.cancel()


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (masked(websocket.TEXT, b"\xff\xfe"), 1007),
        (masked(websocket.TEXT, b"x", rsv=0x40), 1002),
        (bytes((0x81, 0x02)) + b"hi", 1002),  # not masked
        (masked(0x3, b"x"), 1002),  # no such opcode
        (masked(websocket.CONT, b"x"), 1002),  # a continuation of nothing
        (masked(websocket.PING, b"x" * 126), 1002),  # a control frame too long
        (masked(websocket.CLOSE, struct.pack("!H", 1005)), 1002),
        (masked(websocket.CLOSE, b"\x03"), 1002),
        (masked(websocket.TEXT, b"x" * (64 * 1024 + 1)), 1009),
    ],
    ids=[
        "invalid-utf8",
        "reserved-bits",
        "unmasked",
        "unknown-opcode",
        "lone-continuation",
        "long-ping",
        "close-code-1005",
        "close-one-byte",
        "too-big",
    ],
)
@pytest.mark.asyncio
async def test_a_protocol_error_closes_with_its_code(data, code):
    peer = Peer()
    await peer.open()
    peer.protocol.data_received(data)
    (disconnect,) = await peer.read_all()
    assert disconnect["type"] == "websocket.disconnect" and disconnect["code"] == code
    ((opcode, payload),) = frames_of(peer.transport.take())
    assert opcode == websocket.CLOSE and struct.unpack("!H", payload[:2])[0] == code
    assert peer.transport.closed


@pytest.mark.asyncio
async def test_a_message_too_big_is_refused_from_its_header_alone():
    peer = Peer()
    await peer.open()
    header = masked(websocket.TEXT, b"x" * (64 * 1024 + 1))[:14]
    peer.protocol.data_received(header)  # the payload never comes
    (disconnect,) = await peer.read_all()
    assert disconnect["code"] == 1009 and peer.transport.closed


@pytest.mark.asyncio
async def test_keepalive_pings_and_closes_a_peer_that_never_answers():
    peer = Peer(ws_ping_interval=20.0, ws_ping_timeout=20.0)
    await peer.open()
    assert peer.protocol.ping_timer is not None
    peer.protocol._ping()  # its timer rang
    ((opcode, payload),) = frames_of(peer.transport.take())
    assert opcode == websocket.PING
    peer.protocol.data_received(masked(websocket.PONG, payload))
    assert peer.protocol.pong_timer is None and peer.protocol.ping_timer is not None
    peer.protocol._ping()
    peer.transport.take()
    peer.protocol._no_pong()  # its timeout rang
    (disconnect,) = await peer.read_all()
    assert disconnect["code"] == 1011 and peer.transport.closed
    assert frames_of(peer.transport.take())[0][0] == websocket.CLOSE
    peer.protocol.connection_lost(None)
    assert peer.protocol.ping_timer is None


@pytest.mark.asyncio
async def test_reading_pauses_only_while_the_app_falls_behind():
    peer = Peer()
    await peer.open()
    for i in range(websocket.READ_AHEAD - 1):
        peer.protocol.data_received(masked(websocket.TEXT, b"%d" % i))
    assert peer.transport.reading
    peer.protocol.data_received(masked(websocket.TEXT, b"last"))
    assert not peer.transport.reading
    got = await peer.read_all()
    assert len(got) == websocket.READ_AHEAD and peer.transport.reading


@pytest.mark.asyncio
async def test_a_lost_connection_reports_1006_and_stops_sends():
    peer = Peer()
    await peer.open()
    peer.protocol.connection_lost(ConnectionResetError())
    assert await peer.read_all() == [{"type": "websocket.disconnect", "code": 1006}]
    with pytest.raises(OSError):
        await peer.send({"type": "websocket.send", "text": "x"})


def test_through_a_real_server_on_uvloop():
    """uvicorn hands the upgrade over (uvloop's transport), the `websockets`
    client talks to it: echo, a ping, the close with its code, and the app's
    refusal seen as HTTP 403."""
    import uvicorn
    import uvloop
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidStatus

    from ludoteca.web import serving
    from tests.web.live import free_port

    async def echo(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await receive()
        if scope["path"] == "/refused/":
            await send({"type": "websocket.close", "code": 1008})
            return
        await send({"type": "websocket.accept"})
        while (message := await receive())["type"] == "websocket.receive":
            if message["text"] == "close":
                await send({"type": "websocket.close", "code": 4001})
                break
            await send({"type": "websocket.send", "text": message["text"][::-1]})

    port = free_port()
    config = uvicorn.Config(
        echo,
        port=port,
        lifespan="off",
        log_level="warning",
        ws=websocket.__name__ + ":WebSocketProtocol",
    )
    server = serving.Server(config)

    async def scenario() -> tuple[str, int | None]:
        serve = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        try:
            async with connect(f"ws://127.0.0.1:{port}/play/") as ws:
                await ws.send("abc")
                answer = await ws.recv()
                await (await ws.ping(b"k"))
                await ws.send("close")
                with pytest.raises(ConnectionClosed):
                    await ws.recv()
                code = ws.close_code
            with pytest.raises(InvalidStatus) as refused:
                async with connect(f"ws://127.0.0.1:{port}/refused/"):
                    pytest.fail("the refused socket was accepted")
            assert refused.value.response.status_code == 403
        finally:
            server.should_exit = True
            server._captured_signals.clear()
            await asyncio.wait_for(serve, 60)
        return str(answer), code

    assert uvloop.run(scenario()) == ("cba", 4001)


@pytest.mark.asyncio
async def test_a_server_stopping_closes_with_1012():
    peer = Peer()
    await peer.open()
    peer.protocol.shutdown()
    assert await peer.read_all() == [{"type": "websocket.disconnect", "code": 1012}]
    assert frames_of(peer.transport.take()) == [
        (websocket.CLOSE, struct.pack("!H", 1012))
    ]
    assert peer.transport.closed


def test_a_long_close_reason_is_cut_between_characters():
    payload = websocket.close_payload(4000, "é" * 100)  # 200 bytes of UTF-8
    assert len(payload) <= 125
    assert payload[2:].decode() == "é" * 61


def test_serve_runs_this_protocol_unless_compression_is_asked():
    from uvicorn.importer import import_from_string

    from ludoteca.cli import websocket_protocol

    ours = websocket_protocol("ludoteca", deflate=False)
    assert import_from_string(ours) is WebSocketProtocol
    assert websocket_protocol("ludoteca", deflate=True) == "websockets-sansio"
    assert websocket_protocol("wsproto", deflate=False) == "wsproto"


# -- what a hostile or stalled peer cannot do ----------------------------------


@pytest.mark.asyncio
async def test_reading_pauses_while_the_transport_takes_no_more():
    """A peer that sends pings and reads nothing: its pongs would pile up in
    the server's memory."""
    peer = Peer()
    await peer.open()
    peer.protocol.pause_writing()
    assert not peer.transport.reading
    peer.protocol.resume_writing()
    assert peer.transport.reading


@pytest.mark.asyncio
async def test_frames_past_a_turn_wait_for_the_next():
    peer = Peer()
    await peer.open()
    peer.protocol.data_received(masked(websocket.PING, b"p") * 200)
    assert len(frames_of(peer.transport.take())) == websocket.FRAMES_PER_TURN
    assert not peer.transport.reading  # the rest first
    for _ in range(4):
        await asyncio.sleep(0)
    pongs = frames_of(peer.transport.take())
    assert len(pongs) == 200 - websocket.FRAMES_PER_TURN
    assert peer.transport.reading


@pytest.mark.asyncio
async def test_a_stream_of_empty_fragments_is_a_message_too_big():
    peer = Peer(ws_max_size=1024)
    await peer.open()
    peer.protocol.data_received(masked(websocket.TEXT, b"x", fin=False))
    peer.protocol.data_received(masked(websocket.CONT, b"", fin=False) * 400)
    for _ in range(8):
        await asyncio.sleep(0)
    (disconnect,) = await peer.read_all()
    assert disconnect["code"] == 1009 and peer.transport.closed


@pytest.mark.asyncio
async def test_a_peer_that_reads_nothing_more_is_let_go():
    """Closed, a connection whose peer stopped reading would never send what
    it holds: a waiting send raises, and the transport is aborted."""
    peer = Peer()
    await peer.open()
    peer.protocol.pause_writing()
    waiting = asyncio.ensure_future(peer.send({"type": "websocket.send", "text": "x"}))
    await peer.settle()
    assert not waiting.done()
    peer.protocol.shutdown()  # the server stops
    await peer.settle()
    with pytest.raises(OSError):  # uvicorn's ClientDisconnected
        waiting.result()
    assert peer.protocol.abort_timer is not None
    peer.protocol.abort_timer.cancel()
    peer.protocol._abort()  # ABORT_AFTER later
    assert peer.transport.aborted


@pytest.mark.asyncio
async def test_frames_sent_before_the_101_wait_for_it():
    peer = Peer()
    peer.protocol.data_received(REQUEST)
    peer.protocol.data_received(masked(websocket.PING, b"early"))
    await peer.settle()
    assert peer.transport.take() == b"" and not peer.transport.reading
    await peer.orders.put({"type": "websocket.accept"})
    await peer.settle()
    answer = peer.transport.take()
    head, _, rest = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 101")
    assert frames_of(rest) == [(websocket.PONG, b"early")]
    assert peer.transport.reading


@pytest.mark.asyncio
async def test_nothing_is_written_for_a_client_gone_before_the_answer():
    peer = Peer()
    peer.protocol.data_received(REQUEST)
    await peer.settle()
    peer.protocol.connection_lost(ConnectionResetError())
    await peer.orders.put(None)  # the app returns without accepting
    await peer.settle()
    assert peer.transport.take() == b""


@pytest.mark.asyncio
async def test_subprotocols_keep_the_clients_order_and_case():
    peer = Peer()
    request = REQUEST.replace(
        b"cookie: a=b", b"sec-websocket-protocol: Zeta.V2, alpha\r\ncookie: a=b"
    )
    peer.protocol.data_received(request)
    await peer.settle()
    assert peer.scope["subprotocols"] == ["Zeta.V2", "alpha"]


@pytest.mark.asyncio
async def test_the_app_cannot_send_a_reserved_close_code():
    peer = Peer()
    await peer.open()
    with pytest.raises(ValueError):
        await peer.send({"type": "websocket.close", "code": 1006})
    assert await peer.read_all() == [] and peer.transport.take() == b""
