"""A person's tutorial of one game: its table, and when it was finished."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from ludoteca.web.play.models import Table


class TutorialRun(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tutorials"
    )
    game = models.CharField(max_length=40)
    # The scripted match being played (None once it was deleted).
    table = models.OneToOneField(
        Table,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tutorial",
    )
    started_at = models.DateTimeField(auto_now_add=True)
    # The first time every step of the script was done.
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game"], name="one_tutorial_per_game"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} · {self.game}"
