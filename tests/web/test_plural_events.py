"""Events about a number of things read as a person would write them: a pawn
moves "1 space back", never "-1"; "draws 1 card", never "card(s)" (issue 23,
item 10), in both languages, through the games' `ngettext_noop` sentences."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from ludoteca.engine import registry
from ludoteca.web.play import games

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ana", "Bia"]


@pytest.mark.parametrize(
    ("lang", "event", "reader", "expected"),
    [
        (
            "en",
            {"type": "pawn_moved", "team": 0, "by": -1, "cell": 4},
            None,
            "The Green pawn moves 1 space back to space 4.",
        ),
        (
            "pt-br",
            {"type": "pawn_moved", "team": 0, "by": -1, "cell": 4},
            None,
            "O peão Verde anda 1 casa para trás até a casa 4.",
        ),
        (
            "pt-br",
            {"type": "pawn_moved", "team": 1, "by": -2, "cell": 5},
            None,
            "O peão Azul anda 2 casas para trás até a casa 5.",
        ),
        (
            "en",
            {"type": "pawn_moved", "team": 1, "by": 6, "cell": 13},
            None,
            "The Blue pawn moves 6 spaces forward to space 13.",
        ),
        (
            "pt-br",
            {"type": "pawn_moved", "team": 0, "by": 1, "cell": 1},
            None,
            "O peão Verde anda 1 casa para a frente até a casa 1.",
        ),
        (
            "en",
            {"type": "hand_refilled", "seat": 1, "count": 1},
            None,
            "Bia draws 1 card.",
        ),
        (
            "pt-br",
            {"type": "hand_refilled", "seat": 1, "count": 3},
            None,
            "Bia compra 3 cartas.",
        ),
        (
            "pt-br",
            {"type": "hand_refilled", "seat": 0, "count": 1},
            0,
            "Você compra 1 carta.",
        ),
        (
            "en",
            {"type": "hand_refilled", "seat": 0, "count": 2},
            0,
            "You draw 2 cards.",
        ),
        (
            "pt-br",
            {"type": "card_discarded", "seat": 1, "used": 1, "left": 3},
            None,
            "Bia descarta uma carta virada para baixo e compra outra "
            "(descartes usados: 1; restantes: 3).",
        ),
    ],
)
def test_agent_avenues_moves_and_draws_are_worded(lang, event, reader, expected):
    game = registry.get("agentavenue")
    with translation.override(lang):
        assert games.event_text(game, event, NAMES, reader) == expected


# "card(s)", "vote(s)", "carta(s)": a plural written as a bracket.
BRACKET = re.compile(r"\w\((?:s|es|ns|is)\)")


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_game_writes_a_plural_as_a_bracket(game_id):
    game = registry.get(game_id)
    package = ROOT / Path(type(game).__module__.replace(".", "/")).parent
    texts = [package / "text.py", package / "locale/pt_BR/LC_MESSAGES/django.po"]
    for path in texts:
        if path.exists():
            found = BRACKET.findall(path.read_text(encoding="utf-8"))
            assert found == [], (path.name, found)


def test_a_remembered_translation_follows_the_language_asked():
    """Event texts remember their translations per language: the same event
    read in turn in each language, twice, reads in that language each time."""
    game = registry.get("agentavenue")
    event = {"type": "pawn_moved", "team": 0, "by": -1, "cell": 4}
    texts = []
    for lang in ("en", "pt-br", "en", "pt-br"):
        with translation.override(lang):
            texts.append(games.event_text(game, event, NAMES))
    assert (
        texts
        == [
            "The Green pawn moves 1 space back to space 4.",
            "O peão Verde anda 1 casa para trás até a casa 4.",
        ]
        * 2
    )


def test_a_language_named_reads_the_same_as_that_language_active():
    """The live frames name the reader's language instead of switching to
    it: the text is the one read with that language active, plurals and
    names included, whichever language is active meanwhile."""
    game = registry.get("agentavenue")
    events = [
        {"type": "pawn_moved", "team": 0, "by": -1, "cell": 4},
        {"type": "pawn_moved", "team": 1, "by": 3, "cell": 9},
    ]
    for event in events:
        for lang in ("en", "pt-br"):
            with translation.override(lang):
                active = games.event_text(game, event, NAMES)
            for other in ("en", "pt-br"):
                with translation.override(other):
                    named = games.event_text(game, event, NAMES, lang=lang)
                assert named == active, (event, lang, other)
    with translation.override("pt-br"):
        english = games.event_text(game, events[1], NAMES, lang="en")
    assert english == "The Blue pawn moves 3 spaces forward to space 9."
