"""Quick match pages: join from the home page, the waiting page (pairs
again each time it asks, offers bots after a while), leave."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from ludoteca.web.community import quickmatch
from ludoteca.web.community.models import QueueEntry
from ludoteca.web.play import games


def choices() -> list[dict[str, object]]:
    """Games and player counts a quick match may ask for (two players or more)."""
    return [
        {
            "id": g.info.id,
            "name": games.game_name(g),
            "counts": list(range(max(2, g.info.min_players), g.info.max_players + 1)),
        }
        for g in games.all_games()
        if g.info.max_players >= 2
    ]


@require_POST
@login_required
def join(request: HttpRequest) -> HttpResponse:
    game, _, count = request.POST.get("match", "").partition(":")
    try:
        entry = quickmatch.do_join(
            request.user, game, int(count) if count.isdigit() else 0
        )
    except quickmatch.QueueRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("lobby")
    if entry.table_id:
        return redirect("table", entry.table_id)
    return redirect("quick_wait")


@never_cache
@login_required
def wait(request: HttpRequest) -> HttpResponse:
    entry = QueueEntry.objects.filter(user=request.user).first()
    if entry is None:
        return redirect("lobby")
    if entry.table_id is None:
        quickmatch.pair(entry.pk)
        entry.refresh_from_db()
    if entry.table_id is not None:
        table_id = entry.table_id
        entry.delete()  # seated: out of the queue
        return redirect("table", table_id)
    waited = (timezone.now() - entry.created_at).total_seconds()
    waiting = QueueEntry.objects.filter(
        game=entry.game,
        players=entry.players,
        table__isnull=True,
        polled_at__gte=timezone.now() - quickmatch.STALE,
    ).count()
    return render(
        request,
        "community/quick_wait.html",
        {
            "entry": entry,
            "game_name": games.game_name(games.get(entry.game)),
            "waiting": waiting,
            "bots_offered": waited >= settings.LUDOTECA_QUICK_BOTS_AFTER,
        },
    )


@require_POST
@login_required
def with_bots(request: HttpRequest) -> HttpResponse:
    try:
        table_id = quickmatch.do_fill_with_bots(request.user)
    except quickmatch.QueueRefused as refusal:
        messages.error(request, str(refusal))
        return redirect("quick_wait")
    QueueEntry.objects.filter(user=request.user).delete()
    return redirect("table", table_id)


@require_POST
@login_required
def leave(request: HttpRequest) -> HttpResponse:
    quickmatch.do_leave(request.user)
    return redirect("lobby")
