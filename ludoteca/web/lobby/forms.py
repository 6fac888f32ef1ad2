"""The new-table form, generated from the game's declared options."""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ludoteca.engine.protocol import Game, Option
from ludoteca.web.play import games
from ludoteca.web.play.models import Table

# The clock a new table of each game starts with (minutes per player, seconds
# added per move): what a match of it takes, its decisions long or short.
# Games not named get DEFAULT_CLOCK; Piles! (real time) and Mafia (timed
# phases) have no per-seat clock to speak of.
DEFAULT_CLOCK = (10, 5)
CLOCKS = {
    "agentavenue": (8, 5),
    "catinthebox": (10, 5),
    "insidejob": (10, 5),
    "luckybox": (10, 10),
    "darwinsjourney": (30, 20),
}


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
    # Ratings rank people against people (history.results.is_rated): a bot
    # has no rating to win or lose, so one person alone with bots is never
    # rated, and the form says so instead of promising it.
    rated_with_bots = forms.BooleanField(
        label=_("Rated even with bots at the table"),
        required=False,
        help_text=_(
            "Counts only when at least two people play: a match of one person "
            "alone with bots is never rated."
        ),
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
        minutes, increment = CLOCKS.get(info.id, DEFAULT_CLOCK)
        self.fields["clock_minutes"].initial = minutes
        self.fields["clock_increment"].initial = increment
        self.fields.update(option_fields(game))

    # A game with more options than this shows them folded under "Advanced
    # options": the defaults make a good match, a newcomer need not read 30.
    FOLD_AFTER = 12

    def table_fields(self) -> list[Any]:
        """The platform's fields: players, clock, privacy, rating."""
        return [f for f in self if not f.name.startswith("option_")]

    def game_fields(self) -> list[Any]:
        return [f for f in self if f.name.startswith("option_")]

    def fold_options(self) -> bool:
        return len(self.game.options) > self.FOLD_AFTER

    def options(self) -> dict[str, Any]:
        return chosen_options(self.game, self.cleaned_data)


def option_fields(game: Game[Any]) -> dict[str, forms.Field]:
    """A form field per option of the game a player may choose, named
    `option_<name>` (the new-table and new-tournament forms)."""
    fields: dict[str, forms.Field] = {}
    for name, option in game.options.items():
        if option.hidden:  # kept for old records only
            continue
        label = games.option_label(game, name)
        field: forms.Field
        if option.items is not None:
            field = ListOptionField(game, name, option)
        elif option.choices is not None:
            field = forms.ChoiceField(
                label=label,
                choices=[
                    (json.dumps(c), games.option_choice_label(game, name, c))
                    for c in option.choices
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
        if not field.help_text:
            field.help_text = games.option_help(game, name)
        fields[f"option_{name}"] = field
    return fields


def chosen_options(game: Game[Any], cleaned_data: dict[str, Any]) -> dict[str, Any]:
    """The options as the game takes them, from `option_fields`' cleaned data."""
    out = {}
    for name, option in game.options.items():
        if option.hidden:
            continue
        value = cleaned_data[f"option_{name}"]
        out[name] = json.loads(value) if option.choices is not None else value
    return out


def _plain(text: str) -> str:
    """Lower case without accents, for matching typed names."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class ListOptionField(forms.CharField):
    """A list option typed as text: entries separated by commas or new lines,
    each written as its name in the reader's language, in English or as its id
    (case and accents ignored). Repeats are allowed; the game checks the list itself."""

    def __init__(self, game: Game[Any], name: str, option: Option) -> None:
        assert option.items is not None
        self.items = option.items
        self.label_of = {
            item: games.option_choice_label(game, name, item) for item in self.items
        }
        allowed = ", ".join(self.label_of.values())
        super().__init__(
            label=games.option_label(game, name),
            required=False,
            widget=forms.Textarea(attrs={"rows": 3}),
            initial=", ".join(self.label_of[i] for i in option.default),
            help_text=f"{games.option_help(game, name)} "
            + gettext("Separate the entries with commas. Entries: {entries}.").format(
                entries=allowed
            ),
        )
        self.english = {
            item: games.option_choice_label_in(game, name, item, "en")
            for item in self.items
        }

    def to_python(self, value: Any) -> list[Any]:  # type: ignore[override]
        text = str(value or "")
        tokens = [t.strip() for t in re.split(r"[,;\n]", text)]
        lookup: dict[str, Any] = {}
        for item in self.items:
            for spelling in (str(item), self.label_of[item], self.english[item]):
                lookup.setdefault(_plain(spelling), item)
        out = []
        for token in tokens:
            if not token:
                continue
            if _plain(token) not in lookup:
                raise ValidationError(
                    gettext("Unknown entry: {entry}.").format(entry=token)
                )
            out.append(lookup[_plain(token)])
        return out
