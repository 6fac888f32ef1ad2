"""Quick match ("Play now"): a person picks a game and a player count and
waits in a queue in the database; the queue pairs people of close ratings,
the window widening as they wait; after a while the waiting page offers to
fill the other seats with bots.

Pairing runs whenever someone joins or a waiting page asks again, in one
transaction that locks the candidate rows (PostgreSQL re-checks a locked
row's `table IS NULL`; SQLite's transactions take the write lock at BEGIN),
so two processes never seat one person at two tables.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ludoteca.bots import registry as bots
from ludoteca.web.community.models import QueueEntry
from ludoteca.web.lobby import actions as lobby
from ludoteca.web.play import actions as play
from ludoteca.web.play import games
from ludoteca.web.play.models import Seat, Table

WINDOW = 5.0  # rating points (ordinal) of difference accepted at once
WIDEN = 1.0  # more points accepted per WIDEN_EVERY seconds of waiting
WIDEN_EVERY = 10.0
STALE = timedelta(seconds=30)  # a waiting page silent this long: not paired


class QueueRefused(Exception):
    """A refusal, its sentence in the active language."""


def rating_of(user: Any, game_id: str) -> float:
    from ludoteca.web.history.models import Rating

    rating = Rating.objects.filter(user=user, game=game_id).first()
    return rating.ordinal if rating is not None else 0.0


def window(entry: QueueEntry, now: Any) -> float:
    waited = (now - entry.created_at).total_seconds()
    return WINDOW + WIDEN * waited / WIDEN_EVERY


def do_join(user: Any, game_id: str, players: int) -> QueueEntry:
    if not games.exists(game_id):
        raise QueueRefused(_("There is no such game."))
    info = games.get(game_id).info
    if not info.min_players <= players <= info.max_players or players < 2:
        raise QueueRefused(_("Choose a number of players this game allows."))
    with transaction.atomic():
        QueueEntry.objects.filter(user=user).delete()
        entry = QueueEntry.objects.create(
            user=user, game=game_id, players=players, rating=rating_of(user, game_id)
        )
    pair(entry.pk)
    entry.refresh_from_db()
    return entry


def do_leave(user: Any) -> None:
    QueueEntry.objects.filter(user=user, table__isnull=True).delete()


def pair(entry_id: int) -> int | None:
    """Seat the entry's person with the closest waiting people when enough
    fit each other's windows; the new table's id, or None. The entry's own
    person is there now: their wait counts as fresh."""
    now = timezone.now()
    with transaction.atomic():
        entry = (
            QueueEntry.objects.select_for_update()
            .filter(pk=entry_id, table__isnull=True)
            .first()
        )
        if entry is None:
            return None
        entry.polled_at = now
        entry.save(update_fields=["polled_at"])
        others = list(
            QueueEntry.objects.select_for_update()
            .filter(
                game=entry.game,
                players=entry.players,
                table__isnull=True,
                polled_at__gte=now - STALE,
            )
            .exclude(pk=entry.pk)
            .select_related("user")
            .order_by("created_at")
        )
        fits = [
            o
            for o in others
            if abs(o.rating - entry.rating) <= max(window(entry, now), window(o, now))
        ]
        fits.sort(key=lambda o: abs(o.rating - entry.rating))
        if len(fits) < entry.players - 1:
            return None
        group = sorted([entry, *fits[: entry.players - 1]], key=lambda e: e.created_at)
        table = _table(group[0].user, entry.game, entry.players)
        for index, member in enumerate(group):
            Seat.objects.filter(table=table, index=index).update(user=member.user)
        QueueEntry.objects.filter(pk__in=[m.pk for m in group]).update(table=table)
    play.do_start(table.pk)
    return table.pk


def _table(owner: Any, game_id: str, players: int) -> Table:
    return lobby.do_create_table(owner, game_id, players, {})


def do_fill_with_bots(user: Any) -> int:
    """Stop waiting: a table with the person and bots in the other seats."""
    with transaction.atomic():
        entry = (
            QueueEntry.objects.select_for_update()
            .filter(user=user, table__isnull=True)
            .first()
        )
        if entry is None:
            raise QueueRefused(_("You are not waiting for a match."))
        waited = (timezone.now() - entry.created_at).total_seconds()
        if waited < settings.LUDOTECA_QUICK_BOTS_AFTER:
            raise QueueRefused(_("Wait a little longer for people first."))
        table = _table(user, entry.game, entry.players)
        names = bots.names(entry.game)
        bot = "medium" if "medium" in names else names[0]
        Seat.objects.filter(table=table).exclude(index=0).update(bot=bot)
        entry.table = table
        entry.save(update_fields=["table"])
    play.do_start(table.pk)
    return table.pk
