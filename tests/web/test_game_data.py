"""The generic endpoint that serves a game's public board data files."""

from __future__ import annotations

import json
from pathlib import Path

from django.test import Client

import ludoteca.games.darwinsjourney as darwin


def test_serves_a_data_file_of_the_game_package():
    response = Client().get("/games/darwinsjourney/data/ocean.json")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    on_disk = Path(darwin.__file__).parent / "data" / "ocean.json"
    assert json.loads(response.content) == json.loads(on_disk.read_text())


def test_refuses_unknown_games_names_and_paths():
    client = Client()
    for url in (
        "/games/nosuchgame/data/ocean.json",
        "/games/darwinsjourney/data/nothing.json",
        "/games/darwinsjourney/data/..%2Fgame.json",
        "/games/darwinsjourney/data/Ocean.json",
    ):
        assert client.get(url).status_code == 404, url
