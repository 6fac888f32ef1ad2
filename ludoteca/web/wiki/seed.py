"""The first revision of each game's help page comes from the game package."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from ludoteca.engine import registry
from ludoteca.engine.i18n import gettext_noop

FILES = {"pt-br": "pt-BR.wiki", "en": "en.wiki"}
# Stored in English; shown in the reader's language (`Revision.shown_summary`).
SEED_SUMMARY = gettext_noop("Ludoteca's help text for this game")


def help_source(game_id: str, language: str) -> str | None:
    module = importlib.import_module(f"ludoteca.games.{game_id}")
    root = Path(module.__file__ or "").parent / "help" / FILES[language]
    return root.read_text(encoding="utf-8") if root.is_file() else None


def load_game_help_pages(**_: Any) -> int:
    """Create the help page of every game and language that has none yet."""
    from ludoteca.web.wiki import services
    from ludoteca.web.wiki.models import Page

    created = 0
    for game in registry.all():
        game_id = game.info.id
        if not game.__class__.__module__.startswith("ludoteca.games."):
            continue  # test-only games have no help pages
        for language in FILES:
            if Page.objects.filter(language=language, slug=game_id).exists():
                continue
            source = help_source(game_id, language)
            if source is None:
                continue
            title = game.info.names.get(
                "pt-BR" if language == "pt-br" else "en", game.info.name
            )
            services.do_create_page(
                None,
                language,
                title,
                source,
                summary=SEED_SUMMARY,
                slug=game_id,
                game=game_id,
            )
            created += 1
    return created
