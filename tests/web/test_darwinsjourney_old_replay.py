"""A Darwin's Journey match finished before the rulebook corrections still
replays on its replay page: the record made by main's code (a62f88c) is
stored as the platform stored it, and the last frame shows its outcome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import Client

from ludoteca.engine.record import Record
from ludoteca.games.darwinsjourney import GAME
from ludoteca.web.play.models import Move, Seat, Table
from tests.web.history_fixtures import user

pytestmark = pytest.mark.django_db
RECORD = (
    Path(__file__).resolve().parents[1] / "games/darwinsjourney/records/main_3p.json"
)


def test_an_old_match_replays_to_its_outcome_on_the_replay_page():
    raw = json.loads(RECORD.read_text())
    record = Record.from_json(raw)
    people = [user(n) for n in ("ana", "bia", "caio")]
    table = Table.objects.create(
        game="darwinsjourney",
        players=3,
        options=record.options,
        seed=record.seed,
        created_by=people[0],
        status=Table.FINISHED,
        version=len(record.moves),
        outcome=raw["_outcome"],
    )
    for index, who in enumerate(people):
        Seat.objects.create(table=table, index=index, user=who)
    state = GAME.setup(record.players, record.seed, record.options)
    moves = []
    for i, m in enumerate(record.moves):
        step = GAME.apply(state, m.seat, m.action)
        state = step.state
        events = [
            {"type": e.type, "data": dict(e.data), "to": e.to} for e in step.events
        ]
        moves.append(
            Move(table=table, index=i + 1, seat=m.seat, action=m.action, events=events)
        )
    Move.objects.bulk_create(moves)
    client = Client()
    last = client.get(f"/replay/{table.pk}/frame.json?step=100000&seat=none").json()
    assert last["outcome"] == raw["_outcome"]
    view = last["views"]["seat"]  # the spectator's view
    assert view["edition"] == "2026-11"
    assert len(last["log"]) > len(record.moves)  # the old events are worded
