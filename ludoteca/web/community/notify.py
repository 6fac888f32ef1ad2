"""Creating notifications, and what they say.

The table path calls in through two signals (`play.signals`), inside the
transaction of the move: a notification is one INSERT there, kept or rolled
back with the move. Emails are planned later by the outbox drainer.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from ludoteca.web.community.models import Notification
from ludoteca.web.play import games, rows
from ludoteca.web.play.models import Seat, Table


def notify(user_id: int, kind: str, table: Table | None = None, **params: Any) -> None:
    """A notification for a person; an unread one of the same kind for the
    same table is brought to the top instead of repeated. Someone the
    person muted invites or befriends in vain: nothing is made."""
    by = params.get("by")
    if by and kind in (Notification.INVITATION, Notification.FRIEND_REQUEST):
        from ludoteca.web.community.moderation import has_muted

        if has_muted(user_id, str(by)):
            return
    if table is not None:
        fresh = Notification.objects.filter(
            user_id=user_id, kind=kind, table=table, read_at__isnull=True
        ).update(created_at=timezone.now(), params=params)
        if fresh:
            return
    Notification.objects.create(user_id=user_id, kind=kind, table=table, params=params)


def on_turn_came(sender: Any, table: Table, seats: list[Seat], **kwargs: Any) -> None:
    for seat in seats:
        if seat.user_id is not None:
            notify(seat.user_id, Notification.YOUR_TURN, table)


def on_match_finished(
    sender: Any, table: Table, seats: list[Seat], **kwargs: Any
) -> None:
    winners = set((table.outcome or {}).get("winners") or [])
    won = {  # a person in two seats: the last one's, as `notify` in turn made it
        seat.user_id: seat.index in winners
        for seat in seats
        if seat.user_id is not None and not seat.bot
    }
    # As `notify` for each, in two plain statements instead of two per
    # person (this runs in the live tables' writer, inside its batch).
    unread = {
        n.user_id
        for n in rows.select(
            Notification,
            ("user_id", "read_at"),
            ("table_id =", "kind ="),
            [table.pk, Notification.FINISHED],
        )
        if n.read_at is None and n.user_id in won
    }
    for user_id in unread:  # rare: a match finishes once
        notify(user_id, Notification.FINISHED, table, won=won[user_id])
    rows.insert(
        [
            Notification(
                user_id=user_id,
                kind=Notification.FINISHED,
                table=table,
                params={"won": result},
            )
            for user_id, result in won.items()
            if user_id not in unread
        ]
    )
    # Its "your turn" notifications are moot now (only relaxed tables send
    # them: `on_turn_came`).
    if table.clock != Table.RELAXED:
        return
    Notification.objects.filter(
        table=table, kind=Notification.YOUR_TURN, read_at__isnull=True
    ).update(read_at=timezone.now(), mail_state=Notification.DONE)


def unread_count(user: Any) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


def header_count(request: HttpRequest) -> dict[str, Any]:
    """Context processor: the reader's unread notifications."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notifications": unread_count(user)}


def game_name(table: Table | None) -> str:
    if table is None:
        return ""
    return games.game_name(games.get(table.game)) if games.exists(table.game) else ""


def describe(n: Notification) -> str:
    """The notification as one sentence in the active language."""
    game, number = game_name(n.table), n.table_id
    if n.kind == Notification.YOUR_TURN:
        return _("Your turn at %(game)s #%(number)s.") % {
            "game": game,
            "number": number,
        }
    if n.kind == Notification.FINISHED:
        if n.params.get("won"):
            return _("You won the match of %(game)s #%(number)s.") % {
                "game": game,
                "number": number,
            }
        return _("The match of %(game)s #%(number)s is over.") % {
            "game": game,
            "number": number,
        }
    if n.kind == Notification.INVITATION:
        return _("%(player)s invites you to a match of %(game)s.") % {
            "player": n.params.get("by", ""),
            "game": game,
        }
    if n.kind == Notification.TOURNAMENT:
        return _(
            "Your table in round %(round)s of the tournament %(name)s is ready."
        ) % {"round": n.params.get("round", ""), "name": n.params.get("name", "")}
    if n.kind == Notification.FRIEND_REQUEST:
        return _("%(player)s wants to be your friend.") % {
            "player": n.params.get("by", "")
        }
    return ""


def link(n: Notification) -> str:
    """Where the notification leads (a path on this site)."""
    if n.kind == Notification.INVITATION and n.params.get("rematch"):
        return reverse("rematch", args=[n.params["rematch"]])
    if n.kind == Notification.INVITATION and n.params.get("invite"):
        return reverse("invite", args=[n.params["invite"]])
    if n.kind == Notification.FRIEND_REQUEST:
        return reverse("friends")
    if n.kind == Notification.FINISHED and n.table_id:
        return reverse("table", args=[n.table_id])
    if n.table_id:
        return reverse("table", args=[n.table_id])
    return reverse("notifications")
