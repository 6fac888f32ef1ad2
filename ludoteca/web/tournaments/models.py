"""A tournament, its entrants and the tables of its rounds.

Everything the runner needs is here: it re-derives what to do next from
these rows (and the tables' status), so a restart mid-round loses nothing.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ludoteca.web.play.models import Table, new_token

# A round's time limit when the form leaves it to the clock: a real-time
# round is an evening's sitting, a relaxed one (a day per move) a week.
ROUND_MINUTES = {Table.REALTIME: 60, Table.RELAXED: 7 * 24 * 60}


class Tournament(models.Model):
    SWISS, ROUND_ROBIN, ELIMINATION = "swiss", "roundrobin", "elimination"
    FORMATS = [
        (SWISS, _("Swiss")),
        (ROUND_ROBIN, _("Round robin")),
        (ELIMINATION, _("Single elimination")),
    ]
    OPEN, RUNNING, FINISHED, CANCELLED = "open", "running", "finished", "cancelled"
    STATUSES = [
        (OPEN, pgettext_lazy("tournament", "sign-up open")),
        (RUNNING, pgettext_lazy("tournament", "under way")),
        (FINISHED, pgettext_lazy("tournament", "finished")),
        (CANCELLED, pgettext_lazy("tournament", "cancelled")),
    ]

    name = models.CharField(max_length=80)
    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    format = models.CharField(max_length=12, choices=FORMATS, default=SWISS)
    rounds = models.PositiveSmallIntegerField(default=3)  # Swiss (and RR groups)
    table_size = models.PositiveSmallIntegerField(default=2)
    clock = models.CharField(
        max_length=10, choices=Table.CLOCKS, default=Table.REALTIME
    )
    clock_minutes = models.PositiveIntegerField(default=10)
    clock_increment = models.PositiveIntegerField(default=5)
    starts_at = models.DateTimeField()
    # Each round's time limit; when it passes, bots finish its tables (runner).
    round_minutes = models.PositiveIntegerField(default=ROUND_MINUTES[Table.REALTIME])
    round_deadline = models.DateTimeField(null=True, blank=True)  # current round
    invitation_only = models.BooleanField(default=False)
    invite_token = models.CharField(max_length=32, default=new_token, db_index=True)
    rated = models.BooleanField(default=True)
    max_entrants = models.PositiveSmallIntegerField(default=16)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=10, choices=STATUSES, default=OPEN)
    current_round = models.PositiveSmallIntegerField(default=0)  # 0: not started
    total_rounds = models.PositiveSmallIntegerField(default=0)  # fixed at start

    class Meta:
        ordering = ["-starts_at", "-id"]
        indexes = [models.Index(fields=["status", "starts_at"])]

    def __str__(self) -> str:
        return self.name


class Entrant(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entrants"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    rating = models.FloatField(default=0.0)  # taken at the start, for seeding
    joined_at = models.DateTimeField(auto_now_add=True)
    dropped = models.BooleanField(default=False)  # two missed rounds

    class Meta:
        ordering = ["joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry")
        ]


class Pairing(models.Model):
    """One table of one round (or a bye): `players` are user ids in seat
    order, null where a bot sits; `absent` the users a stand-in played for
    because they never came; `adjudicated` those whose seat a bot finished
    because the round's time ran out."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="pairings"
    )
    round = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField()
    players = models.JSONField(default=list)
    table = models.OneToOneField(
        Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    absent = models.JSONField(default=list, blank=True)
    # The users whose seat a bot took when the round's time ran out.
    adjudicated = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["round", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "round", "position"], name="one_pairing_place"
            )
        ]

    @property
    def bye(self) -> bool:
        return len(self.players) == 1
