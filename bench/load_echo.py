"""The limit: a bare websocket relay, the cost of the transport alone.

Sockets connect to ``/ws/play/<table>/``; the sockets of one table form a room.
A client's frame ``{"t": "act", "v": v, "ref": r, "n": next seat, ...padding}``
is answered like Ludoteca answers an action: an ``ack`` to the sender, then an
``update`` of the size Ludoteca's updates have (``--update-bytes``) to every
socket of the room, the sender included. No game, no database, no checks.

    python bench/load_echo.py --port 9000 --update-bytes 1500
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections import defaultdict
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

rooms: defaultdict[str, set[ServerConnection]] = defaultdict(set)


async def relay(ws: ServerConnection, pad: str) -> None:
    room = rooms[ws.request.path if ws.request else ""]
    room.add(ws)
    try:
        async for raw in ws:
            msg = json.loads(raw)
            if msg.get("t") != "act":
                continue
            ack = json.dumps({"t": "ack", "v": msg["v"], "d": {"ref": msg["ref"]}})
            update = json.dumps(
                {"t": "update", "v": msg["v"], "d": {"next": msg["n"], "pad": pad}}
            )
            await ws.send(ack)
            for peer in list(room):
                try:
                    await peer.send(update)
                except Exception:
                    room.discard(peer)
    finally:
        room.discard(ws)


async def main(port: int, update_bytes: int) -> None:
    pad = "x" * max(0, update_bytes - 60)

    async def handler(ws: ServerConnection) -> Any:
        await relay(ws, pad)

    async with serve(handler, "127.0.0.1", port, max_queue=None, ping_interval=None):
        await asyncio.Future()


if __name__ == "__main__":
    try:  # the event loop uvicorn[standard] gives the real server
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    except ImportError:
        pass
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--update-bytes", type=int, default=1500)
    args = parser.parse_args()
    asyncio.run(main(args.port, args.update_bytes))
