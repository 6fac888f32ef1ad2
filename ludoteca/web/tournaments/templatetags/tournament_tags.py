"""The tournaments a person entered (their profile), a table's tournament
(its page) and whether a person may create one (the links to the form)."""

from __future__ import annotations

from typing import Any

from django import template

from ludoteca.web.tournaments import entries
from ludoteca.web.tournaments.models import Pairing, Tournament
from ludoteca.web.tournaments.views import game_label

register = template.Library()


@register.inclusion_tag("tournaments/_profile.html")
def tournaments_of(person: Any) -> dict[str, Any]:
    rows = Tournament.objects.filter(entrants__user=person).exclude(
        status=Tournament.CANCELLED
    )[:20]
    return {"rows": [{"t": t, "game": game_label(t.game)} for t in rows]}


@register.inclusion_tag("tournaments/_badge.html")
def tournament_badge(table: Any) -> dict[str, Any]:
    """On a table's page: the tournament and round it belongs to, if any."""
    found = (
        Pairing.objects.filter(table_id=table.pk).select_related("tournament").first()
    )
    return {"pairing": found}


@register.simple_tag
def may_create_tournament(user: Any) -> bool:
    """Logged in, and staff if the site keeps tournaments to its staff."""
    if not user.is_authenticated:
        return False
    try:
        entries.check_may_create(user)
    except entries.TournamentRefused:
        return False
    return True


@register.filter
def points(value: Any) -> str:
    """A score with its unit: "1 point", "1.5 points", "0 points" (a win
    shared by two counts half)."""
    from django.utils.formats import number_format
    from django.utils.translation import ngettext

    score = round(float(value), 2)
    shown = number_format(int(score) if score.is_integer() else score)
    one = score == 1
    return ngettext("%(points)s point", "%(points)s points", 1 if one else 2) % {
        "points": shown
    }
