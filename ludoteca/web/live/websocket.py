"""The websocket protocol `ludoteca serve` gives uvicorn: RFC 6455, server
side, no extensions, for the table sockets' ASGI app.

uvicorn parses a connection's HTTP request and hands the upgrade to a
websocket protocol class. Its own ones run the `websockets` package's
sans-I/O machine: a frame read through a parser coroutine (3 us), a frame
written through its frame objects (1.4 us), a handshake parsed a second time
(36 us), and reading paused and resumed around every message (two system
calls). Every action reads one frame and writes about five, and every match
opens four sockets, so this module does the same work directly: the frame
header read and written by hand, the payload unmasked by `websockets`' C
helper, reading paused only when something asks it: the app falls behind,
the transport is full, a flood of frames waits for the next turn of the
event loop (docs/performance.md, twenty-second round).

What it does, as uvicorn's protocols do: the handshake checked (GET,
``Upgrade: websocket``, version 13, a 16-byte key) and answered 101, or 403
when the app closes before accepting; text and binary messages, fragmented
or not, up to ``ws_max_size``; text that is not UTF-8 closed with 1007, a
protocol error with 1002, a message too large with 1009; pings answered,
the close handshake both ways (the app's close waits ``CLOSE_TIMEOUT`` for
the peer's); keepalive pings every ``ws_ping_interval``, the connection
closed when no pong comes within ``ws_ping_timeout``; writing paused while
the transport's buffer is full, and a closed connection whose peer reads
nothing more aborted after ``ABORT_AFTER``. Compression (permessage-deflate) is not
offered: with ``LUDOTECA_WS_DEFLATE`` the server runs uvicorn's own.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import logging
import os
import struct
from typing import Any
from urllib.parse import unquote

from uvicorn.protocols.utils import (
    ClientDisconnected,
    get_client_addr,
    get_local_addr,
    get_path_with_query_string,
    get_remote_addr,
    is_ssl,
)

try:
    from websockets.speedups import apply_mask
except ImportError:  # a platform without the C helper
    from websockets.utils import apply_mask

log = logging.getLogger("uvicorn.error")

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
CONT, TEXT, BINARY, CLOSE, PING, PONG = 0x0, 0x1, 0x2, 0x8, 0x9, 0xA
CLOSE_TIMEOUT = 10.0  # seconds the app's close waits for the peer's
# Seconds a closed connection may take to send what it holds; a peer that
# reads nothing more would keep it (and the server's shutdown) forever.
ABORT_AFTER = 2.0
# Messages the app has not read yet before reading the socket pauses.
READ_AHEAD = 16
# Frames read in one turn of the event loop: a flood of tiny frames from one
# peer waits for the next turn rather than hold up every other table.
FRAMES_PER_TURN = 64
# What each fragment of a message counts toward its size limit beyond its
# payload: a stream of empty fragments is not free.
FRAGMENT_COST = 6
# Close codes a peer may send (RFC 6455, 7.4, and IANA's registry, as the
# `websockets` package accepts them), beside the range for applications.
PEER_CODES = frozenset(
    {1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014}
)


def accept_key(key: bytes) -> bytes:
    """The Sec-WebSocket-Accept of a Sec-WebSocket-Key."""
    return base64.b64encode(hashlib.sha1(key + GUID).digest())


def frame(opcode: int, payload: bytes) -> bytes:
    """One unfragmented, unmasked frame (the server's frames are not masked)."""
    size = len(payload)
    if size < 126:
        head = bytes((0x80 | opcode, size))
    elif size < 65536:
        head = struct.pack("!BBH", 0x80 | opcode, 126, size)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 127, size)
    return head + payload


def close_payload(code: int, reason: str = "") -> bytes:
    """A close frame's payload: the code, and at most 123 bytes of reason
    (cut between characters, so it stays UTF-8)."""
    text = reason.encode()[:123].decode(errors="ignore")
    return struct.pack("!H", code) + text.encode()


def valid_code(code: int) -> bool:
    """A close code either side may put in a close frame."""
    return code in PEER_CODES or 3000 <= code <= 4999


