"""Running a tournament: start, rounds, stand-ins, deadlines, drops, the end.

`advance` is the only entry point that changes a running tournament. It
reads the tournament's rows and its tables' status and does whatever is due
(start at the start time, stand-ins for players who never came to their
table, bots for every seat still played by a person once the round's time
limit passed, the next round once every table of this one is over, the
end), so it
may be called any number of times, from any process, after a restart: a
second call finds nothing left to do. It runs on `match_finished` (after
the COMMIT of the last move) and from the periodic sweep of `worker`.
"""

from __future__ import annotations

import functools
import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from ludoteca.web.community.models import Notification
from ludoteca.web.community.notify import notify
from ludoteca.web.history.models import Rating
from ludoteca.web.lobby import actions as lobby
from ludoteca.web.play import actions as play
from ludoteca.web.play import rows
from ludoteca.web.play.models import Seat, Table
from ludoteca.web.tournaments import pairing
from ludoteca.web.tournaments.models import Entrant, Pairing, Tournament
from ludoteca.web.tournaments.standings import Line, Result, standings

log = logging.getLogger("ludoteca.tournaments")

MISSES_TO_DROP = 2
# The table's notice when a round's time runs out (a notice is an English
# msgid, translated where the table's chat is read).
ADJUDICATED = gettext_noop(
    "The round's time is up: a bot finishes the match for {player}."
)


def results(t: Tournament) -> list[Result]:
    out = []
    for p in t.pairings.select_related("table"):
        ranks = None
        if p.table is not None and p.table.status == Table.FINISHED:
            ranks = tuple((p.table.outcome or {}).get("ranks") or ())
        out.append(Result(p.round, tuple(p.players), ranks))
    return out


def _names(t: Tournament) -> dict[int, str]:
    return {e.user_id: e.user.get_username() for e in t.entrants.select_related("user")}


def current_standings(t: Tournament) -> list[Line]:
    entrants = list(t.entrants.all())
    players = [e.user_id for e in entrants]
    ratings = {e.user_id: e.rating for e in entrants}
    done = results(t)
    ordered = standings(players, done, ratings, _names(t), t.format == t.SWISS)
    if t.format == t.ELIMINATION:
        reached = _reached(t, done)
        ordered.sort(
            key=lambda line: (
                -reached.get(line.player, 0),
                -line.points,
                -ratings.get(line.player, 0.0),
            )
        )
        for i, line in enumerate(ordered):
            line.place = i + 1
    return ordered


def _winner(result: Result, ratings: dict[int, float]) -> int | None:
    people = [
        (result.ranks[i] if result.ranks else 0, -ratings.get(p, 0.0), p)
        for i, p in enumerate(result.players)
        if p is not None
    ]
    return min(people)[2] if people else None


def _reached(t: Tournament, done: list[Result]) -> dict[int, int]:
    """Elimination: the last round each player played (the champion one more)."""
    ratings = {e.user_id: e.rating for e in t.entrants.all()}
    reached: dict[int, int] = {}
    for r in done:
        for p in r.players:
            if p is not None:
                reached[p] = max(reached.get(p, 0), r.round)
    if t.status == t.FINISHED:
        final = [r for r in done if r.round == t.total_rounds]
        if final:
            champion = _winner(final[0], ratings)
            if champion is not None:
                reached[champion] = t.total_rounds + 1
    return reached


def podium(t: Tournament) -> list[Line]:
    if t.status != t.FINISHED:
        return []
    return current_standings(t)[:3]


# -- what the next round is -------------------------------------------------


def _active(t: Tournament) -> list[Entrant]:
    return [e for e in t.entrants.all() if not e.dropped]


