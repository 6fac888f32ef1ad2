"""Moderation: reports (a player, a chat line) queued for the admin with
their context, a person muting another for themselves, and a moderator's
mute of someone's table chat until a time."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.utils import timezone

from ludoteca.web.community.models import ChatBan, Mute, Report
from ludoteca.web.play.actions import Refused
from ludoteca.web.play.models import ChatMessage, Table

CONTEXT_LINES = 10  # lines before a reported one, kept with the report
PUBLIC = "table"  # the channel every seat and spectator reads


def check_chat_allowed(table: Table, user_id: int | None) -> None:
    """`play.actions.chat_checks`: a moderator's mute refuses the line."""
    if user_id is None:
        return
    if ChatBan.objects.filter(user_id=user_id, until__gt=timezone.now()).exists():
        raise Refused("chat_muted")


def hidden_authors(user_id: int) -> Iterable[str]:
    """`play.actions.chat_hidden`: the names whose chat `user_id` hides (read
    at every table socket's hello: one plain statement, not the ORM's)."""
    with connection.cursor() as cursor:
        cursor.execute(_hidden_authors_sql(connection.vendor), [user_id])
        return [name for (name,) in cursor.fetchall()]


@functools.cache
def _hidden_authors_sql(vendor: str) -> str:
    """`Mute.objects.filter(user_id=...).values_list("muted__username")`."""
    quote = connection.ops.quote_name
    mute, user = Mute._meta, User._meta
    muted = mute.get_field("muted").column
    name = user.get_field(User.USERNAME_FIELD).column
    return (
        f"SELECT u.{quote(name)} FROM {quote(mute.db_table)} m"
        f" INNER JOIN {quote(user.db_table)} u ON u.{quote(user.pk.column)}"
        f" = m.{quote(muted)} WHERE m.{quote(mute.get_field('user').column)} = %s"
    )


def has_muted(user_id: int, name: str) -> bool:
    return Mute.objects.filter(user_id=user_id, muted__username=name).exists()


def do_mute(me: Any, other: User) -> None:
    if me.pk != other.pk:
        Mute.objects.get_or_create(user=me, muted=other)


def do_unmute(me: Any, other: User) -> None:
    Mute.objects.filter(user=me, muted=other).delete()


def public_lines(table: Table) -> list[ChatMessage]:
    """The people's lines of the public channel: what a report may point at
    (never a night chat or another channel a seat alone reads)."""
    return list(
        ChatMessage.objects.filter(table=table, channel=PUBLIC, notice="")
        .exclude(seat__isnull=True)
        .order_by("-id")[:50]
    )[::-1]


def do_report_line(me: Any, line: ChatMessage, reason: str) -> Report:
    before = (
        ChatMessage.objects.filter(
            table_id=line.table_id, channel=PUBLIC, notice="", id__lte=line.pk
        )
        .order_by("-id")
        .values("author", "text", "created_at")[: CONTEXT_LINES + 1]
    )
    reported = line.table.seats.filter(index=line.seat).first()
    return Report.objects.create(
        reporter=me,
        reported=reported.user if reported is not None else None,
        table=line.table,
        line=line,
        reason=reason,
        context={
            "line": line.text,
            "author": line.author,
            "before": [
                {"author": b["author"], "text": b["text"], "at": str(b["created_at"])}
                for b in reversed(list(before))
            ],
        },
    )


def do_report_player(me: Any, other: User, reason: str) -> Report:
    return Report.objects.create(
        reporter=me,
        reported=other,
        reason=reason,
        context={"username": other.get_username(), "joined": str(other.date_joined)},
    )
