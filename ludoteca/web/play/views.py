"""The table page (playing or watching), the record download and help pages."""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path
from typing import Any

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.safestring import mark_safe

from ludoteca.web.play import games, helppages
from ludoteca.web.play.models import Table


def table_page(
    request: HttpRequest,
    table: Table,
    spectator: bool,
    template: str = "play/table.html",
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    game = games.get(table.game)
    board = f"games/{table.game}/board.js"
    has_board = finders.find(board) is not None
    config = {
        "table": table.pk,
        "game": table.game,
        "spectator": spectator,
        "ws": f"/ws/{'watch' if spectator else 'play'}/{table.pk}/",
        "board": board if has_board else "core/generic-board.js",
        "board_css": f"games/{table.game}/board.css"
        if finders.find(f"games/{table.game}/board.css")
        else "",
        "describe": f"games/{table.game}/describe.js"
        if finders.find(f"games/{table.game}/describe.js")
        else "",
        "record": f"/t/{table.pk}/record.json",
        "help": f"/help/{table.game}/",
        "watch": f"/t/{table.pk}/watch/",
        "lang": translation.get_language(),
        "texts": games.board_texts(game),
    }
    return render(
        request,
        template,
        {
            "table": table,
            "game_name": games.game_name(game),
            "spectator": spectator,
            "config": mark_safe(json.dumps(config).replace("<", "\\u003c")),
            **(extra or {}),
        },
    )


DATA_NAME = re.compile(r"[a-z0-9_]{1,40}")


def game_data(request: HttpRequest, game_id: str, name: str) -> HttpResponse:
    """A game's public board data, ``ludoteca/games/<id>/data/<name>.json``,
    for boards that draw static tracks and tiles without putting them in every
    view. Only files in the game package's data folder, and only JSON."""
    if not games.exists(game_id) or not DATA_NAME.fullmatch(name):
        raise Http404("no such data")
    folder = Path(inspect.getfile(type(games.get(game_id)))).parent / "data"
    path = folder / f"{name}.json"
    if not path.is_file():
        raise Http404("no such data")
    response = HttpResponse(
        path.read_bytes(), content_type="application/json; charset=utf-8"
    )
    response["Cache-Control"] = "public, max-age=3600"
    return response


def watch(request: HttpRequest, pk: int) -> HttpResponse:
    from ludoteca.web.lobby.views import may_see

    table = get_object_or_404(Table, pk=pk)
    if not may_see(request, table):
        raise Http404("private")
    if table.status == Table.OPEN:
        return redirect("table", pk)
    return table_page(request, table, spectator=True)


def record(request: HttpRequest, pk: int) -> HttpResponse:
    """The match record (with its seed) once the match is over."""
    from ludoteca.web.lobby.views import may_see

    table = get_object_or_404(Table, pk=pk)
    if not may_see(request, table) or table.status != Table.FINISHED:
        raise Http404("the record is published when the match is over")
    from ludoteca.web.history.export import export_record

    response = JsonResponse(export_record(table), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = (
        f'attachment; filename="ludoteca-{table.game}-{table.pk}.json"'
    )
    return response


def help_page(request: HttpRequest, game_id: str) -> HttpResponse:
    if not games.exists(game_id):
        raise Http404("unknown game")
    game = games.get(game_id)
    lang = translation.get_language() or "pt-br"
    wiki = wiki_help(game_id, lang)
    if wiki is not None and wiki.current is not None:
        html = wiki.current.html  # rendered and sanitized when it was saved
    else:
        html = helppages.render_help(game_id, lang)
    return render(
        request,
        "play/help.html",
        {
            "game_id": game_id,
            "game_name": games.game_name(game),
            "html": mark_safe(html),
            "wiki": wiki,
        },
    )


def wiki_help(game_id: str, lang: str) -> Any:
    """The game's help page on the wiki, in the reader's language if it exists."""
    from ludoteca.web.wiki.models import Page

    wanted = "en" if lang.startswith("en") else "pt-br"
    pages = Page.objects.filter(slug=game_id).select_related("current")
    by_language = {p.language: p for p in pages}
    return by_language.get(wanted) or next(iter(by_language.values()), None)
