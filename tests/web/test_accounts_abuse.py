"""Sign-up and log-in as an attacker tries them (issue 20: items 4, 8, 11, 14
and the sign-up half of 15). Each test failed before its fix."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme

from ludoteca.web.settings import base
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db


def sign_up(
    client: Client, name: str, password: str = "a-long-pass-9", query: str = ""
):
    return client.post(
        "/accounts/signup/" + query,
        {"username": name, "password1": password, "password2": password},
    )


def client_in(language: str, address: str = "127.0.0.1") -> Client:
    client = Client(REMOTE_ADDR=address)
    client.cookies["django_language"] = language
    return client


def django_says(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


# -- 4: the redirect after signing up stays on the site -------------------------


@pytest.mark.parametrize(
    "target",
    [
        "//evil.example/phish",
        "///evil.example",
        "https://evil.example/",
        "/\\evil.example",
        "\\\\evil.example",
        "javascript:alert(1)",
    ],
)
def test_sign_up_never_redirects_off_the_site(target):
    response = sign_up(Client(), "carla", query="?next=" + target)
    assert response.status_code == 302
    location = response["Location"]
    assert url_has_allowed_host_and_scheme(location, {"testserver"}), location
    assert location == "/"


def test_sign_up_still_returns_to_the_page_it_came_from():
    response = sign_up(Client(), "carla", query="?next=/wiki/en/")
    assert response.status_code == 302 and response["Location"] == "/wiki/en/"


# -- 14: weak passwords ---------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "pt-br"])
@pytest.mark.parametrize(
    ("password", "message"),
    [
        (" " * 8, "Your password cannot be made of spaces only."),
        ("98127364", "This password is entirely numeric."),
        ("marcela-souza", "The password is too similar to the %(verbose_name)s."),
        ("password", "This password is too common."),
    ],
)
def test_weak_passwords_are_refused_in_the_readers_language(
    language, password, message
):
    response = sign_up(client_in(language), "marcela-souza", password)
    assert response.status_code == 200
    assert not User.objects.filter(username="marcela-souza").exists()
    expected = django_says(language, message)
    if language == "pt-br":
        assert expected != message  # the catalog has it
    if "%(verbose_name)s" in expected:
        expected = expected.split("%(verbose_name)s")[0]
    page = response.content.decode()
    assert expected.replace("'", "&#x27;") in page


# -- 11: look-alike names -------------------------------------------------------


@pytest.mark.parametrize(
    "look_alike",
    [
        "ＢＯＳＳ",  # fullwidth
        "bоss",  # a Cyrillic о
        "Boss",
        "b0ss",  # a zero
        "bοss",  # a Greek omicron
    ],
)
def test_a_name_that_looks_like_an_existing_one_is_refused(look_alike):
    make_user("boss")
    response = sign_up(client_in("en"), look_alike)
    assert response.status_code == 200
    assert "looks too much like someone else" in response.content.decode()
    assert User.objects.count() == 1


def test_the_look_alike_refusal_is_in_portuguese():
    make_user("boss")
    page = sign_up(client_in("pt-br"), "ＢＯＳＳ").content.decode()
    assert "Este nome se parece demais com o de outra pessoa" in page


def test_names_are_stored_in_nfkc_and_different_names_pass():
    make_user("boss")
    assert sign_up(Client(), "ｂａｓｓ").status_code == 302  # fullwidth "bass"
    assert User.objects.filter(username="bass").exists()
    assert sign_up(Client(), "bosse").status_code == 302


def test_a_name_is_checked_again_after_normalising():
    # "½" is a digit-like character; NFKC turns it into "1⁄2", with a slash.
    response = sign_up(client_in("en"), "half½")
    assert response.status_code == 200 and not User.objects.exists()
    assert "Up to 30 letters, digits" in response.content.decode()
    assert sign_up(Client(), "ﬁ" * 16).status_code == 200  # 32 letters in NFKC
    assert not User.objects.exists()


def test_a_name_made_in_the_admin_is_guarded_too():
    User.objects.create_user("Ana", password="x-long-pass-1")  # not via sign-up
    response = sign_up(client_in("en"), "аna")  # a Cyrillic а
    assert "looks too much like someone else" in response.content.decode()


# -- 15: sign-ups per address ---------------------------------------------------


@override_settings(LUDOTECA_SIGNUP_RATE=base.LUDOTECA_SIGNUP_RATE)
def test_sign_ups_from_one_address_are_throttled():
    most = base.LUDOTECA_SIGNUP_RATE[0]
    for n in range(most):
        assert sign_up(client_in("en", "10.0.0.7"), f"player{n}").status_code == 302
    refused = sign_up(client_in("en", "10.0.0.7"), "one-too-many")
    assert refused.status_code == 429
    assert "Too many accounts were created from your address" in (
        refused.content.decode()
    )
    assert not User.objects.filter(username="one-too-many").exists()
    pt = sign_up(client_in("pt-br", "10.0.0.7"), "mais-uma").content.decode()
    assert "Contas demais foram criadas" in pt
    # Another address is not held back.
    assert sign_up(client_in("en", "10.0.0.8"), "elsewhere").status_code == 302


# -- 8: log-in throttle (django-axes) --------------------------------------------


def log_in(client: Client, name: str, password: str, path: str = "/accounts/login/"):
    return client.post(path, {"username": name, "password": password})


def test_wrong_passwords_lock_the_account_even_with_the_right_one_after():
    make_user("dora")  # password pw-dora-123
    limit = base.AXES_FAILURE_LIMIT
    for n in range(limit):
        attacker = client_in("en", f"10.1.0.{n}")  # a new address each time
        answer = log_in(attacker, "dora", f"guess-{n}").status_code
        assert answer == (200 if n < limit - 1 else 429)  # the last one locks
    late = log_in(client_in("en", "10.2.0.1"), "dora", "pw-dora-123")
    assert late.status_code == 429
    assert "Too many failed attempts to log in" in late.content.decode()
    assert "_auth_user_id" not in late.client.session


def test_wrong_passwords_from_one_address_lock_that_address():
    make_user("eva")
    make_user("fabio")
    for n in range(base.AXES_FAILURE_LIMIT):
        log_in(client_in("en", "10.3.0.1"), f"nobody{n}", "guess")
    locked = log_in(client_in("pt-br", "10.3.0.1"), "eva", "pw-eva-123")
    assert locked.status_code == 429
    assert "Tentativas de entrar erradas demais" in locked.content.decode()
    fine = log_in(client_in("en", "10.3.0.2"), "fabio", "pw-fabio-123")
    assert fine.status_code == 302


def test_the_admin_log_in_is_throttled_too():
    User.objects.create_superuser("chefe", password="pw-chefe-123")
    for n in range(base.AXES_FAILURE_LIMIT):
        log_in(client_in("en", "10.4.0.1"), "chefe", f"guess-{n}", "/admin/login/")
    late = log_in(client_in("en", "10.4.0.9"), "chefe", "pw-chefe-123", "/admin/login/")
    assert late.status_code == 429
