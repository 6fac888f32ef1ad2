"""Turning a finished table into results and rating updates."""

from __future__ import annotations

import functools
from typing import Any

from django.db import transaction

from ludoteca.web.history import ratings
from ludoteca.web.history.models import Participation, Rating
from ludoteca.web.play import rows as driver  # `rows` here: a match's results
from ludoteca.web.play.models import Seat, Table


def is_rated(table: Table, seats: list[Seat]) -> bool:
    """Rated tables count; with bots only if the table said so; never solo."""
    humans = [s for s in seats if s.user_id is not None and not s.bot]
    if not table.rated or len(humans) < 2:
        return False
    has_bots = any(s.bot for s in seats)
    return not has_bots or table.rated_with_bots


def on_match_finished(
    sender: Any = None,
    table: Table | None = None,
    seats: list[Seat] | None = None,
    **kwargs: Any,
) -> None:
    assert table is not None
    if seats is None:
        seats = list(table.seats.order_by("index"))
    else:  # as the sender holds them at the end (the live table): not read again
        seats = sorted(seats, key=lambda s: s.index)
    record_result(table, seats)


# No savepoint of its own: in the live tables' writer it runs inside the
# batch's transaction, whose failure the writer answers whole anyway.
@transaction.atomic(savepoint=False)
def record_result(table: Table, seats: list[Seat]) -> list[Participation]:
    """The seats' results (and the ratings, for a rated table); the ones
    stored already if the table has any."""
    outcome = table.outcome or {}
    if driver.exists(Participation, ("table_id =",), [table.pk]):
        return list(Participation.objects.filter(table=table))
    left = [bool(s.standin) and not s.bot for s in seats]
    ranks = ratings.ranks_with_leavers(outcome.get("ranks") or [1] * len(seats), left)
    scores = outcome.get("scores")
    winners = set(outcome.get("winners") or [])
    team_of: dict[int, int] = {}
    for index, team in enumerate(outcome.get("teams") or []):
        for seat in team:
            team_of[seat] = index
    rated = is_rated(table, seats)
    rows = [
        Participation(
            table=table,
            user_id=None if s.bot else s.user_id,
            game=table.game,
            finished_at=table.finished_at,
            seat=s.index,
            bot=s.bot,
            rank=ranks[s.index],
            score=None if scores is None else scores[s.index],
            won=s.index in winners and not left[s.index],
            left=left[s.index],
            team=team_of.get(s.index),
            rated=rated and bool(s.user_id) and not s.bot,
        )
        for s in seats
    ]
    if rated:
        apply_ratings(table, rows)
    driver.insert(rows)  # one plain INSERT: nobody reads their ids
    return rows


def apply_ratings(table: Table, rows: list[Participation]) -> None:
    # Each rated person's rating, locked (PostgreSQL), with a plain SELECT
    # each: a handful of them cost less than one query through the ORM. In
    # user order: two matches ending at once never lock two people's
    # ratings in opposite orders (a deadlock would fail a writer's batch).
    current = {
        r.user_id: r
        for user_id in sorted({p.user_id for p in rows if p.rated})
        for r in driver.select(
            Rating, None, ("game =", "user_id ="), [table.game, user_id], lock=True
        )
    }
    entries = []
    for p in rows:
        if p.rated and p.user_id in current:
            mu, sigma = current[p.user_id].mu, current[p.user_id].sigma
        else:
            mu, sigma = ratings.default_rating()
        if p.rated:
            p.mu_before, p.sigma_before = mu, sigma
        team = p.team if p.team is not None else 1000 + p.seat
        entries.append(ratings.Entry(p.seat, p.rank, mu, sigma, team))
    new = ratings.rate(entries)
    created: list[Rating] = []
    for p in rows:
        if not p.rated:
            continue
        p.mu_after, p.sigma_after = new[p.seat]
        rating = current.get(p.user_id)
        if rating is None:
            rating = Rating(user_id=p.user_id, game=table.game, matches=0)
            created.append(rating)
        rating.mu, rating.sigma = p.mu_after, p.sigma_after
        rating.matches += 1
        rating.updated_at = table.finished_at
    # One statement each for the ratings there were and the new ones, not a
    # save per person (this runs in the live tables' writer, in its batch).
    if current:
        _update_ratings(list(current.values()))
    if created:
        driver.insert(created)


_RATING_CHANGES = ("mu", "sigma", "matches", "updated_at")


def _update_ratings(changed: list[Rating]) -> None:
    """The changed ratings, one UPDATE by id run for each (`executemany`):
    the ORM's `bulk_update` builds a CASE per field and row, some 2.5 ms of
    every rated match's end in the writer."""
    driver.execute_many(
        _update_sql(driver.vendor()),
        [
            [
                *driver.prepared(
                    Rating, _RATING_CHANGES, [getattr(r, n) for n in _RATING_CHANGES]
                ),
                r.pk,
            ]
            for r in changed
        ],
    )


@functools.cache
def _update_sql(vendor: str) -> str:
    q = driver.quote
    sets = ", ".join(
        f"{q(Rating._meta.get_field(n).column)} = %s" for n in _RATING_CHANGES
    )
    return driver.driver_sql(
        f"UPDATE {q(Rating._meta.db_table)} SET {sets} WHERE {q('id')} = %s"
    )


@transaction.atomic
def recompute_all() -> int:
    """Rebuild every result and rating from the stored tables, oldest first."""
    Participation.objects.all().delete()
    Rating.objects.all().delete()
    count = 0
    finished = Table.objects.filter(status=Table.FINISHED).order_by("finished_at", "pk")
    for table in finished.iterator():
        record_result(table, list(table.seats.order_by("index")))
        count += 1
    return count
