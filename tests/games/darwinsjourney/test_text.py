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


def test_every_assumption_of_the_spec_is_a_named_constant_and_on_the_help_pages():
    from ludoteca.games.darwinsjourney import assumptions

    ids = [f"A-{n:02d}" for n in range(1, 54)]
    assert sorted(assumptions.ASSUMPTIONS) == ids
    for name in assumptions.ASSUMPTIONS.values():
        assert hasattr(assumptions, name), name
    for lang in ("en", "pt-BR"):
        text = (ROOT / "help" / f"{lang}.wiki").read_text(encoding="utf-8")
        assert [i for i in ids if i not in text] == []
