"""Creating a tournament, signing up and withdrawing (until the start)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ludoteca.engine.errors import OptionError
from ludoteca.web.play import games
from ludoteca.web.play.models import Table
from ludoteca.web.tournaments.models import ROUND_MINUTES, Entrant, Tournament

# A round's time limit: from a quick sitting to a month of relaxed play.
ROUND_MINUTES_RANGE = (10, 30 * 24 * 60)


class TournamentRefused(Exception):
    """A refusal, its sentence in the active language."""


def check_may_create(user: Any) -> None:
    if getattr(settings, "LUDOTECA_TOURNAMENTS_STAFF_ONLY", False) and not (
        user.is_staff
    ):
        raise TournamentRefused(_("Only the site's staff can create tournaments."))


def do_create(
    user: Any,
    *,
    name: str,
    game: str,
    format: str,
    table_size: int,
    starts_at: datetime,
    rounds: int = 3,
    options: dict[str, Any] | None = None,
    clock: str = "realtime",
    clock_minutes: int = 10,
    clock_increment: int = 5,
    round_minutes: int | None = None,
    invitation_only: bool = False,
    rated: bool = True,
    max_entrants: int = 16,
) -> Tournament:
    check_may_create(user)
    if not games.exists(game):
        raise TournamentRefused(_("There is no such game."))
    g = games.get(game)
    if not g.info.min_players <= table_size <= g.info.max_players:
        raise TournamentRefused(
            _("Tables of this game seat from %(least)d to %(most)d players.")
            % {"least": g.info.min_players, "most": g.info.max_players}
        )
    if table_size < 2:
        raise TournamentRefused(_("A tournament needs tables of at least two seats."))
    if format not in dict(Tournament.FORMATS):
        raise TournamentRefused(_("Choose a format."))
    if not 1 <= rounds <= 20:
        raise TournamentRefused(_("A tournament has from 1 to 20 rounds."))
    if clock not in dict(Table.CLOCKS):
        raise TournamentRefused(_("Choose a clock."))
    if round_minutes is None:
        round_minutes = ROUND_MINUTES[clock]
    least, most = ROUND_MINUTES_RANGE
    if not least <= round_minutes <= most:
        raise TournamentRefused(_("A round lasts from 10 minutes to 30 days."))
    if not 2 <= max_entrants <= 256:
        raise TournamentRefused(_("A tournament takes from 2 to 256 entrants."))
    try:
        resolved = g.resolve_options(options or {})
        g.setup(table_size, 1, resolved)
    except (OptionError, ValueError):
        raise TournamentRefused(_("These options do not work together.")) from None
    return Tournament.objects.create(
        name=name.strip() or g.info.name,
        game=game,
        options=resolved,
        format=format,
        rounds=rounds,
        table_size=table_size,
        clock=clock,
        clock_minutes=clock_minutes,
        clock_increment=clock_increment,
        round_minutes=round_minutes,
        starts_at=starts_at,
        invitation_only=invitation_only,
        rated=rated,
        max_entrants=max_entrants,
        created_by=user,
    )


def do_sign_up(tournament_id: int, user: Any, token: str = "") -> Entrant:
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=tournament_id)
        if t.status != t.OPEN or t.starts_at <= timezone.now():
            raise TournamentRefused(_("Sign-up for this tournament is closed."))
        found = t.entrants.filter(user=user).first()
        if found is not None:
            return found
        if t.invitation_only and token != t.invite_token and user != t.created_by:
            raise TournamentRefused(
                _("This tournament is by invitation: use the link you were sent.")
            )
        if t.entrants.count() >= t.max_entrants:
            raise TournamentRefused(_("This tournament is full."))
        return Entrant.objects.create(tournament=t, user=user)


def do_withdraw(tournament_id: int, user: Any) -> None:
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=tournament_id)
        if t.status != t.OPEN:
            raise TournamentRefused(
                _("The tournament has started: you can no longer withdraw.")
            )
        if not t.entrants.filter(user=user).delete()[0]:
            raise TournamentRefused(_("You are not signed up for this tournament."))
