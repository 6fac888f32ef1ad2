"""Matches finished before the rulebook corrections keep replaying.

The records in records/ were made by main's code at a62f88c, before editions
existed: their options carry `solo_rival` and no `rules_edition`, as the
lobby stored them. They must replay by the first reading to the same end.
"""

import json
from pathlib import Path

import pytest

from ludoteca.engine import codec
from ludoteca.engine.record import Record, replay
from ludoteca.games.darwinsjourney import GAME, editions

RECORDS = Path(__file__).parent / "records"


@pytest.mark.parametrize("name", ["main_1p.json", "main_3p.json"])
def test_a_record_made_before_the_change_replays_to_its_outcome(name):
    raw = json.loads((RECORDS / name).read_text())
    record = Record.from_json(raw)
    assert "rules_edition" not in record.options
    state = replay(record, game=GAME)
    assert state.edition == editions.FIRST_READING
    assert GAME.outcome(state).as_dict() == raw["_outcome"]


def test_an_old_record_names_the_first_reading_once_resolved():
    options = GAME.resolve_options({"solo_rival": True})
    assert options["rules_edition"] == editions.FIRST_READING
    assert options["solo_rival"] is True


def test_a_new_table_plays_by_the_rulebook():
    options = GAME.resolve_options({})
    assert options["rules_edition"] == editions.RULEBOOK
    assert "solo_rival" not in options
    assert GAME.setup(2, 1, options).edition == editions.RULEBOOK


def test_the_old_option_is_refused_with_the_rulebook():
    with pytest.raises(ValueError, match="2026-11"):
        GAME.resolve_options({"rules_edition": "2026-12", "solo_rival": False})


def test_a_state_saved_before_editions_loads_as_the_first_reading():
    old = GAME.setup(2, 5, GAME.resolve_options({"solo_rival": True}))
    data = GAME.to_json(old)
    for field in ("edition", "museum_tiles", "end_bonus_taken", "start_pairs"):
        data.pop(field)
    loaded = GAME.from_json(data)
    assert loaded.edition == editions.FIRST_READING
    assert codec.dump(loaded) == codec.dump(old)
