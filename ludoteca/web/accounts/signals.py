"""Keep each user's name skeleton in step with the name, however the user is
saved (sign-up, the admin, `createsuperuser`)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.signals import post_save

from ludoteca.web.accounts.models import NameSkeleton
from ludoteca.web.accounts.names import skeleton


def store_skeleton(sender: Any, instance: Any, **kwargs: Any) -> None:
    fields = kwargs.get("update_fields")
    if fields is not None and instance.USERNAME_FIELD not in fields:
        return  # e.g. the last log-in time: the name did not change
    NameSkeleton.objects.update_or_create(
        user=instance, defaults={"skeleton": skeleton(instance.get_username())}
    )


def connect() -> None:
    post_save.connect(
        store_skeleton, sender=get_user_model(), dispatch_uid="ludoteca-skeleton"
    )
