from django.contrib import admin

from ludoteca.web.community.models import Notification, OutboxEmail, Rematch


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
