"""Driving tournaments in tests: make one, sign people up, play tables out."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from ludoteca.web.play import actions, games
from ludoteca.web.play.models import Seat, Table
from ludoteca.web.tournaments import entries
from ludoteca.web.tournaments.models import Pairing, Tournament
from tests.web.conftest import make_user, state_of


def tournament(people: list[Any], **kwargs: Any) -> Tournament:
    """A tournament with `people` signed up, its start time now passed."""
    settings: dict[str, Any] = {
        "name": "Copa",
        "game": "highcard",
        "format": Tournament.SWISS,
        "table_size": 2,
        "rounds": 3,
        "starts_at": timezone.now() + timedelta(hours=1),
    }
    settings.update(kwargs)
    t = entries.do_create(people[0], **settings)
    for person in people:
        entries.do_sign_up(t.pk, person)
    Tournament.objects.filter(pk=t.pk).update(starts_at=timezone.now())
    return Tournament.objects.get(pk=t.pk)


def users(*names: str) -> list[Any]:
    return [make_user(n) for n in names]


def play_move(table_id: int) -> None:
    table = Table.objects.get(pk=table_id)
    game = games.get(table.game)
    state = state_of(table_id)
    index = min(game.active_seats(state))
    seat = Seat.objects.get(table_id=table_id, index=index)
    action = game.legal_actions(state, index)[0]
    if seat.controller:
        actions.do_act(table_id, index, action, table.version, bot=seat.controller)
    else:
        actions.do_act(table_id, index, action, table.version, user_id=seat.user_id)


def play_out(table_id: int) -> None:
    """Every seat plays its first legal action, by its person or its bot."""
    while Table.objects.get(pk=table_id).status == Table.PLAYING:
        play_move(table_id)


def round_tables(t: Tournament, number: int) -> list[int]:
    return [
        p.table_id
        for p in Pairing.objects.filter(tournament=t, round=number)
        if p.table_id is not None
    ]
