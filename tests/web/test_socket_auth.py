"""Who a table socket's handshake says the person is (`live.socket._user_of`):
the same user or anonymous that `django.contrib.auth.get_user` finds for the
session, whichever road it takes (the plain read of a logged-in session, or
Django's own for everything else)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings

from ludoteca.web.live import socket as live_socket
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db


def logged_in(user: User) -> str:
    """The key of a session made by logging in through the login page."""
    client = Client()
    name = user.get_username()
    form = {"username": name, "password": f"pw-{name}-123"}
    page = client.post("/accounts/login/", form)
    assert page.status_code == 302, "not logged in"
    return str(client.cookies["sessionid"].value)


def test_a_logged_in_session_is_its_user_read_the_plain_way() -> None:
    ana = make_user("ana")
    key = logged_in(ana)
    user, session = live_socket._user_of(key)
    assert live_socket._verified_user(session) is not None  # the plain road
    assert user.pk == ana.pk and user.is_authenticated
    assert user.get_username() == "ana" and user.password == ana.password


@pytest.mark.parametrize("key", ["", "no-such-session"])
def test_no_session_is_anonymous(key: str) -> None:
    user, _session = live_socket._user_of(key)
    assert not user.is_authenticated


def test_a_session_of_a_changed_password_is_anonymous_and_flushed() -> None:
    ana = make_user("ana")
    key = logged_in(ana)
    ana.set_password("another-pw-123")
    ana.save()
    user, session = live_socket._user_of(key)
    assert not user.is_authenticated
    assert session.session_key is None  # flushed, as Django does


def test_a_deactivated_user_is_anonymous() -> None:
    ana = make_user("ana")
    key = logged_in(ana)
    User.objects.filter(pk=ana.pk).update(is_active=False)
    user, _session = live_socket._user_of(key)
    assert not user.is_authenticated


def test_a_session_of_a_deleted_user_is_anonymous() -> None:
    ana = make_user("ana")
    key = logged_in(ana)
    ana.delete()
    user, _session = live_socket._user_of(key)
    assert not user.is_authenticated


def test_a_session_hashed_with_an_old_secret_still_finds_its_user() -> None:
    """A rotated SECRET_KEY with the old one among the fallbacks: Django's own
    road, which keeps the person logged in."""
    ana = make_user("ana")
    with override_settings(SECRET_KEY="the-old-secret-" + "x" * 40):
        key = logged_in(ana)
    from django.conf import settings

    with override_settings(SECRET_KEY_FALLBACKS=["the-old-secret-" + "x" * 40]):
        assert settings.SECRET_KEY != "the-old-secret-" + "x" * 40
        user, _session = live_socket._user_of(key)
        assert user.is_authenticated and user.pk == ana.pk
