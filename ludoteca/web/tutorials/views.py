"""The tutorial pages: the list, a game's scripted table, and the guide's step."""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from ludoteca.web.play import games
from ludoteca.web.play.views import table_page
from ludoteca.web.tutorials import services
from ludoteca.web.tutorials.models import TutorialRun


def index(request: HttpRequest) -> HttpResponse:
    finished: set[str] = set()
    if request.user.is_authenticated:
        finished = {r.game for r in services.finished_games(request.user)}
    rows = [
        {
            "id": game_id,
            "name": games.game_name(games.get(game_id)),
            "finished": game_id in finished,
        }
        for game_id in services.available()
    ]
    return render(request, "tutorials/index.html", {"rows": rows})


def _script_or_404(game_id: str) -> None:
    if services.script_of(game_id) is None:
        raise Http404("no tutorial for this game")


@login_required
def tutorial(request: HttpRequest, game_id: str) -> HttpResponse:
    _script_or_404(game_id)
    run = services.do_open(request.user, game_id)
    assert run.table is not None
    guide = {
        "game": game_id,
        "step_url": f"/tutorial/{game_id}/step.json",
        "restart_url": f"/tutorial/{game_id}/restart/",
    }
    return table_page(
        request,
        run.table,
        spectator=False,
        template="tutorials/table.html",
        extra={"guide": mark_safe(json.dumps(guide).replace("<", "\\u003c"))},
    )


@require_POST
@login_required
def restart(request: HttpRequest, game_id: str) -> HttpResponse:
    _script_or_404(game_id)
    services.do_open(request.user, game_id, restart=True)
    return redirect("tutorial", game_id)


@login_required
def step(request: HttpRequest, game_id: str) -> JsonResponse:
    run = (
        TutorialRun.objects.filter(user=request.user, game=game_id)
        .select_related("table")
        .first()
    )
    if run is None or run.table is None or services.script_of(game_id) is None:
        raise Http404("no tutorial running")
    return JsonResponse(services.progress(run))
