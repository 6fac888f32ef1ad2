"""Results of finished matches and the ratings derived from them.

Everything here is derived from the tables the platform stores (their seats,
record and outcome): `recompute_ratings` rebuilds it from scratch with the same
figures, so these rows are a cache with indexes, not a second source of truth.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from ludoteca.web.play import botnames

PROVISIONAL_MATCHES = 10


class Participation(models.Model):
    """One seat of one finished match."""

    table = models.ForeignKey(
        "play.Table", on_delete=models.CASCADE, related_name="participations"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="participations",
    )
    game = models.CharField(max_length=40)
    finished_at = models.DateTimeField()
    seat = models.PositiveSmallIntegerField()
    bot = models.CharField(max_length=20, blank=True, default="")
    rank = models.PositiveSmallIntegerField()
    score = models.FloatField(null=True, blank=True)
    won = models.BooleanField(default=False)
    left = models.BooleanField(default=False)  # a stand-in finished the match
    team = models.SmallIntegerField(null=True, blank=True)
    rated = models.BooleanField(default=False)
    mu_before = models.FloatField(null=True, blank=True)
    sigma_before = models.FloatField(null=True, blank=True)
    mu_after = models.FloatField(null=True, blank=True)
    sigma_after = models.FloatField(null=True, blank=True)

    def avatar(self) -> dict[str, object]:
        return botnames.avatar(self.bot_name(), self.table_id, self.seat, True)

    def bot_name(self) -> str:
        """The bot's friendly name in the active language ("" for a person)."""
        if not self.bot:
            return ""
        return botnames.bot_label(self.bot, self.table_id, self.seat)

    class Meta:
        ordering = ["-finished_at", "-table_id", "seat"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "seat"], name="one_result_per_seat"
            )
        ]
        indexes = [
            models.Index(fields=["user", "-finished_at"]),
            models.Index(fields=["user", "game", "-finished_at"]),
            models.Index(fields=["game", "won", "finished_at"]),
            models.Index(fields=["table", "user"]),
        ]


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(max_length=40)
    mu = models.FloatField()
    sigma = models.FloatField()
    matches = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="one_rating_per_game")
        ]
        indexes = [models.Index(fields=["game", "-mu"])]

    @property
    def provisional(self) -> bool:
        return self.matches < PROVISIONAL_MATCHES

    @property
    def ordinal(self) -> float:
        """A conservative figure for ranking: mu - 3 sigma."""
        return self.mu - 3 * self.sigma
