"""A password check that Django's validators leave out: eight spaces pass
their minimum length, yet are no secret at all."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


class NotOnlySpacesValidator:
    def validate(self, password: str, user: Any = None) -> None:
        if not password.strip():
            raise ValidationError(
                _("Your password cannot be made of spaces only."),
                code="password_only_spaces",
            )

    def get_help_text(self) -> str:
        return _("Your password cannot be made of spaces only.")
