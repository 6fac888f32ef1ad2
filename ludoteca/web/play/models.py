"""Tables, their seats, the record of moves (with their events) and the chat.

A table is at `Table.version`; the `Move` rows are the record (one per
applied action, `index` = the version it produced) and carry the events that
action emitted, with their audiences. `Table.state` is the match state at
`Table.state_version`: written at the deal, every `STATE_EVERY`th move and at
the end, so the state at the table's version is that one plus at most
`STATE_EVERY - 1` moves of the record (`live.table.load`). During a match
only the table's owner writes these rows (`ludoteca.web.live`), fenced by
`Table.owner_epoch`.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _

from ludoteca.engine.record import Move as RecordMove
from ludoteca.engine.record import Record, seed_digest
from ludoteca.web.play import botnames

STATE_EVERY = 16  # moves: how often an action writes the whole state


def new_seed() -> int:
    return secrets.randbits(62)


def new_token() -> str:
    return secrets.token_urlsafe(12)


class Table(models.Model):
    OPEN, PLAYING, FINISHED = "open", "playing", "finished"
    STATUSES = [(OPEN, _("open")), (PLAYING, _("playing")), (FINISHED, _("finished"))]
    REALTIME, RELAXED = "realtime", "relaxed"
    CLOCKS = [(REALTIME, _("real time")), (RELAXED, _("relaxed (a day per move)"))]

    game = models.CharField(max_length=40)
    options = models.JSONField(default=dict)
    players = models.PositiveSmallIntegerField()
    clock = models.CharField(max_length=10, choices=CLOCKS, default=REALTIME)
    clock_minutes = models.PositiveIntegerField(default=10)
    clock_increment = models.PositiveIntegerField(default=5)
    private = models.BooleanField(default=False)
    rated = models.BooleanField(default=True)
    rated_with_bots = models.BooleanField(default=False)
    invite_token = models.CharField(max_length=32, default=new_token, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=10, choices=STATUSES, default=OPEN)
    seed = models.BigIntegerField(default=new_seed)
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True)
    state_version = models.PositiveIntegerField(default=0)  # the version of `state`
    outcome = models.JSONField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    # Timed phases (games with phase_seconds): when the current phase began.
    phase_started_at = models.DateTimeField(null=True, blank=True)
    phase_key = models.CharField(max_length=200, blank=True, default="")
    # Milliseconds each interrupted phase had run, by key (see actions.set_deadline).
    paused_phases = models.JSONField(default=dict, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Bumped by whoever takes the table to write it (a process's table actor,
    # or a page's one-off change); every write of the table checks it, so a
    # process that lost the table can never write it (`live.store`).
    owner_epoch = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "private"])]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    @property
    def seed_hash(self) -> str:
        return seed_digest(self.seed)

    def visible_to(self, user_id: int | None, invited: bool) -> bool:
        """Who may look at the table (its page, its spectator socket, its
        replay): anyone when it is public; when private, whoever holds its
        invitation, made it or has a seat."""
        if not self.private or invited:
            return True
        return user_id is not None and (
            self.created_by_id == user_id or self.seats.filter(user_id=user_id).exists()
        )

    def record(self) -> Record:
        moves = [
            RecordMove(m.seat, dict(m.action)) for m in self.moves.order_by("index")
        ]
        return Record(self.game, self.players, self.seed, dict(self.options), moves)

    def clock_label(self) -> str:
        if self.clock == self.RELAXED:
            return str(_("a day per move"))
        return f"{self.clock_minutes}+{self.clock_increment}"


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )
    bot = models.CharField(max_length=20, blank=True, default="")
    standin = models.CharField(max_length=20, blank=True, default="")
    clock_ms = models.BigIntegerField(default=0)
    connected = models.BooleanField(default=False)
    last_seen = models.DateTimeField(null=True, blank=True)
    absent_since = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="one_seat_index")
        ]

    @property
    def is_empty(self) -> bool:
        return self.user_id is None and not self.bot

    @property
    def controller(self) -> str:
        """The bot playing this seat now ("" when its human plays)."""
        return self.bot or self.standin

    def display_name(self) -> str:
        if self.bot:
            return botnames.bot_label(self.bot, self.table_id, self.index)
        user = self.user  # a descriptor: read once
        if user is not None:
            return str(user.get_username())
        return str(_("empty seat"))

    def avatar(self) -> dict[str, Any]:
        """The badge drawn beside the name (`botnames.avatar`)."""
        return botnames.avatar(
            self.display_name(), self.table_id, self.index, bool(self.bot)
        )

    def standin_badge(self) -> str:
        if not self.standin:
            return ""
        return botnames.standin_badge(self.standin, self.table_id, self.index)

    def as_public(self, name: str | None = None) -> dict[str, Any]:
        """The seat as every viewer may see it; the names are in English
        here (`Snapshot.public_seats` names bots in each viewer's language).
        `name`: its `display_name`, when known already."""
        return {
            "seat": self.index,
            "name": self.display_name() if name is None else name,
            "bot": self.bot or None,
            "standin": self.standin or None,
            "connected": bool(self.bot) or self.connected,
            "clock_ms": self.clock_ms,
        }


class Move(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="moves")
    index = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True)
    action = models.JSONField()
    events = models.JSONField(default=list)
    by_bot = models.CharField(max_length=20, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="one_move_index")
        ]


class ChatMessage(models.Model):
    """A line of chat, or a platform notice (`notice` is an English msgid)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat")
    channel = models.CharField(max_length=30, default="table")
    seat = models.SmallIntegerField(null=True, blank=True)
    author = models.CharField(max_length=150, blank=True, default="")
    text = models.TextField(blank=True, default="")
    notice = models.CharField(max_length=200, blank=True, default="")
    params = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]


# A notice's place in the match log: the table's version when it was said,
# written into its params as it is saved (the log puts it back in order after
# a reload, when the chat history arrives after the events).
NOTICE_VERSION = "at_version"


@receiver(pre_save, sender=ChatMessage)
def _stamp_notice_version(sender: Any, instance: ChatMessage, **kwargs: Any) -> None:
    if not instance.notice or not instance._state.adding:
        return
    if NOTICE_VERSION not in instance.params:
        instance.params = {**instance.params, NOTICE_VERSION: instance.table.version}
