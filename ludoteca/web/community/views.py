"""Notification pages: the list (read when opened), the count the header's
script polls, the email choices and the unsubscribe link."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt

from ludoteca.web.community import friends, mail, notify
from ludoteca.web.community.forms import PreferencesForm
from ludoteca.web.community.models import Notification, Preferences

PAGE = 50


@login_required
@never_cache
def notifications(request: HttpRequest) -> HttpResponse:
    items = list(
        Notification.objects.filter(user=request.user).select_related("table")[:PAGE]
    )
    rows = [
        {
            "n": n,
            "text": notify.describe(n),
            "link": notify.link(n),
            "new": not n.read_at,
        }
        for n in items
    ]
    Notification.objects.filter(user=request.user, read_at__isnull=True).update(
        read_at=timezone.now()
    )
    return render(
        request,
        "community/notifications.html",
        {"rows": rows, "unread_notifications": 0},
    )


@login_required
def open_notification(request: HttpRequest, pk: int) -> HttpResponse:
    n = get_object_or_404(Notification, pk=pk, user=request.user)
    if n.read_at is None:
        Notification.objects.filter(pk=n.pk).update(read_at=timezone.now())
    return redirect(notify.link(n))


@never_cache
def count(request: HttpRequest) -> JsonResponse:
    """What the header's script needs: the unread count, and the newest
    unread "your turn" (its id and sentence) for a browser notification."""
    if not request.user.is_authenticated:
        return JsonResponse({"unread": 0, "turn": None})
    friends.seen(request.user)  # an open page: online for friends
    unread = Notification.objects.filter(user=request.user, read_at__isnull=True)
    turn = unread.filter(kind=Notification.YOUR_TURN).select_related("table").first()
    return JsonResponse(
        {
            "unread": unread.count(),
            "turn": None
            if turn is None
            else {
                "id": turn.pk,
                "text": notify.describe(turn),
                "url": f"/notifications/{turn.pk}/open/",
                "table_url": notify.link(turn),
            },
        }
    )


@login_required
def email_preferences(request: HttpRequest) -> HttpResponse:
    prefs = mail.preferences(request.user)
    form = PreferencesForm(request.POST or None, instance=prefs)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your choices are saved."))
        response = redirect("email_preferences")
        if prefs.language:
            response.set_cookie(settings.LANGUAGE_COOKIE_NAME, prefs.language)
        return response
    gap = settings.LUDOTECA_EMAIL_TABLE_GAP_HOURS
    return render(
        request,
        "community/preferences.html",
        {"form": form, "gap": int(gap) if gap == int(gap) else gap},
    )


KIND_FIELDS = {
    Notification.YOUR_TURN: ["email_your_turn", "daily_digest"],
    Notification.INVITATION: ["email_invitation"],
    Notification.FINISHED: ["email_finished"],
    Notification.FRIEND_REQUEST: ["email_friend_request"],
}


@csrf_exempt  # the signed token is the authority (and mail clients' one-click POST)
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    found = mail.read_unsubscribe_token(token)
    if found is None:
        return render(
            request, "community/unsubscribe.html", {"invalid": True}, status=400
        )
    user = get_object_or_404(User, pk=found[0])
    kind = found[1]
    if request.method == "POST":
        fields = KIND_FIELDS.get(kind) or [f for fs in KIND_FIELDS.values() for f in fs]
        prefs, _created = Preferences.objects.get_or_create(user=user)
        for field in fields:
            setattr(prefs, field, False)
        prefs.save()
        return render(request, "community/unsubscribe.html", {"done": True})
    return render(
        request,
        "community/unsubscribe.html",
        {"kind": kind, "all": kind not in KIND_FIELDS},
    )
