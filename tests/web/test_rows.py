"""The action's own statements (`play/rows.py`) read and write rows exactly as
the ORM does: same values after the same converters, the same JSON, the same
datetimes, so nothing else can tell which path wrote or read a row."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from ludoteca.web.play import actions, games, rows
from ludoteca.web.play.actions import current_state
from ludoteca.web.play.models import Move, Seat, Table
from tests.web.conftest import make_table, make_user

pytestmark = pytest.mark.django_db


def _played(moves: int = 3) -> int:
    table_id = make_table([make_user("ana"), make_user("bia")])
    for _ in range(moves):
        table = Table.objects.get(pk=table_id)
        game = games.get(table.game)
        state = current_state(table, game)
        if game.outcome(state) is not None:
            break
        seat = min(game.active_seats(state))
        user = Seat.objects.get(table_id=table_id, index=seat).user_id
        action = game.legal_actions(state, seat)[0]
        actions.do_act(table_id, seat, action, table.version, user_id=user)
    return table_id


def _fields(obj: object, model: type) -> dict[str, object]:
    return {f.attname: getattr(obj, f.attname) for f in model._meta.concrete_fields}


def test_a_table_read_on_the_driver_cursor_equals_the_orm_read():
    table_id = _played()
    assert _fields(rows.table(table_id), Table) == _fields(
        Table.objects.get(pk=table_id), Table
    )
    with transaction.atomic():
        locked = rows.locked_table(table_id)
    assert "state" in locked.get_deferred_fields()
    expected = _fields(Table.objects.get(pk=table_id), Table)
    del expected["state"]
    assert {n: getattr(locked, n) for n in expected} == expected


def test_seats_and_moves_read_on_the_driver_cursor_equal_the_orm_reads():
    table_id = _played()
    seats = rows.seats_with_names(table_id)
    orm = list(Seat.objects.filter(table_id=table_id).select_related("user"))
    assert [_fields(s, Seat) for s in seats] == [_fields(s, Seat) for s in orm]
    assert [s.as_public() for s in seats] == [s.as_public() for s in orm]
    moves = rows.moves_after(table_id, 1)
    stored = Move.objects.filter(table_id=table_id, index__gt=1).order_by("index")
    assert [(m.index, m.events) for m in moves] == [(m.index, m.events) for m in stored]
    assert moves, "the match had moves after the first"


def test_a_missing_table_is_refused_like_the_orm_refuses_it():
    with pytest.raises(Table.DoesNotExist):
        rows.table(987654)


def test_values_written_as_tuples_read_back_as_the_orm_reads_them():
    table_id = _played(1)
    table = Table.objects.get(pk=table_id)
    table.outcome = {"winners": [0], "scores": {"0": 1.5}, "note": "é \u2028"}
    table.paused_phases = {'["game", "voting"]': 1200}
    table.deadline = timezone.now() + timedelta(minutes=3)
    table.state = {"rng": 2**64 - 1, 3: ("a", None)}
    table.finished_at = None
    with transaction.atomic():
        rows.update(
            table, ["outcome", "paused_phases", "deadline", "state", "finished_at"]
        )
    again = Table.objects.get(pk=table_id)
    assert again.outcome == table.outcome
    assert again.paused_phases == table.paused_phases
    assert again.deadline == table.deadline and again.finished_at is None
    assert again.state == {"rng": 2**64 - 1, "3": ["a", None]}  # as json.dumps
    # A value past 64 bits, which orjson refuses, is written all the same.
    table.state = {"big": 2**70}
    with transaction.atomic():
        rows.update(table, ["state"])
    assert Table.objects.get(pk=table_id).state == {"big": 2**70}
    move = Move.objects.get(table_id=table_id, index=1)
    assert isinstance(move.action, dict) and isinstance(move.events, list)
    assert table.created_at <= move.created_at <= timezone.now()


def test_datetimes_are_prepared_as_the_backends_adapter_prepares_them():
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    from django.db import connection

    prepare = rows._preparer(Table._meta.get_field("started_at"))
    adapt = connection.ops.adapt_datetimefield_value
    moments = [
        None,
        timezone.now(),
        datetime(2026, 12, 4, 23, 59, 59, 999999, tzinfo=UTC),
        datetime(2026, 3, 1, 0, 30, tzinfo=ZoneInfo("America/Sao_Paulo")),
        datetime(2026, 10, 25, 1, 30, tzinfo=ZoneInfo("Europe/Lisbon")),
        datetime(2026, 6, 1, 12, 0, tzinfo=UTC).replace(microsecond=0),
    ]
    for moment in moments:
        assert prepare(moment) == adapt(moment), moment
    for moment in reversed(moments * 2):  # the same objects again, remembered
        assert prepare(moment) == adapt(moment), moment


def _orm_due_tables(now, absent_before, idle_before) -> list[int]:
    """The sweeper's look as the ORM wrote it before it was a plain statement."""
    from django.db.models import Q

    expired = Table.objects.filter(
        status=Table.PLAYING, deadline__lte=now, turn_started_at__lte=idle_before
    ).values_list("pk", flat=True)
    away = (
        Seat.objects.filter(
            table__status=Table.PLAYING,
            table__clock=Table.REALTIME,
            table__turn_started_at__lte=idle_before,
            user__isnull=False,
            bot="",
            standin="",
        )
        .filter(Q(absent_since__lt=absent_before) | Q(last_seen__lt=absent_before))
        .values_list("table_id", flat=True)
    )
    return sorted({*expired, *away})


