"""The emails' words: rendered in the person's language when queued, each
with a signed unsubscribe link (no log-in needed to use it)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import signing
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from ludoteca.web.community.models import Preferences

UNSUBSCRIBE_SALT = "ludoteca.community.unsubscribe"
ALL = "all"  # an unsubscribe token for every email


def preferences(user: Any) -> Preferences:
    prefs, _ = Preferences.objects.get_or_create(user=user)
    return prefs


def language_of(user: Any) -> str:
    return preferences(user).language or settings.LANGUAGE_CODE


def absolute(path: str) -> str:
    return settings.LUDOTECA_SITE_URL.rstrip("/") + path


def unsubscribe_token(user_id: int, kind: str) -> str:
    return signing.dumps({"u": user_id, "k": kind}, salt=UNSUBSCRIBE_SALT)


def read_unsubscribe_token(token: str) -> tuple[int, str] | None:
    """(user id, kind) of a token this site signed, or None."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int):
        return None
    return data["u"], str(data.get("k", ALL))


def render(
    user: Any, template: str, kind: str, context: dict[str, Any]
) -> tuple[str, str, dict[str, str]]:
    """(subject, body, headers) of an email to `user`, in their language."""
    with translation.override(language_of(user)):
        unsubscribe = absolute(
            reverse("unsubscribe", args=[unsubscribe_token(user.pk, kind)])
        )
        full = {
            **context,
            "user": user,
            "unsubscribe": unsubscribe,
            "site": absolute("/"),
            "preferences": absolute(reverse("email_preferences")),
        }
        subject = render_to_string(f"community/email/{template}_subject.txt", full)
        body = render_to_string(f"community/email/{template}.txt", full)
    headers = {
        "List-Unsubscribe": f"<{unsubscribe}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }
    return " ".join(subject.split()), body.strip() + "\n", headers
