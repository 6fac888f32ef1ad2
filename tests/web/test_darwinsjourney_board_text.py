"""Every sentence the Darwin's Journey board shows has a pt-BR translation.

The board's modules translate English msgids with ``t("...")`` and
``fmt("...", {...})``; each must be in the game's catalog (or the web's),
with its placeholders kept.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import ludoteca.games.darwinsjourney as darwin
from ludoteca.engine.i18n import read_po
from ludoteca.web.catalogs import WEB_LOCALE

BOARD = Path(__file__).resolve().parents[2] / "ludoteca/web/static/games/darwinsjourney"
CALL = re.compile(r'\b(?:t|fmt)\(\s*"((?:[^"\\]|\\.)*)"')
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def board_sentences() -> list[str]:
    found: list[str] = []
    for module in sorted(BOARD.glob("*.js")):
        for match in CALL.finditer(module.read_text(encoding="utf-8")):
            text = json.loads(f'"{match.group(1)}"')
            if text not in found:
                found.append(text)
    return found


def catalog() -> dict[str, str]:
    game = Path(darwin.__file__).parent / "locale/pt_BR/LC_MESSAGES/django.po"
    return {**read_po(WEB_LOCALE / "pt_BR/LC_MESSAGES/django.po"), **read_po(game)}


def test_the_board_modules_are_found_and_say_something():
    assert len(board_sentences()) > 200


def test_every_board_sentence_is_translated_with_its_placeholders():
    po = catalog()
    missing = [s for s in board_sentences() if not po.get(s)]
    assert missing == []
    for sentence in board_sentences():
        wanted = set(PLACEHOLDER.findall(sentence))
        assert set(PLACEHOLDER.findall(po[sentence])) == wanted, sentence
