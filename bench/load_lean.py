"""The floor: the least a server does for Ludoteca's table protocol (bench/load.py).

`bench/load_echo.py` is the transport alone and the peer another server with
another protocol. This anchor answers the question between them: what does
the work the protocol itself asks for cost in this stack, done with nothing
else around it? It speaks Ludoteca's envelope (`docs/protocol.md`) to
`bench/load.py`'s own clients and, per action, does only what an action
needs:

- the frame parsed, the version checked (a stale action refused with the
  fresh update), the game's `apply` (Cat in the Box, or any game);
- durable before acknowledged: one writer thread, SQLite in WAL with
  ``synchronous=FULL``; per batch (at most 64 actions) one multi-row INSERT
  of the moves, one UPDATE per table (the state every 16th version and at
  the end), COMMIT;
- after the COMMIT: the sender's ``ack`` and each seat's ``update`` (its view,
  the public part encoded once per version, its legal actions, the events it
  may see with their texts through the gettext catalogs, "you" texts for the
  events about it).

And nothing else: no accounts or sessions (the seat is in the path, every
socket is trusted), no clocks, presence, chat, spectators, bots, ratings,
fencing, lobby or outbox. A server with every feature costs at least this.

    python bench/load_lean.py --port 9000 --db /tmp/lean.sqlite3
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import queue
import re
import sqlite3
import sys
import threading
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ROUTE = re.compile(r"^/ws/play/(\d+)/(\d+)/$")
BATCH = 64
STATE_EVERY = 16
LANG = "en"


Job = tuple["Match", int, int, Any, Any, Any, Any]  # version, seat, action, state?


class Match:
    """One table: its state, version, sockets by seat, and the events' texts."""

    def __init__(self, game: Any, key: int, seats: int) -> None:
        self.key, self.game = key, game
        self.state = game.setup(seats, key)
        self.version = 0
        self.sockets: dict[int, Any] = {}
        self.names = [f"Player {i + 1}" for i in range(seats)]
        self.texts: dict[int, list[tuple[Any, dict[str, Any], frozenset[int]]]] = {}
        self.public: bytes | None = None  # the public view, for this version
        self.active: list[int] = []
        self.status = "playing"
        self.pending = False  # an action waits for its COMMIT


