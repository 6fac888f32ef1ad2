"""Opening a Mafia table with a custom role list through the lobby form."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from ludoteca.games.mafia import GAME
from ludoteca.web.play.models import Table
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db


def _client(lang: str) -> Client:
    client = Client()
    client.force_login(make_user(f"host-{lang}"))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    return client


def _form(players: int, rolelist: str) -> dict[str, Any]:
    data: dict[str, Any] = {
        "players": str(players),
        "clock": "realtime",
        "clock_minutes": "10",
        "clock_increment": "5",
        "option_rolelist": rolelist,
    }
    for name, option in GAME.options.items():
        if name != "rolelist":
            default = option.default
            data[f"option_{name}"] = (
                json.dumps(default) if option.choices is not None else default
            )
    return data


def test_the_form_shows_the_list_field_with_the_entries_it_takes():
    page = _client("en").get("/new/mafia/").content.decode()
    assert 'name="option_rolelist"' in page and "<textarea" in page
    assert "Random Town" in page and "Neutral Killing" in page and "Godfather" in page
    page = _client("pt-br").get("/new/mafia/").content.decode()
    assert "Papel da Cidade aleatório" in page and "Chefão" in page


def test_a_valid_list_in_either_language_opens_the_table_with_it():
    typed = "Chefão, Sedutora, médico, Veterano, Assassino da Cidade, RT, bobo da corte"
    response = _client("pt-br").post("/new/mafia/", _form(7, typed))
    assert response.status_code == 302
    table = Table.objects.get()
    expected = ["GODFATHER", "CONSORT", "DOCTOR", "VETERAN", "TK", "RT", "JESTER"]
    assert table.options["rolelist"] == expected
    lobby = _client("en").get(f"/t/{table.pk}/").content.decode()
    assert "Godfather, Consort, Doctor, Veteran, Town Killing" in lobby


@pytest.mark.parametrize(
    ("lang", "typed", "players", "sentence"),
    [
        (
            "en",
            "Godfather, Godfather, Doctor, RT, RT, RT, RT",
            7,
            "The Godfather is a unique role: the list may hold it only once.",
        ),
        (
            "pt-br",
            "Chefão, Chefão, Médico, RT, RT, RT, RT",
            7,
            "Chefão é um papel único: a lista só pode tê-lo uma vez.",
        ),
        (
            "en",
            "Godfather, Doctor, RT",
            7,
            "The role list has 3 entries but the table has 7 seats",
        ),
        (
            "pt-br",
            "Mafioso, Assassino em Série, RT, RT, RT, RT, RT",
            7,
            "exige pelo menos 11 jogadores",
        ),
        ("en", "Godfather, Wizard, RT", 7, "Unknown entry: Wizard."),
        ("pt-br", "Chefão, Mago", 7, "Entrada desconhecida: Mago."),
        (
            "en",
            "Random Mafia, Doctor, RT, RT, RT, RT, RT",
            7,
            "The list needs a Godfather or a Mafioso",
        ),
    ],
)
def test_a_list_that_breaks_a_rule_is_refused_in_the_hosts_language(
    lang, typed, players, sentence
):
    response = _client(lang).post("/new/mafia/", _form(players, typed))
    assert response.status_code == 200
    assert sentence in response.content.decode()
    assert not Table.objects.exists()
