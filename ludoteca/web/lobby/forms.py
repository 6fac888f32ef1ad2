"""The new-table form, generated from the game's declared options."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ludoteca.engine.protocol import Game
from ludoteca.web.play import games
from ludoteca.web.play.models import Table


def _choice_label(game: Game[Any], value: Any) -> str:
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, str):
        return games.readable_params(game, {"value": value}, [])["value"]
    return str(value)


class NewTableForm(forms.Form):
    players = forms.TypedChoiceField(label=_("Players"), coerce=int)
    clock = forms.ChoiceField(
        label=_("Clock"), choices=Table.CLOCKS, initial=Table.REALTIME
    )
    clock_minutes = forms.IntegerField(
        label=_("Minutes per player"), min_value=1, max_value=180, initial=10
    )
    clock_increment = forms.IntegerField(
        label=_("Seconds added per move"), min_value=0, max_value=300, initial=5
    )
    private = forms.BooleanField(
        label=_("Private (only people with the invitation link)"), required=False
    )
    rated = forms.BooleanField(
        label=_("Rated (the result changes the players' ratings)"),
        required=False,
        initial=True,
    )
    rated_with_bots = forms.BooleanField(
        label=_("Rated even with bots at the table"), required=False
    )

    def __init__(self, game: Game[Any], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        info = game.info
        counts = range(info.min_players, info.max_players + 1)
        players = self.fields["players"]
        assert isinstance(players, forms.TypedChoiceField)
        players.choices = [(n, str(n)) for n in counts]
        players.initial = info.min_players
        for name, option in game.options.items():
            label = games.option_label(game, name)
            field: forms.Field
            if option.choices is not None:
                field = forms.ChoiceField(
                    label=label,
                    choices=[
                        (json.dumps(c), _choice_label(game, c)) for c in option.choices
                    ],
                    initial=json.dumps(option.default),
                )
            else:
                field = forms.IntegerField(
                    label=label,
                    min_value=option.minimum,
                    max_value=option.maximum,
                    initial=option.default,
                )
            field.help_text = games.option_help(game, name)
            self.fields[f"option_{name}"] = field

    def options(self) -> dict[str, Any]:
        out = {}
        for name, option in self.game.options.items():
            value = self.cleaned_data[f"option_{name}"]
            out[name] = json.loads(value) if option.choices is not None else value
        return out
