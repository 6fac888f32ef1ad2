"""The account's forms: email choices, a new address, the reset that mails
through the outbox, and the confirmation of deleting an account."""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.models import User
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from ludoteca.web.community import outbox
from ludoteca.web.community.models import Preferences


class PreferencesForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Preferences
        fields = [
            "language",
            "email_your_turn",
            "daily_digest",
            "email_invitation",
            "email_finished",
            "email_friend_request",
        ]
        labels = {
            "language": _("Language of the site and of your emails"),
            "email_your_turn": _("Email me when it is my turn at a relaxed table"),
            "daily_digest": _(
                "Instead, one email a day listing the relaxed tables waiting on me"
            ),
            "email_invitation": _("Email me when someone invites me to a match"),
            "email_finished": _("Email me when a match of mine is over"),
            "email_friend_request": _("Email me when someone asks to be my friend"),
        }

    language = forms.ChoiceField(
        label=_("Language of the site and of your emails"),
        choices=[("", _("The site's default")), *settings.LANGUAGES],
        required=False,
    )


class EmailForm(forms.Form):
    email = forms.EmailField(label=_("Email address"), required=False)


class OutboxPasswordResetForm(PasswordResetForm):
    """Django's reset form, its email queued in the outbox (in the person's
    language) instead of sent on the request path."""

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        user = context["user"]
        prefs = Preferences.objects.filter(user=user).first()
        language = (prefs.language if prefs else "") or translation.get_language()
        with translation.override(language):
            subject = render_to_string(subject_template_name, context)
            body = render_to_string(email_template_name, context)
        outbox.enqueue(
            f"reset-{user.pk}-{secrets.token_hex(8)}",
            to_email,
            " ".join(subject.split()),
            body,
            user=user,
        )


class DeleteAccountForm(forms.Form):
    password = forms.CharField(label=_("Your password"), widget=forms.PasswordInput)

    def __init__(self, user: User, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = str(self.cleaned_data["password"])
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."))
        return password
