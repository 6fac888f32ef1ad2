"""Lobby pages: open tables, a new table, the waiting room and its buttons."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.views.decorators.http import require_POST

from ludoteca.bots import registry as bots
from ludoteca.engine.protocol import Game
from ludoteca.web.accounts import throttle
from ludoteca.web.community import home, quickmatch_views
from ludoteca.web.live import owners
from ludoteca.web.lobby import actions, tiles, turns
from ludoteca.web.lobby.forms import NewTableForm
from ludoteca.web.play import botnames, games
from ludoteca.web.play.actions import Refused
from ludoteca.web.play.models import Table


def _game_rows() -> list[dict[str, Any]]:
    return [
        {"id": g.info.id, "name": games.game_name(g), "info": g.info}
        for g in games.all_games()
    ]


def table_row(table: Table) -> dict[str, Any]:
    seats = list(table.seats.select_related("user"))
    game = games.get(table.game) if games.exists(table.game) else None
    return {
        "table": table,
        "game_name": games.game_name(game) if game else table.game,
        "options": games.option_summary(game, table.options) if game else {},
        "seats": seats,
        "taken": sum(1 for s in seats if not s.is_empty),
    }


def finished_row(table: Table) -> dict[str, Any]:
    """A finished match for the lobby: its players, the winners first marked."""
    row = table_row(table)
    winners = set((table.outcome or {}).get("winners") or [])
    row["players"] = [
        {"name": s.display_name, "won": s.index in winners} for s in row["seats"]
    ]
    return row


def first_steps(request: HttpRequest) -> HttpResponse:
    """The newcomers' page, written per language (prose, not sentence by sentence)."""
    english = (translation.get_language() or "").startswith("en")
    return render(
        request,
        "pages/first_steps.html",
        {"games": _game_rows(), "english": english},
    )


def _my_rows(user: Any) -> list[dict[str, Any]]:
    """The user's tables not finished: those waiting on them first."""
    rows = []
    for seat in turns.my_seats(user):
        row = table_row(seat.table)
        row["mine"] = True
        row["your_turn"] = turns.is_my_turn(seat)
        rows.append(row)
    rows.sort(key=lambda r: not r["your_turn"])  # stable: newest first otherwise
    return rows


def lobby(request: HttpRequest) -> HttpResponse:
    public = Table.objects.filter(private=False)
    open_tables = [table_row(t) for t in public.filter(status=Table.OPEN)[:50]]
    playing = [table_row(t) for t in public.filter(status=Table.PLAYING)[:30]]
    finished = [
        finished_row(t)
        for t in public.filter(status=Table.FINISHED).order_by("-finished_at")[:10]
    ]
    mine: list[dict[str, Any]] = []
    invitations: list[dict[str, Any]] = []
    quick: list[dict[str, Any]] = []
    with_friends: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    if request.user.is_authenticated:
        mine = _my_rows(request.user)
        invitations = home.invitations(request.user)
        with_friends = [table_row(t) for t in home.friends_tables(request.user)]
        results = [finished_row(t) for t in home.recent_results(request.user)]
        quick = quickmatch_views.choices()
        seated = {r["table"].pk for r in mine}
        for row in playing:
            row["mine"] = row["table"].pk in seated
    return render(
        request,
        "lobby/lobby.html",
        {
            "games": _game_rows(),
            "tiles": tiles.all_tiles(),
            "open": open_tables,
            "playing": playing,
            "mine": mine,
            "invitations": invitations,
            "with_friends": with_friends,
            "results": results,
            "quick_games": quick,
            "finished": finished,
        },
    )