class Failed(Exception):
    """The peer broke the protocol: the connection closes with `code`."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code, self.reason = code, reason


class WebSocketProtocol(asyncio.Protocol):
    def __init__(
        self,
        config: Any,
        server_state: Any,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        if not config.loaded:
            config.load()
        self.config = config
        self.app = config.loaded_app
        self.loop = _loop or asyncio.get_event_loop()
        self.app_state = app_state
        self.connections = server_state.connections
        self.tasks = server_state.tasks
        self.default_headers: list[tuple[bytes, bytes]] = server_state.default_headers
        self.max_size: int = config.ws_max_size
        self.transport: asyncio.Transport = None  # type: ignore[assignment]
        self.scope: dict[str, Any] = {}
        self.key = b""  # the client's Sec-WebSocket-Key
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.buffer = bytearray()
        self.fragments: bytearray | None = None  # a message being assembled
        self.fragment_opcode = TEXT
        self.fragment_size = 0
        self.upgraded = False  # the request was read
        self.accepted = False  # the 101 was sent
        self.close_sent = False
        self.close_received = False
        self.disconnected = False
        # Why reading is paused: "app" (its queue is long), "writes" (the
        # transport takes no more: pongs would pile up), "turn" (frames
        # left for the next turn), "handshake" (frames before the 101).
        self.holds: set[str] = set()
        self.reading = True
        self.turn_scheduled = False
        self.writable = asyncio.Event()
        self.writable.set()
        self.close_timer: asyncio.TimerHandle | None = None
        self.abort_timer: asyncio.TimerHandle | None = None
        self.ping_timer: asyncio.TimerHandle | None = None
        self.pong_timer: asyncio.TimerHandle | None = None
        self.ping_payload: bytes | None = None

    # -- the transport's callbacks ----------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.connections.add(self)
        self.transport = transport  # type: ignore[assignment]  # uvloop's too

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_keepalive()
        if not self.close_received:
            self.queue.put_nowait({"type": "websocket.disconnect", "code": 1006})
        self.connections.discard(self)
        self.disconnected = True
        self.writable.set()  # a send waiting for room: it raises now
        for timer in (self.close_timer, self.abort_timer):
            if timer is not None:
                timer.cancel()
        self.close_timer = self.abort_timer = None

    def eof_received(self) -> None:
        """The peer's half-close: returning None lets the transport close
        itself, and `connection_lost` follows."""

    def pause_writing(self) -> None:
        self.writable.clear()
        self._hold_reading("writes", True)

    def resume_writing(self) -> None:
        self.writable.set()
        self._hold_reading("writes", False)

    def data_received(self, data: bytes) -> None:
        if not self.upgraded:
            self.upgraded = True
            self._handshake(data)
            return
        if self.close_received or self.transport.is_closing():
            return
        self.buffer += data
        if not self.accepted:  # a client may not send before the 101: held
            self._hold_reading("handshake", True)
            if len(self.buffer) > self.max_size + 14:
                self._close()
            return
        self._read()

    def _hold_reading(self, why: str, held: bool) -> None:
        """Reading pauses while anything holds it (see `holds`)."""
        if held:
            self.holds.add(why)
        else:
            self.holds.discard(why)
        if self.disconnected or self.transport.is_closing():
            return
        if self.holds and self.reading:
            self.reading = False
            self.transport.pause_reading()
        elif not self.holds and not self.reading:
            self.reading = True
            self.transport.resume_reading()

    def shutdown(self) -> None:
        """The server stops: 1012 (service restart), the client reconnects."""
        self._stop_keepalive()
        if self.accepted and not self.close_sent and not self.disconnected:
            self.queue.put_nowait({"type": "websocket.disconnect", "code": 1012})
            self._send_close(1012, "")
        elif not self.accepted and not self.close_sent:
            self._respond(500, b"Internal Server Error")
        self._close()

    def _close(self) -> None:
        """Close the transport once it has sent what it holds, at most
        ABORT_AFTER from now; a send still waiting for room raises."""
        self.writable.set()
        if not self.transport.is_closing():
            self.transport.close()
        if self.abort_timer is None and not self.disconnected:
            self.abort_timer = self.loop.call_later(ABORT_AFTER, self._abort)

    def _abort(self) -> None:
        self.abort_timer = None
        if not self.disconnected:
            self.transport.abort()

    # -- the handshake -----------------------------------------------------------

    def _handshake(self, request: bytes) -> None:
        """The request as uvicorn hands it over: its request line and
        headers, one ``name: value`` a line (names in lower case)."""
        head = request.split(b"\r\n\r\n", 1)[0]
        first, *lines = head.split(b"\r\n")
        method, target, _ = first.split(b" ", 2)
        headers: list[tuple[bytes, bytes]] = []
        values: dict[bytes, list[bytes]] = {}
        for line in lines:
            name, sep, value = line.partition(b": ")
            if sep:
                headers.append((name.lower(), value))
                values.setdefault(name.lower(), []).append(value)

        def tokens(name: bytes) -> set[bytes]:
            return {
                t.strip().lower() for v in values.get(name, []) for t in v.split(b",")
            }

        key = b"".join(values.get(b"sec-websocket-key", []))
        try:
            key_ok = len(base64.b64decode(key, validate=True)) == 16
        except (binascii.Error, ValueError):
            key_ok = False
        if b"13" not in tokens(b"sec-websocket-version"):
            self._respond(426, b"Upgrade Required", [(b"sec-websocket-version", b"13")])
            return
        if (
            method != b"GET"
            or b"websocket" not in tokens(b"upgrade")
            or b"upgrade" not in tokens(b"connection")
            or not key_ok
        ):
            self._respond(400, b"Bad Request")
            return
        self.key = key
        raw_path, _, query = target.partition(b"?")
        root = self.config.root_path
        self.scope = {
            "type": "websocket",
            "asgi": {"version": self.config.asgi_version, "spec_version": "2.4"},
            "http_version": "1.1",
            "scheme": "wss" if is_ssl(self.transport) else "ws",
            "server": get_local_addr(self.transport),
            "client": get_remote_addr(self.transport),
            "root_path": root,
            "path": root + unquote(raw_path.decode("ascii")),
            "raw_path": root.encode("ascii") + raw_path,
            "query_string": query,
            "headers": headers,
            "subprotocols": [  # in the client's order, as it wrote them
                t.strip().decode("latin-1")
                for v in values.get(b"sec-websocket-protocol", [])
                for t in v.split(b",")
                if t.strip()
            ],
            "state": self.app_state.copy(),
            "extensions": {},
        }
        self.queue.put_nowait({"type": "websocket.connect"})
        task = self.loop.create_task(self._run_asgi())
        task.add_done_callback(self.tasks.discard)
        self.tasks.add(task)

    def _respond(
        self,
        status: int,
        phrase: bytes,
        extra: list[tuple[bytes, bytes]] | None = None,
    ) -> None:
        """An HTTP answer instead of the upgrade; the connection closes."""
        self.close_sent = True
        if self.disconnected or self.transport.is_closing():
            return  # the client went away first
        lines = [b"HTTP/1.1 %d %s" % (status, phrase)]
        for name, value in [*self.default_headers, *(extra or [])]:
            lines.append(name + b": " + value)
        lines += [b"content-length: 0", b"connection: close", b"", b""]
        self.transport.write(b"\r\n".join(lines))
        self._close()

    async def _run_asgi(self) -> None:
        try:
            await self.app(self.scope, self.receive, self.send)
        except ClientDisconnected:
            log.debug("the client left while the app was sending")
        except BaseException:
            log.exception("Exception in ASGI application\n")
            if not self.accepted and not self.close_sent:
                self._respond(500, b"Internal Server Error")
        else:
            if not self.accepted and not self.close_sent and not self.disconnected:
                log.error("ASGI callable returned without completing handshake.")
                self._respond(500, b"Internal Server Error")
        if self.close_timer is None:
            self._close()

    # -- the ASGI side -----------------------------------------------------------

    async def receive(self) -> dict[str, Any]:
        message = await self.queue.get()
        if "app" in self.holds and self.queue.qsize() < READ_AHEAD // 2:
            self._hold_reading("app", False)
        return message

    async def send(self, message: dict[str, Any]) -> None:
        """Returns without waiting while the transport takes data (the table
        sockets write most frames straight through: `socket.Outbox`)."""
        if not self.writable.is_set():
            await self.writable.wait()
        if self.disconnected or self.transport.is_closing():
            raise ClientDisconnected()
        kind = message["type"]
        if not self.accepted:
            if self.close_sent:
                raise ClientDisconnected()
            if kind == "websocket.accept":
                self._accept(message)
            elif kind == "websocket.close":
                self.queue.put_nowait({"type": "websocket.disconnect", "code": 1006})
                log.info(
                    '%s - "WebSocket %s" 403',
                    get_client_addr(self.scope),
                    get_path_with_query_string(self.scope),  # type: ignore[arg-type]
                )
                self._respond(403, b"Forbidden")
            else:
                raise RuntimeError(
                    "Expected ASGI message 'websocket.accept' or"
                    f" 'websocket.close', but got {kind!r}."
                )
            return
        if self.close_sent:
            if kind in ("websocket.send", "websocket.close"):
                raise ClientDisconnected()
            raise RuntimeError(f"Unexpected ASGI message {kind!r} after the close.")
        if kind == "websocket.send":
            text = message.get("text")
            if text is not None:
                self.transport.write(frame(TEXT, text.encode()))
            elif message.get("bytes") is not None:
                self.transport.write(frame(BINARY, message["bytes"]))
        elif kind == "websocket.close":
            code = message.get("code", 1000)
            reason = message.get("reason") or ""
            if not valid_code(code):
                raise ValueError(f"{code} is no close code to send")
            self.queue.put_nowait(
                {"type": "websocket.disconnect", "code": code, "reason": reason}
            )
            self._send_close(code, reason)
            self.close_timer = self.loop.call_later(CLOSE_TIMEOUT, self._close)
        else:
            raise RuntimeError(
                "Expected ASGI message 'websocket.send' or 'websocket.close',"
                f" but got {kind!r}."
            )

    def _accept(self, message: dict[str, Any]) -> None:
        log.info(
            '%s - "WebSocket %s" [accepted]',
            get_client_addr(self.scope),
            get_path_with_query_string(self.scope),  # type: ignore[arg-type]
        )
        lines = [
            b"HTTP/1.1 101 Switching Protocols",
            b"upgrade: websocket",
            b"connection: Upgrade",
            b"sec-websocket-accept: " + accept_key(self.key),
        ]
        for name, value in [*self.default_headers, *message.get("headers", [])]:
            lines.append(name + b": " + value)
        if message.get("subprotocol"):
            lines.append(b"sec-websocket-protocol: " + message["subprotocol"].encode())
        lines += [b"", b""]
        self.accepted = True
        if self.transport.is_closing():
            return
        self.transport.write(b"\r\n".join(lines))
        self._schedule_ping()
        if "handshake" in self.holds:  # what the client sent too early
            self._hold_reading("handshake", False)
            self._read()

    # -- frames in ---------------------------------------------------------------

    def _read(self) -> None:
        """The frames the buffer holds; past FRAMES_PER_TURN of them, the
        rest in the next turn of the event loop (reading held meanwhile)."""
        try:
            more = self._read_frames()
        except Failed as failed:
            self._fail(failed.code, failed.reason)
            return
        if more and not self.turn_scheduled:
            self.turn_scheduled = True
            self.loop.call_soon(self._next_turn)
        self._hold_reading("turn", more)

    def _next_turn(self) -> None:
        self.turn_scheduled = False
        if not (self.close_received or self.disconnected):
            self._read()

    def _read_frames(self) -> bool:
        """Read frames; True when it stopped at FRAMES_PER_TURN with more
        of the buffer to read."""
        buffer = self.buffer
        count = 0
        while len(buffer) >= 2:
            if count == FRAMES_PER_TURN:
                return True
            count += 1
            first, second = buffer[0], buffer[1]
            size, start = second & 0x7F, 2
            if size == 126:
                if len(buffer) < 4:
                    return False
                size, start = int.from_bytes(buffer[2:4], "big"), 4
            elif size == 127:
                if len(buffer) < 10:
                    return False
                size, start = int.from_bytes(buffer[2:10], "big"), 10
            fin, opcode = first & 0x80, first & 0x0F
            if first & 0x70:
                raise Failed(1002, "reserved bits set")
            if not second & 0x80:
                raise Failed(1002, "a client's frame must be masked")
            if opcode >= CLOSE and (not fin or size > 125):
                raise Failed(1002, "a control frame too long or fragmented")
            if opcode < CLOSE and self.fragment_size + size > self.max_size:
                raise Failed(1009, "message too big")
            end = start + 4 + size
            if len(buffer) < end:
                return False
            payload = apply_mask(
                bytes(buffer[start + 4 : end]), bytes(buffer[start : start + 4])
            )
            del buffer[:end]
            self._on_frame(opcode, bool(fin), payload)
            if self.close_received:
                return False
        return False

    def _on_frame(self, opcode: int, fin: bool, payload: bytes) -> None:
        if opcode in (TEXT, BINARY):
            if self.fragments is not None:
                raise Failed(1002, "a new message inside a fragmented one")
            if fin:
                self._deliver(opcode, payload)
                return
            self.fragments, self.fragment_opcode = bytearray(payload), opcode
            self.fragment_size = len(payload) + FRAGMENT_COST
        elif opcode == CONT:
            if self.fragments is None:
                raise Failed(1002, "a continuation without a message")
            self.fragments += payload
            self.fragment_size += len(payload) + FRAGMENT_COST
            if fin:
                whole = bytes(self.fragments)
                self.fragments, self.fragment_size = None, 0
                self._deliver(self.fragment_opcode, whole)
        elif opcode == PING:
            if not self.close_sent:
                self.transport.write(frame(PONG, payload))
        elif opcode == PONG:
            if self.ping_payload is not None and payload == self.ping_payload:
                self._pong()
        elif opcode == CLOSE:
            self._on_close(payload)
        else:
            raise Failed(1002, "unknown opcode")

    def _deliver(self, opcode: int, payload: bytes) -> None:
        if self.close_sent:  # past the app's close: only the peer's close counts
            return
        if opcode == TEXT:
            try:
                text = payload.decode()
            except UnicodeDecodeError:
                raise Failed(1007, "invalid UTF-8") from None
            self.queue.put_nowait({"type": "websocket.receive", "text": text})
        else:
            self.queue.put_nowait({"type": "websocket.receive", "bytes": payload})
        if self.queue.qsize() >= READ_AHEAD:
            self._hold_reading("app", True)

    def _on_close(self, payload: bytes) -> None:
        code, reason = 1005, ""
        if len(payload) == 1:
            raise Failed(1002, "a close frame of one byte")
        if payload:
            code = int.from_bytes(payload[:2], "big")
            if not valid_code(code):
                raise Failed(1002, "invalid close code")
            try:
                reason = payload[2:].decode()
            except UnicodeDecodeError:
                raise Failed(1007, "invalid UTF-8 in the close reason") from None
        self.close_received = True
        if not self.close_sent:  # the peer's close: answered, then gone
            self.queue.put_nowait(
                {"type": "websocket.disconnect", "code": code, "reason": reason}
            )
            self._send_close(1000 if code == 1005 else code, "")
        self._close()

    def _fail(self, code: int, reason: str) -> None:
        """The peer broke the protocol: close with `code`, at once."""
        if not self.close_received:
            self.close_received = True  # nothing more is read from it
            self.queue.put_nowait(
                {"type": "websocket.disconnect", "code": code, "reason": reason}
            )
        if not self.close_sent:
            self._send_close(code, reason)
        self._close()

    def _send_close(self, code: int, reason: str) -> None:
        self.close_sent = True
        self._stop_keepalive()
        self.transport.write(frame(CLOSE, close_payload(code, reason)))
        self._hold_reading("app", False)  # the peer's close must still be read

    # -- keepalive ---------------------------------------------------------------

    def _schedule_ping(self) -> None:
        interval = self.config.ws_ping_interval
        if interval:
            self.ping_timer = self.loop.call_later(interval, self._ping)

    def _ping(self) -> None:
        self.ping_timer = None
        if self.close_sent or self.transport.is_closing():
            return
        self.ping_payload = os.urandom(4)
        self.transport.write(frame(PING, self.ping_payload))
        timeout = self.config.ws_ping_timeout
        if timeout:
            self.pong_timer = self.loop.call_later(timeout, self._no_pong)
        else:
            self._schedule_ping()

    def _pong(self) -> None:
        self.ping_payload = None
        if self.pong_timer is not None:
            self.pong_timer.cancel()
            self.pong_timer = None
            self._schedule_ping()

    def _no_pong(self) -> None:
        self.pong_timer = None
        self._fail(1011, "keepalive ping timeout")

    def _stop_keepalive(self) -> None:
        for timer in (self.ping_timer, self.pong_timer):
            if timer is not None:
                timer.cancel()
        self.ping_timer = self.pong_timer = None
        self.ping_payload = None
