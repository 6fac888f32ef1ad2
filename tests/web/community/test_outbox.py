"""The outbox: notifications become emails by each person's choices, in
their language, with an unsubscribe link; sending is claimed, retried with
backoff, and survives a failing server and a drainer that dies mid-send."""

from __future__ import annotations

import smtplib
from datetime import timedelta
from typing import Any

import pytest
from django.core import mail as django_mail
from django.core.mail.backends.base import BaseEmailBackend
from django.test import Client, override_settings
from django.utils import timezone

from ludoteca.web.community import mail, outbox
from ludoteca.web.community.models import Notification, OutboxEmail, Preferences
from ludoteca.web.play import actions
from ludoteca.web.play.models import Table
from tests.web.conftest import make_table, make_user, next_move

pytestmark = pytest.mark.django_db


class FailingBackend(BaseEmailBackend):
    """An SMTP server that refuses every message."""

    def send_messages(self, messages: Any) -> int:
        raise smtplib.SMTPServerDisconnected("the server went away")


def with_email(name: str, language: str = "", **choices: bool):
    user = make_user(name)
    user.email = f"{name}@example.org"
    user.save()
    Preferences.objects.create(user=user, language=language, **choices)
    return user


def relaxed_turn_for(user, other=None) -> int:
    """A relaxed table where it is `user`'s turn (they deal first)."""
    return make_table(
        [user, other or make_user(f"{user.username}-rival")], clock=Table.RELAXED
    )


def test_a_turn_becomes_one_email_in_the_players_language_with_an_unsubscribe_link():
    ana = with_email("ana", language="en")
    table = relaxed_turn_for(ana)
    assert django_mail.outbox == []  # nothing on the table path
    assert outbox.drain() == 1
    [sent] = django_mail.outbox
    assert sent.to == ["ana@example.org"]
    assert sent.subject == f"Ludoteca: Your turn at High Card #{table}."
    assert f"http://127.0.0.1:8000/t/{table}/" in sent.body
    assert "Hello, ana." in sent.body
    link = next(w for w in sent.body.split() if "/unsubscribe/" in w)
    assert sent.extra_headers["List-Unsubscribe"] == f"<{link}>"
    assert sent.extra_headers["Message-ID"].startswith("<ludoteca.")
    assert outbox.drain() == 0  # sent once
    row = OutboxEmail.objects.get()
    assert row.status == OutboxEmail.SENT and row.attempts == 1


def test_portuguese_by_default():
    bia = with_email("bia")
    table = relaxed_turn_for(bia)
    outbox.drain()
    [sent] = django_mail.outbox
    assert sent.subject == f"Ludoteca: Sua vez em High Card #{table}."
    assert "Olá, bia." in sent.body and "Cancelar estes emails:" in sent.body


def test_choices_and_missing_addresses_are_respected():
    off = with_email("off", email_your_turn=False)
    relaxed_turn_for(off)
    relaxed_turn_for(make_user("noaddress"))
    outbox.drain()
    assert django_mail.outbox == []
    assert set(Notification.objects.values_list("mail_state", flat=True)) == {
        Notification.DONE
    }


def test_at_most_one_email_per_table_every_few_hours():
    from ludoteca.web.community.notify import notify

    ana, bia = with_email("ana"), make_user("bia")
    table = relaxed_turn_for(ana, bia)
    outbox.drain()
    Notification.objects.filter(user=ana).update(read_at=timezone.now())
    for _ in range(2):  # ana plays, bia plays: ana's turn again, a new notification
        args, kwargs = next_move(table)
        actions.do_act(*args, **kwargs)
    assert Notification.objects.filter(user=ana, read_at__isnull=True).count() == 1
    outbox.drain()
    assert len(django_mail.outbox) == 1
    OutboxEmail.objects.update(created_at=timezone.now() - timedelta(hours=4))
    Notification.objects.filter(user=ana).update(read_at=timezone.now())
    notify(ana.pk, Notification.YOUR_TURN, Table.objects.get(pk=table))
    outbox.drain()
    assert len(django_mail.outbox) == 2


