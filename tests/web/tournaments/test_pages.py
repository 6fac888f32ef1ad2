"""Tournament pages through the Django test client, in both languages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from ludoteca.web.community.models import Notification
from ludoteca.web.community.notify import describe, link
from ludoteca.web.tournaments import runner
from ludoteca.web.tournaments.models import Tournament
from tests.web.tournaments.helpers import play_out, round_tables, tournament, users

pytestmark = pytest.mark.django_db


def client_of(user, language: str = "pt-br") -> Client:
    client = Client(headers={"accept-language": language})
    client.force_login(user)
    return client


def test_create_from_the_form_then_others_sign_up_and_withdraw():
    ana, bia = users("ana", "bia")
    ana_c = client_of(ana)
    assert "Torneios" in ana_c.get("/").content.decode()
    form = ana_c.get("/tournaments/new/").content.decode()
    assert "Novo torneio" in form and "Jogadores por mesa" in form
    when = (timezone.localtime() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    response = ana_c.post(
        "/tournaments/new/",
        {
            "name": "Copa do clube",
            "game": "highcard",
            "format": "swiss",
            "rounds": 3,
            "table_size": 2,
            "clock": "realtime",
            "clock_minutes": 10,
            "clock_increment": 5,
            "starts_at": when,
            "max_entrants": 8,
            "rated": "on",
        },
    )
    t = Tournament.objects.get(name="Copa do clube")
    assert response["Location"] == f"/tournaments/{t.pk}/"
    assert list(t.entrants.values_list("user__username", flat=True)) == ["ana"]
    bia_c = client_of(bia)
    page = bia_c.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Inscrever-me" in page and "Copa do clube" in page
    bia_c.post(f"/tournaments/{t.pk}/signup/")
    assert t.entrants.count() == 2
    assert "Desistir do torneio" in bia_c.get(f"/tournaments/{t.pk}/").content.decode()
    bia_c.post(f"/tournaments/{t.pk}/withdraw/")
    assert t.entrants.count() == 1


def test_the_form_refuses_a_table_size_the_game_does_not_have():
    (ana,) = users("ana")
    when = (timezone.localtime() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    page = client_of(ana, "en").post(
        "/tournaments/new/",
        {
            "name": "Big",
            "game": "highcard",
            "format": "swiss",
            "rounds": 3,
            "table_size": 6,
            "clock": "realtime",
            "clock_minutes": 10,
            "clock_increment": 5,
            "starts_at": when,
            "max_entrants": 8,
        },
    )
    assert "Tables of this game seat from 2 to 3 players." in page.content.decode()
    assert not Tournament.objects.exists()


def test_invitation_only_and_closed_sign_up_are_refused_in_words():
    ana, bia, cid = users("ana", "bia", "cid")
    t = tournament([ana], invitation_only=True)
    Tournament.objects.filter(pk=t.pk).update(
        starts_at=timezone.now() + timedelta(hours=1)
    )
    bia_c = client_of(bia)
    page = bia_c.post(f"/tournaments/{t.pk}/signup/", follow=True).content.decode()
    assert "Este torneio é só com convite" in page
    bia_c.post(f"/tournaments/{t.pk}/signup/", {"invite": t.invite_token})
    assert t.entrants.filter(user=bia).exists()
    Tournament.objects.filter(pk=t.pk).update(starts_at=timezone.now())
    page = client_of(cid, "en").post(
        f"/tournaments/{t.pk}/signup/", {"invite": t.invite_token}, follow=True
    )
    assert "Sign-up for this tournament is closed." in page.content.decode()


def test_the_page_shows_rounds_standings_notifications_podium_and_profile():
    people = users("ana", "bia", "cid")
    t = tournament(people, rounds=2)
    runner.advance(t.pk)
    ana_c = client_of(people[0], "en")
    live = ana_c.get(f"/tournaments/{t.pk}/live/").content.decode()
    assert "Round 1 of 2 is being played." in live
    assert "bye (1 point)" in live and "Play or watch" in live
    # Level at the start (no points, no rating): the bye goes to the last
    # by name, cid; ana and bia are told their table is ready.
    assert [p.players for p in t.pairings.filter(round=1)][-1] == [people[2].pk]
    told = Notification.objects.filter(kind=Notification.TOURNAMENT)
    assert sorted(told.values_list("user__username", flat=True)) == ["ana", "bia"]
    note = told.get(user=people[0])
    assert link(note) == f"/t/{note.table_id}/"
    assert describe(note) == "Your table in round 1 of the tournament Copa is ready."
    listed = client_of(people[1]).get("/notifications/").content.decode()
    assert "Sua mesa na rodada 1 do torneio Copa está pronta." in listed
    for number in (1, 2):
        for table in round_tables(t, number):
            play_out(table)
        runner.advance(t.pk)
    page = client_of(people[1]).get(f"/tournaments/{t.pk}/").content.decode()
    assert "Pódio" in page and "O torneio terminou." in page
    assert "Buchholz" in page
    profile = ana_c.get("/u/ana/").content.decode()
    assert f"/tournaments/{t.pk}/" in profile


def test_the_help_page_explains_formats_and_tie_breaks_in_both_languages():
    pt = Client(headers={"accept-language": "pt-br"}).get("/tournaments/help/")
    en = Client(headers={"accept-language": "en"}).get("/tournaments/help/")
    assert "Pontos e desempates" in pt.content.decode()
    assert "Buchholz" in pt.content.decode()
    assert "Points and tie-breaks" in en.content.decode()
    assert "circle method" in en.content.decode()


def test_a_tournament_table_links_back_to_its_tournament():
    people = users("ana", "bia")
    t = tournament(people)
    runner.advance(t.pk)
    (table,) = round_tables(t, 1)
    page = client_of(people[0]).get(f"/t/{table}/").content.decode()
    assert f'href="/tournaments/{t.pk}/">Copa, rodada 1</a>' in page
