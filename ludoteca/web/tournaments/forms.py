"""The new-tournament form, for one game: the tournament's own fields, then
that game's options (the same fields as a new table's, `lobby.forms`), used
at every table of the tournament."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from ludoteca.engine.protocol import Game
from ludoteca.web.lobby.forms import (
    CLOCKS,
    DEFAULT_CLOCK,
    chosen_options,
    option_fields,
)
from ludoteca.web.play import games
from ludoteca.web.play.models import Table
from ludoteca.web.tournaments.models import ROUND_MINUTES, Tournament

# The round time limits offered, in minutes; "" leaves it to the clock.
ROUND_LIMITS = [30, 45, 60, 90, 120, 180, 240, *(d * 24 * 60 for d in (1, 2, 3, 7, 14))]


def game_choices() -> list[tuple[str, str]]:
    return [
        (g.info.id, games.game_name(g))
        for g in games.all_games()
        if g.info.max_players >= 2
    ]


def duration_label(minutes: int) -> str:
    if minutes % (24 * 60) == 0:
        days = minutes // (24 * 60)
        return ngettext("%(n)d day", "%(n)d days", days) % {"n": days}
    if minutes % 60 == 0:
        hours = minutes // 60
        return ngettext("%(n)d hour", "%(n)d hours", hours) % {"n": hours}
    return ngettext("%(n)d minute", "%(n)d minutes", minutes) % {"n": minutes}


def _round_limit_choices() -> list[tuple[str, str]]:
    default = gettext("Default: %(realtime)s (real time) or %(relaxed)s (relaxed)") % {
        "realtime": duration_label(ROUND_MINUTES[Table.REALTIME]),
        "relaxed": duration_label(ROUND_MINUTES[Table.RELAXED]),
    }
    return [("", default), *((str(m), duration_label(m)) for m in ROUND_LIMITS)]


class NewTournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    format = forms.ChoiceField(
        label=_("Format"), choices=Tournament.FORMATS, initial=Tournament.SWISS
    )
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=1,
        max_value=20,
        initial=3,
        help_text=_("Swiss, and round robin of more than two seats."),
    )
    table_size = forms.TypedChoiceField(label=_("Players per table"), coerce=int)
    clock = forms.ChoiceField(
        label=_("Clock"), choices=Table.CLOCKS, initial=Table.REALTIME
    )
    clock_minutes = forms.IntegerField(
        label=_("Minutes per player"), min_value=1, max_value=180, initial=10
    )
    clock_increment = forms.IntegerField(
        label=_("Seconds added per move"), min_value=0, max_value=300, initial=5
    )
    round_minutes = forms.TypedChoiceField(
        label=_("Time limit per round"),
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_(
            "When it runs out, bots finish the round's unfinished tables "
            "in place of their players."
        ),
    )
    starts_at = forms.DateTimeField(
        label=_("Starts at"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
    )
    max_entrants = forms.IntegerField(
        label=_("Most entrants"), min_value=2, max_value=256, initial=16
    )
    invitation_only = forms.BooleanField(
        label=_("By invitation (only people with the link sign up)"), required=False
    )
    rated = forms.BooleanField(
        label=_("Rated (the results change the players' ratings)"),
        required=False,
        initial=True,
    )

    # As at a new table: a game with many options folds them away.
    FOLD_AFTER = 12

    def __init__(self, game: Game[Any], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        info = game.info
        sizes = self.fields["table_size"]
        assert isinstance(sizes, forms.TypedChoiceField)
        sizes.choices = [
            (n, str(n)) for n in range(max(2, info.min_players), info.max_players + 1)
        ]
        sizes.initial = max(2, info.min_players)
        minutes, increment = CLOCKS.get(info.id, DEFAULT_CLOCK)
        self.fields["clock_minutes"].initial = minutes
        self.fields["clock_increment"].initial = increment
        limit = self.fields["round_minutes"]
        assert isinstance(limit, forms.TypedChoiceField)
        limit.choices = _round_limit_choices()
        soon = timezone.localtime() + timedelta(hours=1)
        self.fields["starts_at"].initial = soon.strftime("%Y-%m-%dT%H:00")
        self.fields.update(option_fields(game))

    def tournament_fields(self) -> list[Any]:
        return [f for f in self if not f.name.startswith("option_")]

    def game_fields(self) -> list[Any]:
        return [f for f in self if f.name.startswith("option_")]

    def fold_options(self) -> bool:
        return len(self.game_fields()) > self.FOLD_AFTER

    def clean_starts_at(self) -> Any:
        value = self.cleaned_data["starts_at"]
        if value <= timezone.now():
            raise forms.ValidationError(_("Choose a start time in the future."))
        return value

    def settings(self) -> dict[str, Any]:
        """`entries.do_create`'s keyword arguments."""
        data = {
            k: v for k, v in self.cleaned_data.items() if not k.startswith("option_")
        }
        data["game"] = self.game.info.id
        data["options"] = chosen_options(self.game, self.cleaned_data)
        return data
