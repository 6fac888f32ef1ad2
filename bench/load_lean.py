"""The floor: the least a server does for Ludoteca's table protocol (bench/load.py).

`bench/load_echo.py` is the transport alone and the peer another server with
another protocol. This anchor answers the question between them: what does
the work the protocol itself asks for cost in this stack, done with nothing
else around it? It speaks Ludoteca's envelope (`docs/protocol.md`) to
`bench/load.py`'s own clients, under the same uvicorn settings and collector
as `ludoteca serve`, and per frame does only what the protocol asks:

- the frame rate-limited and parsed (`play.limits`, `play.protocol`);
- an action on the current version, or on an older one when only other seats
  moved since and the seat could act then (Cat in the Box's set-aside), as
  `live.changes.may_use_old_version`; the game's own `apply`; a refusal
  translated, followed by the fresh update;
- durable before acknowledged: one writer thread, SQLite in WAL with
  ``synchronous=FULL``; per batch (at most 64 actions) the moves (with their
  events and audiences) and one row per table (the state every 16th version
  and at the end), one COMMIT; a failed COMMIT answers its actions
  ``unavailable``;
- after the COMMIT: the sender's ``ack``, then each seat's ``update`` from the
  version it was last sent: its view (the public part encoded once per
  version), legal actions, the active seats, the seats, the clock, the chat
  channels, and the events it may see with their texts from the gettext
  catalogs (each shared entry encoded once, "you" texts for the events about
  the reader);
- each socket's frames in order: written at once while the connection takes
  them, queued behind the first that has to wait (at most 256, then closed).

Nothing else: no accounts or sessions (the seat is in the socket's path), no
clocks running, presence, chat, spectators, bots, fencing, ratings, lobby
events or notifications. Cat in the Box only (a game that splits its view).
`--endless` deals a new match at the same table when one ends (the version
runs on): no sockets close and open again between matches, as at the peer,
whose match never ends.

    python bench/load_lean.py --port 9000 --db /tmp/lean.sqlite3 [--endless]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import logging
import os
import queue
import re
import sqlite3
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ROUTE = re.compile(r"^/ws/play/(\d+)/(\d+)/$")
BATCH = 64
STATE_EVERY = 16
STALE_WINDOW = 16  # as `live.changes`
CLOCK_MS = 10 * 60_000  # --owned: a table's default clock, 10 minutes + 5 s
INCREMENT_MS = 5_000
OUTBOX = 256  # frames waiting for a slow socket, as LUDOTECA_SOCKET_QUEUE
LANG = "en"
SEATS = 4

log = logging.getLogger("lean")


class Version:
    """What the table was at one version: enough to answer an old action and
    to build the frames of that version after its COMMIT."""

    def __init__(self, number: int, state: Any, mover: int | None, events: Any) -> None:
        self.number, self.state, self.mover = number, state, mover
        self.active: frozenset[int] = frozenset()
        self.texts: list[tuple[Any, Any, Any, frozenset[int]]] = []  # translated
        self.shared: dict[str, Any] = {}  # what every seat's frame shares
        self.events = events
        # --owned: the seats' clocks after this version, and the deadline.
        self.clocks: tuple[tuple[int, ...], float, float | None] | None = None


class Socket:
    """One seat's connection: the version it was last sent, and its frames in
    order (a queue only once a send has had to wait)."""

    def __init__(self, send: Any, seat: int) -> None:
        self.send, self.seat = send, seat
        self.sent = -1
        self.backlog: collections.deque[str] | None = None  # None: nothing waits
        self.closed = False


class Match:
    """One table: its versions (the newest STALE_WINDOW, and the newest one
    stored), its sockets by seat, the seats as every frame shows them."""

    def __init__(self, game: Any, key: int) -> None:
        self.key, self.game = key, game
        self.deals = 0
        self.version = 0
        self.versions: dict[int, Version] = {}
        self.committed = 0  # the newest version stored
        self.sockets: dict[int, Socket] = {}
        self.names = [f"Player {i + 1}" for i in range(SEATS)]
        self.seats = seats_fragment(self.names, (0,) * SEATS)
        self.broken = False  # a batch of it was not stored: refused from then on
        # --owned: the owner epoch every write checks, the seats' clocks as
        # stored, the deadline and its timer; the rows made once the first
        # batch of the match is written (the clocks themselves: `deal`).
        self.epoch = 1
        self.written_ms = (CLOCK_MS,) * SEATS  # the seats' clocks as stored
        self.deadline: float | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.stored_rows = False
        self.deal(0)

    def deal(self, version: int) -> None:
        """A new match at `version` (the first, or the next with --endless: the
        last stored version kept until the deal is stored in its turn)."""
        state = self.game.setup(SEATS, self.key * 1000 + self.deals)
        self.deals += 1
        self.clock_ms = [CLOCK_MS] * SEATS  # a new match's clocks (--owned)
        self.turn_started = time.time()
        kept = {self.committed: self.versions[self.committed]} if self.versions else {}
        self.versions = {**kept, version: Version(version, state, None, ())}
        self.versions[version].active = frozenset(self.game.active_seats(state))

    @property
    def state(self) -> Any:
        return self.versions[self.version].state

    def state_active(self) -> frozenset[int]:
        """Who could act at the version before the newest."""
        before = self.versions.get(self.version - 1)
        return before.active if before is not None else frozenset()


Job = tuple[Match, Version, int, Any, "Socket | None", Any]  # seat, action, ref


class Lean:
    def __init__(
        self,
        db: str,
        game_id: str = "catinthebox",
        endless: bool = False,
        owned: bool = False,
    ) -> None:
        from django.conf import settings

        from ludoteca.web.play import games

        if game_id != "catinthebox":
            raise SystemExit(
                "the floor plays Cat in the Box (a game that splits its view)"
            )
        self.game = games.get(game_id)
        self.endless = endless
        self.owned = owned
        self.rate = settings.LUDOTECA_FRAME_RATE
        self.max_message = settings.LUDOTECA_MAX_MESSAGE
        self.matches: dict[int, Match] = {}
        self.jobs: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.db = db
        self.tasks: set[asyncio.Future[Any]] = set()
        self.thread = threading.Thread(target=self.writer, name="writer", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.jobs.put(None)
        self.thread.join(timeout=10)

    # -- the socket --------------------------------------------------------------

    async def app(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            await self.lifespan(receive, send)
            return
        self.loop = asyncio.get_running_loop()
        found = ROUTE.match(scope["path"])
        await receive()
        if found is None:
            await send({"type": "websocket.close", "code": 1008})
            return
        key, seat = int(found[1]), int(found[2])
        match = self.matches.get(key)
        if match is None:
            match = self.matches[key] = Match(self.game, key)
        await send({"type": "websocket.accept"})
        socket = match.sockets[seat] = Socket(send, seat)
        try:
            while True:
                message = await receive()
                if message["type"] != "websocket.receive":
                    break
                self.on_frame(match, socket, message.get("text"))
        finally:
            socket.closed = True
            if match.sockets.get(seat) is socket:
                del match.sockets[seat]

    async def lifespan(self, receive: Any, send: Any) -> None:
        from ludoteca.cli import quiet_collector
        from ludoteca.web import collector

        clock = None
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                quiet_collector()  # as `ludoteca serve`: the heap frozen,
                clock = collector.start()  # and the collector on a clock
                await send({"type": "lifespan.startup.complete"})
            else:
                if clock is not None:
                    await collector.stop(clock)
                await send({"type": "lifespan.shutdown.complete"})
                return

    def on_frame(self, match: Match, socket: Socket, text: str | None) -> None:
        from ludoteca.web.play import limits, protocol

        limit, window = self.rate
        if not limits.local.allow(f"frames:{match.key}:{socket.seat}", limit, window):
            self.push(socket, error("rate_limited"))
            return
        try:
            message = protocol.parse(text, self.max_message)
        except protocol.BadFrame as bad:
            self.push(socket, error(bad.code))
            return
        if message.type == "hello":
            socket.sent = -1
            self.send_update(match, socket, match.versions[match.committed], "state")
        elif message.type == "act":
            self.act(match, socket, message.version, message.data)

    def act(self, match: Match, socket: Socket, version: Any, data: Any) -> None:
        from ludoteca.engine.errors import IllegalAction

        ref, seat = data.get("ref"), socket.seat
        if match.broken:
            self.refuse(match, socket, "unavailable", ref)
            return
        if version != match.version and not self.may_use_old(match, version, seat):
            self.refuse(match, socket, "stale_version", ref)
            return
        try:
            step = self.game.apply(match.state, seat, data["action"])
        except IllegalAction as refusal:
            self.refuse(match, socket, refusal.code, ref, refusal.params)
            return
        match.version += 1
        now = Version(match.version, step.state, seat, step.events)
        now.active = frozenset(self.game.active_seats(step.state))
        if self.owned:
            self.run_clocks(match, match.state_active(), seat, now)
        match.versions[match.version] = now
        for old in [v for v in match.versions if v < match.version - STALE_WINDOW]:
            del match.versions[old]
        self.jobs.put((match, now, seat, data["action"], socket, ref))

    def may_use_old(self, match: Match, version: Any, seat: int) -> bool:
        """As `live.changes.may_use_old_version`, for a turn-based game."""
        if not isinstance(version, int) or not 0 <= version < match.version:
            return False
        if match.version - version > STALE_WINDOW:
            return False
        later = [match.versions.get(v) for v in range(version + 1, match.version + 1)]
        if any(v is None or v.mover in (seat, None) for v in later):
            return False
        then = match.versions.get(version)
        return then is not None and seat in then.active

    def run_clocks(
        self, match: Match, was_active: frozenset[int], mover: int, now: Version
    ) -> None:
        """--owned, as `live.clocks` for a real-time table: the time since
        the turn began taken from every seat that was to act, the mover's
        increment, the next deadline (the shortest clock of those to act now)
        and the table's timer held for it."""
        at = time.time()
        elapsed = int((at - match.turn_started) * 1000)
        for seat in was_active:
            match.clock_ms[seat] = max(0, match.clock_ms[seat] - elapsed)
        match.clock_ms[mover] += INCREMENT_MS
        match.turn_started = at
        running = [match.clock_ms[s] for s in now.active]
        match.deadline = at + min(running) / 1000 if running else None
        now.clocks = (tuple(match.clock_ms), at, match.deadline)
        self.arm(match)

    def arm(self, match: Match) -> None:
        if match.timer is not None:
            match.timer.cancel()
            match.timer = None
        if match.deadline is None:
            return
        assert self.loop is not None
        delay = max(0.0, match.deadline - time.time())
        match.timer = self.loop.call_later(delay, self.flagged, match)

    def flagged(self, match: Match) -> None:
        """A clock ran out (never, in a saturated run: a stand-in would take
        the seat)."""
        match.timer = None
        log.info("table %s: a clock ran out", match.key)

    def refuse(
        self,
        match: Match,
        socket: Socket,
        code: str,
        ref: Any,
        params: dict[str, Any] | None = None,
    ) -> None:
        """The refusal in the reader's language, then the fresh view if it
        has not been sent it yet."""
        from django.utils import translation

        from ludoteca.web.play import games, protocol

        with translation.override(LANG):
            text = games.refusal_text(self.game, code, params or {}, match.names)
        data = {"code": code, "text": text, "params": params or {}, "ref": ref}
        self.push(socket, protocol.frame("refused", match.committed, data))
        if socket.sent < match.committed:
            self.send_update(match, socket, match.versions[match.committed], "update")

    def committed(self, batch: list[Job], failed: bool) -> None:
        from ludoteca.web.play import protocol

        last: dict[int, Match] = {}
        for match, version, _seat, _action, socket, ref in batch:
            if failed:
                match.broken = True
                if socket is not None:
                    self.refuse(match, socket, "unavailable", ref)
                continue
            match.committed = version.number
            if socket is not None:  # None: a new deal (--endless)
                self.push(socket, protocol.frame("ack", version.number, {"ref": ref}))
            last[match.key] = match
        for match in last.values():
            stored = match.versions[match.committed]
            for socket in list(match.sockets.values()):
                self.send_update(match, socket, stored, "update")
            ended = self.game.outcome(stored.state) is not None
            if self.endless and ended and match.version == stored.number:
                match.version += 1
                match.deal(match.version)  # shown once stored, as a move
                self.jobs.put(
                    (match, match.versions[match.version], -1, None, None, None)
                )

    # -- frames ------------------------------------------------------------------

    def send_update(
        self, match: Match, socket: Socket, version: Version, kind: str
    ) -> None:
        if socket.sent >= version.number:
            return
        since = socket.sent if kind == "update" else -1
        self.push(socket, self.frame(kind, match, socket.seat, version, since))
        socket.sent = version.number

    def frame(
        self, kind: str, match: Match, seat: int, version: Version, since: int
    ) -> str:
        game, state = self.game, version.state
        shared = version.shared
        if not shared:  # once per version: what every seat's frame shares
            outcome = game.outcome(state)
            shared["public"] = orjson.dumps(game.public_view(state))
            shared["active"] = sorted(version.active)
            ended = outcome is not None and not self.endless  # else: dealt again
            shared["status"] = "finished" if ended else "playing"
            if self.owned and version.clocks is not None:
                shared["clock"] = orjson.Fragment(orjson.dumps(running_clock(version)))
                shared["seats"] = seats_fragment(match.names, version.clocks[0])
            else:
                shared["clock"] = orjson.Fragment(orjson.dumps(clock()))
                shared["seats"] = match.seats
        own = orjson.dumps(game.private_view(state, seat))
        public = shared["public"]
        view = public if own == b"{}" else public[:-1] + b"," + own[1:]
        data = {
            "view": orjson.Fragment(view),
            "legal": game.legal_actions(state, seat),
            "active": shared["active"],
            "seats": shared["seats"],
            "clock": shared["clock"],
            "status": shared["status"],
            "events": self.events(match, seat, since, version.number),
            "channels": game.chat_channels(state, seat),
            "from": since,
        }
        if kind == "state":
            data["seat"] = seat
        return orjson.dumps({"t": kind, "v": version.number, "d": data}).decode()

    def events(self, match: Match, seat: int, since: int, until: int) -> list[Any]:
        from ludoteca.web.play import games

        out: list[Any] = []
        for number in range(max(since, until - STALE_WINDOW) + 1, until + 1):
            version = match.versions.get(number)
            if version is None:
                continue
            if not version.texts and version.events:
                self.translate(match, version)
            for ev, data, fragment, own in version.texts:
                if not ev.visible_to(seat):
                    continue
                if seat in own:  # about the reader: "you"
                    text = games.event_text(self.game, data, match.names, seat, LANG)
                    out.append({"v": number, **data, "text": text})
                else:
                    out.append(fragment)
        return out

    def translate(self, match: Match, version: Version) -> None:
        from ludoteca.web.play import games

        for ev in version.events:
            data = ev.as_dict()
            text = games.event_text(self.game, data, match.names, lang=LANG)
            fragment = orjson.Fragment(
                orjson.dumps({"v": version.number, **data, "text": text})
            )
            version.texts.append(
                (ev, data, fragment, games.own_readers(self.game, data))
            )

    # -- frames out, in order ----------------------------------------------------

    def push(self, socket: Socket, text: str) -> None:
        if socket.closed:
            return
        if socket.backlog is not None:  # one waits already: behind it
            if len(socket.backlog) >= OUTBOX:  # fell behind: closed, as ours
                socket.closed = True
                self.spawn(socket.send({"type": "websocket.close", "code": 4408}))
                return
            socket.backlog.append(text)
            return
        # uvicorn's send finishes at once while the connection takes frames.
        coro = socket.send({"type": "websocket.send", "text": text})
        try:
            waiting = coro.send(None)
        except StopIteration:
            return
        except Exception:  # the socket is gone
            socket.closed = True
            return
        socket.backlog = collections.deque()
        self.spawn(self.drain(socket, coro, waiting))

    def spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def drain(self, socket: Socket, coro: Any, waiting: Any) -> None:
        """The send that had to wait, then what queued behind it, in order."""
        try:
            await _Rest(coro, waiting)
            while socket.backlog and not socket.closed:
                text = socket.backlog.popleft()
                await socket.send({"type": "websocket.send", "text": text})
        except Exception:
            socket.closed = True
        finally:
            socket.backlog = None

    # -- durable -----------------------------------------------------------------

    def writer(self) -> None:
        db = sqlite3.connect(self.db, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute(
            "CREATE TABLE IF NOT EXISTS tables"
            " (id INTEGER PRIMARY KEY, version INTEGER, state TEXT)"
        )
        db.execute(
            "CREATE TABLE IF NOT EXISTS moves (table_id INTEGER, idx INTEGER,"
            " seat INTEGER, action TEXT, events TEXT, PRIMARY KEY (table_id, idx))"
        )
        if self.owned:
            db.execute(
                "CREATE TABLE IF NOT EXISTS owned (id INTEGER PRIMARY KEY,"
                " version INTEGER, state TEXT, state_version INTEGER,"
                " owner_epoch INTEGER, turn_started_at TEXT, deadline TEXT)"
            )
            db.execute(
                "CREATE TABLE IF NOT EXISTS seats (id INTEGER PRIMARY KEY,"
                " table_id INTEGER, idx INTEGER, clock_ms INTEGER)"
            )
        while True:
            job = self.jobs.get()
            if job is None:
                db.close()
                return
            batch = [job]
            with contextlib.suppress(queue.Empty):
                while len(batch) < BATCH:
                    job = self.jobs.get_nowait()
                    if job is None:
                        self.jobs.put(None)  # after this batch
                        break
                    batch.append(job)
            failed = False
            try:
                if self.owned:
                    self.persist_owned(db, batch)
                else:
                    self.persist(db, batch)
            except sqlite3.Error as error:
                log.warning("a batch was not stored: %s", error)
                with contextlib.suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                failed = True
            assert self.loop is not None
            self.loop.call_soon_threadsafe(self.committed, batch, failed)

    def persist(self, db: sqlite3.Connection, batch: list[Job]) -> None:
        moves = [
            (m.key, v.number, seat, orjson.dumps(action), stored_events(v.events))
            for m, v, seat, action, _socket, _ref in batch
        ]
        tables = [(m.key, v.number, self.state_text(v)) for m, v, *_ in batch]
        db.execute("BEGIN")
        db.executemany("INSERT INTO moves VALUES (?, ?, ?, ?, ?)", moves)
        db.executemany(
            "INSERT INTO tables VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE"
            " SET version = excluded.version,"
            " state = coalesce(excluded.state, tables.state)",
            tables,
        )
        db.execute("COMMIT")

    def persist_owned(self, db: sqlite3.Connection, batch: list[Job]) -> None:
        """--owned, as `live.store.persist`: per table the newest version's
        row, its UPDATE checking the owner epoch (no row changed: another
        owner has the table, and nothing of the batch stands), the moves in
        one INSERT, and the seats whose clock changed."""
        moves = [
            (m.key, v.number, seat, orjson.dumps(action), stored_events(v.events))
            for m, v, seat, action, _socket, _ref in batch
        ]
        newest: dict[int, tuple[Match, Version]] = {}
        for m, v, *_ in batch:
            newest[m.key] = (m, v)
        db.execute("BEGIN IMMEDIATE")
        fresh = [m for m, _v in newest.values() if not m.stored_rows]
        if fresh:  # the match's first batch: its rows (as the table's take)
            db.executemany(
                "INSERT OR REPLACE INTO owned (id, version, owner_epoch)"
                " VALUES (?, 0, ?)",
                [(m.key, m.epoch) for m in fresh],
            )
            db.executemany(
                "INSERT OR REPLACE INTO seats VALUES (?, ?, ?, ?)",
                [
                    (m.key * SEATS + i, m.key, i, CLOCK_MS)
                    for m in fresh
                    for i in range(SEATS)
                ],
            )
        rows: list[Any] = []
        seats: list[tuple[int, int]] = []
        for key in sorted(newest):
            m, v = newest[key]
            ms, since, deadline = v.clocks or ((), 0.0, None)
            rows.append(
                (
                    v.number,
                    self.state_text(v),
                    iso(since),
                    None if deadline is None else iso(deadline),
                    key,
                    m.epoch,
                )
            )
            if ms:  # the seats whose clock moved since they were written
                seats.extend(
                    (clock_ms, key * SEATS + i)
                    for i, (clock_ms, stored) in enumerate(
                        zip(ms, m.written_ms, strict=True)
                    )
                    if clock_ms != stored
                )
        changed = db.executemany(
            "UPDATE owned SET version = ?, state = coalesce(?, state),"
            " turn_started_at = ?, deadline = ? WHERE id = ? AND owner_epoch = ?",
            rows,
        ).rowcount
        if changed != len(rows):
            raise sqlite3.OperationalError("fenced: another owner took a table")
        db.executemany("INSERT INTO moves VALUES (?, ?, ?, ?, ?)", moves)
        db.executemany("UPDATE seats SET clock_ms = ? WHERE id = ?", seats)
        db.execute("COMMIT")
        for m in fresh:
            m.stored_rows = True
        for m, v in newest.values():
            if v.clocks is not None:
                m.written_ms = v.clocks[0]

    def state_text(self, version: Version) -> bytes | None:
        """The state every 16th version and at the match's end."""
        state = version.state
        if version.number % STATE_EVERY and self.game.outcome(state) is None:
            return None
        return orjson.dumps(self.game.to_json(state))


def iso(moment: float) -> str:
    """A moment as the SQLite backend writes a datetime."""
    return str(datetime.fromtimestamp(moment, UTC).replace(tzinfo=None))


def stored_events(events: Any) -> bytes:
    """The move's events with their audiences, as `live.store.move_row`."""
    return orjson.dumps(
        [{"type": e.type, "data": dict(e.data), "to": e.to} for e in events]
    )


def seats_fragment(names: list[str], clock_ms: tuple[int, ...]) -> orjson.Fragment:
    """The seats as every frame shows them, encoded once per version."""
    return orjson.Fragment(
        orjson.dumps(
            [
                {
                    "seat": i,
                    "name": name,
                    "bot": None,
                    "standin": None,
                    "connected": True,
                    "clock_ms": ms,
                    "avatar": None,
                    "standin_badge": None,
                }
                for i, (name, ms) in enumerate(zip(names, clock_ms, strict=True))
            ]
        )
    )


def running_clock(version: Version) -> dict[str, Any]:
    """--owned: the clock's part of a frame, the seats' clocks running."""
    assert version.clocks is not None
    ms, since, deadline = version.clocks
    return {
        "mode": "realtime",
        "ms": list(ms),
        "running": sorted(version.active),
        "since": int(since * 1000),
        "deadline": None if deadline is None else int(deadline * 1000),
        "phase_ends": None,
        "now": int(time.time() * 1000),
    }


def clock() -> dict[str, Any]:
    """The clock's part of a frame (no clock runs at the floor's tables)."""
    return {
        "mode": "none",
        "ms": [0] * SEATS,
        "running": [],
        "since": None,
        "deadline": None,
        "phase_ends": None,
        "now": int(time.time() * 1000),
    }


def error(code: str) -> str:
    from django.utils import translation

    from ludoteca.web.play import games, protocol

    with translation.override(LANG):
        text = games.refusal_text(None, code, {}, [])
    return protocol.frame("error", None, {"code": code, "text": text, "ref": None})


class _Rest:
    """The rest of a send that had to wait for the connection (its transport
    paused): the future it waits on handed to the task, then the send run on,
    an exception thrown into the task (a cancellation) thrown into it."""

    def __init__(self, coro: Any, waiting: Any) -> None:
        self.coro, self.waiting = coro, waiting

    def __await__(self) -> Any:
        coro, waiting = self.coro, self.waiting
        while True:
            try:
                yield waiting
            except BaseException as thrown:
                try:
                    waiting = coro.throw(thrown)
                except StopIteration:
                    return
                continue
            try:
                waiting = coro.send(None)
            except StopIteration:
                return


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--game", default="catinthebox")
    parser.add_argument("--endless", action="store_true")
    parser.add_argument(
        "--owned",
        action="store_true",
        help="also the per-action work the issue asks of an owned table:"
        " the fenced table UPDATE and real-time clocks running",
    )
    args = parser.parse_args()
    from ludoteca import native

    # The game's rules and the protocol's parts compiled, as `ludoteca serve`
    # runs them (LUDOTECA_NATIVE=off: not).
    native.activate()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludoteca.web.settings.prod")
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-" + "x" * 40)
    os.environ.setdefault("HTTPS", "false")
    os.environ.setdefault("LUDOTECA_FRAME_RATE", "1000000")  # as the bench's server
    from ludoteca.web.catalogs import compile_all

    compile_all()  # before Django loads any catalog
    import django

    django.setup()
    import uvicorn
    from django.conf import settings

    from ludoteca.cli import SWITCH_INTERVAL, websocket_protocol

    sys.setswitchinterval(SWITCH_INTERVAL)
    lean = Lean(args.db, args.game, args.endless, args.owned)
    uvicorn.run(
        lean.app,
        host="127.0.0.1",
        port=args.port,
        interface="asgi3",
        lifespan="on",
        log_level="warning",
        ws=websocket_protocol(settings.LUDOTECA_WS, False),  # as `ludoteca serve`
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,  # as `ludoteca serve` (LUDOTECA_WS_DEFLATE)
    )


if __name__ == "__main__":
    main()