def next_round(t: Tournament, number: int) -> pairing.Round:
    """The tables of round `number` (1-based), from what was played."""
    size = t.table_size
    entrants = _active(t)
    ratings = {e.user_id: e.rating for e in t.entrants.all()}
    if t.format == t.ROUND_ROBIN:
        # The circle is fixed at the start: every entrant in sign-up order.
        circle = [e.user_id for e in t.entrants.all()]
        tables = pairing.round_robin(circle, number - 1, size)
        dropped = {e.user_id for e in t.entrants.all() if e.dropped}
        return [[None if p in dropped else p for p in tab] for tab in tables]
    if t.format == t.ELIMINATION:
        if number == 1:
            seeds = sorted(entrants, key=lambda e: (-e.rating, e.id))
            return pairing.elimination_first([e.user_id for e in seeds], size)
        previous = [r for r in results(t) if r.round == number - 1]
        advancing = [w for r in previous if (w := _winner(r, ratings)) is not None]
        return pairing.elimination_next(advancing, size)
    lines = {line.player: line for line in current_standings(t)}
    order = [
        p for p in lines if any(e.user_id == p for e in entrants)
    ]  # standing order, active only
    points = {p: lines[p].points for p in order}
    history = {p: lines[p].opponents for p in order}
    seats = {p: lines[p].seats for p in order}
    if size == 2:
        had_bye = {p for p in order if lines[p].byes}
        return pairing.swiss_pairs(order, points, history, had_bye, seats)
    return pairing.swiss_groups(order, points, history, size, seats)


def total_rounds(t: Tournament, count: int) -> int:
    if t.format == t.ELIMINATION:
        return pairing.elimination_rounds(count, t.table_size)
    if t.format == t.ROUND_ROBIN and t.table_size == 2:
        return pairing.round_robin_rounds(list(range(count)))
    return max(1, t.rounds)


# -- doing it ---------------------------------------------------------------


def _open_table(t: Tournament, players: list[int | None]) -> Table:
    table = lobby.do_create_table(
        t.created_by,
        t.game,
        t.table_size,
        dict(t.options),
        clock=t.clock,
        minutes=t.clock_minutes,
        increment=t.clock_increment,
        rated=t.rated,
    )
    bot = play.standin_bot(t.game)
    seats = list(table.seats.order_by("index"))
    for seat, user_id in zip(seats, players, strict=True):
        seat.user_id = user_id
        seat.bot = "" if user_id is not None else bot
    Seat.objects.bulk_update(seats, ["user", "bot"])
    play.do_start(table.pk)
    return table


def _make_round(t: Tournament, number: int) -> None:
    tables = next_round(t, number)
    for position, players in enumerate(tables):
        table = None
        if len(players) > 1:
            table = _open_table(t, players)
        Pairing.objects.create(
            tournament=t, round=number, position=position, players=players, table=table
        )
        for user_id in players:
            if user_id is not None and table is not None:
                notify(
                    user_id,
                    Notification.TOURNAMENT,
                    table,
                    tournament=t.pk,
                    name=t.name,
                    round=number,
                )
    t.current_round = number
    t.round_deadline = timezone.now() + timedelta(minutes=t.round_minutes)
    t.save(update_fields=["current_round", "round_deadline"])


def _start(t: Tournament) -> None:
    entrants = list(t.entrants.all())
    if len(entrants) < 2:
        t.status = t.CANCELLED
        t.save(update_fields=["status"])
        return
    ratings = {
        r.user_id: r.ordinal
        for r in Rating.objects.filter(
            game=t.game, user_id__in=[e.user_id for e in entrants]
        )
    }
    for e in entrants:
        e.rating = ratings.get(e.user_id, 0.0)
    Entrant.objects.bulk_update(entrants, ["rating"])
    t.status = t.RUNNING
    t.total_rounds = total_rounds(t, len(entrants))
    t.save(update_fields=["status", "total_rounds"])
    _make_round(t, 1)


