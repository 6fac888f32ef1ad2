"""Every sentence a game board translates in the browser (`t("...")`,
`fmt("...")` in static/games/*/*.js, and the two forms of `nt`/`nfmt("...", "...")`)
has a pt-BR translation in the catalogs that Django's JavaScript catalog serves
(the web's and the games'), a plural with every form."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludoteca.engine.i18n import read_po
from ludoteca.web.catalogs import locale_paths

STATIC = Path(__file__).resolve().parents[2] / "ludoteca" / "web" / "static"
CALL = re.compile(r'\b(?:t|fmt)\(\s*"((?:[^"\\]|\\.)*)"')
PLURAL = re.compile(r'\bn(?:t|fmt)\(\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"')


def catalog() -> dict[str, str]:
    merged: dict[str, str] = {}
    for locale in locale_paths():
        for po in locale.glob("pt_BR/LC_MESSAGES/django.po"):
            merged.update(read_po(po))
    return merged


@pytest.mark.parametrize(
    "board", sorted(p.name for p in (STATIC / "games").iterdir() if p.is_dir())
)
def test_board_sentences_are_translated(board):
    known = catalog()
    missing = []
    for script in sorted((STATIC / "games" / board).glob("*.js")):
        for match in CALL.finditer(script.read_text("utf-8")):
            msgid = match.group(1).replace('\\"', '"')
            if not known.get(msgid):
                missing.append(msgid)
        for match in PLURAL.finditer(script.read_text("utf-8")):
            key = "\0".join(m.replace('\\"', '"') for m in match.groups())
            forms = known.get(key, "").split("\0")
            if len(forms) < 2 or not all(forms):
                missing.append(key.replace("\0", " | "))
    assert missing == []


def test_placeholders_survive_in_the_web_catalog():
    for english, portuguese in catalog().items():
        if english:
            assert set(re.findall(r"{\w+}", english)) == set(
                re.findall(r"{\w+}", portuguese)
            ), english


def test_keyboard_sentences_are_translated():
    """The table's shortcuts and the "?" overlay (static/core/keyboard.js)."""
    known = catalog()
    script = (STATIC / "core" / "keyboard.js").read_text("utf-8")
    found = [m.group(1) for m in CALL.finditer(script)]
    assert len(found) > 10
    assert [msgid for msgid in found if not known.get(msgid)] == []
