"""Error pages: translated, drawn without the database, 503 when it is down."""

from __future__ import annotations

import pytest
from django.db.utils import OperationalError
from django.test import Client, override_settings
from django.urls import path

from ludoteca.web import urls as site_urls


def _database_down(request):
    raise OperationalError("connection refused")


def _bug(request):
    raise ValueError("a bug")


urlpatterns = [
    *site_urls.urlpatterns,
    path("test-db-down/", _database_down),
    path("test-bug/", _bug),
]
handler404 = site_urls.handler404
handler500 = site_urls.handler500


def _client(language: str) -> Client:
    client = Client(raise_request_exception=False)
    client.cookies["django_language"] = language
    return client


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Page not found"), ("pt-br", "Página não encontrada")],
)
def test_a_missing_page_is_a_translated_404(language, words):
    response = _client(language).get("/no-such-page/")
    assert response.status_code == 404
    assert words in response.content.decode()


@override_settings(ROOT_URLCONF=__name__)
@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "Nothing you played is lost"),
        ("pt-br", "Nada do que você jogou se perdeu"),
    ],
)
def test_an_unreachable_database_is_a_clear_503(language, words):
    # No django_db mark: the page must be drawn without a query.
    response = _client(language).get("/test-db-down/")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert words in response.content.decode()


@override_settings(ROOT_URLCONF=__name__)
@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Something went wrong"), ("pt-br", "Algo deu errado")],
)
def test_a_bug_is_a_translated_500_without_details(language, words):
    response = _client(language).get("/test-bug/")
    body = response.content.decode()
    assert response.status_code == 500
    assert words in body and "a bug" not in body and "Traceback" not in body
