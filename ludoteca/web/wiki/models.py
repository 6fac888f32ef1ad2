"""Help pages with revisions, like the wiki the project's source pages come from."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

LANGUAGES = (("pt-br", "Português"), ("en", "English"))


class Page(models.Model):
    """One page in one language; ``game`` links a game's help page."""

    language = models.CharField(max_length=8, choices=LANGUAGES)
    slug = models.SlugField(max_length=120)
    title = models.CharField(max_length=200)
    game = models.CharField(max_length=40, blank=True, db_index=True)
    locked = models.BooleanField(default=False, help_text=_("Only staff may edit."))
    created_at = models.DateTimeField(auto_now_add=True)
    current = models.ForeignKey(
        "Revision", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["language", "slug"], name="page_lang_slug")
        ]
        ordering = ["language", "title"]

    def __str__(self) -> str:
        return f"{self.title} ({self.language})"

    def other_language(self) -> str:
        return "en" if self.language == "pt-br" else "pt-br"


class Revision(models.Model):
    page = models.ForeignKey(Page, on_delete=models.CASCADE, related_name="revisions")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="wiki_revisions",
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    summary = models.CharField(max_length=300, blank=True)
    source = models.TextField()
    html = models.TextField()  # rendered and sanitized once, when saved
    hidden = models.BooleanField(default=False, help_text=_("Hidden by a moderator."))
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["author", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.page} @ {self.created_at:%Y-%m-%d %H:%M}"

    @property
    def size(self) -> int:
        return len(self.source.encode())

    @property
    def shown_summary(self) -> str:
        """The summary as readers see it: the first revision of a game's help
        page, written by Ludoteca itself, in the reader's language."""
        from ludoteca.web.wiki.seed import SEED_SUMMARY

        if self.summary == SEED_SUMMARY:
            return gettext(SEED_SUMMARY)
        return self.summary


class EditBlock(models.Model):
    """A user a moderator has stopped from editing."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="wiki_block"
    )
    reason = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.user} blocked"