def test_the_daily_digest_lists_the_tables_once_a_day():
    ana = with_email("ana", language="en", daily_digest=True)
    first, second = relaxed_turn_for(ana), relaxed_turn_for(ana, make_user("cid"))
    outbox.drain()
    [digest] = django_mail.outbox
    assert digest.subject == "Ludoteca: 2 tables wait on you"
    assert (
        f"High Card #{first}" in digest.body and f"High Card #{second}" in digest.body
    )
    relaxed_turn_for(ana, make_user("dora"))
    outbox.drain()
    assert len(django_mail.outbox) == 1  # the next one waits a day
    Preferences.objects.filter(user=ana).update(
        digest_sent_at=timezone.now() - timedelta(days=1, minutes=1)
    )
    outbox.drain()
    assert len(django_mail.outbox) == 2
    assert django_mail.outbox[1].subject == "Ludoteca: 1 table waits on you"


def test_the_unsubscribe_link_turns_that_kind_off_without_logging_in():
    ana = with_email("ana", language="en")
    relaxed_turn_for(ana)
    outbox.drain()
    link = next(w for w in django_mail.outbox[0].body.split() if "/unsubscribe/" in w)
    path = link.removeprefix("http://127.0.0.1:8000")
    client = Client()
    assert "Parar este tipo de email" in client.get(path).content.decode()
    assert client.post(path).status_code == 200  # mail clients' one-click POST
    prefs = Preferences.objects.get(user=ana)
    assert not prefs.email_your_turn and prefs.email_invitation
    forged = path.replace(path.split("/")[2][:6], "AAAAAA")
    assert client.post(forged).status_code == 400
    assert mail.read_unsubscribe_token("nonsense") is None


def test_a_failing_server_retries_with_backoff_then_gives_up_keeping_the_row():
    ana = with_email("ana")
    relaxed_turn_for(ana)
    with override_settings(EMAIL_BACKEND=f"{__name__}.FailingBackend"):
        assert outbox.drain() == 0
        row = OutboxEmail.objects.get()
        assert row.status == OutboxEmail.PENDING and row.attempts == 1
        assert "SMTPServerDisconnected" in row.last_error
        assert row.next_attempt_at > timezone.now() + timedelta(seconds=50)
        assert outbox.drain() == 0 and OutboxEmail.objects.get().attempts == 1  # waits
        for attempt in range(2, outbox.MAX_ATTEMPTS + 1):
            OutboxEmail.objects.update(next_attempt_at=timezone.now())
            outbox.drain()
            assert OutboxEmail.objects.get().attempts == attempt
    row = OutboxEmail.objects.get()
    assert row.status == OutboxEmail.FAILED
    OutboxEmail.objects.update(next_attempt_at=timezone.now())
    assert outbox.drain() == 0 and django_mail.outbox == []
    assert [outbox.backoff(n).total_seconds() for n in (1, 2, 3)] == [60, 120, 240]
    assert outbox.backoff(30) == timedelta(days=1)


def test_the_server_comes_back_and_the_email_goes_out_once():
    ana = with_email("ana")
    relaxed_turn_for(ana)
    with override_settings(EMAIL_BACKEND=f"{__name__}.FailingBackend"):
        outbox.drain()
    OutboxEmail.objects.update(next_attempt_at=timezone.now())
    assert outbox.drain() == 1 and len(django_mail.outbox) == 1
    assert OutboxEmail.objects.get().status == OutboxEmail.SENT


def test_one_drainer_at_a_time_claims_a_row():
    ana = with_email("ana")
    relaxed_turn_for(ana)
    outbox.plan()
    first = outbox.claim()
    assert len(first) == 1
    assert outbox.claim() == []  # a second drainer finds it taken
    outbox.send_claimed(first)
    assert len(django_mail.outbox) == 1


def test_a_drainer_dying_between_send_and_mark_loses_nothing(monkeypatch):
    """The SMTP server took the message, then the process died before the
    row was marked: the claim holds it until the lease ends, then it goes out
    again with the same Message-ID (nothing lost; a copy the receiving system
    can recognise, never two drainers at once)."""
    ana = with_email("ana")
    relaxed_turn_for(ana)
    outbox.plan()

    def crash(row: Any, token: str) -> None:
        raise SystemExit("killed")

    monkeypatch.setattr(outbox, "mark_sent", crash)
    with pytest.raises(SystemExit):
        outbox.send_claimed(outbox.claim())
    monkeypatch.undo()
    assert len(django_mail.outbox) == 1
    first_id = django_mail.outbox[0].extra_headers["Message-ID"]
    assert outbox.drain() == 0  # the lease still holds it
    later = timezone.now() + outbox.LEASE + timedelta(seconds=1)
    rows = outbox.claim(now=later)
    assert len(rows) == 1
    outbox.send_claimed(rows)
    assert len(django_mail.outbox) == 2
    assert django_mail.outbox[1].extra_headers["Message-ID"] == first_id
    assert OutboxEmail.objects.get().status == OutboxEmail.SENT
    assert outbox.claim(now=later + outbox.LEASE * 2) == []