def _orm_tables_with_bots(idle_before) -> list[int]:
    return sorted(
        Seat.objects.filter(
            table__status=Table.PLAYING, table__turn_started_at__lte=idle_before
        )
        .exclude(bot="", standin="")
        .values_list("table_id", flat=True)
        .distinct()
    )


def test_the_sweepers_looks_find_the_tables_the_orm_finds():
    """Each way a table may be due, or not, on its own table: a deadline
    passed or not, a person away (absent, or last seen long ago) or not, a
    bot or a stand-in or only people, touched lately or not, relaxed or real
    time, finished; then every moment of interest as the cutoffs."""
    now = timezone.now()
    long_ago, lately = now - timedelta(minutes=10), now - timedelta(seconds=5)
    people = [make_user(name) for name in ("ana", "bia", "cid")]

    def table(seats, **fields):
        table_id = make_table(seats)
        Table.objects.filter(pk=table_id).update(**fields)
        return table_id

    table([people[0], people[1]], deadline=lately, turn_started_at=long_ago)
    table([people[0], people[1]], deadline=now + timedelta(hours=1))
    table([people[0], "random"], turn_started_at=long_ago)
    table([people[0], "random"], turn_started_at=lately)
    table([people[0], "random"], status=Table.FINISHED, turn_started_at=long_ago)
    standin = table([people[1], people[2]], turn_started_at=long_ago)
    Seat.objects.filter(table_id=standin, index=1).update(standin="random")
    for clock in (Table.REALTIME, Table.RELAXED):
        absent = table([people[0], people[2]], clock=clock, turn_started_at=long_ago)
        Seat.objects.filter(table_id=absent, index=0).update(absent_since=long_ago)
        seen = table([people[1], people[2]], clock=clock, turn_started_at=long_ago)
        Seat.objects.filter(table_id=seen, index=1).update(last_seen=long_ago)
    here = table([people[0], people[1]], turn_started_at=long_ago)
    Seat.objects.filter(table_id=here).update(last_seen=now, absent_since=None)

    moments = [now, lately, long_ago, now - timedelta(minutes=1), now + timedelta(1)]
    for at in moments:
        for absent_before in moments:
            for idle_before in moments:
                assert rows.due_tables(
                    at, absent_before, idle_before
                ) == _orm_due_tables(at, absent_before, idle_before)
        assert rows.tables_with_bots(at) == _orm_tables_with_bots(at)
    assert rows.due_tables(now, lately, now)  # the cases are not all empty
    assert rows.tables_with_bots(now)


def test_the_tournaments_sweep_finds_the_tournaments_the_orm_finds():
    from ludoteca.web.tournaments import runner
    from ludoteca.web.tournaments.models import Tournament
    from tests.web.tournaments.helpers import tournament, users

    people = users("dan", "eva")
    now = timezone.now()
    found = []
    for status, starts in [
        (Tournament.OPEN, now - timedelta(minutes=1)),
        (Tournament.OPEN, now + timedelta(hours=1)),
        (Tournament.RUNNING, now + timedelta(hours=1)),
        (Tournament.FINISHED, now - timedelta(days=1)),
        (Tournament.CANCELLED, now - timedelta(days=1)),
    ]:
        t = tournament(people)
        Tournament.objects.filter(pk=t.pk).update(status=status, starts_at=starts)
        found.append(t.pk)
    orm = Tournament.objects.filter(
        status=Tournament.RUNNING
    ) | Tournament.objects.filter(status=Tournament.OPEN, starts_at__lte=now)
    assert runner._due() == sorted(orm.values_list("pk", flat=True))
    assert runner._due() == [found[0], found[2]]


def test_rows_inserted_the_plain_way_read_back_as_bulk_created_ones():
    """`rows.insert` (a match's results and notifications) stores what the
    ORM's `bulk_create` stores: defaults, JSON, a default time."""
    from ludoteca.web.community.models import Notification
    from ludoteca.web.history.models import Participation

    table_id = _played(1)
    ana, bia = make_user("cy"), make_user("di")
    table = Table.objects.get(pk=table_id)
    now = timezone.now()

    def made(user: object, seat: int) -> list[object]:
        return [
            Notification(
                user=user,
                kind=Notification.FINISHED,
                table=table,
                params={"won": seat == 0, "big": 2**40},
            ),
            Participation(
                table=table,
                user=user,
                game=table.game,
                finished_at=now,
                seat=seat,
                rank=seat + 1,
                score=1.5,
                won=seat == 0,
            ),
        ]

    with transaction.atomic():
        rows.insert([made(ana, 0)[0]])
        rows.insert([made(ana, 0)[1]])
    by_orm = made(bia, 1)
    Notification.objects.bulk_create([by_orm[0]])
    Participation.objects.bulk_create([by_orm[1]])
    for model in (Notification, Participation):
        plain, orm = (_fields(model.objects.get(user=u), model) for u in (ana, bia))
        for found in (plain, orm):
            found.pop("id"), found.pop("user_id")
            if "created_at" in found:  # a default time: made at each
                assert abs(found.pop("created_at") - now) < timedelta(minutes=1)
        if model is Participation:
            assert (plain.pop("seat"), plain.pop("rank"), plain.pop("won")) == (
                0,
                1,
                True,
            )
            assert (orm.pop("seat"), orm.pop("rank"), orm.pop("won")) == (1, 2, False)
        else:
            assert plain.pop("params") == {"won": True, "big": 2**40}
            assert orm.pop("params") == {"won": False, "big": 2**40}
        assert plain == orm
    assert rows.exists(Participation, ("table_id =",), [table_id])
    assert not rows.exists(Participation, ("table_id =",), [table_id + 1000])