def _stand_in_for_no_shows(t: Tournament, now: Any) -> None:
    """A player who has not come to their real-time table
    `LUDOTECA_ABSENT_GRACE` seconds after it started gets a stand-in bot (the
    platform's own mechanism covers those who came and went; at relaxed
    tables only the clock counts, as everywhere); the round counts as missed."""
    cutoff = now - timedelta(seconds=settings.LUDOTECA_ABSENT_GRACE)
    for p in t.pairings.filter(round=t.current_round).select_related("table"):
        table = p.table
        if table is None or table.status != Table.PLAYING:
            continue
        if table.clock != Table.REALTIME:
            continue
        if table.started_at is None or table.started_at > cutoff:
            continue
        for seat in table.seats.filter(
            user__isnull=False, last_seen__isnull=True, standin="", bot=""
        ):
            try:
                play.do_standin(table.pk, seat.index, "absent")
            except play.Refused:
                continue
            if seat.user_id not in p.absent:
                p.absent = [*p.absent, seat.user_id]
                p.save(update_fields=["absent"])
    misses: dict[int, int] = {}
    for p in t.pairings.all():
        for user_id in p.absent:
            misses[user_id] = misses.get(user_id, 0) + 1
    gone = [u for u, n in misses.items() if n >= MISSES_TO_DROP]
    if gone:
        t.entrants.filter(user_id__in=gone, dropped=False).update(dropped=True)


def _adjudicate(t: Tournament, now: Any) -> None:
    """The round's time is up: a stand-in bot takes every seat a person still
    plays at each of its unfinished tables and plays it to the end, so the
    round ends when those matches do. It is not a missed round (the player
    came), and it is repeated at each sweep for a seat taken back."""
    if t.round_deadline is None or t.round_deadline > now:
        return
    for p in t.pairings.filter(round=t.current_round).select_related("table"):
        table = p.table
        if table is None or table.status != Table.PLAYING:
            continue
        for seat in table.seats.filter(user__isnull=False, standin="", bot=""):
            try:
                play.do_standin(table.pk, seat.index, ADJUDICATED)
            except play.Refused:
                continue  # the match ended meanwhile
            if seat.user_id not in p.adjudicated:
                p.adjudicated = [*p.adjudicated, seat.user_id]
                p.save(update_fields=["adjudicated"])


def _round_over(t: Tournament) -> bool:
    pairings = list(t.pairings.filter(round=t.current_round).select_related("table"))
    return bool(pairings) and all(
        p.table is None or p.table.status == Table.FINISHED for p in pairings
    )


def advance(tournament_id: int) -> None:
    """Do whatever is due for this tournament (see the module's docstring)."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=tournament_id)
        now = timezone.now()
        if t.status == t.OPEN and t.starts_at <= now:
            _start(t)
        if t.status != t.RUNNING:
            return
        _stand_in_for_no_shows(t, now)
        _adjudicate(t, now)
        while _round_over(t):
            if t.current_round >= t.total_rounds or len(_active(t)) < 2:
                t.status = t.FINISHED
                t.save(update_fields=["status"])
                return
            _make_round(t, t.current_round + 1)


def sweep() -> None:
    """Every tournament that may have something due."""
    for tournament_id in _due():
        try:
            advance(tournament_id)
        except Exception:
            log.exception("tournament %s: advance failed", tournament_id)


def _due() -> list[int]:
    """Running tournaments, and open ones whose start time came: one plain
    statement (the sweep runs every few seconds, and the ORM's query cost
    about 0.7 ms of an idle server's every sweep)."""
    params = [Tournament.RUNNING, Tournament.OPEN, rows.adapted(timezone.now())]
    return [row[0] for row in rows.fetch(_due_sql(rows.vendor()), params)]


@functools.cache
def _due_sql(vendor: str) -> str:
    q = rows.quote
    return rows.driver_sql(
        f"SELECT {q('id')} FROM {q(Tournament._meta.db_table)}"
        f" WHERE {q('status')} = %s OR ({q('status')} = %s AND {q('starts_at')} <= %s)"
        f" ORDER BY {q('id')}"
    )


def _advance_logged(tournament_id: int) -> None:
    """After the COMMIT of a table's last move: a failure here must not look
    like a failed move to its player; the sweep tries again."""
    try:
        advance(tournament_id)
    except Exception:
        log.exception("tournament %s: advance failed", tournament_id)


def on_match_finished(sender: Any, table: Table, **kwargs: Any) -> None:
    # A plain SELECT: every match's end asks, in the live tables' writer.
    pairings = rows.select(Pairing, ("tournament_id",), ("table_id =",), [table.pk])
    for tournament_id in {p.tournament_id for p in pairings}:
        transaction.on_commit(lambda t=tournament_id: _advance_logged(t))
