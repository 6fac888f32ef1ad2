"""The session engine: Django's database sessions, read with a plain SELECT
(`ludoteca.web.accounts.sessions`), must read exactly what Django's own does."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from ludoteca.web.accounts.sessions import SessionStore

pytestmark = pytest.mark.django_db


def test_it_is_the_sites_session_engine():
    assert settings.SESSION_ENGINE == "ludoteca.web.accounts.sessions"


def test_a_session_reads_back_as_djangos_own_store_reads_it():
    made = db.SessionStore()
    made["_auth_user_id"] = "7"
    made["invite-3"] = True
    made.create()
    ours, theirs = SessionStore(made.session_key), db.SessionStore(made.session_key)
    assert ours.load() == theirs.load() == {"_auth_user_id": "7", "invite-3": True}
    assert ours.session_key == made.session_key


def test_an_expired_or_unknown_session_is_empty_and_its_key_forgotten():
    made = SessionStore()
    made["a"] = 1
    made.create()
    Session.objects.filter(session_key=made.session_key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )
    for key in (made.session_key, "x" * 32, None):
        store = SessionStore(key)
        assert store.load() == {}
        assert store.session_key is None


def test_a_session_saved_through_it_is_djangos():
    store = SessionStore()
    store["b"] = 2
    store.save()
    assert db.SessionStore(store.session_key).load() == {"b": 2}
