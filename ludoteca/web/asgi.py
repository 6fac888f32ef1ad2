"""The ASGI application: HTTP (Django + static files), websockets, lifespan.

Websockets go origin check (scheme, host and port: `play.origin`) -> session
auth -> router (as in Channels' sample project); the lifespan hook starts the
per-process runtime (hub, Redis subscription, ticker) and resumes tables where
bots are due, and starts the emails' outbox drainer.
"""

from __future__ import annotations

import os
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludoteca.web.settings.dev")

from ludoteca.web.catalogs import compile_all

compile_all()  # before Django loads any catalog

from django.core.asgi import get_asgi_application  # noqa: E402

django_http = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.urls import path  # noqa: E402

from ludoteca.web.community import worker as outbox_worker  # noqa: E402
from ludoteca.web.play import consumers, runtime  # noqa: E402
from ludoteca.web.play.origin import SameOriginValidator  # noqa: E402
from ludoteca.web.staticfiles import StaticFiles  # noqa: E402
from ludoteca.web.tournaments import worker as tournament_worker  # noqa: E402

websocket_urls = [
    path("ws/play/<int:table_id>/", consumers.PlayConsumer.as_asgi()),
    path("ws/watch/<int:table_id>/", consumers.WatchConsumer.as_asgi()),
]


async def lifespan(scope: dict[str, Any], receive: Any, send: Any) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await runtime.get()
            outbox_worker.start()  # the emails' drainer (community.outbox)
            tournament_worker.start()  # rounds due (tournaments.runner)
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await outbox_worker.stop()
            await tournament_worker.stop()
            await runtime.shutdown()
            await send({"type": "lifespan.shutdown.complete"})
            return


websocket_app = SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urls)))

application = ProtocolTypeRouter(
    {
        "http": StaticFiles(django_http),
        "websocket": websocket_app,
        "lifespan": lifespan,
    }
)
