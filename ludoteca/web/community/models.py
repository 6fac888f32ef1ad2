"""What the community app keeps: notifications, each person's choices, the
outbox of emails waiting to be sent, and rematch offers."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class Notification(models.Model):
    """Something a person should know about, shown in the site's list; the
    email it may cause is planned later, off the request and socket path
    (`outbox.plan`), following `mail_state`."""

    YOUR_TURN, INVITATION, FINISHED, FRIEND_REQUEST = (
        "your_turn",
        "invitation",
        "finished",
        "friend_request",
    )
    # A tournament's table is ready for the person (params: tournament, name, round).
    TOURNAMENT = "tournament"
    KINDS = [YOUR_TURN, INVITATION, FINISHED, FRIEND_REQUEST, TOURNAMENT]
    # mail_state: NEW waits for the planner; DIGEST waits for the daily
    # digest; DONE means an email was queued or none was wanted.
    NEW, DIGEST, DONE = "new", "digest", "done"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    kind = models.CharField(max_length=20)
    table = models.ForeignKey(
        "play.Table", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    params = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    read_at = models.DateTimeField(null=True, blank=True)
    mail_state = models.CharField(max_length=10, default=NEW)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["user", "read_at"]),
            models.Index(fields=["mail_state", "id"]),
        ]


class Preferences(models.Model):
    """A person's choices: the language of the site and of their emails, and
    which emails they want."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="preferences",
    )
    language = models.CharField(max_length=10, blank=True, default="")
    email_your_turn = models.BooleanField(default=True)
    email_invitation = models.BooleanField(default=True)
    email_finished = models.BooleanField(default=False)
    email_friend_request = models.BooleanField(default=True)
    # Relaxed tables: one email a day listing the tables waiting on them,
    # instead of one per turn.
    daily_digest = models.BooleanField(default=False)
    digest_sent_at = models.DateTimeField(null=True, blank=True)
    # When a page of theirs last asked for the notification count (every
    # 20 s while one is open, stored once a minute): "online" for friends.
    seen_at = models.DateTimeField(null=True, blank=True)

    def wants(self, kind: str) -> bool:
        return bool(getattr(self, f"email_{kind}", False))


class OutboxEmail(models.Model):
    """One email to send. Rows are claimed with a lease (`claim_token`,
    `claimed_until`) by one drainer at a time, retried with backoff, and kept
    once sent or given up (the admin shows why)."""

    PENDING, SENT, FAILED = "pending", "sent", "failed"

    key = models.CharField(max_length=120, unique=True)  # no email queued twice
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    table_id_hint = models.BigIntegerField(null=True, blank=True, db_index=True)
    to = models.EmailField()
    subject = models.CharField(max_length=200)
    body = models.TextField()
    headers = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, default=PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    claim_token = models.CharField(max_length=40, blank=True, default="")
    claimed_until = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "next_attempt_at"])]


class Rematch(models.Model):
    """An offer to play again: same game, players and options, seats turned
    by one. `table` is the new table (open until everyone accepted)."""

    OPEN, STARTED, DECLINED = "open", "started", "declined"

    source = models.OneToOneField(
        "play.Table", on_delete=models.CASCADE, related_name="rematch"
    )
    table = models.OneToOneField(
        "play.Table", on_delete=models.CASCADE, related_name="rematch_of"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    status = models.CharField(max_length=10, default=OPEN)
    created_at = models.DateTimeField(default=timezone.now)


class RematchAnswer(models.Model):
    """A person's answer to a rematch: None while they have not answered."""

    rematch = models.ForeignKey(
        Rematch, on_delete=models.CASCADE, related_name="answers"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    seat = models.PositiveSmallIntegerField()  # at the new table
    accepted = models.BooleanField(null=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["rematch", "user"], name="one_answer")
        ]


class Friendship(models.Model):
    """A friend request from one person to another; friends once accepted."""

    from_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["from_user", "to_user"], name="one_request")
        ]


class Mute(models.Model):
    """A person muted for another (their chat hidden, their invitations and
    friend requests refused)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    muted = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "muted"], name="one_mute")
        ]


class ChatBan(models.Model):
    """A moderator's mute of a person in every table chat, until `until`."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    until = models.DateTimeField()
    reason = models.CharField(max_length=300, blank=True, default="")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["user", "until"])]


class Report(models.Model):
    """A report of a player or of a chat line, for the moderators' queue (the
    admin), with the context as it was when reported."""

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    table = models.ForeignKey(
        "play.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    line = models.ForeignKey(
        "play.ChatMessage",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    reason = models.TextField()
    context = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    handled = models.BooleanField(default=False)

    class Meta:
        ordering = ["handled", "-created_at"]


class QueueEntry(models.Model):
    """A person waiting for a quick match of a game at a player count; the
    queue is in the database, so every server process pairs from it."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    game = models.CharField(max_length=40)
    players = models.PositiveSmallIntegerField()
    rating = models.FloatField(default=0.0)  # the ordinal when they joined
    created_at = models.DateTimeField(default=timezone.now)
    # The waiting page asks every few seconds; someone who closed it is not
    # paired (`quickmatch.STALE`).
    polled_at = models.DateTimeField(default=timezone.now)
    table = models.ForeignKey(
        "play.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        indexes = [models.Index(fields=["game", "players", "table"])]
