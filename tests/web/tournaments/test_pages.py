"""Tournament pages through the Django test client, in both languages."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from ludoteca.web.community.models import Notification
from ludoteca.web.community.notify import describe, link
from ludoteca.web.play.models import Table
from ludoteca.web.tournaments import entries, runner
from ludoteca.web.tournaments.models import Tournament
from tests.web.tournaments.helpers import play_out, round_tables, tournament, users

pytestmark = pytest.mark.django_db


def form(**fields: object) -> dict[str, object]:
    """The new-tournament form as a browser sends it, for High Card."""
    data: dict[str, object] = {
        "name": "Copa",
        "game": "highcard",
        "format": "swiss",
        "rounds": 3,
        "table_size": 2,
        "clock": "realtime",
        "clock_minutes": 10,
        "clock_increment": 5,
        "round_minutes": "",
        "starts_at": (timezone.localtime() + timedelta(days=1)).strftime(
            "%Y-%m-%dT%H:%M"
        ),
        "max_entrants": 8,
        "rated": "on",
        "option_cards": "8",
    }
    data.update(fields)
    return {k: v for k, v in data.items() if v is not None}


def client_of(user, language: str = "pt-br") -> Client:
    client = Client(headers={"accept-language": language})
    client.force_login(user)
    return client


def test_create_from_the_form_then_others_sign_up_and_withdraw():
    ana, bia = users("ana", "bia")
    ana_c = client_of(ana)
    assert "Torneios" in ana_c.get("/").content.decode()
    blank = ana_c.get("/tournaments/new/").content.decode()
    assert "Novo torneio" in blank and "Jogadores por mesa" in blank
    when = (timezone.localtime() + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    response = ana_c.post(
        "/tournaments/new/", form(name="Copa do clube", starts_at=when)
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
        "/tournaments/new/", form(name="Big", table_size=6, starts_at=when)
    )
    assert "Select a valid choice. 6 is not one of the available choices." in (
        page.content.decode()
    )
    assert not Tournament.objects.exists()
    # The form offers the game's own sizes only; the rule holds underneath too.
    sizes = client_of(ana).get("/tournaments/new/?game=highcard").content.decode()
    assert '<option value="3">3</option>' in sizes
    assert '<option value="4">' not in sizes
    refused = pytest.raises(entries.TournamentRefused, match="from 2 to 3 players")
    with translation.override("en"), refused:
        entries.do_create(
            ana,
            name="Big",
            game="highcard",
            format="swiss",
            table_size=6,
            starts_at=timezone.now() + timedelta(days=1),
        )


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
    play_out(table)
    replay = client_of(people[1], "en").get(reverse("replay", args=[table]))
    assert f'href="/tournaments/{t.pk}/">Copa, round 1</a>' in replay.content.decode()


def test_the_games_options_are_chosen_on_the_form_and_used_at_every_table():
    people = users("ana", "bia", "cid", "dan")
    ana_c = client_of(people[0], "en")
    page = ana_c.get("/tournaments/new/?game=agentavenue").content.decode()
    assert "Options of Agent Avenue, the same at every table" in page
    assert 'name="option_black_market"' in page and 'value="agentavenue"' in page
    response = ana_c.post(
        "/tournaments/new/?game=agentavenue",
        form(
            name="Mercado",
            game="agentavenue",
            clock_minutes=8,
            option_cards=None,
            option_black_market="true",
            option_teams="false",
            option_refill_timing='"end"',
        ),
    )
    t = Tournament.objects.get(name="Mercado")
    assert response["Location"] == f"/tournaments/{t.pk}/"
    assert t.options["black_market"] is True and t.options["teams"] is False
    shown = client_of(people[1], "en").get(f"/tournaments/{t.pk}/").content.decode()
    assert "Options: Black market (advanced mode): Yes." in shown
    shown = client_of(people[1]).get(f"/tournaments/{t.pk}/").content.decode()
    assert "Opções: Mercado negro (modo avançado): Sim." in shown
    for person in people[1:]:
        entries.do_sign_up(t.pk, person)
    Tournament.objects.filter(pk=t.pk).update(starts_at=timezone.now())
    runner.advance(t.pk)
    tables = Table.objects.filter(pk__in=round_tables(t, 1))
    assert len(tables) == 2
    assert all(table.options["black_market"] is True for table in tables)


def test_an_option_the_game_does_not_offer_is_refused_in_words():
    (ana,) = users("ana")
    page = client_of(ana, "en").post("/tournaments/new/", form(option_cards="9"))
    assert "Select a valid choice. 9 is not one of the available choices." in (
        page.content.decode()
    )
    page = client_of(ana).post("/tournaments/new/", form(game="nosuchgame"))
    assert "Escolha o jogo de novo." in page.content.decode()
    assert not Tournament.objects.exists()


def test_staff_only_lets_staff_create_and_hides_the_link_from_others(settings):
    settings.LUDOTECA_TOURNAMENTS_STAFF_ONLY = True
    ana, boss = users("ana", "boss")
    boss.is_staff = True
    boss.save()
    ana_c, boss_c = client_of(ana), client_of(boss)
    for path in ("/", "/tournaments/"):
        assert "/tournaments/new/" not in ana_c.get(path).content.decode()
        assert "/tournaments/new/" in boss_c.get(path).content.decode()
    refused = ana_c.get("/tournaments/new/")
    assert refused.status_code == 403
    assert "Só a equipe do site pode criar torneios." in refused.content.decode()
    assert ana_c.post("/tournaments/new/", form(name="Minha")).status_code == 403
    assert not Tournament.objects.exists()
    boss_c.post("/tournaments/new/", form(name="Oficial"))
    assert Tournament.objects.get().name == "Oficial"
    settings.LUDOTECA_TOURNAMENTS_STAFF_ONLY = False
    assert "/tournaments/new/" in ana_c.get("/").content.decode()
    ana_c.post("/tournaments/new/", form(name="Minha"))
    assert Tournament.objects.filter(name="Minha").exists()


def test_the_page_counts_down_the_rounds_time_and_says_when_it_ran_out():
    people = users("ana", "bia")
    t = tournament(people)
    runner.advance(t.pk)
    t.refresh_from_db()
    assert t.round_minutes == 60
    en = client_of(people[0], "en")
    assert (
        "Time limit per round: 1 hour."
        in en.get(f"/tournaments/{t.pk}/").content.decode()
    )
    live = en.get(f"/tournaments/{t.pk}/live/").content.decode()
    assert "The round's time runs out at" in live
    assert f'data-at="{int(t.round_deadline.timestamp())}"' in live
    assert re.search(r"data-countdown[^>]*>0:(59|60):\d\d</time>", live)
    Tournament.objects.filter(pk=t.pk).update(
        round_deadline=timezone.now() - timedelta(seconds=1)
    )
    live = client_of(people[1]).get(f"/tournaments/{t.pk}/live/").content.decode()
    assert "O tempo da rodada acabou: robôs estão terminando as últimas mesas." in live
    runner.advance(t.pk)
    live = client_of(people[1]).get(f"/tournaments/{t.pk}/live/").content.decode()
    assert live.count("terminada por um robô") == 2


def test_a_relaxed_tournament_gives_a_round_seven_days_unless_told_otherwise():
    ana, bia = users("ana", "bia")
    relaxed = tournament([ana, bia], clock=Table.RELAXED)
    assert relaxed.round_minutes == 7 * 24 * 60
    runner.advance(relaxed.pk)
    relaxed.refresh_from_db()
    left = relaxed.round_deadline - timezone.now()
    assert timedelta(days=6, hours=23) < left <= timedelta(days=7)
    live = client_of(ana).get(f"/tournaments/{relaxed.pk}/live/").content.decode()
    assert re.search(r"data-countdown[^>]*>6 dias, 23:\d\d:\d\d</time>", live)
    assert 'data-many="%(days)d dias, %(clock)s"' in live
    page = client_of(ana, "en").post(
        "/tournaments/new/",
        form(name="Semana", clock="relaxed", round_minutes=str(3 * 24 * 60)),
    )
    assert page.status_code == 302
    assert Tournament.objects.get(name="Semana").round_minutes == 3 * 24 * 60
    page = client_of(ana, "en").post(
        "/tournaments/new/", form(name="Tarde", round_minutes="7")
    )
    assert "Select a valid choice." in page.content.decode()


def test_a_score_is_written_with_its_unit_in_both_languages():
    from django.utils import translation

    from ludoteca.web.tournaments.templatetags.tournament_tags import points

    with translation.override("en"):
        assert [points(1), points(1.5), points(0), points(2)] == [
            "1 point",
            "1.5 points",
            "0 points",
            "2 points",
        ]
    with translation.override("pt-br"):
        assert points(1) == "1 ponto" and points(3) == "3 pontos"
