"""Friends' pages: the list (requests, who is online, their recent matches)
and the buttons on a profile and in a table's waiting room."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ludoteca.web.community import friends
from ludoteca.web.play import games
from ludoteca.web.play.models import Table

RECENT = 10


def _back(request: HttpRequest, fallback: str) -> HttpResponse:
    target = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return redirect(fallback)


@login_required
def friends_page(request: HttpRequest) -> HttpResponse:
    from ludoteca.web.history.models import Participation

    ids = friends.friend_ids(request.user)
    online = friends.online_ids(ids)
    people = sorted(
        User.objects.filter(pk__in=ids), key=lambda u: (u.pk not in online, u.username)
    )
    recent = (
        Participation.objects.filter(user_id__in=ids, table__private=False)
        .select_related("user", "table")
        .order_by("-finished_at")[:RECENT]
    )
    return render(
        request,
        "community/friends.html",
        {
            "people": [{"user": u, "online": u.pk in online} for u in people],
            "requests": friends.requests_to(request.user),
            "recent": [
                {"p": p, "game_name": games.game_name(games.get(p.game))}
                for p in recent
                if games.exists(p.game)
            ],
        },
    )


@require_POST
@login_required
def change(request: HttpRequest, username: str, what: str) -> HttpResponse:
    other = get_object_or_404(User, username=username, is_active=True)
    try:
        if what == "add":
            if friends.do_request(request.user, other) == "sent":
                messages.success(request, _("Friend request sent."))
        elif what == "accept":
            friends.do_accept(request.user, other)
            messages.success(request, _("You are friends now."))
        else:
            friends.do_remove(request.user, other)
    except friends.FriendRefused as refusal:
        messages.error(request, str(refusal))
    return _back(request, "friends")


@require_POST
@login_required
def invite(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=pk)
    friend = request.POST.get("friend", "")
    try:
        if not friend.isdigit():
            raise friends.FriendRefused(_("You can invite only your friends."))
        friends.do_invite(request.user, table, int(friend))
    except friends.FriendRefused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, _("Invitation sent."))
    return redirect("table", pk)
