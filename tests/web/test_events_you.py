"""Announcements say "you" for the reader's own seat: each game's
`EVENTS_YOU` words the events about the reader (docs/writing-a-game.md)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ludoteca.engine import registry
from ludoteca.engine.i18n import Plural, read_po
from ludoteca.web.live import frames
from ludoteca.web.play import actions, games
from ludoteca.web.play.models import Table
from tests.web.conftest import make_table, make_user, state_of

ROOT = Path(__file__).resolve().parents[2]
SEAT_WORDS = {"player", "partner", "target"}


def fields(sentence: Any) -> set[str]:
    """The placeholders of a sentence (every form of a plural)."""
    return {f for form in games.sentence_forms(sentence) for f in _fields(form)}


def _fields(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_event_about_a_player_has_its_you_sentence_in_both_languages(
    game_id: str,
) -> None:
    game = registry.get(game_id)
    module = games.text_module(game)
    if module is None or not hasattr(module, "EVENTS"):
        pytest.skip("no event catalog")
    events, own = module.EVENTS, getattr(module, "EVENTS_YOU", {})
    about_player = [k for k, v in events.items() if "player" in fields(v)]
    assert not [k for k in about_player if k not in own]
    package = ROOT / Path(type(game).__module__.replace(".", "/")).parent
    po = read_po(package / "locale/pt_BR/LC_MESSAGES/django.po")
    for key, sentence in own.items():
        kind, _, param = key.partition(":")
        assert kind in events, key
        # The reader is no longer a placeholder; nothing new is needed.
        gone = {param} if param else {"player"}
        assert fields(sentence) <= fields(events[kind]) - gone, key
        msgid = sentence.msgid if isinstance(sentence, Plural) else sentence
        assert po.get(msgid), f"{sentence!r} has no pt-BR translation"
        for form in games.sentence_forms(sentence):
            assert re.search(r"\byour?\b", form, re.IGNORECASE), form
        assert re.search(r"\b(você|seu|sua)\b", po[msgid], re.IGNORECASE)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "own", "other"),
    [
        ("en", "You set a card aside face down.", "{} sets a card aside face down."),
        (
            "pt-br",
            "Você separa uma carta virada para baixo.",
            "{} separa uma carta virada para baixo.",
        ),
    ],
)
def test_the_reader_hears_you_for_their_own_seat(lang: str, own: str, other: str):
    if "catinthebox" not in registry.ids():
        pytest.skip("Cat in the Box is not installed")
    people = [make_user(n) for n in ("ana", "bia", "cris")]
    table_id = make_table(people, game="catinthebox")
    game = registry.get("catinthebox")
    seen = Table.objects.get(pk=table_id).version
    for seat in (0, 1):
        state = state_of(table_id)
        aside = game.legal_actions(state, seat)[0]
        actions.do_act(table_id, seat, aside, seen, user_id=people[seat].pk)
    snap = frames.load(table_id)

    def said(seat: int | None) -> list[str]:
        events = frames.visible_events(snap, seat, seen, lang)
        return [e["text"] for e in events if e["type"] == "card_set_aside"]

    ana, bia = other.format("ana"), other.format("bia")
    assert said(0) == [own, bia]
    assert said(1) == [ana, own]
    # Cris and a spectator hear both names.
    assert said(2) == said(None) == [ana, bia]
