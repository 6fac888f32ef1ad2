"""Rate limits that hold across server processes: sign-ups, new tables and
wiki previews, counted per address and per user in the database.

`allow` records the hit only when every key is under its limit, so a refused
attempt does not push the window further away.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from ludoteca.web.accounts.models import ThrottleHit


def client_address(request: HttpRequest) -> str:
    """The client's address; behind nginx the ASGI server has already taken it
    from ``X-Forwarded-For`` of the trusted proxy (``FORWARDED_ALLOW_IPS``)."""
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def rate(name: str) -> tuple[int, float]:
    count, seconds = getattr(settings, name)
    return int(count), float(seconds)


def allow(scope: str, keys: list[str], limit: tuple[int, float]) -> bool:
    """True, and the hit recorded, when each key has had fewer than
    ``limit[0]`` hits of `scope` in the last ``limit[1]`` seconds."""
    count, seconds = limit
    now = timezone.now()
    since = now - timedelta(seconds=seconds)
    with transaction.atomic():
        ThrottleHit.objects.filter(scope=scope, at__lt=since).delete()
        for key in keys:
            recent = ThrottleHit.objects.filter(scope=scope, key=key, at__gte=since)
            if recent.count() >= count:
                return False
        ThrottleHit.objects.bulk_create(
            [ThrottleHit(scope=scope, key=key, at=now) for key in keys]
        )
    return True


def request_keys(request: HttpRequest) -> list[str]:
    """The address, and the user when signed in."""
    keys = [f"ip:{client_address(request)}"]
    if request.user.is_authenticated:
        keys.append(f"user:{request.user.pk}")
    return keys
