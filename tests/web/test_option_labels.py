"""Option labels and choices come from the game's text.py, translated: on the
new-table form, in the lobby and in the waiting room (Cat in the Box as the
example, since it declares a label per choice)."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.utils import translation

from ludoteca.engine import registry
from ludoteca.web.play import games
from ludoteca.web.play.models import Table
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _catinthebox_installed() -> None:
    if "catinthebox" not in registry.ids():
        pytest.skip("Cat in the Box is not installed")


def client_in(language: str) -> Client:
    client = Client()
    client.force_login(make_user(f"user-{language}"))
    client.post("/i18n/setlang/", {"language": language, "next": "/"})
    return client


def test_the_form_shows_labels_choices_and_help_in_portuguese():
    page = html.unescape(client_in("pt-br").get("/new/catinthebox/").content.decode())
    for text in (
        "Previsões permitidas",  # a label
        "1, 2 ou 3",  # a choice of a string option
        "Um jogador sorteado",
        "azul, amarelo, verde, vermelho",
        "Sim",  # a boolean choice, from the game's own catalog
        "Os empatados dividem a vitória",
        "Quem começa a primeira rodada.",  # the help text
    ):
        assert text in page, text
    assert "first_seat" not in page.replace('"first_seat"', "")


def test_the_form_shows_labels_and_choices_in_english():
    page = html.unescape(client_in("en").get("/new/catinthebox/").content.decode())
    for text in ("Predictions allowed", "A random player", "Start player last"):
        assert text in page, text
    assert "Previsões" not in page


def test_choice_labels_fall_back_to_names_yes_no_and_the_value():
    game = registry.get("catinthebox")
    with translation.override("en"):
        assert games.option_choice_label(game, "predictions", "0-4") == "0 to 4"
        assert games.option_choice_label(game, "two_player_seed", False) == "No"
        assert games.option_choice_label(game, "nothing", 7) == "7"
        assert games.option_choice_label(game, "nothing", "blue") == "blue"
    with translation.override("pt-br"):
        assert games.option_choice_label(game, "nothing", "blue") == "azul"


def test_lobby_and_waiting_room_list_the_changed_options_translated():
    client = client_in("pt-br")
    client.post(
        "/new/catinthebox/",
        {
            "players": "4",
            "clock": "realtime",
            "clock_minutes": "10",
            "clock_increment": "5",
            "option_predictions": '"0-4"',
            "option_two_player_seed": "true",
            "option_leader_red_when_forced": "true",
            "option_row_order": '"blue-yellow-green-red"',
            "option_first_start_player": '"first_seat"',
            "option_prediction_order": '"start_player_first"',
            "option_paradox_tokens_stay": "true",
            "option_tie_break": '"final_round"',
        },
    )
    table = Table.objects.get()
    assert table.options["predictions"] == "0-4"
    waiting = html.unescape(client.get(f"/t/{table.pk}/").content.decode())
    assert "Previsões permitidas: de 0 a 4" in waiting
    assert "Primeiro jogador inicial: O primeiro lugar da mesa" in waiting
    assert "Desempate" not in waiting  # left at its default
    lobby = html.unescape(client.get("/").content.decode())
    assert "Previsões permitidas: de 0 a 4" in lobby
