"""Reporting a player or a chat line, and muting a player for oneself."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ludoteca.web.community import moderation
from ludoteca.web.play.models import Table


class ReportForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("What happened?"),
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 4}),
    )


@require_POST
@login_required
def mute(request: HttpRequest, username: str, what: str) -> HttpResponse:
    other = get_object_or_404(User, username=username)
    if what == "mute":
        moderation.do_mute(request.user, other)
        messages.success(
            request,
            _("Muted: you will not see their chat, invitations or friend requests."),
        )
    else:
        moderation.do_unmute(request.user, other)
    return redirect("profile", other.username)


@login_required
def report_player(request: HttpRequest, username: str) -> HttpResponse:
    other = get_object_or_404(User, username=username)
    if other.pk == request.user.pk:
        raise Http404("yourself")
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        moderation.do_report_player(request.user, other, form.cleaned_data["reason"])
        messages.success(request, _("Thank you: the moderators will look at it."))
        return redirect("profile", other.username)
    return render(
        request, "community/report.html", {"form": form, "person": other, "lines": []}
    )


@login_required
def report_chat(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=pk)
    if not table.visible_to(
        request.user.pk, bool(request.session.get(f"invite-{table.pk}"))
    ):
        raise Http404("private")
    lines = moderation.public_lines(table)
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        chosen = request.POST.get("line", "")
        line = next((x for x in lines if str(x.pk) == chosen), None)
        if line is None:
            form.add_error(None, _("Choose the line you report."))
        else:
            moderation.do_report_line(request.user, line, form.cleaned_data["reason"])
            messages.success(request, _("Thank you: the moderators will look at it."))
            return redirect("table", table.pk)
    return render(
        request,
        "community/report.html",
        {"form": form, "table": table, "lines": lines},
    )
