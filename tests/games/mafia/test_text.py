"""Every refusal, event, note, role, phase, cause and option has English text
and a pt-BR translation."""

import re
from pathlib import Path

from ludoteca.engine.i18n import missing_translations, noop_strings, read_po
from ludoteca.games import mafia
from ludoteca.games.mafia import text
from ludoteca.games.mafia.options import OPTIONS
from ludoteca.games.mafia.roles import ROLES
from ludoteca.games.mafia.state import PHASES

PACKAGE = Path(mafia.__file__).parent
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))


def test_pt_br_catalog_is_complete():
    po = PACKAGE / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
    marked = noop_strings((PACKAGE / "text.py").read_text(encoding="utf-8"))
    assert len(marked) > 200  # the extraction really sees text.py's sentences
    assert missing_translations([PACKAGE / "text.py"], po) == []
    catalog = read_po(po)
    assert all(catalog[m] for m in marked)


def test_every_refusal_code_has_a_sentence():
    codes = set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', SOURCE))
    assert codes and codes <= set(text.ERRORS)


def test_every_event_and_note_has_a_sentence():
    events = set(re.findall(r'\bevent\(\s*"([a-z_]+)"', SOURCE))
    events |= set(re.findall(r'\bEvent\(\s*"([a-z_]+)"', SOURCE))
    assert events and events <= set(text.EVENTS)
    notes = set(re.findall(r'\btell\(\s*\w+,\s*"([a-z_]+)"', SOURCE))
    notes |= set(re.findall(r'\bNote\(\s*"([a-z_]+)"', SOURCE))
    notes |= set(re.findall(r'out\.append\(\(\w+(?:\[0\])?, "([a-z_]+)"', SOURCE))
    assert notes - {"died"} <= set(text.NOTES)
    assert "became_jester" in notes and "promoted" in notes


def test_names_for_roles_phases_options():
    assert set(ROLES) <= set(text.ROLE_NAMES)
    assert set(ROLES) == set(text.ROLE_TEXT)
    assert set(PHASES) == set(text.PHASES)
    assert set(OPTIONS) == set(text.OPTIONS)
    for name, option in OPTIONS.items():
        assert option.help == text.OPTIONS[name]
        for choice in option.choices or ():
            if isinstance(choice, str):
                assert choice in text.CHOICES
    causes = set(re.findall(r'"(?:passive|direct|counter|guilt)", "([A-Z_]+)"', SOURCE))
    assert causes <= set(text.CAUSES)


def test_help_pages_name_every_option_and_assumption():
    for lang in ("en", "pt-BR"):
        page = (PACKAGE / "help" / f"{lang}.wiki").read_text(encoding="utf-8")
        catalog = read_po(PACKAGE / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po")
        for name in OPTIONS:
            if not name.endswith("_seconds") and name != "night_ends_early":
                # By the name the form shows (without its spec reference), not the key.
                label = text.OPTIONS[name]
                label = catalog.get(label, label) if lang == "pt-BR" else label
                label = re.sub(r"\s*\(A-\d+\)", "", label).rstrip(".")
                assert f"''{label}''" in page, (lang, name)
        # Each assumption is there, its spec number in a comment players never see.
        for n in range(1, 37):
            assert f"<!-- A-{n:02d} -->" in page, (lang, n)
