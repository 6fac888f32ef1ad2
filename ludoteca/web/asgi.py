"""The ASGI application: HTTP (Django + static files), websockets, lifespan.

Websockets go to the table sockets (`live.socket`: origin check, session,
the table's actor); the lifespan hook starts this process's table owner (its
writer, Redis subscription and sweeper, which takes the tables where a bot is
due), the emails' outbox drainer and the tournaments' rounds.
"""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludoteca.web.settings.dev")

from ludoteca.web.catalogs import compile_all

compile_all()  # before Django loads any catalog

from django.core.asgi import get_asgi_application  # noqa: E402

django_http = get_asgi_application()

from ludoteca.web.community import worker as outbox_worker  # noqa: E402
from ludoteca.web.live import owners  # noqa: E402
from ludoteca.web.live import socket as table_sockets  # noqa: E402
from ludoteca.web.staticfiles import StaticFiles  # noqa: E402
from ludoteca.web.tournaments import worker as tournament_worker  # noqa: E402


async def lifespan(scope: dict[str, Any], receive: Any, send: Any) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await owners.get()
            outbox_worker.start()  # the emails' drainer (community.outbox)
            tournament_worker.start()  # rounds due (tournaments.runner)
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await outbox_worker.stop()
            await tournament_worker.stop()
            await owners.shutdown()
            await send({"type": "lifespan.shutdown.complete"})
            return


websocket_app = table_sockets.app
http_app = StaticFiles(django_http)


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "http":
        await http_app(scope, receive, send)
    elif scope["type"] == "websocket":
        await websocket_app(scope, receive, send)
    elif scope["type"] == "lifespan":
        await lifespan(scope, receive, send)
