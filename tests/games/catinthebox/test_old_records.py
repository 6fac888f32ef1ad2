"""Matches recorded before the 2026-12 corrections replay as they were played:
their stored options carry the old defaults (predictions 1-3, no forced red
lead, shared ties), which stay choices of the options."""

import json

import pytest

from ludoteca.engine.record import Record
from ludoteca.games.catinthebox import GAME
from tests.games.old_records import check_old_record, old_records


@pytest.mark.parametrize("path", old_records("catinthebox"), ids=lambda p: p.stem)
def test_an_old_record_replays_to_the_same_end(path):
    check_old_record(path)


def test_the_three_player_record_predicts_two_which_the_rulebook_forbids():
    """The old record is a real test of the change: under today's defaults its
    first prediction (2 tricks, 3 players) would be refused."""
    path = next(p for p in old_records("catinthebox") if p.stem.startswith("3p"))
    record = Record.from_json(json.loads(path.read_text("utf-8"))["record"])
    assert record.options["predictions"] == "1-3"
    assert {"type": "predict", "tricks": 2} in [m.action for m in record.moves]
    state = GAME.setup(record.players, record.seed)  # today's defaults
    for move in record.moves:
        if move.action["type"] == "predict":
            assert move.action["tricks"] == 2
            break
        state = GAME.apply(state, move.seat, move.action).state
    assert {"type": "predict", "tricks": 2} not in GAME.legal_actions(state, state.turn)
