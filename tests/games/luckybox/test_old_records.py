"""Matches recorded before the 2026-12 corrections replay as they were played.

Their stored options lack `lightning_only_when_blocked` and `edition`, whose
`legacy` values (True, "2026-11") bring back the rules of the time: lightning
only without a cell showing the number, and one set of cards at 7-12 players.
"""

import json

import pytest

from ludoteca.engine.record import Record
from ludoteca.games.luckybox import GAME
from tests.games.old_records import check_old_record, old_records


def _played(view):
    """What happened: each player's cards, crosses, tokens and scores (the
    view's `options` and the face-up discard pile are new since)."""
    return [
        {k: p[k] for k in ("cards", "lightning", "moons", "round_scores", "score")}
        for p in view["players"]
    ], view["final"]


def _without_labels(view):
    for p in view["players"]:
        for c in p["cards"]:
            c.pop("label", None)
    return _played(view)


@pytest.mark.parametrize("path", old_records("luckybox"), ids=lambda p: p.stem)
def test_an_old_record_replays_to_the_same_end(path):
    check_old_record(path, _without_labels)


def test_the_twelve_player_record_would_not_replay_under_todays_rules():
    path = next(p for p in old_records("luckybox") if p.stem.startswith("12p"))
    record = Record.from_json(json.loads(path.read_text("utf-8"))["record"])
    assert "edition" not in record.options
    today = GAME.setup(record.players, record.seed, record.options)
    old = GAME.setup(
        record.players, record.seed, {**record.options, "edition": "2026-11"}
    )
    assert len(today.lucky_deck) == 60 and len(old.lucky_deck) == 0
