"""Account care: email, password change and reset (through the outbox),
language kept on the account, data download, deletion keeping history."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth.models import User
from django.core import mail as django_mail
from django.test import Client

from ludoteca.web.community import friends, outbox
from ludoteca.web.community.models import Friendship, OutboxEmail, Preferences
from ludoteca.web.history.models import Participation
from ludoteca.web.play.models import ChatMessage, Seat, Table
from tests.web.community.test_notifications import play_out
from tests.web.conftest import make_table, make_user

pytestmark = pytest.mark.django_db


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_change_email_and_password():
    ana = make_user("ana")
    client = client_of(ana)
    assert "Sua conta" in client.get("/account/").content.decode()
    client.post("/account/email/", {"email": "ana@example.org"})
    assert User.objects.get(pk=ana.pk).email == "ana@example.org"
    bad = client.post("/account/email/", {"email": "not an address"})
    assert bad.status_code == 400
    response = client.post(
        "/account/password/",
        {
            "old_password": "pw-ana-123",
            "new_password1": "a-new-long-secret-9",
            "new_password2": "a-new-long-secret-9",
        },
    )
    assert response.status_code == 302
    assert User.objects.get(pk=ana.pk).check_password("a-new-long-secret-9")


def test_password_reset_goes_through_the_outbox_in_the_players_language():
    ana = make_user("ana")
    ana.email = "ana@example.org"
    ana.save()
    Preferences.objects.create(user=ana, language="en")
    client = Client()
    assert "Esqueceu a senha?" in client.get("/accounts/login/").content.decode()
    response = client.post("/account/reset/", {"email": "ana@example.org"})
    assert response["Location"] == "/account/reset/sent/"
    assert django_mail.outbox == []  # queued, not sent on the request
    row = OutboxEmail.objects.get()
    assert row.subject == "Ludoteca: choose a new password"
    client.post("/account/reset/", {"email": "nobody@example.org"})
    assert OutboxEmail.objects.count() == 1  # no row, and the same answer
    outbox.drain()
    [sent] = django_mail.outbox
    link = re.search(r"http://\S+/account/reset/\S+/", sent.body).group(0)
    page = client.get(link.split("testserver")[1], follow=True)
    assert page.status_code == 200
    form_url = page.redirect_chain[-1][0]
    client.post(
        form_url,
        {
            "new_password1": "reset-long-secret-7",
            "new_password2": "reset-long-secret-7",
        },
    )
    assert User.objects.get(pk=ana.pk).check_password("reset-long-secret-7")


def test_the_language_is_kept_on_the_account():
    ana = make_user("ana")
    client = client_of(ana)
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert Preferences.objects.get(user=ana).language == "en"
    other_browser = client_of(ana)  # no language cookie there
    assert "Open tables" in other_browser.get("/").content.decode()
    assert other_browser.cookies["django_language"].value == "en"  # for the socket
    other_browser.post(
        "/account/emails/",
        {"language": "pt-br", "email_your_turn": "on", "email_invitation": "on"},
    )
    prefs = Preferences.objects.get(user=ana)
    assert prefs.language == "pt-br" and not prefs.email_finished
    assert not prefs.email_friend_request  # unticked on the form
    assert "Mesas abertas" in client.get("/").content.decode()


def test_download_own_data():
    ana, bia = make_user("ana"), make_user("bia")
    table = make_table([ana, bia])
    ChatMessage.objects.create(table_id=table, seat=0, author="ana", text="boa sorte")
    ChatMessage.objects.create(table_id=table, seat=1, author="bia", text="valeu")
    response = client_of(ana).get("/account/data.json")
    assert response["Content-Disposition"].startswith("attachment")
    data = json.loads(response.content)
    assert data["account"]["username"] == "ana"
    assert [t["table_id"] for t in data["tables"]] == [table]
    assert [c["text"] for c in data["chat"]] == ["boa sorte"]  # hers only
    assert data["friends"] == [] and data["muted"] == []
    assert Client().get("/account/data.json").status_code == 302


def test_deleting_the_account_keeps_the_matches_under_an_anonymous_name():
    ana, bia = make_user("ana"), make_user("bia")
    friends.do_request(ana, bia)
    table = make_table([ana, bia])
    ChatMessage.objects.create(table_id=table, seat=0, author="ana", text="oi")
    play_out(table)
    client = client_of(ana)
    wrong = client.post("/account/delete/", {"password": "nope"})
    assert "Essa não é a sua senha." in wrong.content.decode()
    client.post("/account/delete/", {"password": "pw-ana-123"})
    gone = User.objects.get(pk=ana.pk)
    assert gone.username.startswith("anon-") and not gone.is_active
    assert not gone.has_usable_password() and gone.email == ""
    assert Seat.objects.get(table_id=table, index=0).user_id == ana.pk
    assert Participation.objects.filter(table_id=table, user=gone).exists()
    assert ChatMessage.objects.get(text="oi").author == gone.username
    assert Table.objects.get(pk=table).status == Table.FINISHED
    login = Client().post(
        "/accounts/login/", {"username": "ana", "password": "pw-ana-123"}
    )
    assert login.status_code == 200  # the form again: no such account
    assert Client().get("/u/ana/").status_code == 404
    assert not Friendship.objects.exists()
