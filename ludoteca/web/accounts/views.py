"""Sign up (log in and out are Django's own views with our templates)."""

from __future__ import annotations

from django import forms
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)

    username = forms.RegexField(
        label=_("Username"),  # as the log-in form says
        max_length=30,
        regex=r"^[\w.@+-]+$",
        help_text=_("Up to 30 letters, digits and . @ + - _"),
    )


def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        target = request.GET.get("next") or "lobby"
        if target != "lobby" and not target.startswith("/"):
            target = "lobby"
        return redirect(target)
    return render(request, "accounts/signup.html", {"form": form})
