"""Friends: request from a profile, accept, online, invite to a table in one
click (a notification), friends' recent matches."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from ludoteca.web.community import friends
from ludoteca.web.community.models import Notification, Preferences
from ludoteca.web.lobby import actions as lobby
from tests.web.community.test_notifications import play_out
from tests.web.conftest import make_table, make_user

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def befriend(a, b) -> None:
    friends.do_request(a, b)
    friends.do_accept(b, a)


def test_request_from_a_profile_and_accept_from_the_friends_page():
    ana, bia = make_user("ana"), make_user("bia")
    ana_c, bia_c = client_of(ana), client_of(bia)
    assert "Adicionar como amigo" in ana_c.get("/u/bia/").content.decode()
    ana_c.post("/friends/bia/add/", {"next": "/u/bia/"})
    assert "Pedido de amizade enviado." in ana_c.get("/u/bia/").content.decode()
    [n] = Notification.objects.filter(user=bia, kind=Notification.FRIEND_REQUEST)
    assert n.params == {"by": "ana"}
    page = bia_c.get("/notifications/").content.decode()
    assert "ana quer ser seu amigo." in page
    assert "Pedidos de amizade" in bia_c.get("/friends/").content.decode()
    bia_c.post("/friends/ana/accept/")
    assert friends.status(ana, bia) == friends.status(bia, ana) == "friends"
    assert "ana" in bia_c.get("/friends/").content.decode()
    ana_c.post("/friends/bia/remove/")
    assert friends.status(ana, bia) == ""


def test_asking_back_accepts_and_nobody_befriends_themselves():
    ana, bia = make_user("ana"), make_user("bia")
    friends.do_request(ana, bia)
    assert friends.do_request(bia, ana) == "friends"
    refused = client_of(ana).post("/friends/ana/add/", follow=True)
    assert "Você não pode ser seu próprio amigo." in refused.content.decode()
    assert client_of(ana).post("/friends/nobody/add/").status_code == 404
    assert client_of(ana).get("/friends/ana/add/").status_code == 405


def test_friends_online_are_listed_first():
    ana, bia, cid = make_user("ana"), make_user("bia"), make_user("cid")
    befriend(ana, bia)
    befriend(ana, cid)
    client_of(cid).get("/notifications/count.json")  # cid has a page open
    Preferences.objects.update_or_create(
        user=bia, defaults={"seen_at": timezone.now() - timedelta(minutes=10)}
    )
    page = client_of(ana).get("/friends/").content.decode()
    assert page.index("cid") < page.index("bia")
    assert friends.online_ids([bia.pk, cid.pk]) == {cid.pk}


def test_invite_a_friend_to_a_table_in_one_click():
    ana, bia, eve = make_user("ana"), make_user("bia"), make_user("eve")
    befriend(ana, bia)
    table = lobby.do_create_table(ana, "highcard", 2, {}, private=True)
    ana_c = client_of(ana)
    waiting = ana_c.get(f"/t/{table.pk}/").content.decode()
    assert "Convidar bia" in waiting and "eve" not in waiting
    ana_c.post(f"/t/{table.pk}/invite-friend/", {"friend": str(bia.pk)})
    [n] = Notification.objects.filter(user=bia, kind=Notification.INVITATION)
    bia_c = client_of(bia)
    opened = bia_c.get(f"/notifications/{n.pk}/open/", follow=True)
    assert opened.redirect_chain[0][0] == f"/invite/{table.invite_token}/"
    assert opened.redirect_chain[-1][0] == f"/t/{table.pk}/"  # the private table
    refused = ana_c.post(
        f"/t/{table.pk}/invite-friend/", {"friend": str(eve.pk)}, follow=True
    )
    assert "Você só pode convidar os seus amigos." in refused.content.decode()
    assert not Notification.objects.filter(user=eve).exists()


def test_friends_recent_matches():
    ana, bia = make_user("ana"), make_user("bia")
    befriend(ana, bia)
    table = make_table([bia, "random"])
    play_out(table)
    page = client_of(ana).get("/friends/").content.decode()
    assert "Partidas recentes dos seus amigos" in page
    assert f"/replay/{table}/" in page and "High Card" in page


def test_the_home_shows_open_tables_where_friends_sit():
    ana, bia, eve = make_user("ana"), make_user("bia"), make_user("eve")
    befriend(ana, bia)
    open_table = lobby.do_create_table(bia, "highcard", 2, {})
    lobby.do_create_table(eve, "highcard", 2, {})  # a stranger's
    lobby.do_create_table(bia, "highcard", 2, {}, private=True)  # not listed
    page = client_of(ana).get("/").content.decode()
    section = page[page.index('id="friends-tables"') :].split("</section>")[0]
    assert f"/t/{open_table.pk}/" in section and section.count("<tr") == 2
    assert "Seus amigos esperam jogadores" in section
    assert 'id="friends-tables"' not in client_of(eve).get("/").content.decode()
