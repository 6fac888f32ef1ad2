"""Newcomers and assistive technology, over Django's test client: the First
steps page in both languages and the links to it, the high-contrast toggle and
skip link on every page, the table's live region and "Describe the table",
and a describer with translated sentences for every game board."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from ludoteca.engine import registry
from ludoteca.web.wiki.seed import load_game_help_pages
from tests.web.conftest import make_table, make_user
from tests.web.test_board_catalog import CALL, STATIC, catalog

pytestmark = pytest.mark.django_db

GAMES = sorted(
    g.info.id
    for g in registry.all()
    if g.__class__.__module__.startswith("ludoteca.games.")
)


def page(path: str, language: str = "pt-br", client: Client | None = None) -> str:
    client = client or Client()
    client.cookies["django_language"] = language
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


def test_first_steps_reads_in_portuguese_by_default_and_in_english():
    pt = page("/first-steps/")
    assert '<html lang="pt-br">' in pt and "<h1>Primeiros passos</h1>" in pt
    en = page("/first-steps/", "en")
    assert '<html lang="en">' in en and "<h1>First steps</h1>" in en
    for text in (pt, en):
        # every game's rules page, the lobby, sign-up and the wiki are one click away
        for game in GAMES:
            assert f'href="/help/{game}/"' in text
        assert 'href="/accounts/signup/"' in text and 'href="/wiki/' in text
    assert "Primeiros passos" not in en.split("<main")[1]


def test_the_words_on_first_steps_match_the_buttons_people_will_press():
    pt = page("/first-steps/")
    en = page("/first-steps/", "en")
    for label in ("Nova mesa", "Sentar aqui", "Pôr um robô", "Começar a partida"):
        assert label in pt
    for label in ("New table", "Sit here", "Add a bot", "Start the match"):
        assert label in en


def test_first_steps_is_linked_from_home_help_and_every_game_wiki_page():
    assert 'href="/first-steps/"' in page("/")
    load_game_help_pages()
    for game in GAMES:
        assert 'href="/first-steps/"' in page(f"/help/{game}/")
        for language in ("pt-br", "en"):
            wiki = page(f"/wiki/{language}/{game}/", language)
            assert "first-steps-link" in wiki, (game, language)


def test_every_page_has_a_skip_link_a_named_nav_and_the_contrast_toggle():
    text = page("/")
    assert 'class="skip-link" href="#main"' in text and '<main id="main"' in text
    assert 'data-role="contrast"' in text and "Alto contraste" in text
    assert "core/theme.js" in text and 'aria-label="Site"' in text


def test_the_table_has_a_live_region_and_a_describe_button():
    user = make_user("leitora")
    client = Client()
    client.force_login(user)
    pk = make_table([user, "random"])
    text = page(f"/t/{pk}/", "en", client)
    assert 'data-role="announce"' in text and 'aria-live="polite"' in text
    assert 'data-role="describe"' in text and "Describe the table" in text
    config = json.loads(re.search(r'id="table-config">(.*?)</script>', text).group(1))
    assert config["describe"] == ""  # the toy game has no describer: generic text


@pytest.mark.parametrize("game", GAMES)
def test_each_game_table_loads_its_describer(game):
    user = User.objects.create_user(f"p-{game}", password="pw-long-123")
    client = Client()
    client.force_login(user)
    g = registry.get(game)
    pk = make_table([user] + ["random"] * (g.info.min_players - 1), game=game)
    text = page(f"/t/{pk}/", "en", client)
    config = json.loads(re.search(r'id="table-config">(.*?)</script>', text).group(1))
    assert config["describe"] == f"games/{game}/describe.js"
    assert (STATIC / config["describe"]).is_file()


def test_core_sentences_are_translated():
    known = catalog()
    missing = [
        match.group(1)
        for script in sorted((STATIC / "core").glob("*.js"))
        for match in CALL.finditer(Path(script).read_text("utf-8"))
        if not known.get(match.group(1))
    ]
    assert missing == []
