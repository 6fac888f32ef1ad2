"""Rematch: the same players, game and options at a new table, every seat
moved on by one; each person accepts or declines, bots accept at once, and
the match starts when the last person accepts.

While the offer is open the new table is private (only those invited reach
it), so nobody else takes a seat kept for an invited player.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ludoteca.web.community.models import Notification, Rematch, RematchAnswer
from ludoteca.web.community.moderation import has_muted
from ludoteca.web.community.notify import notify
from ludoteca.web.play import actions as play
from ludoteca.web.play.models import Seat, Table


class RematchRefused(Exception):
    """A refusal, its sentence in the active language."""


def seats_rotated(seats: list[Seat]) -> list[Seat]:
    """The new table's seats: old seat i sits at (i + 1) mod n."""
    n = len(seats)
    return sorted(seats, key=lambda s: (s.index + 1) % n)


def do_offer(table_id: int, user: Any) -> Rematch:
    """Offer a rematch of a finished table (or return the one offered)."""
    with transaction.atomic():
        source = Table.objects.select_for_update().get(pk=table_id)
        existing = Rematch.objects.filter(source=source).first()
        if existing is not None:
            return existing
        old = list(source.seats.order_by("index"))
        if not any(s.user_id == user.pk for s in old):
            raise RematchRefused(_("Only the match's players can offer a rematch."))
        if source.status != Table.FINISHED:
            raise RematchRefused(_("A rematch can be offered once the match is over."))
        table = Table.objects.create(
            game=source.game,
            options=source.options,
            players=source.players,
            clock=source.clock,
            clock_minutes=source.clock_minutes,
            clock_increment=source.clock_increment,
            private=True,
            rated=source.rated,
            rated_with_bots=source.rated_with_bots,
            created_by=user,
        )
        rematch = Rematch.objects.create(source=source, table=table, created_by=user)
        new_seats = []
        for index, was in enumerate(seats_rotated(old)):
            mine = was.user_id == user.pk
            new_seats.append(
                Seat(table=table, index=index, bot=was.bot, user=user if mine else None)
            )
            if was.user_id is not None and not was.bot:
                RematchAnswer.objects.create(
                    rematch=rematch,
                    user_id=was.user_id,
                    seat=index,
                    accepted=True if mine else None,
                )
        Seat.objects.bulk_create(new_seats)
        # Whoever muted the one offering declines at once (no notification).
        refusing = [
            a
            for a in rematch.answers.exclude(user=user)
            if has_muted(a.user_id, user.get_username())
        ]
        if refusing:
            rematch.answers.filter(pk__in=[a.pk for a in refusing]).update(
                accepted=False
            )
            rematch.status = Rematch.DECLINED
            rematch.save(update_fields=["status"])
            table.private = source.private
            table.save(update_fields=["private"])
        for answer in rematch.answers.exclude(user=user):
            notify(
                answer.user_id,
                Notification.INVITATION,
                table,
                by=user.get_username(),
                rematch=rematch.pk,
            )
    _start_if_ready(rematch.pk)
    return rematch


def do_answer(rematch_id: int, user: Any, accept: bool) -> Rematch:
    with transaction.atomic():
        rematch = Rematch.objects.select_for_update().get(pk=rematch_id)
        answer = rematch.answers.filter(user=user).first()
        if answer is None:
            raise RematchRefused(_("This rematch was not offered to you."))
        if rematch.status != Rematch.OPEN:
            raise RematchRefused(_("This rematch is no longer open."))
        answer.accepted = accept
        answer.save(update_fields=["accepted"])
        Notification.objects.filter(
            user=user, kind=Notification.INVITATION, table=rematch.table
        ).update(read_at=timezone.now())
        table = rematch.table
        if accept:
            seat = table.seats.select_for_update().get(index=answer.seat)
            seat.user = user
            seat.save(update_fields=["user"])
        else:
            rematch.status = Rematch.DECLINED
            rematch.save(update_fields=["status"])
            # The others may fill the seat some other way: the table opens up.
            Table.objects.filter(pk=table.pk).update(private=rematch.source.private)
    if accept:
        _start_if_ready(rematch.pk)
    rematch.refresh_from_db()
    return rematch


def _start_if_ready(rematch_id: int) -> None:
    with transaction.atomic():
        rematch = Rematch.objects.select_for_update().get(pk=rematch_id)
        if rematch.status != Rematch.OPEN:
            return
        if any(a.accepted is not True for a in rematch.answers.all()):
            return
        rematch.status = Rematch.STARTED
        rematch.save(update_fields=["status"])
        Table.objects.filter(pk=rematch.table_id).update(private=rematch.source.private)
        play.do_start(rematch.table_id)
