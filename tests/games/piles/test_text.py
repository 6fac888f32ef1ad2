"""Every sentence players see has a pt-BR translation, and every code a sentence."""

from __future__ import annotations

import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from ludoteca.engine.i18n import missing_translations, read_po
from ludoteca.games.piles import GAME, cards, text

PACKAGE = Path(text.__file__).parent
PO = PACKAGE / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
ROOT = PACKAGE.parents[2]


def sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))


def fields(sentence: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(sentence) if name}


def test_nothing_is_missing_from_the_pt_br_catalog():
    assert missing_translations([PACKAGE / "text.py"], PO) == []


def test_translations_keep_the_placeholders():
    for english, portuguese in read_po(PO).items():
        if english:
            assert fields(english) == fields(portuguese), english


def test_every_refusal_code_has_a_sentence():
    codes = set(re.findall(r'refuse\(\s*"(\w+)"', sources()))
    codes |= set(re.findall(r'IllegalAction\(\s*"(\w+)"', sources()))
    codes |= {"malformed_action", "too_fast"}
    codes |= set(
        re.findall(r'"\w+": "(\w+)"', sources().split("FORBIDDEN = {")[1].split("}")[0])
    )
    assert codes <= set(text.ERRORS), codes - set(text.ERRORS)
    assert len(codes) >= 18


def test_every_event_has_a_sentence():
    emitted = set(re.findall(r'event\(\s*"(\w+)"', sources()))
    emitted |= {"time_up", "action_limit_reached"}
    assert emitted <= set(text.EVENTS), emitted - set(text.EVENTS)
    assert set(text.EVENTS) <= emitted


def test_names_cover_every_design_colour_and_option():
    assert len(text.DESIGNS) == cards.DESIGNS == len(set(text.DESIGNS))
    assert len(text.COLOURS) == cards.COLOURS
    for name in GAME.options:
        assert name in text.OPTIONS and f"{name}_help" in text.OPTIONS


def test_error_messages_are_filled_in():
    assert text.error_message("pile_locked", number=3) == (
        "Pile 3 is complete and locked."
    )


def test_help_pages_exist_and_name_every_option_and_assumption():
    for lang, words in {
        "en": ["timer", "rate limit", "action limit", "assumption", "random"],
        "pt-BR": ["tempo", "ritmo", "limite de ações", "suposição", "sorteio"],
    }.items():
        page = (PACKAGE / "help" / f"{lang}.wiki").read_text(encoding="utf-8")
        assert page.startswith("== "), lang
        for word in words:
            assert word in page.lower(), (lang, word)


def test_help_pages_use_their_own_words():
    candidates = [
        ROOT.parent / "shared" / "tools" / "seed_overlap.py",
        Path("/work/shared/tools/seed_overlap.py"),
    ]
    tool = next((c for c in candidates if c.exists()), None)
    if tool is None:
        pytest.skip("the source documents are not on this machine")
    pages = [str(p) for p in (PACKAGE / "help").glob("*.wiki")]
    done = subprocess.run(
        [sys.executable, str(tool), *pages],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert "no source sentences repeated" in done.stdout, done.stdout


def test_option_help_is_a_catalogued_sentence():
    for name, option in GAME.options.items():
        assert option.help == text.OPTIONS[f"{name}_help"]
