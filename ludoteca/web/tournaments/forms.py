"""The new-tournament form."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ludoteca.web.play import games
from ludoteca.web.play.models import Table
from ludoteca.web.tournaments.models import Tournament


def _game_choices() -> list[tuple[str, str]]:
    return [
        (g.info.id, games.game_name(g))
        for g in games.all_games()
        if g.info.max_players >= 2
    ]


class NewTournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    game = forms.ChoiceField(label=_("Game"))
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
    table_size = forms.IntegerField(
        label=_("Players per table"), min_value=2, max_value=20, initial=2
    )
    clock = forms.ChoiceField(
        label=_("Clock"), choices=Table.CLOCKS, initial=Table.REALTIME
    )
    clock_minutes = forms.IntegerField(
        label=_("Minutes per player"), min_value=1, max_value=180, initial=10
    )
    clock_increment = forms.IntegerField(
        label=_("Seconds added per move"), min_value=0, max_value=300, initial=5
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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = _game_choices()
        soon = timezone.localtime() + timedelta(hours=1)
        self.fields["starts_at"].initial = soon.strftime("%Y-%m-%dT%H:00")

    def clean_starts_at(self) -> Any:
        value = self.cleaned_data["starts_at"]
        if value <= timezone.now():
            raise forms.ValidationError(_("Choose a start time in the future."))
        return value
