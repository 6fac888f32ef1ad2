"""Every sentence players see is in text.py, translated, and the help pages
name every option."""

import re
from pathlib import Path

import pytest

from ludoteca.engine.i18n import missing_translations, noop_strings, read_po
from ludoteca.games.catinthebox import GAME, text

PACKAGE = Path(text.__file__).parent
PO = PACKAGE / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
SOURCES = sorted(p for p in PACKAGE.glob("*.py") if p.name != "text.py")
ENGINE_CODES = {"malformed_action", "not_your_turn", "game_over", "illegal_action"}


def source() -> str:
    return "\n".join(p.read_text("utf-8") for p in SOURCES)


def test_every_sentence_has_a_pt_br_translation():
    assert missing_translations([PACKAGE / "text.py"], PO) == []


def test_the_catalog_has_no_stale_entries():
    sources = [PACKAGE / "text.py", PACKAGE / "tutorial.py"]
    marked = {s for f in sources for s in noop_strings(f.read_text("utf-8"))}
    assert set(read_po(PO)) - {""} == marked


def test_placeholders_survive_translation():
    catalog = read_po(PO)
    for english, portuguese in catalog.items():
        assert set(re.findall(r"{\w+}", english)) == set(
            re.findall(r"{\w+}", portuguese)
        ), english


def test_every_refusal_code_has_a_sentence():
    codes = set(re.findall(r'IllegalAction\(\s*"(\w+)"', source())) | ENGINE_CODES
    assert codes <= set(text.ERRORS)
    assert set(text.ERRORS) <= codes | {"unknown_action"}


def test_every_event_type_has_a_sentence():
    kinds = set(re.findall(r'event\(\s*"(\w+)"', source()))
    assert kinds and kinds == set(text.EVENTS)


def test_colours_phases_and_options_have_names():
    for name in ("blue", "yellow", "green", "red", "set_aside", "predict", "play"):
        assert name in text.NAMES
    for name, option in GAME.options.items():
        assert option.help == text.OPTION_HELP[name]
        assert name in text.OPTIONS  # the label
        if not isinstance(option.default, bool):
            for choice in option.choices or ():
                assert f"{name}.{choice}" in text.OPTIONS


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_help_page_names_every_option(language):
    page = (PACKAGE / "help" / f"{language}.wiki").read_text("utf-8")
    catalog = read_po(PO)
    for name in GAME.options:  # by the form's name for it, not its key
        label = text.OPTIONS[name]
        assert (label if language == "en" else catalog[label]) in page, name
    assert page.count("== ") >= 6


def test_every_event_sentence_is_filled_by_its_data():
    """The web layer fills {name} from the event's data ({player} also from
    `seat`), so each placeholder must name a key the event carries."""
    from ludoteca.engine import Rng

    seen = set()
    for players, seed in ((2, 1), (4, 2), (5, 3)):
        rng = Rng(seed)
        state = GAME.setup(players, seed)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.active_seats(state)))
            step = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            for ev in step.events:
                keys = set(ev.data) | ({"player"} if "seat" in ev.data else set())
                wanted = set(re.findall(r"{(\w+)}", text.EVENTS[ev.type]))
                assert wanted <= keys, (ev.type, ev.data)
                seen.add(ev.type)
            state = step.state
    assert {"round_started", "played", "trick_won", "round_scored"} <= seen
