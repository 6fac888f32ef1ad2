"""Darwin's Journey says in words what each move did (log, replay, screen readers)."""

from __future__ import annotations

import pytest
from django.utils import translation

from ludoteca.web.play import games


@pytest.mark.parametrize(
    ("language", "action", "expected"),
    [
        (
            "en",
            {"type": "place", "worker": 2, "location": "EXP2"},
            "Ana placed worker 2 on Exploration II.",
        ),
        (
            "pt-br",
            {"type": "place", "worker": 2, "location": "EXP2"},
            "Ana colocou o trabalhador 2 em Exploração II.",
        ),
        (
            "en",
            {"type": "place", "worker": 1, "location": "MUSEUM"},
            "Ana placed worker 1 on Museum.",
        ),
        (
            "pt-br",
            {"type": "stamp", "stack": 1, "envelope": 0},
            "Ana enviou um selo postal ao envelope 1.",
        ),
        ("en", {"type": "end_turn"}, "Ana ended the turn."),
        (
            "en",
            {"type": "take_objective", "source": "deck_gold"},
            "Ana took an objective.",
        ),
        ("pt-br", {"type": "unknown_kind"}, "Ana fez uma jogada."),
    ],
)
def test_darwins_moves_are_worded_for_the_log(language, action, expected):
    game = games.get("darwinsjourney")
    with translation.override(language):
        text = games.event_text(
            game, {"type": "acted", "seat": 0, "action": action}, ["Ana", "Bia"]
        )
    assert text == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "You placed worker 2 on Exploration II."),
        ("pt-br", "Você colocou o trabalhador 2 em Exploração II."),
    ],
)
def test_the_reader_hears_you_for_their_own_move(language, expected):
    game = games.get("darwinsjourney")
    event = {
        "type": "acted",
        "seat": 0,
        "action": {"type": "place", "worker": 2, "location": "EXP2"},
    }
    with translation.override(language):
        assert games.event_text(game, event, ["Ana", "Bia"], reader=0) == expected
        assert games.event_text(game, event, ["Ana", "Bia"], reader=1).startswith(
            "Ana "
        )
