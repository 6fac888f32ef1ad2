"""Every code, event, name and option players see has English and pt-BR text."""

from __future__ import annotations

import ast
from pathlib import Path

from ludoteca.engine.i18n import missing_translations
from ludoteca.games.agentavenue import GAME, text
from ludoteca.games.agentavenue.cards import AGENTS, BM_CARDS
from ludoteca.games.agentavenue.end import (
    BOTH,
    CAUGHT,
    CODEBREAKERS,
    DAREDEVILS,
    LEADER,
    PLAN,
    PROXIMITY,
    SECURITY,
)

PACKAGE = Path(text.__file__).parent
ENGINE_CODES = {"malformed_action", "not_your_turn", "game_over"}


def _first_string_args(func_names: set[str]) -> set[str]:
    found = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in func_names
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(node.args[0].value)
    return found


def test_every_refusal_code_has_a_sentence():
    codes = _first_string_args({"IllegalAction"}) | ENGINE_CODES
    assert codes <= set(text.ERRORS), codes - set(text.ERRORS)


def test_every_event_type_has_a_sentence():
    types = _first_string_args({"event"})
    assert types == set(text.EVENTS), types ^ set(text.EVENTS)


def test_every_card_reason_task_and_option_is_named():
    assert set(text.AGENTS) == set(AGENTS)
    assert set(text.BM_CARDS) == set(BM_CARDS) == set(text.BM_EFFECTS)
    reasons = {
        CAUGHT,
        CODEBREAKERS,
        DAREDEVILS,
        LEADER,
        PLAN,
        SECURITY,
        BOTH,
        PROXIMITY,
    }
    assert set(text.REASONS) == reasons
    assert set(text.PROMPTS) == {"bm", "secret", "double", "spy", "again", "mind"}
    assert set(GAME.options) == set(text.OPTION_HELP)
    labels = {name.split(".")[0] for name in text.OPTIONS}
    assert labels == set(GAME.options)
    for name, option in GAME.options.items():
        if not isinstance(option.default, bool):
            assert all(f"{name}.{c}" in text.OPTIONS for c in option.choices or ())
    for name, option in GAME.options.items():
        assert option.help == text.OPTION_HELP[name]
    assert text.BM_CARDS["lookout_treehouse"] == "Lookout Treehouse"  # ASSUMPTION 5


def test_pt_br_catalog_is_complete():
    po = PACKAGE / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
    assert missing_translations([PACKAGE / "text.py"], po) == []


def test_help_pages_name_every_card_and_assumption():
    from ludoteca.engine.i18n import read_po

    catalog = read_po(PACKAGE / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po")
    en = (PACKAGE / "help" / "en.wiki").read_text(encoding="utf-8")
    pt = (PACKAGE / "help" / "pt-BR.wiki").read_text(encoding="utf-8")
    for english in [*text.AGENTS.values(), *text.BM_CARDS.values()]:
        assert english in en, english
        assert catalog[english] in pt, catalog[english]
    for page in (en, pt):
        assert page.count("\n# '''") == 8  # the numbered assumptions
        assert "Cabane d'observation" in page
