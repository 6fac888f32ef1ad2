"""Inside Job on the web: its log sentences read well in both languages (cards,
missions, roles, reasons and partners worded through text.py's PARAMS), its
lobby options are translated, and every string of its browser board has a
pt-BR translation in the catalogs served to JavaScript."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from ludoteca import web
from ludoteca.engine import registry
from ludoteca.engine.i18n import read_po
from ludoteca.web.catalogs import locale_paths
from ludoteca.web.play import games
from ludoteca.web.play.models import Table
from tests.web.conftest import make_user

BOARD = Path(web.__file__).resolve().parent / "static" / "games" / "insidejob"
PLAYERS = ["Ana", "Bia", "Caio", "Davi"]


@pytest.fixture(autouse=True)
def _insidejob_installed() -> None:
    if "insidejob" not in registry.ids():
        pytest.skip("Inside Job is not installed")


def text(language: str, **data: object) -> str:
    game = registry.get("insidejob")
    with translation.override(language):
        return games.event_text(game, data, PLAYERS)


def test_cards_missions_roles_and_reasons_read_as_words():
    # 17 is the green 5 (suit 17 // 13 = 1, value 17 % 13 + 1 = 5).
    assert text("en", type="card_played", seat=1, card=17) == "Bia plays ♣ green 5."
    assert text("pt-br", type="card_played", seat=1, card=17) == "Bia joga ♣ 5 verde."
    chosen = text("en", type="mission_chosen", seat=0, mission="D3")
    assert chosen == (
        "Ana chooses the mission: D3: The leader's card wins the trick. Trump: green."
    )
    chosen_pt = text("pt-br", type="mission_chosen", seat=0, mission="D3")
    assert chosen_pt.endswith("Trunfo: verde.")
    revealed = text("pt-br", type="role_revealed", seat=2, role="prof_no")
    assert revealed == "Caio revela o papel: Professor Não."
    ended = text("en", type="match_ended", reason="missions", winners=[0], roles=[])
    assert ended == "The match is over: the Agents completed enough missions."
    seen = text("en", type="partner_seen", partner=3, role="insider")
    assert seen == "Your partner Davi is: Insider."


def test_unknown_values_are_left_as_they_are():
    assert text("en", type="card_played", seat=1, card="x") == "Bia plays x."
    assert text("en", type="role_revealed", seat=1, role="nobody").endswith("nobody.")


@pytest.mark.django_db
def test_lobby_options_are_short_labels_with_help_in_portuguese():
    client = Client()
    client.force_login(make_user("ines"))
    client.post("/i18n/setlang/", {"language": "pt-br", "next": "/"})
    page = html.unescape(client.get("/new/insidejob/").content.decode())
    for expected in (
        "Apostas",
        "Missões arriscadas",
        "Personagem: Agente Grampeado",
        "Personagem: Professor Não (no lugar do infiltrado)",
        "Apostas: ponha uma maleta na sua carta para torná-la trunfo",
    ):
        assert expected in page, expected
    assert ">character_" not in page and "character microphone" not in page
    form = {
        "players": "4",
        "clock": "realtime",
        "clock_minutes": "10",
        "clock_increment": "5",
        **{f"option_{name}": "false" for name in registry.get("insidejob").options},
    }
    form["option_wagers"] = "true"
    form["option_character_decoy"] = "true"
    client.post("/new/insidejob/", form)
    table = Table.objects.get()
    assert table.options["character_decoy"] is True
    waiting = html.unescape(client.get(f"/t/{table.pk}/").content.decode())
    assert "apostas: sim" in waiting.lower()
    assert "personagem: a isca: sim" in waiting.lower()


def board_msgids() -> set[str]:
    """Every literal passed to t()/fmt() in the board, and the names and
    sentences of its card tables (cards.js)."""
    found: set[str] = set()
    for path in BOARD.glob("*.js"):
        source = path.read_text("utf-8")
        found |= set(re.findall(r'\b(?:t|fmt)\(\s*"((?:[^"\\]|\\.)*)"', source))
        if path.name == "cards.js":
            found |= set(re.findall(r'\b(?:name|power): "((?:[^"\\]|\\.)*)"', source))
            found |= set(re.findall(r'^\s+\w+: "([^"#][^"]*)",$', source, re.M))
    return {m.replace('\\"', '"') for m in found}


def test_every_board_string_has_a_portuguese_translation():
    catalog: dict[str, str] = {}
    for locale in locale_paths():
        for po in locale.glob("pt_BR/LC_MESSAGES/*.po"):
            catalog.update(read_po(po))
    msgids = board_msgids()
    assert len(msgids) > 80  # the scan found the board's sentences
    missing = sorted(m for m in msgids if not catalog.get(m))
    assert missing == []
