"""Tournament pages: the list, the new-tournament form, a tournament's page
(and the part of it that refreshes itself), sign-up and withdrawal."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from ludoteca.web.play import games
from ludoteca.web.play.models import Table
from ludoteca.web.tournaments import entries, runner
from ludoteca.web.tournaments.forms import (
    NewTournamentForm,
    duration_label,
    game_choices,
)
from ludoteca.web.tournaments.models import Pairing, Tournament

DAY = 24 * 3600


def countdown_formats() -> dict[str, str]:
    """What is left, a day or more (the clock part as in `countdown_text`);
    `live.js` fills in the same sentences as the seconds pass."""
    return {
        "one": ngettext("%(days)d day, %(clock)s", "%(days)d days, %(clock)s", 1),
        "many": ngettext("%(days)d day, %(clock)s", "%(days)d days, %(clock)s", 2),
    }


def countdown_text(left: timedelta) -> str:
    """`1:02:03` under a day, `2 days, 1:02:03` beyond; `0:00:00` once past."""
    seconds = max(0, int(left.total_seconds()))
    days, rest = divmod(seconds, DAY)
    clock = f"{rest // 3600}:{rest % 3600 // 60:02d}:{rest % 60:02d}"
    if not days:
        return clock
    formats = countdown_formats()
    return (formats["one"] if days == 1 else formats["many"]) % {
        "days": days,
        "clock": clock,
    }


def game_label(game_id: str) -> str:
    return games.game_name(games.get(game_id)) if games.exists(game_id) else game_id


def tournament_list(request: HttpRequest) -> HttpResponse:
    rows = Tournament.objects.exclude(status=Tournament.CANCELLED)[:50]
    return render(
        request,
        "tournaments/list.html",
        {"rows": [{"t": t, "game": game_label(t.game)} for t in rows]},
    )


def _chosen_game(request: HttpRequest) -> tuple[Any, bool]:
    """The game whose options the form shows: the one posted or asked for
    (`?game=`), else the first; and whether that was the one asked for."""
    wanted = request.POST.get("game") or request.GET.get("game") or ""
    ids = [game_id for game_id, _ in game_choices()]
    found = wanted in ids
    return games.get(wanted if found else ids[0]), found or not wanted


@login_required
def new(request: HttpRequest) -> HttpResponse:
    try:
        entries.check_may_create(request.user)
    except entries.TournamentRefused as refusal:
        return render(
            request, "tournaments/new.html", {"refusal": str(refusal)}, status=403
        )
    game, found = _chosen_game(request)
    form = NewTournamentForm(game, request.POST or None)
    if request.method == "POST" and not found:
        form.is_valid()
        form.add_error(None, gettext("Choose the game again."))
    elif request.method == "POST" and form.is_valid():
        try:
            t = entries.do_create(request.user, **form.settings())
        except entries.TournamentRefused as refusal:
            form.add_error(None, str(refusal))
        else:
            entries.do_sign_up(t.pk, request.user)
            return redirect("tournament", t.pk)
    return render(
        request,
        "tournaments/new.html",
        {
            "form": form,
            "game": game,
            "game_name": games.game_name(game),
            "games": game_choices(),
        },
    )


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
                "adjudicated": u in p.adjudicated,
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
    now = timezone.now()
    deadline = t.round_deadline if t.status == t.RUNNING else None
    return {
        "t": t,
        "game": game_label(t.game),
        "deadline": deadline,
        "deadline_passed": deadline is not None and deadline <= now,
        "round_left": countdown_text(deadline - now) if deadline else "",
        "start_left": countdown_text(t.starts_at - now),
        "countdown_formats": countdown_formats(),
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
    if games.exists(t.game):
        context["options"] = games.option_summary(games.get(t.game), t.options)
    context["round_limit"] = duration_label(t.round_minutes)
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
