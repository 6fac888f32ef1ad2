"""Table sockets only from the site's own pages: the whole origin checked.

A browser sends its page's origin (scheme, host and port) with every websocket
handshake, and lets any page open a socket to any site with the user's
cookies. Comparing host names only (Channels' `AllowedHostsOriginValidator`)
let a page on another port or scheme of the same host play as the user. The
rule here is the one Django's CSRF check applies to forms: the origin must
be the site's own (the scheme and host the request came to, with its port),
or one listed in CSRF_TRUSTED_ORIGINS; and the host must be an allowed one.
"""

from __future__ import annotations

import functools
import urllib.parse
from typing import Any

from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


@functools.lru_cache(maxsize=256)  # a site sees few origins; every socket asks
def _origin(value: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin, with the scheme's default port."""
    try:
        parts = urllib.parse.urlsplit(value)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    if parts.path or parts.query or parts.fragment or parts.username:
        return None
    return parts.scheme, parts.hostname.lower(), port or DEFAULT_PORTS[parts.scheme]


def allowed(scope: dict[str, Any]) -> bool:
    headers = {name.lower(): value for name, value in scope.get("headers", [])}
    origin = _origin(headers.get(b"origin", b"").decode("latin-1"))
    host = headers.get(b"host", b"").decode("latin-1")
    if origin is None or not host:
        return False
    domain, _port = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
    own = _origin(f"{scheme}://{host}")
    trusted = {_origin(o) for o in settings.CSRF_TRUSTED_ORIGINS}
    return origin == own or origin in trusted
