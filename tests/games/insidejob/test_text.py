"""Every sentence players see has a pt-BR translation; every code has a sentence."""

from __future__ import annotations

import re
from pathlib import Path

from ludoteca.engine.i18n import missing_translations
from ludoteca.games.insidejob import missions, roles, text

PACKAGE = Path(text.__file__).parent
PO = PACKAGE / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"


def test_nothing_is_missing_from_the_pt_br_catalogue():
    assert missing_translations([PACKAGE / "text.py"], PO) == []


def _source() -> str:
    return "\n".join(p.read_text("utf-8") for p in PACKAGE.glob("*.py"))


def test_every_refusal_code_has_a_sentence():
    codes = set(re.findall(r'IllegalAction\(\s*"(\w+)"', _source()))
    codes |= {"malformed_action", "not_your_turn", "game_over"}
    assert codes <= set(text.ERRORS)


def test_every_event_type_has_a_sentence():
    kinds = set(re.findall(r'event\(\s*"(\w+)"', _source()))
    kinds |= {"card_played_wager", "mission_completed", "mission_failed"}
    assert kinds <= set(text.EVENTS)


def test_names_cover_roles_conditions_options_and_reasons():
    assert set(text.ROLES) == {roles.AGENT, roles.INSIDER, *roles.CHARACTERS}
    conditions = {m.condition for m in missions.catalogue().values()}
    assert conditions == set(text.CONDITIONS)
    from ludoteca.games.insidejob import GAME

    assert set(GAME.options) == set(text.OPTIONS)
    from ludoteca.games.insidejob.outcome import CREW_REASONS, TRAITOR_REASONS

    assert {*CREW_REASONS, *TRAITOR_REASONS, "vote"} == set(text.REASONS)


def test_help_pages_cover_every_character_option_and_assumption():
    en = (PACKAGE / "help" / "en.wiki").read_text("utf-8")
    pt = (PACKAGE / "help" / "pt-BR.wiki").read_text("utf-8")
    for word in (
        "Microphone",
        "Paranoid",
        "Full Risk",
        "Decoy",
        "Accomplice",
        "Tim Shady",
        "Sleeping",
        "Prof. No",
        "Betting",
        "Risky missions",
        "house content",
        "Assumptions",
        "final vote",
    ):
        assert word in en, word
    for word in (
        "Grampeado",
        "Paranoico",
        "Alto Risco",
        "Isca",
        "Cúmplice",
        "Tim Shady",
        "Adormecido",
        "Professor Não",
        "Apostas",
        "Missões arriscadas",
        "conteúdo da casa",
        "Suposições",
        "votação final",
    ):
        assert word in pt, word


def test_help_pages_name_the_two_assumptions_the_spec_writes_down():
    """`rules/insidejob.md`, Corrections (2026-12): no rulebook was found, and
    two open points the code decides are now ASSUMPTIONS; the pages say so
    (the behaviour: test_characters.py's Accomplice and Tim Shady tests)."""
    en = (PACKAGE / "help" / "en.wiki").read_text("utf-8")
    pt = (PACKAGE / "help" / "pt-BR.wiki").read_text("utf-8")
    assert "The Accomplice starts with 0 intel tokens" in en
    assert "Tim Shady does not keep it" in en
    assert "O Cúmplice começa com 0 maletas" in pt
    assert "o Tim Shady não fica com ela" in pt
