"""Hand-built finished matches for the history tests."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from ludoteca.engine.testkit import play_random
from ludoteca.web.history.results import record_result
from ludoteca.web.play import games
from ludoteca.web.play.models import Move, Seat, Table

_clock = [timezone.now() - timedelta(days=1)]


def user(name: str) -> User:
    found = User.objects.filter(username=name).first()
    return found or User.objects.create_user(name, password="pw-123-long")


def finished(
    players: list[User | str],
    ranks: list[int],
    game: str = "highcard",
    scores: list[float] | None = None,
    teams: list[list[int]] | None = None,
    rated: bool = True,
    rated_with_bots: bool = False,
    left: tuple[int, ...] = (),
    at: datetime | None = None,
) -> Table:
    """A finished table with this outcome (a str in `players` is a bot)."""
    _clock[0] += timedelta(minutes=5)
    when = at or _clock[0]
    owner = next(p for p in players if isinstance(p, User))
    table = Table.objects.create(
        game=game,
        players=len(players),
        created_by=owner,
        status=Table.FINISHED,
        rated=rated,
        rated_with_bots=rated_with_bots,
        finished_at=when,
        outcome={
            "winners": [i for i, r in enumerate(ranks) if r == 1],
            "ranks": ranks,
            "scores": scores,
            "teams": teams,
            "details": {},
        },
    )
    for index, who in enumerate(players):
        Seat.objects.create(
            table=table,
            index=index,
            user=who if isinstance(who, User) else None,
            bot="" if isinstance(who, User) else who,
            standin="medium" if index in left else "",
        )
    record_result(table, list(table.seats.order_by("index")))
    return table


def played(game_id: str, players: list[User], seed: int = 3) -> Table:
    """A real random match of a game, stored as the platform stores it."""
    game = games.get(game_id)
    playout = play_random(game, len(players), seed)
    final = playout.states[-1]
    _clock[0] += timedelta(minutes=5)
    table = Table.objects.create(
        game=game_id,
        players=len(players),
        options=playout.record.options,
        seed=seed,
        created_by=players[0],
        status=Table.FINISHED,
        finished_at=_clock[0],
        version=len(playout.record.moves),
        outcome=game.outcome(final).as_dict(),
        state=game.to_json(final),
        state_version=len(playout.record.moves),  # the state is the final one
    )
    for index, who in enumerate(players):
        Seat.objects.create(table=table, index=index, user=who)
    record = playout.record
    state = game.setup(record.players, record.seed, record.options)
    moves = []
    for i, m in enumerate(record.moves):
        step = game.apply(state, m.seat, m.action)
        state = step.state
        events = [  # as the platform stores them (play/actions.py)
            {"type": e.type, "data": dict(e.data), "to": e.to} for e in step.events
        ]
        moves.append(
            Move(table=table, index=i + 1, seat=m.seat, action=m.action, events=events)
        )
    Move.objects.bulk_create(moves)
    record_result(table, list(table.seats.order_by("index")))
    return table


def as_dict(rows: Any) -> list[tuple[Any, ...]]:
    return [
        (r.user_id, r.game, round(r.mu, 9), round(r.sigma, 9), r.matches) for r in rows
    ]
