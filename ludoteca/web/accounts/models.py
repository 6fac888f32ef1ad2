"""What the accounts app keeps beside Django's users: each name's look-alike
skeleton (see `names`) and the recent hits of rate-limited actions (see
`throttle`). Both live in the database, so every server process sees them."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class NameSkeleton(models.Model):
    """The skeleton of a user's name, kept in step by a signal (`signals`)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="name_skeleton",
    )
    skeleton = models.CharField(max_length=600, db_index=True)

    def __str__(self) -> str:
        return self.skeleton


class ThrottleHit(models.Model):
    """One rate-limited action (a sign-up, a new table, a preview) by one key
    (an address or a user); rows older than their window are pruned."""

    scope = models.CharField(max_length=20)
    key = models.CharField(max_length=80)
    at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["scope", "key", "at"])]
