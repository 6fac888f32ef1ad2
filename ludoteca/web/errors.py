"""Error pages in the reader's language, drawn without touching the database
(Django's handler404 and handler500, set in urls.py).

The pages do not extend base.html: its top bar asks who is signed in, which
reads the session from the database, and one of these pages is shown exactly
when the database cannot be reached.
"""

from __future__ import annotations

import sys

from django.db.utils import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

UNAVAILABLE_RETRY_SECONDS = 5


def _page(
    request: HttpRequest | None, status: int, title: str, text: str
) -> HttpResponse:
    body = render_to_string(
        "errors/page.html", {"status": status, "title": title, "text": text}
    )
    return HttpResponse(body, status=status)


def unavailable(request: HttpRequest) -> HttpResponse:
    response = _page(
        request,
        503,
        _("The site is briefly unavailable"),
        _(
            "The game database cannot be reached right now. "
            "Nothing you played is lost: try again in a few seconds."
        ),
    )
    response["Retry-After"] = str(UNAVAILABLE_RETRY_SECONDS)
    return response


def bad_request(
    request: HttpRequest, exception: Exception | None = None
) -> HttpResponse:
    return _page(
        request,
        400,
        _("This address is not valid"),
        _(
            "The request could not be understood. "
            "Check the link, or go back to the lobby."
        ),
    )


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page(
        request,
        404,
        _("Page not found"),
        _(
            "There is nothing at this address. "
            "The table may have been closed, or the link mistyped."
        ),
    )


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's handler500; it runs inside the except block of the error, so an
    unreachable database (from a view or a middleware) answers 503 instead."""
    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        return unavailable(request)
    return _page(
        request,
        500,
        _("Something went wrong"),
        _(
            "The server could not answer this request. "
            "It has been logged; try again, or go back to the lobby."
        ),
    )
