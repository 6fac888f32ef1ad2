"""The table sockets: parse and authenticate, then hand over to check_/do_.

`PlayConsumer` serves a seated player (``/ws/play/<id>/``), `WatchConsumer` a
spectator (``/ws/watch/<id>/``), who only ever receives the spectator view.
Each socket remembers the last version it sent, so whether an update comes
from its own action, another player, a bot or another process, it sends the
missing events its seat may see and its fresh view (or the full state when it
is too far behind).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import timedelta
from typing import Any

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError
from django.utils import timezone, translation

from ludoteca.web.play import actions, games, limits, protocol, runtime, snapshot
from ludoteca.web.play.models import ChatMessage, Seat, Table

log = logging.getLogger("ludoteca.socket")

HEARTBEAT_WRITE = 15.0  # seconds between last_seen writes
# What `_follow_seat` finds: the user still holds the socket's seat, holds
# another one now (the socket is re-bound to it), or holds none (it closes).
SAME, MOVED, GONE = "same", "moved", "gone"


def _language(scope: dict[str, Any]) -> str:
    cookies = scope.get("cookies") or {}
    lang = cookies.get(settings.LANGUAGE_COOKIE_NAME, "")
    known = {code for code, _ in settings.LANGUAGES}
    if lang.lower() in known:
        return lang.lower()
    for name, value in scope.get("headers", []):
        if name == b"accept-language":
            for part in value.decode("latin-1").split(","):
                code = part.split(";")[0].strip().lower()
                if code in known:
                    return code
                if code.split("-")[0] in known:
                    return code.split("-")[0]
    return settings.LANGUAGE_CODE


def _seat_of(
    table_id: int, user_id: int | None, session: Any
) -> tuple[bool, int | None]:
    """Whether the user may look at the table (as its page says: a private
    table only with its invitation, as its maker or in a seat), and their seat."""
    table = Table.objects.filter(pk=table_id).first()
    invited = session is not None and bool(session.get(f"invite-{table_id}"))
    if table is None or not table.visible_to(user_id, invited):
        return False, None
    if user_id is None:
        return True, None
    seat = Seat.objects.filter(table_id=table_id, user_id=user_id).first()
    return True, None if seat is None else seat.index


class TableConsumer(AsyncWebsocketConsumer):
    spectator = False
    # The hub delivers every table notice: no channel-layer mailbox (and its
    # waiting task) per socket.
    channel_layer_alias = None

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' own dispatch first hops to a worker thread to close stale
        database connections, on every frame; every database call here goes
        through ``database_sync_to_async``, which does that in its own hop,
        so a frame that needs no database (a ping, the fan-out) needs none."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        self.lang = _language(self.scope)
        self.version = -1  # nothing sent yet
        self.status = ""  # the table's status in the last view sent
        self.seat: int | None = None
        self.user_id: int | None = None
        self.closing = False
        # Frames wait here for this socket's writer: the fan-out never awaits
        # a socket that reads slowly, and one that falls too far behind is
        # closed (its client reconnects and resyncs with hello).
        self.outbox: asyncio.Queue[str | int] | None = None
        self.writer: asyncio.Task[None] | None = None
        self.send_lock = asyncio.Lock()
        self.last_heartbeat = time.monotonic()  # connecting marks presence
        self.ready = False
        self.readable: dict[str, str] = {}  # the channels last sent
        # Authors whose chat this socket's user hides (muted for themselves),
        # read at the hello: `actions.chat_hidden`.
        self.hidden: frozenset[str] = frozenset()
        user = self.scope.get("user")
        user_id = user.pk if user is not None and user.is_authenticated else None
        visible, seat = await database_sync_to_async(_seat_of)(
            self.table_id, user_id, self.scope.get("session")
        )
        if not visible:  # no such table, or a private one: the same answer
            await self.close(code=4404)
            return
        if not self.spectator:
            if seat is None:
                await self.accept()
                await self.send_error("not_your_seat", None)
                await self.close(code=4403)
                return
            self.seat = seat
        self.user_id = user_id
        self.who = limits.person(user_id, self.scope)
        self.runtime = await runtime.get()
        mine = sum(
            getattr(s, "who", None) == self.who
            for s in self.runtime.hub.local(self.table_id)
        )
        if mine >= settings.LUDOTECA_SOCKETS_PER_TABLE:
            await self.accept()
            await self.send_error("too_many_sockets", None)
            await self.close(code=4429)
            return
        await self.accept()
        self.outbox = asyncio.Queue(settings.LUDOTECA_SOCKET_QUEUE)
        self.writer = asyncio.create_task(self._write())
        self.runtime.hub.join(self)
        if self.seat is not None and await database_sync_to_async(actions.do_presence)(
            self.table_id, self.seat, True, self.user_id
        ):
            await self.runtime.hub.announce_seats(self.table_id)

    async def disconnect(self, code: int) -> None:
        writer = getattr(self, "writer", None)
        if writer is not None:
            writer.cancel()
        rt = getattr(self, "runtime", None)
        if rt is None:
            return
        rt.hub.leave(self)
        if self.seat is not None and not any(
            getattr(s, "seat", None) == self.seat for s in rt.hub.local(self.table_id)
        ):
            try:
                changed = await database_sync_to_async(actions.do_presence)(
                    self.table_id, self.seat, False, self.user_id
                )
                if changed:
                    await rt.hub.announce_seats(self.table_id)
                await self._on_disconnect(rt)
            except Exception:
                log.exception("presence update failed")

    async def _on_disconnect(self, rt: runtime.Runtime) -> None:
        """The game's own answer to a seat going away (Piles!: the pile in
        hand goes back down), applied like the player's action."""
        snap = await rt.hub.refresh(self.table_id)
        if snap.status != Table.PLAYING or snap.state is None or self.seat is None:
            return
        hook = games.disconnect_action(snap.game)
        action = hook(snap.state, self.seat) if hook is not None else None
        if action is None:
            return
        try:
            change = await rt.act(
                self.table_id,
                self.seat,
                action,
                None,
                user_id=self.user_id,
                limited=False,
            )
        except actions.Refused:
            return  # a bot plays the seat, or the match just ended
        await rt.after(change)

    # -- inbound ---------------------------------------------------------------

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None
    ) -> None:
        if self.closing:
            return
        limit, window = settings.LUDOTECA_FRAME_RATE
        if not limits.local.allow(f"frames:{self.who}", limit, window):
            await self.send_error("rate_limited", None)
            return
        try:
            message = protocol.parse(text_data, settings.LUDOTECA_MAX_MESSAGE)
        except protocol.BadFrame as bad:
            await self.send_error(bad.code, None)
            return
        handler = getattr(self, f"handle_{message.type}")
        try:
            await handler(message)
        except DatabaseError as error:
            # PostgreSQL restarting, say: every do_* is one transaction, so
            # nothing was half done. Say so; the client may simply try again.
            log.warning("table %s: database unreachable: %s", self.table_id, error)
            if message.type == "hello" and not self.ready:
                await self.close(code=1013)  # try again later: the client reconnects
                return
            await self.send_unavailable(message.data.get("ref"))

    async def handle_hello(self, message: protocol.Inbound) -> None:
        """The first frame: the last version this client saw (or none)."""
        snap = await self.runtime.hub.refresh(self.table_id)
        since = message.version if message.version is not None else -1
        async with self.send_lock:
            self.ready = True
            if 0 <= since <= snap.version and snap.has_events_since(since):
                await self._send_update(snap, since)
            else:
                await self._send_state(snap)
            # A notice that came while the table was loading was not sent (the
            # socket was not ready): catch up from the hub's newer snapshot.
            latest = await self.runtime.hub.snapshot(self.table_id, snap.version)
            if latest.version > self.version and latest.has_events_since(self.version):
                await self._send_update(latest, self.version)
            elif latest.version > self.version:
                await self._send_state(latest)
            history = await database_sync_to_async(_recent_chat)(self.table_id)
            if self.user_id is not None and actions.chat_hidden:
                self.hidden = await database_sync_to_async(_hidden_authors)(
                    self.user_id
                )
        await self._send_history(snap, history)
        if snap.status == Table.PLAYING:
            # The snapshot just loaded will do (no second read of the table).
            await self.runtime.drive_bots(self.table_id, snap.version)

    async def _send_history(
        self, snap: snapshot.Snapshot, history: list[ChatMessage]
    ) -> None:
        async with self.send_lock:
            for line in history:
                if self._may_read(snap, line):
                    await self.send_frame("chat", None, self._chat(line, snap))

    async def handle_ping(self, message: protocol.Inbound) -> None:
        now = time.monotonic()
        if self.seat is not None and now - self.last_heartbeat > HEARTBEAT_WRITE:
            self.last_heartbeat = now
            await database_sync_to_async(_heartbeat)(
                self.table_id, self.seat, self.user_id
            )
        await self.send_frame("pong", None, {"now": int(time.time() * 1000)})

    async def handle_act(self, message: protocol.Inbound) -> None:
        ref = message.data.get("ref")
        if self.seat is None:
            await self.send_refused("spectator", ref)
            return
        change = None
        try:
            # Nothing else goes out on this socket before the answer: another
            # task here may read the table between the COMMIT and this ack
            # and send every socket the new version (a catch-up, a read that
            # finds a version nobody announced), and a client may wait, after
            # the ack, for that version's update.
            async with self.send_lock:
                change = await self._apply(self.seat, message, ref)
                if change is None:
                    return
                await self.send_frame("ack", change.version, {"ref": ref})
        finally:
            if change is not None:
                # Stored, so announced even when this socket closed meanwhile
                # and the ack could not go out: no other socket, here or in
                # another process, would ever hear of the version.
                await self.runtime.after(change)

    async def _apply(
        self, seat: int, message: protocol.Inbound, ref: Any
    ) -> actions.Change | None:
        """The action applied, or None when it was refused (answered here);
        called with the send lock held."""
        try:
            return await self.runtime.act(
                self.table_id,
                seat,
                message.data["action"],
                message.version,
                user_id=self.user_id,
            )
        except DatabaseError as error:
            log.warning("table %s: action not saved: %s", self.table_id, error)
            await self.send_unavailable(ref)
            # The connection may have dropped after the COMMIT reached the
            # database: the action may be stored all the same, with nobody
            # told (Django then reconnects to restore autocommit, and what
            # comes back is that "Connection refused", not the COMMIT's
            # error). Once the database answers the table is read again, and
            # a version found that way goes to every socket (`TableHub._keep`).
            self.runtime.hub.catch_up_later(self.table_id)
        except actions.Refused as refusal:
            await self.send_refused(refusal.code, ref, refusal.params, refusal.message)
            if refusal.code == "not_your_seat":
                await self._seat_moved()
            if refusal.code == "stale_version":
                # The hub's snapshot at the table's version will do (loaded
                # once for every socket here), else the table is read again.
                snap = await self.runtime.hub.snapshot(
                    self.table_id, int(refusal.params.get("version", -1))
                )
                await self._send_fresh(snap)
        return None

    async def _seat_change_allowed(self) -> bool:
        """Leaving and taking a seat back post a notice to everyone: a few a
        minute per person and table."""
        limit, window = settings.LUDOTECA_SEAT_CHANGE_RATE
        key = f"seat:{self.who}:{self.table_id}"
        if await limits.allow(self.runtime.hub.redis, key, limit, window):
            return True
        await self.send_refused("rate_limited", None)
        return False

    async def handle_leave(self, message: protocol.Inbound) -> None:
        if self.seat is None:
            await self.send_refused("spectator", None)
            return
        if not await self._seat_change_allowed():
            return
        try:
            change = await database_sync_to_async(actions.do_leave)(
                self.table_id, self.seat, self.user_id
            )
        except actions.Refused as refusal:
            await self.send_refused(refusal.code, None)
            if refusal.code == "not_your_seat":
                async with self.send_lock:
                    await self._seat_moved()
            return
        await self.runtime.after(change)

    async def handle_reclaim(self, message: protocol.Inbound) -> None:
        if self.seat is None or self.user_id is None:
            await self.send_refused("spectator", None)
            return
        if not await self._seat_change_allowed():
            return
        try:
            change = await database_sync_to_async(actions.do_reclaim)(
                self.table_id, self.seat, self.user_id
            )
        except actions.Refused as refusal:
            await self.send_refused(refusal.code, None)
            if refusal.code == "not_your_seat":
                async with self.send_lock:
                    await self._seat_moved()
            return
        await self.runtime.after(change)

    async def handle_chat(self, message: protocol.Inbound) -> None:
        text = message.data["text"].strip()
        channel = message.data.get("channel", "table")
        if not text:
            await self.send_refused("empty_chat", None)
            return
        if len(text) > settings.LUDOTECA_CHAT_MAX:
            await self.send_refused("chat_too_long", None)
            return
        if self.user_id is None:
            await self.send_refused("chat_closed", None)
            return
        limit, window = settings.LUDOTECA_CHAT_RATE
        user = self.scope["user"]
        joined = getattr(user, "date_joined", None)
        if joined is not None and timezone.now() - joined < timedelta(
            hours=settings.LUDOTECA_NEW_ACCOUNT_HOURS
        ):
            limit, window = settings.LUDOTECA_NEW_ACCOUNT_CHAT_RATE
        key = f"chat:{self.who}"
        if not await limits.allow(self.runtime.hub.redis, key, limit, window):
            await self.send_refused("rate_limited", None)
            return
        try:
            message_id, version = await database_sync_to_async(actions.do_chat)(
                self.table_id,
                self.seat,
                user.get_username(),
                channel,
                text,
                self.user_id,
            )
        except actions.Refused as refusal:
            await self.send_refused(refusal.code, None)
            if refusal.code == "not_your_seat":
                async with self.send_lock:
                    await self._seat_moved()
            return
        await self.runtime.hub.announce_chat(self.table_id, message_id, version)

    # -- outbound (called by the hub) ---------------------------------------------

    async def on_version(self, snap: snapshot.Snapshot) -> None:
        async with self.send_lock:
            if not self.ready or snap.version <= self.version:
                return
            before = set(self.readable)
            if snap.has_events_since(self.version):
                await self._send_update(snap, self.version)
            else:
                await self._send_state(snap)
            opened = sorted(set(self.readable) - before)
        if opened:
            # A channel this seat may read now (the dead chat, a will revealed
            # at death): its earlier lines follow.
            history = await database_sync_to_async(_recent_chat)(self.table_id, opened)
            await self._send_history(snap, history)

    async def on_seats(self, snap: snapshot.Snapshot) -> None:
        if not self.ready or self.closing:
            return
        async with self.send_lock:
            found = await self._follow_seat(snap)
            if found == GONE:
                return
            if found == MOVED or (snap.status != self.status and self.status):
                # Re-bound to the seat the user holds now, or the match was
                # dealt: the whole picture for that seat.
                await self._send_state(snap)
                return
            with translation.override(self.lang):
                seats = snap.public_seats()
            await self.send_frame("seats", None, {"seats": seats, "clock": snap.clock})

    async def on_chat(self, message: ChatMessage, snap: snapshot.Snapshot) -> None:
        if not self.ready or self.closing:
            return
        async with self.send_lock:
            found = await self._follow_seat(snap)
            if found == GONE:
                return
            if found == MOVED:
                await self._send_state(snap)
            if self._may_read(snap, message):
                await self.send_frame("chat", None, self._chat(message, snap))

    # -- the seat follows the user ------------------------------------------------

    async def _follow_seat(self, snap: snapshot.Snapshot) -> str:
        """Which seat this play socket speaks for at `snap`: the one its user
        holds there. A socket outlives the seat it was opened on (its user
        left and took another, a table was dealt since); no frame is ever
        built for a seat its user does not hold. Called with the send lock."""
        if self.closing:
            return GONE
        if self.spectator:
            return SAME
        seat = next(
            (i for i, user in enumerate(snap.users) if user == self.user_id), None
        )
        if seat == self.seat:
            return SAME
        if seat is None:
            await self._close_seat_lost()
            return GONE
        log.info("table %s: a socket follows its user to seat %s", self.table_id, seat)
        self.seat = seat
        self.version = -1
        self.readable = {}
        return MOVED

    async def _seat_moved(self) -> None:
        """After a refusal for a seat the user no longer holds: read the table
        and follow the user (a fresh state for the new seat, or the socket
        closes). Called with the send lock."""
        snap = await self.runtime.hub.refresh(self.table_id)
        if await self._follow_seat(snap) == MOVED:
            await self._send_state(snap)

    async def _close_seat_lost(self) -> None:
        self.runtime.hub.leave(self)
        await self.send_error("seat_lost", None)
        self.closing = True  # nothing more goes out on this socket
        await self.close(code=4403)

    # -- the outbox ------------------------------------------------------------------

    async def send(
        self,
        text_data: str | None = None,
        bytes_data: bytes | None = None,
        close: bool = False,
    ) -> None:
        """Queue a frame for the writer (before the socket is accepted, and
        for what goes out before a refusal closes it, straight out)."""
        if self.closing:
            return
        if self.outbox is None:
            await super().send(text_data, bytes_data, close)
            return
        assert text_data is not None
        try:
            self.outbox.put_nowait(text_data)
        except asyncio.QueueFull:
            self._fell_behind()

    async def close(
        self, code: int | bool | None = None, reason: str | None = None
    ) -> None:
        """Close once the frames queued before are written."""
        if self.outbox is None or self.writer is None or self.writer.done():
            await super().close(code, reason)
            return
        try:
            self.outbox.put_nowait(int(code or 1000))
        except asyncio.QueueFull:
            self._fell_behind()
        self.closing = True

    async def _write(self) -> None:
        assert self.outbox is not None
        while True:
            item = await self.outbox.get()
            if isinstance(item, int):
                await super().close(item)
                return
            await super().send(item)

    def _fell_behind(self) -> None:
        """The socket does not read what it is sent: drop it from the table
        and close it in the background, whatever it still has to read."""
        if self.closing:
            return
        self.closing = True
        log.warning("table %s: a socket fell behind; closing it", self.table_id)
        rt = getattr(self, "runtime", None)
        if rt is not None:
            rt.hub.leave(self)
        if self.writer is not None:
            self.writer.cancel()
        self.outbox = None
        self.closer = asyncio.get_running_loop().create_task(self._close_slow())

    async def _close_slow(self) -> None:
        # The server's websocket gives the close frame its own time, then
        # drops the connection.
        with contextlib.suppress(Exception):
            await super().close(4408)

    # -- helpers -----------------------------------------------------------------

    def _chat(self, message: ChatMessage, snap: snapshot.Snapshot) -> dict[str, Any]:
        with translation.override(self.lang):
            return snapshot.chat_entry(message, snap.names, self.lang, snap.game)

    def _channels(self, snap: snapshot.Snapshot) -> dict[str, str]:
        return snapshot.chat_channels(snap, self.seat)

    def _may_read(self, snap: snapshot.Snapshot, line: ChatMessage) -> bool:
        """Only channels the seat may read at this snapshot (spectators: the
        public ones), but not a person's line its user muted; notices are the
        platform's and go to every socket."""
        if line.notice:
            return True
        if line.seat is not None and line.author in self.hidden:
            return False
        return line.channel in self._channels(snap)

    async def _send_state(self, snap: snapshot.Snapshot) -> None:
        if await self._follow_seat(snap) == GONE:
            return
        self.version = snap.version
        self.status = snap.status
        text, self.readable = snapshot.state_frame(snap, self.seat, self.lang)
        await self.send(text_data=text)

    async def _send_fresh(self, snap: snapshot.Snapshot) -> None:
        """After a stale action: the fresh view in an `update` with only the
        events this socket was not sent yet (often none: the update that made
        the action stale is usually out already), not the whole record in a
        `state`; a `state` when those events are not in the snapshot."""
        if 0 <= self.version <= snap.version and snap.has_events_since(self.version):
            await self._send_update(snap, self.version)
        elif snap.version > self.version:
            await self._send_state(snap)

    async def _send_update(self, snap: snapshot.Snapshot, since: int) -> None:
        found = await self._follow_seat(snap)
        if found == GONE:
            return
        if found == MOVED:
            await self._send_state(snap)
            return
        self.version = snap.version
        self.status = snap.status
        text, self.readable = snapshot.update_frame(snap, self.seat, self.lang, since)
        await self.send(text_data=text)

    async def send_frame(
        self, kind: str, version: int | None, data: dict[str, Any]
    ) -> None:
        await self.send(text_data=protocol.frame(kind, version, data))

    async def send_error(self, code: str, ref: Any) -> None:
        with translation.override(self.lang):
            text = games.refusal_text(None, code, {}, [])
        await self.send_frame("error", None, {"code": code, "text": text, "ref": ref})

    async def send_unavailable(self, ref: Any) -> None:
        """The database cannot be reached: refused without reading it."""
        with translation.override(self.lang):
            text = games.refusal_text(None, "unavailable", {}, [])
        await self.send_frame(
            "refused",
            self.version if self.version >= 0 else None,
            {"code": "unavailable", "text": text, "params": {}, "ref": ref},
        )

    async def send_refused(
        self,
        code: str,
        ref: Any,
        params: dict[str, Any] | None = None,
        message: str = "",
    ) -> None:
        snap = await self.runtime.hub.snapshot(self.table_id)
        with translation.override(self.lang):
            text = games.refusal_text(
                snap.game, code, params or {}, snap.names, message
            )
        await self.send_frame(
            "refused",
            snap.version,
            {"code": code, "text": text, "params": params or {}, "ref": ref},
        )


class PlayConsumer(TableConsumer):
    spectator = False


class WatchConsumer(TableConsumer):
    spectator = True


def _recent_chat(table_id: int, channels: list[str] | None = None) -> list[ChatMessage]:
    lines = ChatMessage.objects.filter(table_id=table_id)
    if channels is not None:
        lines = lines.filter(channel__in=channels, notice="")
    return list(lines.order_by("-id")[:50])[::-1]


def _hidden_authors(user_id: int) -> frozenset[str]:
    return frozenset(name for hook in actions.chat_hidden for name in hook(user_id))


def _heartbeat(table_id: int, seat: int, user_id: int | None) -> None:
    Seat.objects.filter(table_id=table_id, index=seat, user_id=user_id).update(
        last_seen=timezone.now(), connected=True, absent_since=None
    )
