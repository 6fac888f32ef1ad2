"""Pages and forms as an attacker tries them (issue 20: items 12, 13, the
tables half of 15, and 16's header). Each test failed before its fix."""

from __future__ import annotations

import asyncio

import pytest
from django.test import Client, override_settings

from ludoteca.web.play.models import Table
from ludoteca.web.settings import base
from tests.web.conftest import make_user
from tests.web.history_fixtures import finished, user

pytestmark = pytest.mark.django_db


def client_of(name: str, language: str = "en", address: str = "127.0.0.1"):
    person = make_user(name)
    client = Client(REMOTE_ADDR=address)
    client.force_login(person)
    client.cookies["django_language"] = language
    return client, person


# -- 12: private matches stay off public profiles -------------------------------


def private_and_public_matches():
    ana, bia, caio = user("ana"), user("bia"), user("caio")
    public = finished([ana, caio], [1, 2])
    secret = finished([ana, bia], [2, 1])
    Table.objects.filter(pk=secret.pk).update(private=True)
    return public, secret


def test_a_profile_hides_private_matches_from_strangers():
    public, secret = private_and_public_matches()
    anonymous = Client()
    anonymous.cookies["django_language"] = "en"
    for who in (anonymous, client_of("dino")[0]):
        page = who.get("/u/ana/").content.decode()
        assert f"/replay/{public.pk}/" in page
        assert f"/replay/{secret.pk}/" not in page
        assert "/u/bia/" not in page  # neither as an opponent nor as a rival
        assert "1 matches, 1 won." in page  # the counts leave it out too
        rivalry = who.get("/rivalry/ana/bia/").content.decode()
        assert f"/replay/{secret.pk}/" not in rivalry


def test_a_private_match_shows_to_those_who_may_see_it():
    _, secret = private_and_public_matches()
    bia = Client()
    bia.force_login(user("bia"))  # she played in it
    assert f"/replay/{secret.pk}/" in bia.get("/u/ana/").content.decode()
    invited = Client()
    invited.get(f"/invite/{Table.objects.get(pk=secret.pk).invite_token}/")
    assert f"/replay/{secret.pk}/" in invited.get("/u/ana/").content.decode()


# -- 13: bad input is a 400, not a 500 ------------------------------------------


@pytest.mark.parametrize("oldid", ["abc", "1e3", "-1", "9" * 40, "１２"])
@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "This address is not valid"), ("pt-br", "Este endereço não é válido")],
)
def test_a_wiki_oldid_that_is_no_number_is_a_translated_400(oldid, language, words):
    from ludoteca.web.wiki.models import Page

    page = Page.objects.filter(language="en").first()
    assert page is not None  # the games' help pages are seeded
    client = Client(raise_request_exception=False)
    client.cookies["django_language"] = language
    response = client.get(f"/wiki/en/{page.slug}/", {"oldid": oldid})
    assert response.status_code == 400
    assert words in response.content.decode()


async def asgi_get(path: bytes) -> int:
    from ludoteca.web.asgi import application

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path.decode("latin-1"),
        "raw_path": path,
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8000")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    sent: list[dict] = []
    received = asyncio.Queue()
    await received.put({"type": "http.request", "body": b"", "more_body": False})

    async def send(message):
        sent.append(message)

    await application(scope, received.get, send)
    return next(m["status"] for m in sent if m["type"] == "http.response.start")


@pytest.mark.parametrize(
    "path",
    [
        b"/static/../..",
        b"/static/../../etc/passwd",
        b"/static/../../../../../../etc/passwd",
        b"/static/core/../../../settings/base.py",
    ],
)
def test_a_static_path_that_climbs_out_is_refused_not_a_500(path):
    status = asyncio.run(asgi_get(path))
    assert status in (400, 404)


def test_static_files_are_still_served():
    assert asyncio.run(asgi_get(b"/static/core/site.css")) == 200


# -- 15: new tables per user and per address, and waiting tables per user --------


def open_table(client: Client):
    return client.post(
        "/new/highcard/",
        {
            "players": "2",
            "option_cards": "10",
            "clock": "realtime",
            "clock_minutes": "5",
            "clock_increment": "2",
        },
    )


@override_settings(LUDOTECA_OPEN_TABLES_MAX=base.LUDOTECA_OPEN_TABLES_MAX)
@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "You already have 3 tables waiting"), ("pt-br", "Você já tem 3 mesas")],
)
def test_a_user_keeps_only_a_few_tables_waiting(language, words):
    client, person = client_of("gil", language)
    for _ in range(base.LUDOTECA_OPEN_TABLES_MAX):
        assert open_table(client).status_code == 302
    refused = open_table(client)
    assert refused.status_code == 200 and words in refused.content.decode()
    assert Table.objects.filter(created_by=person).count() == 3
    # Once one starts (or is left), another may open.
    Table.objects.filter(created_by=person).first().delete()
    assert open_table(client).status_code == 302


@override_settings(LUDOTECA_TABLE_RATE=base.LUDOTECA_TABLE_RATE)
def test_new_tables_are_throttled_per_user():
    client, person = client_of("hugo")
    most = base.LUDOTECA_TABLE_RATE[0]
    for _ in range(most):
        assert open_table(client).status_code == 302
        Table.objects.filter(created_by=person).update(status=Table.FINISHED)
    refused = open_table(client)
    assert "You are opening tables too fast" in refused.content.decode()
    assert Table.objects.filter(created_by=person).count() == most


@override_settings(LUDOTECA_TABLE_RATE=(2, 600.0))
def test_new_tables_are_throttled_per_address():
    first, _ = client_of("ines", "pt-br", address="10.9.0.1")
    second, _ = client_of("joel", "pt-br", address="10.9.0.1")
    elsewhere, _ = client_of("kaio", "pt-br", address="10.9.0.2")
    assert open_table(first).status_code == 302
    assert open_table(second).status_code == 302
    refused = open_table(first).content.decode()
    assert "Você está abrindo mesas rápido demais" in refused
    assert open_table(elsewhere).status_code == 302


# -- 16: the Content-Security-Policy header --------------------------------------


def test_every_page_sends_a_content_security_policy():
    policy = Client().get("/")["Content-Security-Policy"]
    directives = dict(
        (part.split()[0], part.split()[1:]) for part in policy.split(";") if part
    )
    assert directives["script-src"] == ["'self'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
