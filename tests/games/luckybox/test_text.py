"""Player-facing text: sentences, translations and help pages."""

import re
from pathlib import Path

import pytest

from ludoteca.engine.i18n import missing_translations, read_po
from ludoteca.engine.record import Move, Record, steps
from ludoteca.engine.rng import Rng
from ludoteca.games.luckybox import GAME, text
from ludoteca.games.luckybox.scoring import SOLO_BANDS
from ludoteca.games.luckybox.view import STATUS

PACKAGE = Path(__file__).resolve().parents[3] / "ludoteca" / "games" / "luckybox"
PO = PACKAGE / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"


def test_every_sentence_has_a_pt_br_translation():
    assert missing_translations([PACKAGE / "text.py"], PO) == []


def test_translations_keep_their_placeholders():
    catalog = read_po(PO)
    for english, portuguese in catalog.items():
        if english:
            assert set(re.findall(r"{\w+}", english)) == set(
                re.findall(r"{\w+}", portuguese)
            ), english


def test_every_refusal_code_has_a_sentence():
    source = (PACKAGE / "actions.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'refuse\(\s*"(\w+)"', source))
    codes |= {"malformed_action", "not_your_turn", "game_over", "illegal_action"}
    assert codes <= set(text.ERRORS)
    assert set(text.ERRORS) <= codes  # no stale sentences


def test_every_event_has_a_sentence():
    """Static: every event the rules can emit; dynamic: those seen in play."""
    source = "".join(
        (PACKAGE / name).read_text(encoding="utf-8")
        for name in ("rules.py", "flow.py", "actions.py")
    )
    emitted = set(re.findall(r'event\(\s*"(\w+)"', source))
    emitted |= set(re.findall(r'Event\(\s*"(\w+)"', source))
    assert emitted == set(text.EVENTS)
    seen = set()
    for players, seed in ((1, 3), (3, 4)):
        record = Record("luckybox", players, seed, GAME.resolve_options({}))
        state = GAME.setup(players, seed)
        rng = Rng(seed)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.active_seats(state)))
            action = rng.choice(GAME.legal_actions(state, seat))
            step = GAME.apply(state, seat, action)
            seen |= {e.type for e in step.events}
            record.moves.append(Move(seat, action))
            state = step.state
        assert sum(1 for _ in steps(record, GAME)) == len(record.moves) + 1
    assert seen <= set(text.EVENTS)


def test_names_cover_bonuses_statuses_bands_and_options():
    """The web layer reads {bonus}, {band}, statuses and string option choices
    through NAMES, and option labels and help through OPTIONS/OPTION_HELP."""
    assert {"any", "lightning", "lightning2", "star", "moon", "blank"} <= set(
        text.NAMES
    )
    assert set(STATUS.values()) <= set(text.NAMES)
    assert {band for _, band in SOLO_BANDS} == set(text.SOLO_BANDS)
    assert text.SOLO_BANDS.items() <= text.NAMES.items()
    for name, option in GAME.options.items():
        assert name in text.OPTIONS
        assert text.OPTION_HELP[name] == option.help
        assert option.choices is not None
        for choice in option.choices:
            if isinstance(choice, str):
                assert choice in text.NAMES or f"{name}.{choice}" in text.OPTIONS


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_help_pages_cover_the_game(language):
    page = (PACKAGE / "help" / f"{language}.wiki").read_text(encoding="utf-8")
    headings = re.findall(r"^== (.+) ==$", page, flags=re.M)
    assert len(headings) >= 11
    for option in text.OPTIONS.values():  # by the form's names, not their keys
        assert (option if language == "en" else read_po(PO)[option]) in page
    for solo_score in ("44", "45–49", "50–54", "55–59", "60–64", "65–69", "70"):
        assert solo_score in page
    for number in ("15", "12", "10", "8", "+6", "−6", "box-09"):
        assert number in page


def test_help_pages_show_the_translated_band_names():
    catalog = read_po(PO)
    en = (PACKAGE / "help" / "en.wiki").read_text(encoding="utf-8")
    pt = (PACKAGE / "help" / "pt-BR.wiki").read_text(encoding="utf-8")
    for sentence in text.SOLO_BANDS.values():
        assert sentence in en
        assert catalog[sentence] in pt
