"""Sign up (log in and out are Django's own views with our templates, behind
django-axes: see `locked_out`)."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ludoteca.web.accounts import throttle
from ludoteca.web.accounts.models import NameSkeleton
from ludoteca.web.accounts.names import normalized, skeleton

NAME = r"^[\w.@+-]+$"


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username",)

    username = forms.RegexField(
        label=gettext_lazy("Name"),
        max_length=30,
        regex=NAME,
        help_text=gettext_lazy("Up to 30 letters, digits and . @ + - _"),
    )

    def clean_username(self) -> str:
        name = normalized(self.cleaned_data["username"])
        if len(name) > 30 or not re.fullmatch(NAME, name):  # NFKC may lengthen it
            raise forms.ValidationError(_("Up to 30 letters, digits and . @ + - _"))
        if NameSkeleton.objects.filter(skeleton=skeleton(name)).exists():
            raise forms.ValidationError(
                _("This name looks too much like someone else's. Choose another.")
            )
        self.cleaned_data["username"] = name
        return str(super().clean_username())


def safe_next(request: HttpRequest) -> str:
    """Where to go after signing up: `next` when it stays on this site."""
    target = request.GET.get("next", "")
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return "lobby"


def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        keys = [f"ip:{throttle.client_address(request)}"]
        if not throttle.allow("signup", keys, throttle.rate("LUDOTECA_SIGNUP_RATE")):
            form.add_error(
                None,
                _(
                    "Too many accounts were created from your address. "
                    "Try again in an hour."
                ),
            )
            return render(request, "accounts/signup.html", {"form": form}, status=429)
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(safe_next(request))
    return render(request, "accounts/signup.html", {"form": form})


def locked_out(
    request: HttpRequest, original_response: Any = None, credentials: Any = None
) -> HttpResponse:
    """django-axes' answer to a log-in after too many failures (by name or by
    address), in the reader's language."""
    minutes = max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))
    return render(request, "accounts/locked.html", {"minutes": minutes}, status=429)
