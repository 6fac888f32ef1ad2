"""Bots that play only their own game: offered and accepted only for it."""

from __future__ import annotations

import pytest
from django.test import Client

from ludoteca.bots import registry as bots
from ludoteca.engine.rng import Rng
from ludoteca.games.luckybox import GAME
from ludoteca.web.play.models import Table
from tests.web.conftest import make_user

pytestmark = pytest.mark.django_db


def test_the_registry_limits_a_game_bot_to_its_game():
    assert "luckybox-greedy" in bots.names("luckybox")
    assert "luckybox-greedy" not in bots.names("highcard")
    assert "random" in bots.names("highcard") and "random" in bots.names("luckybox")
    assert bots.games_of("luckybox-greedy") == frozenset({"luckybox"})
    assert bots.games_of("random") is None
    bot = bots.make("luckybox-greedy")
    state = GAME.setup(1, 7)
    action = bot.choose(GAME, state, 0, Rng(1).next64())
    assert action in GAME.legal_actions(state, 0)


def new_table(client: Client, game: str, **fields: str) -> Table:
    client.post(
        f"/new/{game}/",
        {
            "clock": "relaxed",
            "clock_minutes": "10",
            "clock_increment": "0",
            **fields,
        },
    )
    return Table.objects.get(game=game)


def test_the_lobby_offers_and_accepts_the_greedy_bot_only_at_its_game():
    client = Client()
    client.force_login(make_user("ana"))
    lucky = new_table(
        client,
        "luckybox",
        players="3",
        option_lightning_only_when_blocked="false",
        option_max_lightning="0",
    )
    page = client.get(f"/t/{lucky.pk}/").content.decode()
    assert 'value="luckybox-greedy"' in page
    client.post(f"/t/{lucky.pk}/bot/add/", {"bot": "luckybox-greedy"})
    assert lucky.seats.filter(bot="luckybox-greedy").count() == 1

    other = new_table(client, "highcard", players="2", option_cards="8")
    page = client.get(f"/t/{other.pk}/").content.decode()
    assert "luckybox-greedy" not in page
    client.post(f"/t/{other.pk}/bot/add/", {"bot": "luckybox-greedy"})
    assert not other.seats.filter(bot="luckybox-greedy").exists()
