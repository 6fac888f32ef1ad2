"""The Lucky Box board's sentences live in the game's text.py (BOARD)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ludoteca.engine.i18n import Plural
from ludoteca.games.luckybox import text

BOARD = Path(__file__).resolve().parents[2] / "ludoteca/web/static/games/luckybox"
JS_STRING = re.compile(r"""\b(?:t|fmt)\(\s*"((?:[^"\\]|\\.)+)\"""")
PLURAL_STRING = re.compile(
    r"""\bn(?:t|fmt)\(\s*"((?:[^"\\]|\\.)+)",\s*"((?:[^"\\]|\\.)+)\""""
)
NAME_STRING = re.compile(r""":\s*"((?:[^"\\]|\\.)+)\"""")


def plain(sentence: Any) -> Any:
    """A sentence as the board's calls name it: a plural by its two forms."""
    return tuple(sentence[:2]) if isinstance(sentence, Plural) else sentence


def test_board_sentences_are_declared_and_used():
    sources = {p.name: p.read_text(encoding="utf-8") for p in BOARD.glob("*.js")}
    used: set[Any] = {s for src in sources.values() for s in JS_STRING.findall(src)}
    used |= {pair for src in sources.values() for pair in PLURAL_STRING.findall(src)}
    declared = {
        plain(s) for s in (*text.BOARD, *text.NAMES.values(), *text.EVENTS.values())
    }
    platform = {"Players", "{player} won.", "The match is over."}
    assert used - declared <= platform
    assert {plain(s) for s in text.BOARD} <= used  # no sentence left behind


def test_names_the_board_maps_are_the_game_names():
    """names.js maps view ids to text.py's msgids, which the catalog translates."""
    source = (BOARD / "names.js").read_text(encoding="utf-8")
    names = set(NAME_STRING.findall(source))
    assert set(text.SOLO_BANDS.values()) <= names
    assert names <= set(text.NAMES.values())
