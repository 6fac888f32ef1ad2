from django.contrib import admin

from ludoteca.web.wiki.models import EditBlock, Page, Revision


@admin.register(Page)
class PageAdmin(admin.ModelAdmin):
    list_display = ("title", "language", "slug", "game", "locked")
    list_filter = ("language", "locked", "game")
    search_fields = ("title", "slug")


@admin.register(Revision)
class RevisionAdmin(admin.ModelAdmin):
    list_display = ("page", "author", "created_at", "summary", "hidden")
    list_filter = ("hidden", "page__language")
    search_fields = ("summary", "author__username", "page__title")
    readonly_fields = ("page", "author", "created_at", "source", "html", "parent")


@admin.register(EditBlock)
class EditBlockAdmin(admin.ModelAdmin):
    list_display = ("user", "reason", "created_at")
