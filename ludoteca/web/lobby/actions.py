"""Setting a table up: create, join, leave, bots, start (check_* / do_*).

These run before the match exists; once a table is playing only
`ludoteca.web.play.actions` changes it.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _

from ludoteca.bots import registry as bots
from ludoteca.engine.errors import OptionError
from ludoteca.web.accounts import throttle
from ludoteca.web.play import actions as play
from ludoteca.web.play import games
from ludoteca.web.play.actions import Refused
from ludoteca.web.play.models import Seat, Table


def check_open(table: Table) -> None:
    if table.status != Table.OPEN:
        raise Refused("table_already_started")


def check_may_open_table(user: AbstractBaseUser, keys: list[str]) -> None:
    """A user may keep a few tables waiting for players, and open tables only
    so fast (per user and per address, `keys`: see accounts.throttle)."""
    waiting = Table.objects.filter(created_by=user, status=Table.OPEN).count()
    most = settings.LUDOTECA_OPEN_TABLES_MAX
    if waiting >= most:
        raise Refused(
            "too_many_open_tables",
            {"most": most},
            _(
                "You already have %(most)d tables waiting for players. "
                "Start or leave one before opening another."
            )
            % {"most": most},
        )
    if not throttle.allow("table", keys, throttle.rate("LUDOTECA_TABLE_RATE")):
        raise Refused(
            "opening_tables_too_fast",
            {},
            _("You are opening tables too fast. Try again in a few minutes."),
        )


def do_create_table(
    user: AbstractBaseUser,
    game_id: str,
    players: int,
    options: dict[str, Any],
    clock: str = Table.REALTIME,
    minutes: int = 10,
    increment: int = 5,
    private: bool = False,
    rated: bool = True,
    rated_with_bots: bool = False,
) -> Table:
    game = games.get(game_id)
    if not game.info.min_players <= players <= game.info.max_players:
        raise Refused("bad_player_count")
    try:
        resolved = game.resolve_options(options)
        game.setup(players, 1, resolved)  # validates the combination
    except OptionError as error:  # the game says which rule the options break
        raise Refused(error.code, dict(error.params), error.message) from None
    except ValueError as error:
        raise Refused("bad_options", {"reason": str(error)}) from None
    with transaction.atomic():
        table = Table.objects.create(
            game=game_id,
            options=resolved,
            players=players,
            clock=clock,
            clock_minutes=minutes,
            clock_increment=increment,
            private=private,
            rated=rated,
            rated_with_bots=rated_with_bots,
            created_by=user,
        )
        Seat.objects.bulk_create(
            [
                Seat(table=table, index=i, user=user if i == 0 else None)
                for i in range(players)
            ]
        )
    return table


def _locked(table_id: int) -> tuple[Table, list[Seat]]:
    table = Table.objects.select_for_update().get(pk=table_id)
    check_open(table)
    return table, list(table.seats.select_for_update().order_by("index"))


def do_join(table_id: int, user: AbstractBaseUser, index: int | None = None) -> None:
    with transaction.atomic():
        _, seats = _locked(table_id)
        if any(s.user_id == user.pk for s in seats):
            raise Refused("already_seated")
        free = [s for s in seats if s.is_empty and (index is None or s.index == index)]
        if not free:
            raise Refused("table_full")
        free[0].user = user
        free[0].save(update_fields=["user"])
    maybe_autostart(table_id)


def do_leave_seat(table_id: int, user: AbstractBaseUser) -> None:
    with transaction.atomic():
        _, seats = _locked(table_id)
        mine = [s for s in seats if s.user_id == user.pk]
        if not mine:
            raise Refused("not_your_seat")
        mine[0].user = None
        mine[0].save(update_fields=["user"])


def do_add_bot(
    table_id: int, user: AbstractBaseUser, bot: str, index: int | None = None
) -> None:
    with transaction.atomic():
        table, seats = _locked(table_id)
        if bot not in bots.names(table.game):
            raise Refused("unknown_bot")
        if (
            not any(s.user_id == user.pk for s in seats)
            and table.created_by_id != user.pk
        ):
            raise Refused("not_your_seat")
        free = [s for s in seats if s.is_empty and (index is None or s.index == index)]
        if not free:
            raise Refused("table_full")
        free[0].bot = bot
        free[0].save(update_fields=["bot"])
    maybe_autostart(table_id)


def do_remove_bot(table_id: int, user: AbstractBaseUser, index: int) -> None:
    with transaction.atomic():
        table, seats = _locked(table_id)
        if (
            not any(s.user_id == user.pk for s in seats)
            and table.created_by_id != user.pk
        ):
            raise Refused("not_your_seat")
        if not 0 <= index < len(seats) or not seats[index].bot:
            raise Refused("no_bot_there")
        seats[index].bot = ""
        seats[index].save(update_fields=["bot"])


def check_can_start(table: Table, user: AbstractBaseUser) -> None:
    check_open(table)
    seats = list(table.seats.all())
    if not any(s.user_id == user.pk for s in seats):
        raise Refused("not_your_seat")
    if any(s.is_empty for s in seats):
        raise Refused("seats_not_full")


def do_start(table_id: int, user: AbstractBaseUser) -> play.Change:
    check_can_start(Table.objects.get(pk=table_id), user)
    return play.do_start(table_id)


def maybe_autostart(table_id: int) -> play.Change | None:
    """A full table with one human and only bots besides starts at once."""
    table = Table.objects.get(pk=table_id)
    seats = list(table.seats.all())
    humans = [s for s in seats if s.user_id is not None]
    if (
        table.status == Table.OPEN
        and not any(s.is_empty for s in seats)
        and len(humans) == 1
    ):
        try:
            return play.do_start(table_id)
        except Refused:
            return None
    return None