class Lean:
    def __init__(self, db: str, game_id: str) -> None:
        from ludoteca.web.play import games

        self.game = games.get(game_id)
        self.seats = {"catinthebox": 4, "agentavenue": 2, "piles": 8}.get(game_id, 4)
        self.matches: dict[int, Match] = {}
        self.queue: queue.SimpleQueue[Job] = queue.SimpleQueue()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.db = db
        self.resting: set[asyncio.Future[None]] = set()
        threading.Thread(target=self.writer, name="writer", daemon=True).start()

    # -- the socket --------------------------------------------------------------

    async def app(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
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
            match = self.matches[key] = Match(self.game, key, self.seats)
        await send({"type": "websocket.accept"})
        match.sockets[seat] = send
        try:
            while True:
                message = await receive()
                if message["type"] != "websocket.receive":
                    break
                self.on_frame(match, seat, send, orjson.loads(message["text"]))
        finally:
            match.sockets.pop(seat, None)

    def on_frame(self, match: Match, seat: int, send: Any, frame: Any) -> None:
        if frame["t"] == "hello":
            self.push(send, self.frame("state", match, seat, -1))
            return
        if frame["t"] != "act":
            return
        ref = frame["d"].get("ref")
        if frame["v"] != match.version or match.pending:
            self.push(send, refused(match.version, "stale_version", ref))
            return
        from ludoteca.engine.errors import IllegalAction

        try:
            step = self.game.apply(match.state, seat, frame["d"]["action"])
        except IllegalAction as error:
            self.push(send, refused(match.version, error.code, ref))
            return
        match.state = step.state
        match.version += 1
        match.pending = True
        match.public = None
        self.translate(match, step.events)
        version = match.version
        ended = self.game.outcome(match.state) is not None
        state = match.state if version % STATE_EVERY == 0 or ended else None
        self.queue.put((match, version, seat, frame["d"]["action"], state, send, ref))

    def committed(self, batch: list[Job]) -> None:
        for match, _version, _seat, _action, _state, send, ref in batch:
            match.pending = False
            self.push(
                send,
                orjson.dumps({"t": "ack", "v": match.version, "d": {"ref": ref}}),
            )
            for seat, other in list(match.sockets.items()):
                self.push(other, self.frame("update", match, seat, match.version - 1))

    def push(self, send: Any, text: bytes) -> None:
        # uvicorn's send finishes at once while the connection is writable.
        coro = send({"type": "websocket.send", "text": text.decode()})
        try:
            waiting = coro.send(None)
        except StopIteration:
            return
        except Exception:  # the socket is gone: its seat leaves the match
            return
        task = asyncio.ensure_future(_rest(coro, waiting))
        self.resting.add(task)
        task.add_done_callback(self.resting.discard)

    # -- frames ------------------------------------------------------------------

    def translate(self, match: Match, events: Any) -> None:
        from ludoteca.web.play import games

        out = []
        for ev in events:
            data = ev.as_dict()
            text = games.event_text(match.game, data, match.names, lang=LANG)
            entry = {"v": match.version, **data, "text": text}
            out.append((ev, entry, games.own_readers(match.game, data)))
        match.texts = {match.version: out}

    def frame(self, kind: str, match: Match, seat: int, since: int) -> bytes:
        from ludoteca.web.play import games

        game, state = match.game, match.state
        if match.public is None:  # once per version: what every seat shares
            outcome = game.outcome(state)
            match.public = orjson.dumps(game.public_view(state))
            match.active = sorted(game.active_seats(state))
            match.status = "finished" if outcome is not None else "playing"
        own = orjson.dumps(game.private_view(state, seat))
        view = match.public if own == b"{}" else match.public[:-1] + b"," + own[1:]
        events = []
        for version in range(since + 1, match.version + 1):
            for ev, entry, mine in match.texts.get(version, ()):
                if not ev.visible_to(seat):
                    continue
                if seat in mine:
                    text = games.event_text(game, ev.as_dict(), match.names, seat, LANG)
                    entry = {**entry, "text": text}
                events.append(entry)
        data = {
            "view": orjson.Fragment(view),
            "legal": game.legal_actions(state, seat),
            "active": match.active,
            "status": match.status,
            "events": events,
            "from": since,
        }
        return orjson.dumps({"t": kind, "v": match.version, "d": data})

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
            " seat INTEGER, action TEXT, PRIMARY KEY (table_id, idx))"
        )
        while True:
            batch = [self.queue.get()]
            with contextlib.suppress(queue.Empty):
                while len(batch) < BATCH:
                    batch.append(self.queue.get_nowait())
            moves = [
                (m.key, version, seat, orjson.dumps(action))
                for m, version, seat, action, _state, _send, _ref in batch
            ]
            tables = [
                (
                    m.key,
                    version,
                    None if state is None else orjson.dumps(self.game.to_json(state)),
                )
                for m, version, _seat, _action, state, _send, _ref in batch
            ]
            db.execute("BEGIN")
            db.executemany("INSERT INTO moves VALUES (?, ?, ?, ?)", moves)
            db.executemany(
                "INSERT INTO tables VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE"
                " SET version = excluded.version,"
                " state = coalesce(excluded.state, tables.state)",
                tables,
            )
            db.execute("COMMIT")
            assert self.loop is not None
            self.loop.call_soon_threadsafe(self.committed, batch)


class _Rest:
    """The rest of a send that had to wait for the connection (its transport
    paused): the future it waits on handed to a task, then the send run on."""

    def __init__(self, coro: Any, waiting: Any) -> None:
        self.coro, self.waiting = coro, waiting

    def __await__(self) -> Any:
        coro, waiting = self.coro, self.waiting
        while True:
            yield waiting
            try:
                waiting = coro.send(None)
            except StopIteration:
                return


async def _rest(coro: Any, waiting: Any) -> None:
    await _Rest(coro, waiting)


def refused(version: int, code: str, ref: Any) -> bytes:
    return orjson.dumps(
        {"t": "refused", "v": version, "d": {"code": code, "text": code, "ref": ref}}
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--game", default="catinthebox")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludoteca.web.settings.prod")
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-" + "x" * 40)
    os.environ.setdefault("HTTPS", "false")
    from ludoteca.web.catalogs import compile_all

    compile_all()  # before Django loads any catalog
    import django

    django.setup()
    import uvicorn

    lean = Lean(args.db, args.game)
    uvicorn.run(
        lean.app,
        host="127.0.0.1",
        port=args.port,
        ws="websockets-sansio",
        interface="asgi3",
        ws_per_message_deflate=False,  # as `ludoteca serve` (LUDOTECA_WS_DEFLATE)
        log_level="warning",
        ws_ping_interval=None,
    )


if __name__ == "__main__":
    main()
