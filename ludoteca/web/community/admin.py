from datetime import timedelta
from typing import Any

from django.contrib import admin
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ludoteca.web.community.models import (
    ChatBan,
    Notification,
    OutboxEmail,
    Rematch,
    Report,
)


@admin.register(OutboxEmail)
class OutboxEmailAdmin(admin.ModelAdmin):
    list_display = ("created_at", "to", "subject", "status", "attempts", "sent_at")
    list_filter = ("status",)
    search_fields = ("to", "subject", "key")
    readonly_fields = ("key", "user", "to", "subject", "body", "headers", "sent_at")


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("created_at", "user", "kind", "table", "read_at", "mail_state")
    list_filter = ("kind", "mail_state")
    search_fields = ("user__username",)
    raw_id_fields = ("user", "table")


@admin.register(Rematch)
class RematchAdmin(admin.ModelAdmin):
    list_display = ("created_at", "source", "table", "created_by", "status")
    raw_id_fields = ("source", "table", "created_by")


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    """The moderators' queue: what was reported, with its context."""

    list_display = ("created_at", "reported", "reporter", "table", "reason", "handled")
    list_filter = ("handled",)
    search_fields = ("reported__username", "reason")
    readonly_fields = ("reporter", "reported", "table", "line", "context", "created_at")
    actions = ["mute_a_day", "mark_handled"]

    @admin.action(description=_("Mute the reported players' table chat for 24 hours"))
    def mute_a_day(self, request: Any, queryset: Any) -> None:
        until = timezone.now() + timedelta(hours=24)
        for report in queryset.exclude(reported=None):
            ChatBan.objects.create(
                user=report.reported,
                until=until,
                by=request.user,
                reason=report.reason[:300],
            )
        queryset.update(handled=True)

    @admin.action(description=_("Mark as handled"))
    def mark_handled(self, request: Any, queryset: Any) -> None:
        queryset.update(handled=True)


@admin.register(ChatBan)
class ChatBanAdmin(admin.ModelAdmin):
    """A moderator's mute of someone's table chat, until a time."""

    list_display = ("user", "until", "reason", "by", "created_at")
    raw_id_fields = ("user", "by")
    search_fields = ("user__username",)
