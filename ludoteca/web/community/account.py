"""Account care: the account page, email address, password change and reset
(Django's views; the reset email goes through the outbox), a download of
one's own data, and deleting the account (its matches stay, under an
anonymous name, so the others' history and ratings hold)."""

from __future__ import annotations

import json
import secrets
from typing import Any

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ludoteca.web.community.forms import (
    DeleteAccountForm,
    EmailForm,
    OutboxPasswordResetForm,
)
from ludoteca.web.community.models import (
    Friendship,
    Mute,
    Notification,
    OutboxEmail,
    Preferences,
    QueueEntry,
    Report,
)


@login_required
def account(request: HttpRequest) -> HttpResponse:
    form = EmailForm(initial={"email": request.user.email})
    return render(request, "community/account.html", {"email_form": form})


@require_POST
@login_required
def change_email(request: HttpRequest) -> HttpResponse:
    form = EmailForm(request.POST)
    if not form.is_valid():
        return render(
            request, "community/account.html", {"email_form": form}, status=400
        )
    request.user.email = form.cleaned_data["email"]
    request.user.save(update_fields=["email"])
    messages.success(request, _("Your email address is saved."))
    return redirect("account")


def export(user: User) -> dict[str, Any]:
    """Everything the site keeps about `user`, as plain JSON."""
    from ludoteca.web.history.models import Participation, Rating
    from ludoteca.web.play.models import ChatMessage, Seat
    from ludoteca.web.wiki.models import Revision

    prefs = Preferences.objects.filter(user=user).values().first() or {}
    prefs.pop("user_id", None)
    return {
        "account": {
            "username": user.get_username(),
            "email": user.email,
            "date_joined": user.date_joined,
            "last_login": user.last_login,
        },
        "preferences": prefs,
        "tables": list(
            Seat.objects.filter(user=user).values(
                "table_id", "table__game", "index", "table__status", "table__created_at"
            )
        ),
        "results": list(
            Participation.objects.filter(user=user).values(
                "table_id",
                "game",
                "seat",
                "rank",
                "score",
                "won",
                "left",
                "finished_at",
            )
        ),
        "ratings": list(
            Rating.objects.filter(user=user).values("game", "mu", "sigma", "matches")
        ),
        "chat": list(
            ChatMessage.objects.filter(
                author=user.get_username(),
                table__seats__user=user,
                seat__isnull=False,
            )
            .distinct()
            .values("table_id", "channel", "text", "created_at")
        ),
        "wiki_revisions": list(
            Revision.objects.filter(author=user).values(
                "page__game", "page__language", "summary", "created_at"
            )
        ),
        "friends": [
            {
                "with": (
                    f.to_user if f.from_user_id == user.pk else f.from_user
                ).username,
                "since": f.accepted_at,
                "asked_at": f.created_at,
            }
            for f in Friendship.objects.filter(
                Q(from_user=user) | Q(to_user=user)
            ).select_related("from_user", "to_user")
        ],
        "muted": list(
            Mute.objects.filter(user=user).values_list("muted__username", flat=True)
        ),
        "reports_made": list(
            Report.objects.filter(reporter=user).values(
                "reported__username", "reason", "created_at"
            )
        ),
        "notifications": list(
            Notification.objects.filter(user=user).values(
                "kind", "table_id", "params", "created_at", "read_at"
            )
        ),
    }


@login_required
def download(request: HttpRequest) -> HttpResponse:
    data = json.dumps(export(request.user), default=str, indent=2, ensure_ascii=False)
    response = HttpResponse(data, content_type="application/json; charset=utf-8")
    name = f"ludoteca-{request.user.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def anonymize(user: User) -> str:
    """Delete what identifies `user`, keeping their seats and results under
    a new anonymous name; returns that name."""
    from ludoteca.web.play.models import ChatMessage

    old = user.get_username()
    new = f"anon-{secrets.token_hex(5)}"
    with transaction.atomic():
        ChatMessage.objects.filter(author=old, table__seats__user=user).update(
            author=new
        )
        user.username = new
        user.email = ""
        user.first_name = user.last_name = ""
        user.is_active = False
        user.is_staff = user.is_superuser = False
        user.set_unusable_password()
        user.save()
        Notification.objects.filter(user=user).delete()
        Preferences.objects.filter(user=user).delete()
        Friendship.objects.filter(Q(from_user=user) | Q(to_user=user)).delete()
        Mute.objects.filter(Q(user=user) | Q(muted=user)).delete()
        QueueEntry.objects.filter(user=user).delete()
        OutboxEmail.objects.filter(user=user, status=OutboxEmail.PENDING).update(
            status=OutboxEmail.FAILED, last_error="account deleted", to=""
        )
        OutboxEmail.objects.filter(user=user).update(to="", body="", subject="")
    return new


@login_required
def delete(request: HttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = request.user
        logout(request)
        anonymize(user)
        messages.success(request, _("Your account is deleted."))
        return redirect("lobby")
    return render(request, "community/delete.html", {"form": form})


def _reset_view(**kwargs: Any) -> Any:
    return auth_views.PasswordResetView.as_view(
        form_class=OutboxPasswordResetForm,
        template_name="community/password_reset.html",
        email_template_name="community/email/password_reset.txt",
        subject_template_name="community/email/password_reset_subject.txt",
        success_url=reverse_lazy("password_reset_done"),
        **kwargs,
    )


urlpatterns = [
    path("account/", account, name="account"),
    path("account/email/", change_email, name="change_email"),
    path("account/data.json", download, name="download_data"),
    path("account/delete/", delete, name="delete_account"),
    path(
        "account/password/",
        auth_views.PasswordChangeView.as_view(
            template_name="community/password_change.html",
            success_url=reverse_lazy("password_change_done"),
        ),
        name="password_change",
    ),
    path(
        "account/password/done/",
        auth_views.PasswordChangeDoneView.as_view(
            template_name="community/password_done.html"
        ),
        name="password_change_done",
    ),
    path("account/reset/", _reset_view(), name="password_reset"),
    path(
        "account/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(
            template_name="community/password_reset_sent.html"
        ),
        name="password_reset_done",
    ),
    path(
        "account/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="community/password_reset_confirm.html",
            success_url=reverse_lazy("password_reset_complete"),
        ),
        name="password_reset_confirm",
    ),
    path(
        "account/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="community/password_done.html"
        ),
        name="password_reset_complete",
    ),
]
