"""Rematch from the end of a match: same players and options, seats turned
by one; every person answers, bots accept at once."""

from __future__ import annotations

import pytest
from django.test import Client

from ludoteca.web.community.models import Notification, Rematch
from ludoteca.web.play.models import Table
from tests.web.community.test_notifications import play_out
from tests.web.conftest import make_table, make_user

pytestmark = pytest.mark.django_db


def finished(users, **kwargs) -> Table:
    table = make_table(users, **kwargs)
    play_out(table)
    return Table.objects.get(pk=table)


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def seat_names(table: Table) -> list[str]:
    return [s.user.username if s.user else s.bot for s in table.seats.order_by("index")]


def test_everyone_accepts_and_the_match_starts_with_seats_turned():
    ana, bia, cid = make_user("ana"), make_user("bia"), make_user("cid")
    old = finished([ana, bia, cid], clock=Table.RELAXED)
    ana_c = client_of(ana)
    page = ana_c.get(f"/t/{old.pk}/rematch/").content.decode()
    assert "Propor revanche" in page
    response = ana_c.post(f"/t/{old.pk}/rematch/")
    rematch = Rematch.objects.get(source=old)
    assert response["Location"] == f"/rematch/{rematch.pk}/"
    new = rematch.table
    assert (new.game, new.options, new.players, new.clock) == (
        old.game,
        old.options,
        old.players,
        old.clock,
    )
    assert new.status == Table.OPEN and new.private  # kept for those invited
    invited = Notification.objects.filter(kind=Notification.INVITATION, table=new)
    assert sorted(invited.values_list("user__username", flat=True)) == ["bia", "cid"]
    bia_page = client_of(bia).get("/").content.decode()
    assert "ana propõe uma revanche de High Card." in bia_page
    client_of(bia).post(f"/rematch/{rematch.pk}/answer/", {"answer": "accept"})
    assert Table.objects.get(pk=new.pk).status == Table.OPEN
    response = client_of(cid).post(
        f"/rematch/{rematch.pk}/answer/", {"answer": "accept"}
    )
    assert response["Location"] == f"/t/{new.pk}/"
    new.refresh_from_db()
    assert new.status == Table.PLAYING and not new.private
    assert seat_names(new) == ["cid", "ana", "bia"]  # old seat i sits at i + 1
    again = ana_c.post(f"/t/{old.pk}/rematch/")  # one rematch per match
    assert again["Location"] == f"/rematch/{rematch.pk}/"


def test_bots_accept_at_once():
    ana = make_user("ana")
    old = finished([ana, "random"])
    client_of(ana).post(f"/t/{old.pk}/rematch/")
    rematch = Rematch.objects.get(source=old)
    assert rematch.status == Rematch.STARTED
    assert seat_names(rematch.table) == ["random", "ana"]
    assert rematch.table.status == Table.PLAYING


def test_a_decline_stops_it_and_opens_the_table():
    ana, bia = make_user("ana"), make_user("bia")
    old = finished([ana, bia])
    client_of(ana).post(f"/t/{old.pk}/rematch/")
    rematch = Rematch.objects.get(source=old)
    client_of(bia).post(f"/rematch/{rematch.pk}/answer/", {"answer": "decline"})
    rematch.refresh_from_db()
    assert rematch.status == Rematch.DECLINED
    assert rematch.table.status == Table.OPEN and not rematch.table.private
    page = client_of(ana).get(f"/rematch/{rematch.pk}/").content.decode()
    assert "recusou" in page
    late = client_of(bia).post(
        f"/rematch/{rematch.pk}/answer/", {"answer": "accept"}, follow=True
    )
    assert "Esta revanche não está mais aberta." in late.content.decode()


def test_only_the_players_may_offer_or_answer():
    ana, bia, eve = make_user("ana"), make_user("bia"), make_user("eve")
    old = finished([ana, bia])
    assert client_of(eve).post(f"/t/{old.pk}/rematch/").status_code == 404
    client_of(ana).post(f"/t/{old.pk}/rematch/")
    rematch = Rematch.objects.get(source=old)
    assert client_of(eve).get(f"/rematch/{rematch.pk}/").status_code == 404
    refused = client_of(eve).post(
        f"/rematch/{rematch.pk}/answer/", {"answer": "accept"}, follow=True
    )
    assert refused.status_code == 404 or "não foi proposta a você" in (
        refused.content.decode()
    )
    assert Table.objects.get(pk=rematch.table_id).seats.filter(user=eve).count() == 0


def test_no_rematch_before_the_end():
    ana, bia = make_user("ana"), make_user("bia")
    table = make_table([ana, bia])
    response = client_of(ana).post(f"/t/{table}/rematch/", follow=True)
    assert "quando a partida terminar" in response.content.decode()
    assert not Rematch.objects.exists()
