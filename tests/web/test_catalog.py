"""The web's pt-BR catalog covers every sentence of the platform and the boards."""

from __future__ import annotations

import re
from pathlib import Path

from ludoteca.engine.i18n import missing_translations, read_po
from ludoteca.web.catalogs import locale_paths

WEB = Path(__file__).resolve().parents[2] / "ludoteca" / "web"
PO = WEB / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
JS_STRING = re.compile(r"""\b(?:t|fmt)\(\s*"((?:[^"\\]|\\.)+)\"""")


def test_platform_sentences_are_translated():
    assert missing_translations([WEB / "play" / "text.py"], PO) == []
    assert all(read_po(PO).values())


def test_every_string_of_the_table_and_boards_is_translated():
    catalog = dict(read_po(PO))
    for locale in locale_paths():  # boards may use the game's or an app's names
        for po in locale.glob("pt_BR/LC_MESSAGES/*.po"):
            catalog.update(read_po(po))
    missing = []
    for script in sorted((WEB / "static").rglob("*.js")):
        for text in JS_STRING.findall(script.read_text(encoding="utf-8")):
            if not catalog.get(text):
                missing.append(f"{script.name}: {text}")
    assert missing == []
