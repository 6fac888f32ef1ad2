"""The table sockets: a plain ASGI websocket app, no Channels.

``/ws/play/<id>/`` serves a seated player, ``/ws/watch/<id>/`` a spectator,
who only ever receives the spectator view. The handshake checks the origin
(`play.origin`), reads the session once through Django's own session and
auth, and finds the table's actor (taking the table if this process has
none). Frames in are parsed (`play.protocol`) and handled one at a time;
frames out go to the connection at once, or queue behind a send that has
to wait (`Outbox`), so the actor's fan-out never waits for a slow reader,
and a socket that falls too far behind is closed (its client reconnects and
resyncs with hello). Each socket remembers the last version it was sent:
whatever made the table move, it sends the events its seat may see since
then and its fresh view (or the whole state when it is too far behind).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import re
import time
from datetime import timedelta
from http.cookies import SimpleCookie
from typing import Any

from django.conf import settings
from django.contrib.auth import (
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user,
    get_user_model,
)
from django.contrib.auth.backends import ModelBackend
from django.contrib.sessions.backends.base import SessionBase
from django.db import DatabaseError
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare

from ludoteca.web.live import changes, frames, owners
from ludoteca.web.live.actor import TableActor, Unavailable
from ludoteca.web.play import games, limits, origin, protocol, rows
from ludoteca.web.play.models import ChatMessage, Table

log = logging.getLogger("ludoteca.socket")

ROUTE = re.compile(r"^/ws/(play|watch)/(\d+)/$")
HEARTBEAT_WRITE = 15.0  # seconds between last_seen writes
SAME, MOVED, GONE = "same", "moved", "gone"  # see `_follow_seat`


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """The ASGI application of the table sockets."""
    if scope["type"] != "websocket":
        raise ValueError("the table sockets serve websockets only")
    found = ROUTE.match(scope.get("path", ""))
    first = await receive()
    if first["type"] != "websocket.connect":
        return
    if found is None or not origin.allowed(scope):
        await send({"type": "websocket.close", "code": 1008})  # refused: 403
        return
    socket = TableSocket(scope, receive, send, int(found[2]), found[1] == "watch")
    await socket.serve()


def _language(scope: dict[str, Any], cookies: dict[str, str]) -> str:
    known = {code for code, _ in settings.LANGUAGES}
    lang = cookies.get(settings.LANGUAGE_COOKIE_NAME, "").lower()
    if lang in known:
        return lang
    for name, value in scope.get("headers", []):
        if name == b"accept-language":
            for part in value.decode("latin-1").split(","):
                code = part.split(";")[0].strip().lower()
                if code in known:
                    return code
                if code.split("-")[0] in known:
                    return code.split("-")[0]
    return str(settings.LANGUAGE_CODE)


def _cookies(scope: dict[str, Any]) -> dict[str, str]:
    jar: SimpleCookie = SimpleCookie()
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            with contextlib.suppress(Exception):
                jar.load(value.decode("latin-1"))
    return {key: morsel.value for key, morsel in jar.items()}


class _Request:
    """What `django.contrib.auth.get_user` reads of a request."""

    def __init__(self, session: SessionBase) -> None:
        self.session = session


def _user_of(session_key: str) -> tuple[Any, SessionBase]:
    from importlib import import_module

    engine = import_module(settings.SESSION_ENGINE)
    session = engine.SessionStore(session_key or None)
    user = _verified_user(session)
    if user is None:  # anything but the plain case: as Django does it
        user = get_user(_Request(session))  # type: ignore[arg-type]
    return user, session


MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def _verified_user(session: SessionBase) -> Any:
    """The session's user when `django.contrib.auth.get_user` would find it
    by the plainest road: logged in through Django's own backend, active,
    the session's hash made with the current secret. Read with one plain
    SELECT (`rows.select`, the ORM's `get` costs several times as much, and
    every table socket's handshake asks); None for every other case (no
    user, an old secret, a changed password), which `get_user` then answers
    as it always does (flushing the session, say)."""
    try:
        user_id = session[SESSION_KEY]
        backend = session[BACKEND_SESSION_KEY]
    except KeyError:
        return None
    if backend != MODEL_BACKEND or backend not in settings.AUTHENTICATION_BACKENDS:
        return None
    session_hash = session.get(HASH_SESSION_KEY)
    if not session_hash:
        return None
    model = get_user_model()
    pk = model._meta.pk
    found = rows.select(model, None, (f"{pk.column} =",), [pk.to_python(user_id)])
    user = found[0] if found else None
    if user is None or not ModelBackend().user_can_authenticate(user):
        return None
    if not constant_time_compare(session_hash, user.get_session_auth_hash()):
        return None
    return user


def _recent_chat(table_id: int, channels: list[str] | None = None) -> list[ChatMessage]:
    if channels is None:  # every hello: one plain SELECT, not the ORM's
        return rows.recent_chat(table_id, 50)
    lines = ChatMessage.objects.filter(table_id=table_id)
    lines = lines.filter(channel__in=channels, notice="")
    return list(lines.order_by("-id")[:50])[::-1]


def _hello_reads(
    table_id: int, user_id: int | None
) -> tuple[list[ChatMessage], frozenset[str]]:
    """What a hello reads, in one trip to a database thread: the chat
    history, and the authors the user muted."""
    history = _recent_chat(table_id)
    if user_id is None or not changes.chat_hidden:
        return history, frozenset()
    return history, _hidden_authors(user_id)


def _hidden_authors(user_id: int) -> frozenset[str]:
    return frozenset(name for hook in changes.chat_hidden for name in hook(user_id))


def _chat_allowed(table: Table, user_id: int | None) -> None:
    for check in changes.chat_checks:
        check(table, user_id)


class Outbox:
    """A socket's frames out, in order, at most `limit` of them waiting.

    A frame goes to the connection at once when nothing waits before it:
    uvicorn's send returns without yielding while its transport takes data,
    so most frames cost no task switch at all (a writer task per socket, woken
    for every frame, was a tenth of an action's CPU). A send that has to wait
    (the transport paused: a slow reader) is finished by a task, and what is
    put meanwhile queues behind it; past `limit`, `put` raises
    `asyncio.QueueFull`. A connection that is gone takes nothing more."""

    def __init__(self, send: Any, limit: int) -> None:
        self.send = send
        self.limit = limit
        self.backlog: collections.deque[dict[str, Any]] | None = None
        self.task: asyncio.Future[None] | None = None
        self.gone = False

    def put(self, message: dict[str, Any]) -> None:
        if self.gone:
            return
        backlog = self.backlog
        if backlog is not None:  # a send waits: behind it
            if len(backlog) >= self.limit:
                raise asyncio.QueueFull
            backlog.append(message)
            return
        if message["type"] != "websocket.send":
            # A close, in a task of its own: some servers' close waits for
            # the peer under a timeout that belongs to the task running it
            # (uvicorn's `websockets` implementation), and a close may be
            # asked outside any task (an actor letting its table go).
            self._start(self.send(message))
            return
        sending = self.send(message)
        try:
            waiting = sending.send(None)
        except StopIteration:
            return
        except Exception as error:  # the connection is gone: its receive says so
            self._lost(error)
            return
        self._start(_Rest(sending, waiting))

    def _start(self, first: Any) -> None:
        self.backlog = collections.deque()
        self.task = asyncio.ensure_future(self._drain(first))

    async def _drain(self, first: Any) -> None:
        """The send that had to wait (or a close), then what queued behind."""
        try:
            await first
            while self.backlog:
                await self.send(self.backlog.popleft())
        except Exception as error:
            self._lost(error)
        finally:
            self.backlog = None
            self.task = None

    def _lost(self, error: Exception) -> None:
        self.gone = True
        log.debug("a socket's send failed (%s): nothing more is sent", error)

    def cancel(self) -> None:
        """Nothing more is sent (the socket closed, or fell behind)."""
        self.gone = True
        self.backlog = None
        if self.task is not None:
            # Let go of it too: a cancelled task keeps its traceback, which
            # holds the socket, and the cycle would wait for the collector.
            self.task.cancel()
            self.task = None


class _Rest:
    """The rest of a send that yielded: the future it waits on handed to the
    awaiting task, the send run on after it, and whatever is thrown into the
    task (a cancellation) thrown into the send."""

    def __init__(self, sending: Any, waiting: Any) -> None:
        self.sending, self.waiting = sending, waiting

    def __await__(self) -> Any:
        sending, waiting = self.sending, self.waiting
        while True:
            try:
                yield waiting
            except BaseException as thrown:
                try:
                    waiting = sending.throw(thrown)
                except StopIteration:
                    return
                continue
            try:
                waiting = sending.send(None)
            except StopIteration:
                return


class TableSocket:
    def __init__(
        self, scope: dict[str, Any], receive: Any, send: Any, table_id: int, watch: bool
    ) -> None:
        self.scope, self.receive, self.send_asgi = scope, receive, send
        self.table_id = table_id
        self.spectator = watch
        cookies = _cookies(scope)
        self.session_key = cookies.get(settings.SESSION_COOKIE_NAME, "")
        self.lang = _language(scope, cookies)
        self.version = -1  # nothing sent yet
        self.status = ""  # the table's status in the last view sent
        self.seat: int | None = None
        self.users_seen: list[int | None] | None = None  # where `seat` was found
        self.user: Any = None
        self.user_id: int | None = None
        self.who = ""
        self.ready = False
        self.closing = False
        self.readable: dict[str, str] = {}  # the channels last sent
        self.hidden: frozenset[str] = frozenset()  # authors whose chat is hidden
        self.outbox = Outbox(send, settings.LUDOTECA_SOCKET_QUEUE)
        self.last_heartbeat = time.monotonic()
        self.actor: TableActor | None = None
        self.owner: owners.Owner | None = None
        self.said_meanwhile: list[ChatMessage] | None = None  # during hello
        self.handling = False  # a frame in is being handled
        self.close_after: int | None = None  # then close with this code

    # -- the connection --------------------------------------------------------

    async def serve(self) -> None:
        try:
            if not await self._open():
                return
            while True:
                message = await self.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if message["type"] == "websocket.receive":
                    await self._on_frame(message.get("text"))
        finally:
            await self._closed()

    async def _open(self) -> bool:
        """The handshake: who, which seat, the table's actor; False when the
        socket was refused (and closed)."""
        self.owner = await owners.get()
        try:
            self.user, session = await self.owner.in_thread(_user_of, self.session_key)
            self.actor = await self.owner.actor(self.table_id)
        except Table.DoesNotExist:
            await self.send_asgi({"type": "websocket.close", "code": 4404})
            return False
        except DatabaseError as error:
            log.warning("table %s: no database for a socket: %s", self.table_id, error)
            await self.send_asgi({"type": "websocket.close", "code": 1013})
            return False
        user = self.user
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        live = self.actor.live
        invited = bool(session.get(f"invite-{self.table_id}"))
        if not self._visible(live.table, invited):
            # No such table, or a private one: the same answer.
            await self.send_asgi({"type": "websocket.close", "code": 4404})
            return False
        if not self.spectator:
            self.seat = self._seat_of_user(self.actor.snap)
            if self.seat is None:
                await self._refuse_open("not_your_seat", 4403)
                return False
        self.who = limits.person(self.user_id, self.scope)
        mine = sum(getattr(s, "who", None) == self.who for s in self.actor.sockets)
        if mine >= settings.LUDOTECA_SOCKETS_PER_TABLE:
            await self._refuse_open("too_many_sockets", 4429)
            return False
        await self.send_asgi({"type": "websocket.accept"})
        self.actor.sockets.add(self)
        if self.seat is not None:
            await self._presence(True)
        return True

    def _visible(self, table: Table, invited: bool) -> bool:
        """As the table's page says: a private table only with its
        invitation, for its maker or in a seat."""
        if not table.private or invited:
            return True
        assert self.actor is not None
        return self.user_id is not None and (
            table.created_by_id == self.user_id
            or any(s.user_id == self.user_id for s in self.actor.live.seats)
        )

    async def _refuse_open(self, code: str, close: int) -> None:
        await self.send_asgi({"type": "websocket.accept"})
        await self.send_asgi({"type": "websocket.send", "text": self._error(code)})
        await self.send_asgi({"type": "websocket.close", "code": close})

    async def _closed(self) -> None:
        self.outbox.cancel()
        actor, owner = self.actor, self.owner
        if actor is None or owner is None or self not in actor.sockets:
            return
        actor.sockets.discard(self)
        try:
            if self.seat is not None and not actor.seat_sockets(self.seat):
                await self._presence(False)
                await self._on_seat_gone()
        except Exception:
            log.exception("table %s: presence update failed", self.table_id)
        owner.release_if_idle(actor)

    async def _presence(self, connected: bool) -> None:
        assert self.actor is not None and self.seat is not None
        seat, user_id = self.seat, self.user_id
        with contextlib.suppress(Unavailable):
            await self.actor.change(
                lambda live: changes.presence(live, seat, connected, user_id)
            )

    async def _on_seat_gone(self) -> None:
        """The game's own answer to a seat going away (Piles!: the pile in
        hand goes back down), applied like the player's action."""
        assert self.actor is not None and self.seat is not None
        snap = self.actor.snap
        if snap.status != Table.PLAYING or snap.state is None:
            return
        hook = games.disconnect_action(snap.game)
        action = hook(snap.state, self.seat) if hook is not None else None
        if action is None:
            return
        seat, user_id = self.seat, self.user_id
        with contextlib.suppress(changes.Refused, Unavailable):
            await self.actor.change(
                lambda live: changes.act(
                    live, seat, action, None, user_id=user_id, limited=False
                )
            )

    # -- inbound ---------------------------------------------------------------

    async def _on_frame(self, text: str | None) -> None:
        if self.closing:
            return
        limit, window = settings.LUDOTECA_FRAME_RATE
        if not limits.local.allow(f"frames:{self.who}", limit, window):
            self.push(self._error("rate_limited"))
            return
        try:
            message = protocol.parse(text, settings.LUDOTECA_MAX_MESSAGE)
        except protocol.BadFrame as bad:
            self.push(self._error(bad.code))
            return
        handler = getattr(self, f"handle_{message.type}")
        self.handling = True
        try:
            await handler(message)
        except DatabaseError as error:
            # PostgreSQL restarting, say: nothing was half done. Say so; the
            # client may simply try again.
            log.warning("table %s: database unreachable: %s", self.table_id, error)
            self.send_unavailable(message.data.get("ref"))
            if not self.ready:
                # The hello went unanswered: this socket has no state to
                # play from. Closed, the client comes back and says hello
                # again (left open, it would wait for a state forever).
                self.close_after = 1013
        finally:
            self.handling = False
            if self.close_after is not None:
                self.close_soon(self.close_after)

    async def handle_hello(self, message: protocol.Inbound) -> None:
        """The first frame: the last version this client saw (or none). The
        answer is the table's state (or the events since that version) with
        the chat history right after it, and then every line said meanwhile."""
        assert self.actor is not None and self.owner is not None
        self.said_meanwhile = []
        history, self.hidden = await self.owner.in_thread(
            _hello_reads, self.table_id, self.user_id
        )
        snap = self.actor.snap
        since = message.version if message.version is not None else -1
        self.ready = True
        if 0 <= since <= snap.version and snap.has_events_since(since):
            self._send_update(snap, since)
        else:
            self._send_state(snap)
        known = {line.pk for line in history}
        later = [line for line in self.said_meanwhile if line.pk not in known]
        self.said_meanwhile = None
        self._send_history([*history, *later])
        self.actor.bots.drive()

    def _send_history(self, history: list[ChatMessage]) -> None:
        assert self.actor is not None
        snap = self.actor.snap
        for line in history:
            if self._may_read(snap, line):
                self.push(protocol.frame("chat", None, self._chat(line, snap)))

    async def handle_ping(self, message: protocol.Inbound) -> None:
        assert self.actor is not None
        now = time.monotonic()
        if self.seat is not None and now - self.last_heartbeat > HEARTBEAT_WRITE:
            self.last_heartbeat = now
            seat, user_id = self.seat, self.user_id
            with contextlib.suppress(Unavailable):
                await self.actor.change(
                    lambda live: changes.heartbeat(live, seat, user_id)
                )
        self.push(protocol.frame("pong", None, {"now": int(time.time() * 1000)}))

    async def handle_act(self, message: protocol.Inbound) -> None:
        assert self.actor is not None
        ref = message.data.get("ref")
        if self.seat is None:
            self.send_refused("spectator", ref)
            return
        seat, user_id = self.seat, self.user_id
        action, version = message.data["action"], message.version

        def ack(change: changes.Change) -> None:
            # Before the update of its version, which follows at once.
            self.push(protocol.frame("ack", change.version, {"ref": ref}))

        await self._answered(
            lambda live: changes.act(live, seat, action, version, user_id=user_id),
            ref,
            on_commit=ack,
        )

    async def _answered(
        self, make: Any, ref: Any = None, on_commit: Any = None
    ) -> None:
        """A change through the table's actor, its refusal answered here (the
        seat followed when the user holds another now, the fresh view after a
        stale action), or `unavailable` when it could not be stored."""
        assert self.actor is not None
        try:
            await self.actor.change(make, on_commit)
        except Unavailable as error:
            log.warning("table %s: change not saved: %s", self.table_id, error)
            self.send_unavailable(ref)
        except changes.Refused as refusal:
            self.send_refused(refusal.code, ref, refusal.params, refusal.message)
            if refusal.code == "not_your_seat":
                self._seat_moved()
            if refusal.code == "stale_version":
                self._send_fresh(self.actor.snap)

    async def _seat_change_allowed(self) -> bool:
        """Leaving and taking a seat back post a notice to everyone: a few a
        minute per person and table."""
        assert self.owner is not None
        limit, window = settings.LUDOTECA_SEAT_CHANGE_RATE
        key = f"seat:{self.who}:{self.table_id}"
        if await limits.allow(self.owner.redis, key, limit, window):
            return True
        self.send_refused("rate_limited", None)
        return False

    async def handle_leave(self, message: protocol.Inbound) -> None:
        await self._seat_change(changes.leave)

    async def handle_reclaim(self, message: protocol.Inbound) -> None:
        await self._seat_change(changes.reclaim)

    async def _seat_change(self, change: Any) -> None:
        assert self.actor is not None
        if self.seat is None or self.user_id is None:
            self.send_refused("spectator", None)
            return
        if not await self._seat_change_allowed():
            return
        seat, user_id = self.seat, self.user_id
        await self._answered(lambda live: change(live, seat, user_id))

    async def handle_chat(self, message: protocol.Inbound) -> None:
        assert self.actor is not None and self.owner is not None
        text = message.data["text"].strip()
        channel = message.data.get("channel", "table")
        if not text:
            self.send_refused("empty_chat", None)
            return
        if len(text) > settings.LUDOTECA_CHAT_MAX:
            self.send_refused("chat_too_long", None)
            return
        if self.user_id is None:
            self.send_refused("chat_closed", None)
            return
        limit, window = settings.LUDOTECA_CHAT_RATE
        joined = getattr(self.user, "date_joined", None)
        if joined is not None and timezone.now() - joined < timedelta(
            hours=settings.LUDOTECA_NEW_ACCOUNT_HOURS
        ):
            limit, window = settings.LUDOTECA_NEW_ACCOUNT_CHAT_RATE
        if not await limits.allow(self.owner.redis, f"chat:{self.who}", limit, window):
            self.send_refused("rate_limited", None)
            return
        seat, user_id, author = self.seat, self.user_id, self.user.get_username()
        if changes.chat_checks:
            try:  # a moderator's mute, say (read from the database)
                await self.owner.in_thread(
                    _chat_allowed, self.actor.live.table, user_id
                )
            except changes.Refused as refusal:
                self.send_refused(refusal.code, None)
                return
        await self._answered(
            lambda live: changes.chat(live, seat, author, channel, text, user_id)
        )

    # -- outbound (called by the actor, on the event loop, never waiting) ------

    def on_version(self, snap: frames.Snapshot) -> None:
        if not self.ready or self.closing or snap.version <= self.version:
            return
        before = self.readable  # never changed in place, only replaced
        if snap.has_events_since(self.version):
            self._send_update(snap, self.version)
        else:
            self._send_state(snap)
        if self.readable.keys() == before.keys():  # the same channels, mostly
            return
        opened = sorted(self.readable.keys() - before.keys())
        if opened and self.owner is not None:
            # A channel this seat may read now (the dead chat, a will revealed
            # at death): its earlier lines follow.
            self.owner.spawn(self._history_of(opened))

    async def _history_of(self, channels: list[str]) -> None:
        assert self.owner is not None
        with contextlib.suppress(DatabaseError):
            lines = await self.owner.in_thread(_recent_chat, self.table_id, channels)
            self._send_history(lines)

    def on_seats(self, snap: frames.Snapshot) -> None:
        if not self.ready or self.closing:
            return
        found = self._follow_seat(snap)
        if found == GONE:
            return
        if found == MOVED or (snap.status != self.status and self.status):
            # Re-bound to the seat the user holds now, or the match was
            # dealt: the whole picture for that seat.
            self._send_state(snap)
            return
        seats = snap.public_seats(self.lang)
        self.push(protocol.frame("seats", None, {"seats": seats, "clock": snap.clock}))

    def on_chat(self, line: ChatMessage, snap: frames.Snapshot) -> None:
        if not self.ready and self.said_meanwhile is not None:
            self.said_meanwhile.append(line)  # sent after the history
        if not self.ready or self.closing:
            return
        found = self._follow_seat(snap)
        if found == GONE:
            return
        if found == MOVED:
            self._send_state(snap)
        if self._may_read(snap, line):
            self.push(protocol.frame("chat", None, self._chat(line, snap)))

    # -- the seat follows the user ---------------------------------------------

    def _seat_of_user(self, snap: frames.Snapshot) -> int | None:
        if self.user_id is None:
            return None
        return next((i for i, u in enumerate(snap.users) if u == self.user_id), None)

    def _follow_seat(self, snap: frames.Snapshot) -> str:
        """Which seat this play socket speaks for at `snap`: the one its user
        holds there. A socket outlives the seat it was opened on (its user
        left and took another, a table was dealt since); no frame is ever
        built for a seat its user does not hold."""
        if self.closing:
            return GONE
        if self.spectator or snap.users is self.users_seen:
            return SAME
        seat = self._seat_of_user(snap)
        if seat == self.seat:
            # Kept by the next snapshots while the same people hold the seats.
            self.users_seen = snap.users
            return SAME
        if seat is None:
            self._close_seat_lost()
            return GONE
        log.info("table %s: a socket follows its user to seat %s", self.table_id, seat)
        self.seat = seat
        self.users_seen = snap.users
        self.version = -1
        self.readable = {}
        return MOVED

    def _seat_moved(self) -> None:
        """After a refusal for a seat the user no longer holds: follow the
        user (a fresh state for the new seat, or the socket closes)."""
        assert self.actor is not None
        snap = self.actor.snap
        if self._follow_seat(snap) == MOVED:
            self._send_state(snap)

    def _close_seat_lost(self) -> None:
        if self.actor is not None:
            self.actor.sockets.discard(self)
        self.push(self._error("seat_lost"))
        self.close_soon(4403)

    # -- the outbox ------------------------------------------------------------

    def push(self, text: str) -> None:
        """Send a frame, after those before it."""
        if self.closing:
            return
        try:
            self.outbox.put({"type": "websocket.send", "text": text})
        except asyncio.QueueFull:
            self._fell_behind()

    def close_soon(self, code: int) -> None:
        """Close once the frames before are written (and the answer to the
        frame being handled)."""
        if self.closing:
            return
        if self.handling:
            self.close_after = code
            return
        try:
            self.outbox.put({"type": "websocket.close", "code": code})
        except asyncio.QueueFull:
            self._fell_behind()
        self.closing = True

    def _fell_behind(self) -> None:
        """The socket does not read what it is sent: drop it from the table
        and close it in the background, whatever it still has to read."""
        if self.outbox.gone:
            return
        self.closing = True
        log.warning("table %s: a socket fell behind; closing it", self.table_id)
        if self.actor is not None:
            self.actor.sockets.discard(self)
        self.outbox.cancel()
        if self.owner is not None:
            self.owner.spawn(self._close_slow())

    async def _close_slow(self) -> None:
        # The server's websocket gives the close frame its own time, then
        # drops the connection.
        with contextlib.suppress(Exception):
            await self.send_asgi({"type": "websocket.close", "code": 4408})

    # -- frames ----------------------------------------------------------------

    def _chat(self, line: ChatMessage, snap: frames.Snapshot) -> dict[str, Any]:
        with translation.override(self.lang):
            return frames.chat_entry(line, snap.names, self.lang, snap.game)

    def _may_read(self, snap: frames.Snapshot, line: ChatMessage) -> bool:
        """Only channels the seat may read at this snapshot (spectators: the
        public ones), but not a person's line its user muted; notices are the
        platform's and go to every socket."""
        if line.notice:
            return True
        if line.seat is not None and line.author in self.hidden:
            return False
        return line.channel in frames.chat_channels(snap, self.seat)

    def _send_state(self, snap: frames.Snapshot) -> None:
        if self._follow_seat(snap) == GONE:
            return
        self.version = snap.version
        self.status = snap.status
        text, self.readable = frames.state_frame(snap, self.seat, self.lang)
        self.push(text)

    def _send_fresh(self, snap: frames.Snapshot) -> None:
        """After a stale action: the fresh view in an `update` with only the
        events this socket was not sent yet, else a `state`."""
        if 0 <= self.version <= snap.version and snap.has_events_since(self.version):
            self._send_update(snap, self.version)
        elif snap.version > self.version:
            self._send_state(snap)

    def _send_update(self, snap: frames.Snapshot, since: int) -> None:
        found = self._follow_seat(snap)
        if found == GONE:
            return
        if found == MOVED:
            self._send_state(snap)
            return
        self.version = snap.version
        self.status = snap.status
        text, self.readable = frames.update_frame(snap, self.seat, self.lang, since)
        self.push(text)

    def _error(self, code: str) -> str:
        with translation.override(self.lang):
            text = games.refusal_text(None, code, {}, [])
        return protocol.frame("error", None, {"code": code, "text": text, "ref": None})

    def send_unavailable(self, ref: Any) -> None:
        """The database cannot be reached: refused without reading it."""
        with translation.override(self.lang):
            text = games.refusal_text(None, "unavailable", {}, [])
        self.push(
            protocol.frame(
                "refused",
                self.version if self.version >= 0 else None,
                {"code": "unavailable", "text": text, "params": {}, "ref": ref},
            )
        )

    def send_refused(
        self,
        code: str,
        ref: Any,
        params: dict[str, Any] | None = None,
        message: str = "",
    ) -> None:
        assert self.actor is not None
        snap = self.actor.snap
        with translation.override(self.lang):
            text = games.refusal_text(
                snap.game, code, params or {}, snap.names, message
            )
        self.push(
            protocol.frame(
                "refused",
                snap.version,
                {"code": code, "text": text, "params": params or {}, "ref": ref},
            )
        )
