"""The outbox: emails queued in the database and sent by a drainer (a task
of `ludoteca serve`, or `ludoteca send-outbox`), never on the request
or socket path.

Delivery: a row is claimed by one drainer at a time (a conditional UPDATE
with a lease), sent, then marked sent under that claim. A failing server
leaves the row pending with a later `next_attempt_at` (backoff doubling up
to a day) until MAX_ATTEMPTS. A drainer that dies between the SMTP answer
and the mark leaves the claim to expire; the row is sent again after the
lease, with the same Message-ID, so a receiving system can tell the copy.
Rows are never deleted: a sent or given-up row stays for the admin.
"""

from __future__ import annotations

import functools
import logging
import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from ludoteca.web.community import mail, notify
from ludoteca.web.community.models import Notification, OutboxEmail
from ludoteca.web.play import rows

log = logging.getLogger("ludoteca.community.outbox")

MAX_ATTEMPTS = 8
LEASE = timedelta(minutes=5)  # a claimed row waits this long for its drainer
BATCH = 50


def backoff(attempts: int) -> timedelta:
    """The wait after the `attempts`th failure: 1, 2, 4 ... minutes, a day at most."""
    return min(timedelta(minutes=2 ** (attempts - 1)), timedelta(days=1))


def enqueue(
    key: str,
    to: str,
    subject: str,
    body: str,
    *,
    user: Any = None,
    table_id: int | None = None,
    headers: dict[str, str] | None = None,
) -> bool:
    """Queue one email; False when `key` was queued before (nothing added)."""
    try:
        with transaction.atomic():
            OutboxEmail.objects.create(
                key=key,
                to=to,
                subject=subject,
                body=body,
                user=user,
                table_id_hint=table_id,
                headers=headers or {},
            )
    except IntegrityError:
        return False
    return True


# -- planning: which notifications become emails ------------------------------


def _recently_mailed(user_id: int, table_id: int | None) -> bool:
    if table_id is None:
        return False
    since = timezone.now() - timedelta(hours=settings.LUDOTECA_EMAIL_TABLE_GAP_HOURS)
    return OutboxEmail.objects.filter(
        user_id=user_id, table_id_hint=table_id, created_at__gte=since
    ).exists()


def _plan_one(n: Notification) -> None:
    user = n.user
    prefs = mail.preferences(user)
    state = Notification.DONE  # unless it waits for the digest, no more to do
    mailable = bool(user.email) and user.is_active and prefs.wants(n.kind)
    if mailable and n.kind == Notification.YOUR_TURN and prefs.daily_digest:
        state = Notification.DIGEST
    elif mailable and not _recently_mailed(user.pk, n.table_id):
        subject, body, headers = mail.render(
            user,
            "notification",
            n.kind,
            {"text": _text(user, n), "link": mail.absolute(notify.link(n))},
        )
        enqueue(
            f"n{n.pk}",
            user.email,
            subject,
            body,
            user=user,
            table_id=n.table_id,
            headers=headers,
        )
    Notification.objects.filter(pk=n.pk).update(mail_state=state)


def _text(user: Any, n: Notification) -> str:
    from django.utils import translation

    with translation.override(mail.language_of(user)):
        return notify.describe(n)


def plan(limit: int = 200) -> int:
    """Turn new notifications into queued emails (or none); each row is taken
    by one planner only (its state moves off NEW in the same transaction).

    One transaction for the whole batch, each row in its own savepoint: a
    COMMIT (and its sync) per row held the live tables' writer back, since a
    club's finished matches notify every player at once. A row that fails
    is left NEW for the next pass, and the others go on.

    The notifications of people who can get no email (no address, or an
    account switched off) are closed together, in one statement: planned
    one by one, the four of a finished match cost more than the match's
    results and ratings."""
    found = list(
        Notification.objects.filter(mail_state=Notification.NEW)
        .order_by("id")
        .values_list("id", "user__email", "user__is_active")[:limit]
    )
    unmailable = [pk for pk, email, active in found if not (email and active)]
    done = 0
    if unmailable:
        done = Notification.objects.filter(
            pk__in=unmailable, mail_state=Notification.NEW
        ).update(mail_state=Notification.DONE)
    ids = [pk for pk, email, active in found if email and active]
    if not ids:
        return done
    with transaction.atomic():
        for pk in ids:
            try:
                done += _take_and_plan(pk)
            except Exception:
                log.exception("notification %s not planned; again next pass", pk)
    return done


def _take_and_plan(pk: int) -> int:
    with transaction.atomic():
        taken = Notification.objects.filter(pk=pk, mail_state=Notification.NEW).update(
            mail_state=Notification.DONE
        )
        if not taken:
            return 0  # another planner has it
        n = Notification.objects.select_related("user", "table").get(pk=pk)
        _plan_one(n)
        return 1


