"""Tournament pages: the list, the new-tournament form, a tournament's page
(and the part of it that refreshes itself), sign-up and withdrawal."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from ludoteca.web.play import games
from ludoteca.web.play.models import Table
from ludoteca.web.tournaments import entries, runner
from ludoteca.web.tournaments.forms import NewTournamentForm
from ludoteca.web.tournaments.models import Pairing, Tournament


def game_label(game_id: str) -> str:
    return games.game_name(games.get(game_id)) if games.exists(game_id) else game_id


def tournament_list(request: HttpRequest) -> HttpResponse:
    rows = Tournament.objects.exclude(status=Tournament.CANCELLED)[:50]
    return render(
        request,
        "tournaments/list.html",
        {"rows": [{"t": t, "game": game_label(t.game)} for t in rows]},
    )


@login_required
def new(request: HttpRequest) -> HttpResponse:
    form = NewTournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            t = entries.do_create(request.user, **form.cleaned_data)
        except entries.TournamentRefused as refusal:
            form.add_error(None, str(refusal))
        else:
            entries.do_sign_up(t.pk, request.user)
            return redirect("tournament", t.pk)
    else:
        try:
            entries.check_may_create(request.user)
        except entries.TournamentRefused as refusal:
            form.add_error(None, str(refusal))
    return render(request, "tournaments/new.html", {"form": form})


def _rounds(t: Tournament, names: dict[int, str]) -> list[dict[str, Any]]:
    rounds: dict[int, list[dict[str, Any]]] = {}
    for p in Pairing.objects.filter(tournament=t).select_related("table"):
        table = p.table
        ranks = (table.outcome or {}).get("ranks") if table is not None else None
        seats = [
            {
                "name": names.get(u, "") if u is not None else "",
                "bot": u is None,
                "rank": ranks[i] if ranks else None,
                "absent": u in p.absent,
            }
            for i, u in enumerate(p.players)
        ]
        rounds.setdefault(p.round, []).append(
            {"pairing": p, "seats": seats, "table": table}
        )
    return [{"number": n, "tables": rows} for n, rows in sorted(rounds.items())]


def _context(request: HttpRequest, t: Tournament) -> dict[str, Any]:
    names = {
        e.user_id: e.user.get_username() for e in t.entrants.select_related("user")
    }
    dropped = set(t.entrants.filter(dropped=True).values_list("user_id", flat=True))
    lines = [
        {
            "line": line,
            "name": names.get(line.player, ""),
            "dropped": line.player in dropped,
        }
        for line in runner.current_standings(t)
    ]
    me = request.user.pk if request.user.is_authenticated else None
    mine = None
    if me is not None:
        playing = Pairing.objects.filter(
            tournament=t, round=t.current_round, table__status=Table.PLAYING
        )
        mine = next((p.table_id for p in playing if me in p.players), None)
    return {
        "t": t,
        "game": game_label(t.game),
        "lines": lines,
        "podium": lines[:3] if t.status == t.FINISHED else [],
        "rounds": _rounds(t, names),
        "entered": me is not None and me in names,
        "my_table": mine,
        "swiss": t.format == t.SWISS,
        "count": len(names),
        "token": request.GET.get("invite", ""),
    }


def page(request: HttpRequest, pk: int) -> HttpResponse:
    t = get_object_or_404(Tournament, pk=pk)
    context = _context(request, t)
    context["show_link"] = (
        t.invitation_only
        and request.user.is_authenticated
        and t.created_by_id == request.user.pk
    )
    return render(request, "tournaments/page.html", context)


def live(request: HttpRequest, pk: int) -> HttpResponse:
    """The part of the page that refreshes itself (`tournaments/live.js`)."""
    t = get_object_or_404(Tournament, pk=pk)
    return render(request, "tournaments/_live.html", _context(request, t))


@require_POST
@login_required
def sign_up(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        entries.do_sign_up(pk, request.user, request.POST.get("invite", ""))
    except entries.TournamentRefused as refusal:
        messages.error(request, str(refusal))
    return redirect("tournament", pk)


@require_POST
@login_required
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        entries.do_withdraw(pk, request.user)
    except entries.TournamentRefused as refusal:
        messages.error(request, str(refusal))
    return redirect("tournament", pk)


def help_page(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/help.html")
