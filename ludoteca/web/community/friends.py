"""Friends: a request, accepted by the other person; friends see each other
online, invite each other to a table in one click and follow each other's
recent matches."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from ludoteca.web.community.models import (
    Friendship,
    Mute,
    Notification,
    Preferences,
)
from ludoteca.web.community.notify import notify
from ludoteca.web.play.models import Table

ONLINE = timedelta(minutes=2)
SEEN_EVERY = timedelta(minutes=1)


class FriendRefused(Exception):
    """A refusal, its sentence in the active language."""


def between(a: Any, b: Any) -> Friendship | None:
    return Friendship.objects.filter(
        Q(from_user=a, to_user=b) | Q(from_user=b, to_user=a)
    ).first()


def status(me: Any, other: Any) -> str:
    """ "friends", "sent" (me waiting on them), "received", or ""."""
    link = between(me, other)
    if link is None:
        return ""
    if link.accepted_at is not None:
        return "friends"
    return "sent" if link.from_user_id == me.pk else "received"


def do_request(me: Any, other: Any) -> str:
    """Ask `other` to be friends (or accept their pending request)."""
    if me.pk == other.pk:
        raise FriendRefused(_("You cannot be your own friend."))
    with transaction.atomic():
        link = between(me, other)
        if link is not None:
            if link.accepted_at is None and link.to_user_id == me.pk:
                return do_accept(me, other)
            return status(me, other)
        try:
            with transaction.atomic():
                Friendship.objects.create(from_user=me, to_user=other)
        except IntegrityError:
            return status(me, other)
        notify(other.pk, Notification.FRIEND_REQUEST, by=me.get_username())
    return "sent"


def do_accept(me: Any, other: Any) -> str:
    updated = Friendship.objects.filter(
        from_user=other, to_user=me, accepted_at__isnull=True
    ).update(accepted_at=timezone.now())
    if not updated:
        raise FriendRefused(_("There is no friend request from this player."))
    Notification.objects.filter(
        user=me, kind=Notification.FRIEND_REQUEST, read_at__isnull=True
    ).filter(params__by=other.get_username()).update(read_at=timezone.now())
    return "friends"


def do_remove(me: Any, other: Any) -> None:
    """Decline a request, withdraw one, or end a friendship."""
    Friendship.objects.filter(
        Q(from_user=me, to_user=other) | Q(from_user=other, to_user=me)
    ).delete()


def friend_ids(user: Any) -> list[int]:
    links = Friendship.objects.filter(
        Q(from_user=user) | Q(to_user=user), accepted_at__isnull=False
    ).values_list("from_user_id", "to_user_id")
    return sorted({b if a == user.pk else a for a, b in links})


def requests_to(user: Any) -> list[Friendship]:
    """Pending requests to `user`, but not from someone they muted."""
    return list(
        Friendship.objects.filter(to_user=user, accepted_at__isnull=True)
        .exclude(from_user__in=Mute.objects.filter(user=user).values("muted"))
        .select_related("from_user")
        .order_by("-created_at")
    )


def seen(user: Any) -> None:
    """Mark `user` online, writing at most once a minute."""
    now = timezone.now()
    updated = (
        Preferences.objects.filter(user=user)
        .filter(Q(seen_at__isnull=True) | Q(seen_at__lt=now - SEEN_EVERY))
        .update(seen_at=now)
    )
    if not updated and not Preferences.objects.filter(user=user).exists():
        Preferences.objects.get_or_create(user=user, defaults={"seen_at": now})


def online_ids(ids: list[int]) -> set[int]:
    since = timezone.now() - ONLINE
    return set(
        Preferences.objects.filter(user_id__in=ids, seen_at__gte=since).values_list(
            "user_id", flat=True
        )
    )


def do_invite(me: Any, table: Table, friend_id: int) -> None:
    """Invite a friend to an open table (its invitation link, notified)."""
    if table.status != Table.OPEN:
        raise FriendRefused(_("This table has already started."))
    if friend_id not in friend_ids(me):
        raise FriendRefused(_("You can invite only your friends."))
    if not (table.created_by_id == me.pk or table.seats.filter(user=me).exists()):
        raise FriendRefused(_("Only the table's players can invite."))
    notify(
        friend_id,
        Notification.INVITATION,
        table,
        by=me.get_username(),
        invite=table.invite_token,
    )
