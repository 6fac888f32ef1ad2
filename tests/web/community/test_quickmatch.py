"""Quick match: a queue in the database pairs people of close ratings, the
window widening with the wait; bots offered after a while."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.utils import timezone

from ludoteca.web.community import quickmatch
from ludoteca.web.community.models import QueueEntry
from ludoteca.web.play.models import Table
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def seated(table_id: int) -> list[str]:
    table = Table.objects.get(pk=table_id)
    return sorted(s.user.username if s.user else s.bot for s in table.seats.all())


def test_two_people_asking_for_the_same_match_are_seated_together():
    ana, bia = make_user("ana"), make_user("bia")
    home = client_of(ana).get("/").content.decode()
    assert "Jogar agora" in home and 'value="highcard:2"' in home
    first = client_of(ana).post("/play-now/", {"match": "highcard:2"})
    assert first["Location"] == "/play-now/wait/"
    waiting = client_of(ana).get("/play-now/wait/").content.decode()
    assert "Procurando jogadores" in waiting and "1 pessoa esperando" in waiting
    assert "Jogar agora com robôs" not in waiting  # not yet
    second = client_of(bia).post("/play-now/", {"match": "highcard:2"})
    table = int(second["Location"].strip("/").split("/")[1])
    assert seated(table) == ["ana", "bia"]
    assert Table.objects.get(pk=table).status == Table.PLAYING
    assert client_of(ana).get("/play-now/wait/")["Location"] == f"/t/{table}/"
    assert not QueueEntry.objects.filter(user=ana).exists()


def test_other_games_counts_and_far_ratings_wait_apart():
    ana, bia, cid = make_user("ana"), make_user("bia"), make_user("cid")
    quickmatch.do_join(ana, "highcard", 2)
    assert quickmatch.do_join(bia, "highcard", 3).table_id is None
    QueueEntry.objects.filter(user=ana).update(rating=30.0)
    assert quickmatch.do_join(cid, "highcard", 2).table_id is None  # 30 apart
    # The window widens as they wait: 5 points, then 1 more per 10 seconds.
    QueueEntry.objects.filter(user=ana).update(
        created_at=timezone.now() - timedelta(seconds=260)
    )
    entry = QueueEntry.objects.get(user=cid)
    table = quickmatch.pair(entry.pk)
    assert table is not None and seated(table) == ["ana", "cid"]


def test_refusals_are_sentences():
    ana = make_user("ana")
    bad = client_of(ana).post("/play-now/", {"match": "highcard:9"}, follow=True)
    assert "Escolha um número de jogadores que este jogo aceite." in (
        bad.content.decode()
    )
    none = client_of(ana).post("/play-now/", {"match": "chess:2"}, follow=True)
    assert "Esse jogo não existe." in none.content.decode()


@override_settings(LUDOTECA_QUICK_BOTS_AFTER=30)
def test_after_a_wait_the_seats_can_be_filled_with_bots():
    ana = make_user("ana")
    client = client_of(ana)
    client.post("/play-now/", {"match": "highcard:3"})
    early = client.post("/play-now/bots/", follow=True)
    assert "Espere mais um pouco" in early.content.decode()
    QueueEntry.objects.filter(user=ana).update(
        created_at=timezone.now() - timedelta(seconds=31)
    )
    assert "Jogar agora com robôs" in client.get("/play-now/wait/").content.decode()
    response = client.post("/play-now/bots/")
    table = int(response["Location"].strip("/").split("/")[1])
    assert seated(table) == ["ana", "medium", "medium"]
    assert not QueueEntry.objects.filter(user=ana).exists()


def test_stop_waiting():
    ana = make_user("ana")
    client = client_of(ana)
    client.post("/play-now/", {"match": "highcard:2"})
    client.post("/play-now/leave/")
    assert not QueueEntry.objects.exists()
    assert client.get("/play-now/wait/")["Location"] == "/"


def test_someone_who_closed_the_waiting_page_is_not_paired():
    ana, bia = make_user("ana"), make_user("bia")
    quickmatch.do_join(ana, "highcard", 2)
    QueueEntry.objects.filter(user=ana).update(
        polled_at=timezone.now() - quickmatch.STALE - timedelta(seconds=1)
    )
    assert quickmatch.do_join(bia, "highcard", 2).table_id is None
    client_of(ana).get("/play-now/wait/")  # back on the page: paired at once
    assert QueueEntry.objects.get(user=bia).table_id is not None
