"""The language kept on a player's account: it wins over the cookie once
they are logged in, and choosing a language in the header saves it."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views.i18n import set_language as django_set_language

from ludoteca.web.community.models import Preferences

CODES = {code for code, _ in settings.LANGUAGES}


class AccountLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            saved = (
                Preferences.objects.filter(user=user)
                .values_list("language", flat=True)
                .first()
            )
            if saved in CODES:
                translation.activate(saved)
                request.LANGUAGE_CODE = saved
                response = self.get_response(request)
                # The table's socket reads the cookie: keep it in step.
                if request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != saved:
                    response.set_cookie(settings.LANGUAGE_COOKIE_NAME, saved)
                return response
        return self.get_response(request)


def set_language(request: HttpRequest) -> HttpResponse:
    """Django's view, and the choice kept on the account of whoever is in."""
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if request.method == "POST" and request.user.is_authenticated and language in CODES:
        Preferences.objects.update_or_create(
            user=request.user, defaults={"language": language}
        )
    return response
