from pathlib import Path

import ludoteca.games.darwinsjourney as package
from ludoteca.engine.i18n import missing_translations

ROOT = Path(package.__file__).parent


def test_every_sentence_has_a_portuguese_translation():
    po = ROOT / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
    assert missing_translations([ROOT / "text.py"], po) == []


def test_help_pages_exist_in_both_languages_and_name_the_assumptions():
    for lang in ("en", "pt-BR"):
        text = (ROOT / "help" / f"{lang}.wiki").read_text(encoding="utf-8")
        for number in (5, 22, 34, 43, 52):
            assert f"A-{number:02d}" in text