def test_a_notification_is_planned_once_even_by_two_planners():
    ana = with_email("ana")
    relaxed_turn_for(ana)
    assert outbox.plan() == 1 and outbox.plan() == 0
    assert outbox.enqueue("n-dup", "x@example.org", "s", "b")
    assert not outbox.enqueue("n-dup", "x@example.org", "s", "b")
    assert OutboxEmail.objects.count() == 2


def test_the_command_drains(capsys):
    from django.core.management import call_command

    ana = with_email("ana")
    relaxed_turn_for(ana)
    call_command("send_outbox")
    assert "1 email(s) sent" in capsys.readouterr().out
    assert len(django_mail.outbox) == 1


def test_a_notification_that_cannot_be_planned_waits_and_the_others_go_out(
    monkeypatch,
):
    """The batch is one transaction with a savepoint per row: a row whose
    planning fails stays new for the next pass, and is the only one."""
    ana = with_email("ana", language="en")
    bia = with_email("bia", language="en")
    relaxed_turn_for(ana)
    relaxed_turn_for(bia)
    plan_one = outbox._plan_one

    def fails_for_ana(n: Notification) -> None:
        if n.user_id == ana.pk:
            raise RuntimeError("a template went missing")
        plan_one(n)

    monkeypatch.setattr(outbox, "_plan_one", fails_for_ana)
    assert outbox.plan() == 1
    states = dict(Notification.objects.values_list("user__username", "mail_state"))
    assert states["ana"] == Notification.NEW
    assert states["bia"] == Notification.DONE
    assert OutboxEmail.objects.filter(to="bia@example.org").count() == 1
    monkeypatch.setattr(outbox, "_plan_one", plan_one)
    assert outbox.plan() == 1
    assert OutboxEmail.objects.filter(to="ana@example.org").count() == 1


def test_a_pass_asks_first_whether_there_is_anything_to_do():
    """The drainer's one cheap question says yes exactly while a pass could
    find work: a notification to plan, one waiting for a digest, an email due
    and not claimed; no for a claimed, later, sent or given-up email."""
    assert not outbox.anything_to_do()
    ana = with_email("ana")
    relaxed_turn_for(ana)
    assert Notification.objects.filter(mail_state=Notification.NEW).exists()
    assert outbox.anything_to_do()  # to plan
    outbox.plan()
    assert outbox.anything_to_do()  # an email due
    claimed = outbox.claim()
    assert not outbox.anything_to_do()  # claimed by a drainer
    OutboxEmail.objects.update(claimed_until=timezone.now() - timedelta(seconds=1))
    assert outbox.anything_to_do()  # its lease ran out
    OutboxEmail.objects.update(
        claimed_until=None, next_attempt_at=timezone.now() + timedelta(minutes=1)
    )
    assert not outbox.anything_to_do()  # not yet
    for status in (OutboxEmail.SENT, OutboxEmail.FAILED):
        OutboxEmail.objects.update(status=status, next_attempt_at=timezone.now())
        assert not outbox.anything_to_do()
    Notification.objects.update(mail_state=Notification.DIGEST)
    assert outbox.anything_to_do()  # waits for the daily digest
    assert claimed


def test_people_who_can_get_no_email_are_closed_together(django_assert_num_queries):
    """No address, or an account switched off: their notifications are done
    in a fixed number of statements however many there are, and a person
    with an address still gets theirs."""
    quiet = [make_user(f"quiet{i}") for i in range(6)]
    gone = with_email("gone")
    gone.is_active = False
    gone.save()
    for user in [*quiet, gone]:
        relaxed_turn_for(user)
    new = Notification.objects.filter(mail_state=Notification.NEW).count()
    assert new >= 7
    with django_assert_num_queries(2):  # the new ones, then one UPDATE
        assert outbox.plan() == new
    assert not outbox.anything_to_do()
    ana = with_email("ana")
    relaxed_turn_for(ana)
    assert outbox.drain() == 1
    assert [m.to for m in django_mail.outbox] == [["ana@example.org"]]