def digest(now: Any = None) -> int:
    """One email a day per person who chose the digest, listing the relaxed
    tables that waited on them since the last one."""
    now = now or timezone.now()
    sent = 0
    users = (
        Notification.objects.filter(mail_state=Notification.DIGEST)
        .values_list("user_id", flat=True)
        .distinct()
    )
    for user_id in list(users):
        with transaction.atomic():
            prefs = mail.Preferences.objects.select_for_update().get(user_id=user_id)
            if prefs.digest_sent_at and now - prefs.digest_sent_at < timedelta(days=1):
                continue
            waiting = list(
                Notification.objects.filter(
                    user_id=user_id, mail_state=Notification.DIGEST
                ).select_related("table", "user")
            )
            user = waiting[0].user
            unread = [n for n in waiting if n.read_at is None]
            if unread and user.email and prefs.daily_digest:
                with_text = [
                    {"text": _text(user, n), "link": mail.absolute(notify.link(n))}
                    for n in unread
                ]
                subject, body, headers = mail.render(
                    user,
                    "digest",
                    Notification.YOUR_TURN,
                    {
                        "items": with_text,
                        "count": len(with_text),
                        "all": mail.absolute(reverse("notifications")),
                    },
                )
                enqueue(
                    f"digest-{user_id}-{max(n.pk for n in unread)}",
                    user.email,
                    subject,
                    body,
                    user=user,
                    headers=headers,
                )
                sent += 1
            Notification.objects.filter(pk__in=[n.pk for n in waiting]).update(
                mail_state=Notification.DONE
            )
            prefs.digest_sent_at = now
            prefs.save(update_fields=["digest_sent_at"])
    return sent


# -- sending ----------------------------------------------------------------


def anything_to_do(now: Any = None) -> bool:
    """Whether a pass could find work: a notification to plan or waiting for
    its digest, or an email due and not claimed. One plain statement: every
    process asks it every LUDOTECA_OUTBOX_EVERY seconds, mostly to hear no,
    and the ORM's three queries of a pass cost an idle server about 0.9 ms."""
    now = rows.adapted(now or timezone.now())
    params = [Notification.NEW, Notification.DIGEST, OutboxEmail.PENDING, now, now]
    return bool(rows.fetch(_anything_sql(rows.vendor()), params))


@functools.cache
def _anything_sql(vendor: str) -> str:
    q = rows.quote
    return rows.driver_sql(
        f"SELECT 1 WHERE EXISTS (SELECT 1 FROM {q(Notification._meta.db_table)}"
        f" WHERE {q('mail_state')} IN (%s, %s))"
        f" OR EXISTS (SELECT 1 FROM {q(OutboxEmail._meta.db_table)}"
        f" WHERE {q('status')} = %s AND {q('next_attempt_at')} <= %s"
        f" AND ({q('claimed_until')} IS NULL OR {q('claimed_until')} < %s))"
    )


def claim(limit: int = BATCH, now: Any = None) -> list[tuple[OutboxEmail, str]]:
    """Rows due now, each claimed for this drainer alone: an UPDATE that only
    matches while nobody else holds a live claim on the row."""
    now = now or timezone.now()
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    due = OutboxEmail.objects.filter(
        free, status=OutboxEmail.PENDING, next_attempt_at__lte=now
    )
    claimed = []
    for pk in list(due.order_by("id").values_list("id", flat=True)[:limit]):
        token = secrets.token_hex(16)
        if (
            OutboxEmail.objects.filter(free, pk=pk, status=OutboxEmail.PENDING).update(
                claim_token=token, claimed_until=now + LEASE
            )
            == 1
        ):
            claimed.append((OutboxEmail.objects.get(pk=pk), token))
    return claimed


def message_id(row: OutboxEmail) -> str:
    """The same Message-ID on every attempt of a row."""
    domain = settings.LUDOTECA_SITE_URL.split("//")[-1].split("/")[0].split(":")[0]
    return f"<ludoteca.{row.pk}.{row.key}@{domain or 'localhost'}>"


def _message(row: OutboxEmail, connection: Any) -> EmailMessage:
    return EmailMessage(
        row.subject,
        row.body,
        settings.DEFAULT_FROM_EMAIL,
        [row.to],
        headers={**row.headers, "Message-ID": message_id(row)},
        connection=connection,
    )


def send_claimed(rows: list[tuple[OutboxEmail, str]], now: Any = None) -> int:
    """Send claimed rows; a failure reschedules its row, never loses it."""
    sent = 0
    connection = get_connection()
    for row, token in rows:
        now = timezone.now() if now is None else now
        try:
            _message(row, connection).send()
        except Exception as error:  # SMTP refusals, timeouts, a dead server
            attempts = row.attempts + 1
            given_up = attempts >= MAX_ATTEMPTS
            OutboxEmail.objects.filter(pk=row.pk, claim_token=token).update(
                attempts=attempts,
                status=OutboxEmail.FAILED if given_up else OutboxEmail.PENDING,
                next_attempt_at=now + backoff(attempts),
                claim_token="",
                claimed_until=None,
                last_error=f"{type(error).__name__}: {error}"[:1000],
            )
            log.warning(
                "email %s not sent (attempt %s%s): %s",
                row.pk,
                attempts,
                ", given up" if given_up else "",
                type(error).__name__,
            )
            continue
        mark_sent(row, token)
        sent += 1
    return sent


def mark_sent(row: OutboxEmail, token: str) -> None:
    OutboxEmail.objects.filter(pk=row.pk, claim_token=token).update(
        status=OutboxEmail.SENT,
        sent_at=timezone.now(),
        attempts=row.attempts + 1,
        claim_token="",
        claimed_until=None,
        last_error="",
    )


def drain() -> int:
    """One pass: plan new notifications, the digests due, then send."""
    if not anything_to_do():
        return 0
    plan()
    if not anything_to_do():  # the new ones asked for no email: all done
        return 0
    digest()
    total = 0
    while rows := claim():
        total += send_claimed(rows)
        if len(rows) < BATCH:
            break
    return total
