"""Whole tournaments driven through the runner and direct play calls."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from ludoteca.engine import registry
from ludoteca.web.community.models import Notification
from ludoteca.web.play import actions
from ludoteca.web.play.models import ChatMessage, Seat, Table
from ludoteca.web.tournaments import runner
from ludoteca.web.tournaments.models import Entrant, Pairing, Tournament
from tests.web.tournaments.helpers import play_out, round_tables, tournament, users

pytestmark = pytest.mark.django_db


def opponents(t: Tournament) -> list[frozenset[int]]:
    return [
        frozenset(p.players)
        for p in Pairing.objects.filter(tournament=t)
        if len(p.players) == 2
    ]


def test_a_four_player_swiss_of_a_two_seat_game_runs_to_its_podium():
    people = users("ana", "bia", "cid", "dan")
    t = tournament(people)
    runner.advance(t.pk)
    t.refresh_from_db()
    assert (t.status, t.current_round, t.total_rounds) == (Tournament.RUNNING, 1, 3)
    first = round_tables(t, 1)
    assert len(first) == 2
    assert all(Table.objects.get(pk=x).status == Table.PLAYING for x in first)
    told = Notification.objects.filter(kind=Notification.TOURNAMENT)
    assert sorted(told.values_list("user__username", flat=True)) == [
        "ana",
        "bia",
        "cid",
        "dan",
    ]
    for number in (1, 2, 3):
        tables = round_tables(t, number)
        play_out(tables[0])
        runner.advance(t.pk)  # one table still playing: nothing new
        assert Tournament.objects.get(pk=t.pk).current_round == number
        play_out(tables[1])
        runner.advance(t.pk)
    t.refresh_from_db()
    assert t.status == Tournament.FINISHED
    met = opponents(t)
    assert len(met) == len(set(met)) == 6  # everyone met everyone once
    lines = runner.current_standings(t)
    assert sum(line.points for line in lines) == 6
    places = [line.place for line in runner.podium(t)]
    assert len(places) == 3 and places[0] == 1 and places == sorted(places)
    assert lines[0].points >= lines[1].points >= lines[3].points


def test_the_runner_started_again_mid_round_picks_up_where_it_was(
    django_capture_on_commit_callbacks,
):
    people = users("ana", "bia", "cid", "dan")
    t = tournament(people, rounds=2)
    runner.advance(t.pk)
    tables = round_tables(t, 1)
    play_out(tables[0])
    # A restart: nothing in memory; the runner (and its sweep) run from scratch.
    runner.sweep()
    runner.advance(t.pk)
    assert Pairing.objects.filter(tournament=t).count() == 2
    assert Tournament.objects.get(pk=t.pk).current_round == 1
    # The end of the last table of the round starts the next round by itself.
    with django_capture_on_commit_callbacks(execute=True):
        play_out(tables[1])
    t.refresh_from_db()
    assert t.current_round == 2
    assert len(round_tables(t, 2)) == 2
    runner.sweep()
    assert Pairing.objects.filter(tournament=t).count() == 4


def test_a_four_seat_game_with_bots_filling_in_for_two_rounds():
    if "catinthebox" not in registry.ids():
        pytest.skip("Cat in the Box is not installed")
    people = users("ana", "bia", "cid", "dan", "eva", "fia")
    t = tournament(people, game="catinthebox", table_size=4, rounds=2)
    runner.advance(t.pk)
    for number in (1, 2):
        tables = round_tables(t, number)
        assert len(tables) == 2
        bots = [Seat.objects.filter(table_id=x).exclude(bot="").count() for x in tables]
        assert sorted(bots) == [0, 2]  # six people: a full table and 2 + 2 bots
        for table in tables:
            play_out(table)
        runner.advance(t.pk)
    t.refresh_from_db()
    assert t.status == Tournament.FINISHED
    lines = runner.current_standings(t)
    assert len(lines) == 6 and {line.player for line in lines} == {p.pk for p in people}
    assert all(line.played == 2 for line in lines)


def test_a_player_who_never_comes_gets_a_stand_in_and_is_dropped_after_two():
    people = users("ana", "bia", "cid", "dan")
    t = tournament(people, rounds=3)
    runner.advance(t.pk)
    dan = people[3]
    for _ in range(2):
        t.refresh_from_db()
        tables = round_tables(t, t.current_round)
        # Everyone but dan opened their table; the grace passes.
        Seat.objects.filter(table_id__in=tables).exclude(user=dan).update(
            last_seen=Table.objects.get(pk=tables[0]).started_at
        )
        Table.objects.filter(pk__in=tables).update(
            started_at=Table.objects.get(pk=tables[0]).started_at
            - timedelta(minutes=10)
        )
        runner.advance(t.pk)
        assert Seat.objects.get(table_id__in=tables, user=dan).standin
        others = Seat.objects.filter(table_id__in=tables).exclude(user=dan)
        assert not others.exclude(standin="").exists()
        for table in tables:
            play_out(table)
        runner.advance(t.pk)
    misses = sum(dan.pk in p.absent for p in Pairing.objects.filter(tournament=t))
    t.refresh_from_db()
    assert misses == 2 and t.current_round == 3
    assert Entrant.objects.get(tournament=t, user=dan).dropped
    last = list(Pairing.objects.filter(tournament=t, round=3))
    assert sorted(len(p.players) for p in last) == [1, 2]  # three left: a bye
    assert all(dan.pk not in p.players for p in last)


def test_single_elimination_gives_byes_to_top_seeds_and_ends_with_a_champion():
    people = users("ana", "bia", "cid")
    t = tournament(people, format=Tournament.ELIMINATION)
    Entrant.objects.filter(tournament=t, user=people[2]).update(rating=50)
    runner.advance(t.pk)
    t.refresh_from_db()
    assert t.total_rounds == 2
    first = list(Pairing.objects.filter(tournament=t, round=1))
    assert sorted(len(p.players) for p in first) == [1, 2]
    for table in round_tables(t, 1):
        play_out(table)
    runner.advance(t.pk)
    for table in round_tables(t, 2):
        play_out(table)
    runner.advance(t.pk)
    t.refresh_from_db()
    assert t.status == Tournament.FINISHED
    final = Pairing.objects.get(tournament=t, round=2)
    champion = runner.podium(t)[0].player
    assert champion in final.players
    outcome = Table.objects.get(pk=final.table_id).outcome
    assert outcome["ranks"][final.players.index(champion)] == 1


def test_a_round_robin_of_three_meets_everyone_with_one_bye_each():
    people = users("ana", "bia", "cid")
    t = tournament(people, format=Tournament.ROUND_ROBIN)
    runner.advance(t.pk)
    t.refresh_from_db()
    assert t.total_rounds == 3
    for number in (1, 2, 3):
        for table in round_tables(t, number):
            play_out(table)
        runner.advance(t.pk)
    t.refresh_from_db()
    assert t.status == Tournament.FINISHED
    met = opponents(t)
    assert len(met) == len(set(met)) == 3
    byes = [p.players[0] for p in Pairing.objects.filter(tournament=t) if p.bye]
    assert sorted(byes) == sorted(p.pk for p in people)
    lines = runner.current_standings(t)
    assert sum(line.points for line in lines) == 3 + 3  # 3 tables, 3 byes


def test_relaxed_tables_wait_for_their_players_without_stand_ins():
    people = users("ana", "bia")
    t = tournament(people, clock=Table.RELAXED)
    runner.advance(t.pk)
    (table,) = round_tables(t, 1)
    Table.objects.filter(pk=table).update(
        started_at=Table.objects.get(pk=table).started_at - timedelta(hours=2)
    )
    runner.advance(t.pk)
    assert not Seat.objects.filter(table_id=table).exclude(standin="").exists()
    assert all(not p.absent for p in Pairing.objects.filter(tournament=t))


def test_a_tournament_with_one_entrant_at_its_start_is_cancelled():
    (ana,) = users("ana")
    t = tournament([ana])
    runner.sweep()
    t.refresh_from_db()
    assert t.status == Tournament.CANCELLED
    assert not Pairing.objects.filter(tournament=t).exists()


def past_deadline(t: Tournament) -> None:
    Tournament.objects.filter(pk=t.pk).update(
        round_deadline=timezone.now() - timedelta(seconds=1)
    )


def test_a_round_past_its_deadline_is_finished_by_stand_in_bots():
    people = users("ana", "bia", "cid", "dan")
    t = tournament(people, rounds=2)
    runner.advance(t.pk)
    t.refresh_from_db()
    left = t.round_deadline - timezone.now()
    assert timedelta(minutes=59) < left <= timedelta(minutes=60)
    done, late = round_tables(t, 1)
    play_out(done)
    runner.advance(t.pk)  # the time is not up: nothing changes
    assert not Seat.objects.filter(table_id=late).exclude(standin="").exists()
    past_deadline(t)
    runner.advance(t.pk)
    seats = list(Seat.objects.filter(table_id=late))
    assert all(s.standin and s.user_id for s in seats)
    late_pairing = Pairing.objects.get(table_id=late)
    assert sorted(late_pairing.adjudicated) == sorted(s.user_id for s in seats)
    assert late_pairing.absent == []  # they came: no missed round
    assert not Pairing.objects.get(table_id=done).adjudicated
    notices = ChatMessage.objects.filter(table_id=late, notice=runner.ADJUDICATED)
    assert notices.count() == 2
    assert Tournament.objects.get(pk=t.pk).current_round == 1  # bots still playing
    play_out(late)  # the bots finish the match
    runner.advance(t.pk)
    t.refresh_from_db()
    assert t.current_round == 2 and len(round_tables(t, 2)) == 2
    assert t.round_deadline > timezone.now()  # the new round has its own time
    assert not Entrant.objects.filter(tournament=t, dropped=True).exists()


def test_adjudication_done_twice_or_after_a_restart_changes_nothing_more():
    people = users("ana", "bia")
    t = tournament(people, rounds=2)
    runner.advance(t.pk)
    (table,) = round_tables(t, 1)
    past_deadline(t)
    # The deadline passed while no process was running: a fresh sweep finds it.
    runner.sweep()
    assert all(s.standin for s in Seat.objects.filter(table_id=table))
    version = Table.objects.get(pk=table).version

    def seen() -> tuple[int, int, list[int], int]:
        p = Pairing.objects.get(table_id=table)
        return (
            ChatMessage.objects.filter(table_id=table).count(),
            Pairing.objects.filter(tournament=t).count(),
            sorted(p.adjudicated),
            Tournament.objects.get(pk=t.pk).current_round,
        )

    before = seen()
    runner.sweep()
    runner.advance(t.pk)
    assert seen() == before
    assert Table.objects.get(pk=table).version == version
    # A player who takes the seat back after the time is up gets the bot again.
    ana_seat = Seat.objects.get(table_id=table, user=people[0])
    actions.do_reclaim(table, ana_seat.index, people[0].pk)
    runner.sweep()
    assert Seat.objects.get(pk=ana_seat.pk).standin
    play_out(table)
    runner.sweep()
    assert Tournament.objects.get(pk=t.pk).current_round == 2
