"""Profiles, rivalries, leaderboards and replays."""

from __future__ import annotations

import json

from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from ludoteca.web.history import replay, stats
from ludoteca.web.play import games
from ludoteca.web.play.models import Table


def _user(username: str):
    return get_object_or_404(get_user_model(), username=username)


def _names() -> dict[str, str]:
    return {g.info.id: games.game_name(g) for g in games.all_games()}


def _visible(request: HttpRequest) -> Q:
    """The matches this reader may see listed (see `stats.visible_to`)."""
    invited = [
        int(key.removeprefix("invite-"))
        for key in list(request.session.keys())
        if key.startswith("invite-") and key.removeprefix("invite-").isdigit()
    ]
    viewer = request.user.pk if request.user.is_authenticated else None
    return stats.visible_to(viewer, invited)


def profile(request: HttpRequest, username: str) -> HttpResponse:
    user = _user(username)
    visible = _visible(request)
    matches = stats.matches_of(user, visible)
    page = Paginator(matches, 20).get_page(request.GET.get("page"))
    others = stats.opponents_by_table([p.table_id for p in page])
    recent = [
        {
            "me": p,
            "others": [o for o in others.get(p.table_id, []) if o.seat != p.seat],
        }
        for p in page
    ]
    return render(
        request,
        "history/profile.html",
        {
            "person": user,
            "page": page,
            "recent": recent,
            "per_game": stats.per_game(user, visible),
            "rivals": stats.rivals(user, visible=visible),
            "totals": stats.totals(user, visible),
            "names": _names(),
        },
    )


def rivalry(request: HttpRequest, a: str, b: str) -> HttpResponse:
    first, second = _user(a), _user(b)
    if first.pk == second.pk:
        raise Http404("a rivalry needs two players")
    game = request.GET.get("game") or None
    return render(
        request,
        "history/rivalry.html",
        {
            "a": first,
            "b": second,
            "h2h": stats.head_to_head(first, second, game, _visible(request)),
            "game": game,
            "names": _names(),
        },
    )


def leaderboard(request: HttpRequest, game_id: str) -> HttpResponse:
    if not games.exists(game_id):
        raise Http404("unknown game")
    return render(
        request,
        "history/leaderboard.html",
        {
            "game_id": game_id,
            "game_name": games.game_name(games.get(game_id)),
            "ratings": stats.leaderboard(game_id),
            "today": stats.most_wins(game_id, "day"),
            "week": stats.most_wins(game_id, "week"),
            "month": stats.most_wins(game_id, "month"),
            "names": _names(),
        },
    )


def _finished(request: HttpRequest, pk: int) -> Table:
    from ludoteca.web.lobby.views import may_see

    table = get_object_or_404(Table, pk=pk)
    if not may_see(request, table) or table.status != Table.FINISHED:
        raise Http404("replays open when the match is over")
    return table


def replay_page(request: HttpRequest, pk: int) -> HttpResponse:
    table = _finished(request, pk)
    seats = [
        {"seat": s.index, "name": s.display_name(), "avatar": s.avatar()}
        for s in table.seats.order_by("index")
    ]
    config = {
        "table": table.pk,
        "game": table.game,
        "players": table.players,
        "seats": seats,
        "steps": table.version,
        "frames": f"/replay/{table.pk}/frame.json",
        "board": f"games/{table.game}/board.js",
        "board_css": f"games/{table.game}/board.css"
        if finders.find(f"games/{table.game}/board.css")
        else "",
        "lang": get_language(),
    }
    return render(
        request,
        "history/replay.html",
        {
            "table": table,
            "game_name": games.game_name(games.get(table.game)),
            "seats": seats,
            "config": mark_safe(json.dumps(config).replace("<", "\\u003c")),
        },
    )


def replay_frame(request: HttpRequest, pk: int) -> JsonResponse:
    table = _finished(request, pk)
    try:
        step = int(request.GET.get("step", "0"))
        raw = request.GET.get("seat", "")
        seat = int(raw) if raw not in ("", "all", "none") else None
    except ValueError:
        raise Http404("bad step") from None
    if seat is not None and not 0 <= seat < table.players:
        raise Http404("bad seat")
    everything = request.GET.get("seat") == "all"
    return JsonResponse(replay.frame(table, step, seat, everything))
