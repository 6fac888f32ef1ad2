"""Community pieces other apps' pages show: the friend button on a profile,
the friends to invite in a table's waiting room."""

from __future__ import annotations

from typing import Any

from django import template
from django.contrib.auth.models import User

from ludoteca.web.community import friends, moderation

register = template.Library()


@register.inclusion_tag("community/_friend_button.html", takes_context=True)
def friend_button(context: dict[str, Any], person: User) -> dict[str, Any]:
    me = context["request"].user
    state = friends.status(me, person) if me.is_authenticated else ""
    return {
        "person": person,
        "state": state,
        "muted": me.is_authenticated
        and moderation.has_muted(me.pk, person.get_username()),
        "show": me.is_authenticated and me.pk != person.pk,
        "next": context["request"].get_full_path(),
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("community/_invite_friends.html", takes_context=True)
def invite_friends(context: dict[str, Any], table: Any) -> dict[str, Any]:
    me = context["request"].user
    people: list[dict[str, Any]] = []
    if me.is_authenticated:
        ids = friends.friend_ids(me)
        seated = set(table.seats.values_list("user_id", flat=True))
        online = friends.online_ids(ids)
        people = [
            {"user": u, "online": u.pk in online}
            for u in User.objects.filter(pk__in=ids).exclude(pk__in=seated)
        ]
    return {"table": table, "people": people, "csrf_token": context.get("csrf_token")}