@login_required
def new_table(request: HttpRequest, game_id: str) -> HttpResponse:
    if not games.exists(game_id):
        raise Http404("unknown game")
    game = games.get(game_id)
    form = NewTableForm(game, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            actions.check_may_open_table(request.user, throttle.request_keys(request))
            table = actions.do_create_table(
                request.user,
                game_id,
                form.cleaned_data["players"],
                form.options(),
                form.cleaned_data["clock"],
                form.cleaned_data["clock_minutes"],
                form.cleaned_data["clock_increment"],
                form.cleaned_data["private"],
                rated=form.cleaned_data["rated"],
                rated_with_bots=form.cleaned_data["rated_with_bots"],
            )
        except Refused as refusal:
            form.add_error(None, _refusal_text(refusal, game))
        else:
            request.session[f"invite-{table.pk}"] = True
            actions.maybe_autostart(table.pk)  # a solo table starts at once
            return redirect("table", table.pk)
    return render(
        request,
        "lobby/new_table.html",
        {"form": form, "game": game, "game_name": games.game_name(game)},
    )


def _refusal_text(refusal: Refused, game: Game[Any] | None = None) -> str:
    return games.refusal_text(game, refusal.code, refusal.params, [], refusal.message)


def may_see(request: HttpRequest, table: Table) -> bool:
    user = request.user
    return table.visible_to(
        user.pk if user.is_authenticated else None,
        bool(request.session.get(f"invite-{table.pk}")),
    )


def invite(request: HttpRequest, token: str) -> HttpResponse:
    table = get_object_or_404(Table, invite_token=token)
    request.session[f"invite-{table.pk}"] = True
    return redirect("table", table.pk)


def table(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=pk)
    if not may_see(request, table):
        messages.error(request, games.refusal_text(None, "private_table", {}, []))
        return redirect("lobby")
    if table.status != Table.OPEN:
        seated = (
            request.user.is_authenticated
            and table.seats.filter(user=request.user).exists()
        )
        if not seated:
            return redirect("watch", table.pk)
        run = getattr(table, "tutorial", None)  # a tutorial table: with its guide
        if run is not None and table.status == Table.PLAYING:
            return redirect("tutorial", table.game)
        from ludoteca.web.play.views import table_page

        return table_page(request, table, spectator=False)
    row = table_row(table)
    seated = request.user.is_authenticated and any(
        s.user_id == request.user.pk for s in row["seats"]
    )
    return render(
        request,
        "lobby/waiting.html",
        {
            **row,
            "seated": seated,
            "bots": botnames.choices(bots.names(table.game)),
            "invite_url": request.build_absolute_uri(
                reverse("invite", args=[table.invite_token])
            ),
            "is_owner": request.user.is_authenticated
            and table.created_by_id == request.user.pk,
            # The poll's first answer is compared with what this page shows,
            # so a match that starts while the page loads still reloads it.
            "shown_status": json.dumps(waiting_status(table)),
        },
    )


def table_status(request: HttpRequest, pk: int) -> JsonResponse:
    table = get_object_or_404(Table, pk=pk)
    if not may_see(request, table):
        raise Http404("private")
    return JsonResponse(waiting_status(table))


def waiting_status(table: Table) -> dict[str, Any]:
    """What the waiting room polls for: it reloads when this changes."""
    return {
        "status": table.status,
        "seats": list(table.seats.values_list("user_id", "bot")),
    }


def _act(request: HttpRequest, pk: int, fn: Any, *args: Any) -> HttpResponse:
    table = get_object_or_404(Table, pk=pk)
    if not may_see(request, table):
        raise Http404("private")
    try:
        fn(table.pk, request.user, *args)
    except Refused as refusal:
        messages.error(request, _refusal_text(refusal))
    else:
        owners.changed_elsewhere(table.pk)
    return redirect("table", pk)


def _seat_arg(request: HttpRequest) -> int | None:
    raw = request.POST.get("seat", "")
    return int(raw) if raw.isdigit() else None


@require_POST
@login_required
def join(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, actions.do_join, _seat_arg(request))


@require_POST
@login_required
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, actions.do_leave_seat)


@require_POST
@login_required
def add_bot(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(
        request,
        pk,
        actions.do_add_bot,
        request.POST.get("bot", "random"),
        _seat_arg(request),
    )


@require_POST
@login_required
def remove_bot(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, actions.do_remove_bot, _seat_arg(request) or 0)


@require_POST
@login_required
def start(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, actions.do_start)
