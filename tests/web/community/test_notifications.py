"""Notifications: made by the table path at relaxed tables and at the end,
listed, counted in the header, read when opened."""

from __future__ import annotations

import pytest
from django.test import Client

from ludoteca.web.community.models import Notification
from ludoteca.web.play import actions
from ludoteca.web.play.models import Table
from tests.web.conftest import make_table, make_user, next_move

pytestmark = pytest.mark.django_db


def play_out(table_id: int) -> None:
    """Play the table to its end, each seat by its person or its bot."""
    from ludoteca.web.play.models import Seat

    while Table.objects.get(pk=table_id).status == Table.PLAYING:
        args, kwargs = next_move(table_id)
        bot = Seat.objects.get(table_id=table_id, index=args[1]).bot
        if bot:
            kwargs = {"bot": bot}
        actions.do_act(*args, **kwargs)


def turns_of(user) -> list[int]:
    return list(
        Notification.objects.filter(user=user, kind=Notification.YOUR_TURN)
        .order_by("id")
        .values_list("table_id", flat=True)
    )


def test_a_relaxed_table_tells_each_player_their_turn_came():
    ana, bia = make_user("ana"), make_user("bia")
    table = make_table([ana, bia], clock=Table.RELAXED)
    assert turns_of(ana) == [table] and turns_of(bia) == []  # seat 0 deals first
    args, kwargs = next_move(table)
    actions.do_act(*args, **kwargs)
    assert turns_of(bia) == [table]
    args, kwargs = next_move(table)
    actions.do_act(*args, **kwargs)
    # Still unread: brought up to date, not repeated.
    assert turns_of(ana) == [table]


def test_real_time_tables_send_no_turn_notifications():
    ana, bia = make_user("ana"), make_user("bia")
    table = make_table([ana, bia])
    args, kwargs = next_move(table)
    actions.do_act(*args, **kwargs)
    assert turns_of(ana) == turns_of(bia) == []


def test_a_finished_match_notifies_its_people_not_its_bots_and_clears_turns():
    ana = make_user("ana")
    table = make_table([ana, "random"], clock=Table.RELAXED)
    play_out(table)
    kinds = set(Notification.objects.filter(user=ana).values_list("kind", "read_at"))
    assert (Notification.FINISHED, None) in kinds
    assert not Notification.objects.filter(
        user=ana, kind=Notification.YOUR_TURN, read_at__isnull=True
    ).exists()
    assert Notification.objects.count() == 2  # ana's turn (read) and her result


def test_each_person_hears_their_own_result_once_and_an_unread_one_is_refreshed():
    from ludoteca.web.community import notify
    from ludoteca.web.play.models import Seat

    ana, bia, cai = make_user("ana"), make_user("bia"), make_user("cai")
    table_id = make_table(
        [ana, bia, cai, "random"], game="catinthebox", clock=Table.RELAXED
    )
    table = Table.objects.get(pk=table_id)
    seats = list(Seat.objects.filter(table_id=table_id).order_by("index"))
    table.outcome = {"winners": [1]}
    # cai's result was sent already and is still unread: brought up, not repeated.
    Notification.objects.create(
        user=cai, kind=Notification.FINISHED, table=table, params={"won": True}
    )
    notify.on_match_finished(Table, table=table, seats=seats)
    found = {
        (n.user_id, n.params["won"])
        for n in Notification.objects.filter(kind=Notification.FINISHED)
    }
    assert found == {(ana.pk, False), (bia.pk, True), (cai.pk, False)}
    assert Notification.objects.filter(kind=Notification.FINISHED).count() == 3


def test_a_refused_action_leaves_no_notification():
    ana, bia = make_user("ana"), make_user("bia")
    table = make_table([ana, bia], clock=Table.RELAXED)
    args, _kwargs = next_move(table)
    with pytest.raises(actions.Refused):
        actions.do_act(table, 1, args[2], args[3], user_id=bia.pk)  # not her turn
    assert turns_of(bia) == []


def test_the_header_counts_unread_and_the_list_marks_them_read():
    ana, bia = make_user("ana"), make_user("bia")
    table = make_table([ana, bia], clock=Table.RELAXED)
    client = Client()
    client.force_login(ana)
    home = client.get("/").content.decode()
    assert 'data-unread="1"' in home and "1 não lida" in home
    count = client.get("/notifications/count.json").json()
    assert count["unread"] == 1 and count["turn"]["table_url"] == f"/t/{table}/"
    page = client.get("/notifications/").content.decode()
    assert f"Sua vez em High Card #{table}." in page and "nova" in page
    assert client.get("/notifications/count.json").json() == {"unread": 0, "turn": None}
    assert 'data-unread="0"' in client.get("/").content.decode()


def test_english_list_and_opening_one_notification_reads_it():
    ana, bia = make_user("ana"), make_user("bia")
    table = make_table([ana, bia], clock=Table.RELAXED)
    client = Client(headers={"accept-language": "en"})
    client.force_login(ana)
    client.cookies["django_language"] = "en"
    n = Notification.objects.get(user=ana)
    response = client.get(f"/notifications/{n.pk}/open/")
    assert response.status_code == 302 and response["Location"] == f"/t/{table}/"
    n.refresh_from_db()
    assert n.read_at is not None
    n.read_at = None
    n.save()
    assert (
        f"Your turn at High Card #{table}."
        in client.get("/notifications/").content.decode()
    )


def test_nobody_reads_anyone_elses_notifications():
    ana, bia = make_user("ana"), make_user("bia")
    make_table([ana, bia], clock=Table.RELAXED)
    client = Client()
    client.force_login(bia)
    n = Notification.objects.get(user=ana)
    assert client.get(f"/notifications/{n.pk}/open/").status_code == 404
    assert "High Card" not in client.get("/notifications/").content.decode()
    assert Client().get("/notifications/count.json").json()["unread"] == 0
    assert Client().get("/notifications/").status_code == 302  # to the log-in
