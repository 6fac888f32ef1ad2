"""The home page's part for a logged-in player, after their own tables:
open tables where their friends sit, the invitations waiting on their
answer and their recent results."""

from __future__ import annotations

from typing import Any

from ludoteca.web.community import notify
from ludoteca.web.community.models import Rematch, RematchAnswer
from ludoteca.web.play.models import Table

RESULTS = 5


def invitations(user: Any) -> list[dict[str, Any]]:
    """Open rematch offers the user has not answered, newest first."""
    answers = (
        RematchAnswer.objects.filter(
            user=user, accepted__isnull=True, rematch__status=Rematch.OPEN
        )
        .select_related("rematch__table", "rematch__created_by")
        .order_by("-rematch__created_at")[:20]
    )
    return [
        {
            "rematch": a.rematch,
            "by": a.rematch.created_by.get_username(),
            "game_name": notify.game_name(a.rematch.table),
        }
        for a in answers
    ]


def friends_tables(user: Any) -> list[Table]:
    """Open public tables where a friend of the user sits, the user not."""
    from ludoteca.web.community.friends import friend_ids

    ids = friend_ids(user)
    if not ids:
        return []
    return list(
        Table.objects.filter(status=Table.OPEN, private=False, seats__user__in=ids)
        .exclude(seats__user=user)
        .distinct()
        .order_by("-created_at")[:10]
    )


def recent_results(user: Any) -> list[Table]:
    """The user's last finished matches."""
    return list(
        Table.objects.filter(status=Table.FINISHED, seats__user=user)
        .order_by("-finished_at")
        .distinct()[:RESULTS]
    )
