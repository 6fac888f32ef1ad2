"""Every change to the wiki goes through here: check_* refuses, do_* writes."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from ludoteca.web.accounts import throttle
from ludoteca.web.wiki.markup import auto_summary
from ludoteca.web.wiki.models import EditBlock, Page, Revision
from ludoteca.web.wiki.render import RenderTooSlow, render

# The longest help page is about 15,000 characters; pandoc takes seconds from
# about 60,000 (and much longer on nested lists, see render.time_limit).
MAX_SOURCE = 40_000


class WikiRefusal(Exception):
    """A refused edit; the message is already in the editor's language."""


class EditConflict(WikiRefusal):
    """The page changed since the editor opened it: saving would throw the
    other person's change away without anyone seeing it."""

    def __init__(self, current: Revision) -> None:
        super().__init__(
            _(
                "Someone saved this page while you were editing it. Your text "
                "is kept below, with what it would change in the page as it is "
                "now; save again to keep your version."
            )
        )
        self.current = current


def edit_rate() -> tuple[int, float]:
    return getattr(settings, "LUDOTECA_WIKI_RATE", (6, 60.0))


def new_account_wait() -> float:
    return float(getattr(settings, "LUDOTECA_WIKI_NEW_ACCOUNT_WAIT", 600))


def check_may_edit(user: AbstractBaseUser | AnonymousUser, page: Page | None) -> None:
    if not user.is_authenticated:
        raise WikiRefusal(_("Log in to edit the help pages."))
    if EditBlock.objects.filter(user=user).exists():
        raise WikiRefusal(_("A moderator has blocked you from editing."))
    if page is not None and page.locked and not user.is_staff:
        raise WikiRefusal(_("This page is locked: only moderators can edit it."))
    joined = getattr(user, "date_joined", None)
    wait = new_account_wait()
    if (
        joined
        and not user.is_staff
        and timezone.now() - joined < timedelta(seconds=wait)
    ):
        minutes = max(1, round(wait / 60))
        raise WikiRefusal(
            _("New accounts can edit after %(minutes)d minutes. Thank you for waiting.")
            % {"minutes": minutes}
        )
    count, seconds = edit_rate()
    since = timezone.now() - timedelta(seconds=seconds)
    if Revision.objects.filter(author=user, created_at__gte=since).count() >= count:
        raise WikiRefusal(_("You are editing too fast. Please wait a minute."))


def check_source(source: str) -> str:
    source = source.replace("\r\n", "\n")
    if not source.strip():
        raise WikiRefusal(_("A page cannot be empty."))
    if len(source) > MAX_SOURCE:
        raise WikiRefusal(
            _("This page is too long: a page holds at most %(most)d characters.")
            % {"most": MAX_SOURCE}
        )
    return source


def check_rendered(source: str, language: str, limited: bool = True) -> str:
    """The page's HTML, or a refusal when pandoc runs out of time on it
    (`limited=False`: the games' own pages, see `render`)."""
    try:
        return render(source, language, limited)
    except RenderTooSlow:
        raise WikiRefusal(
            _(
                "This text takes too long to format (very deeply nested lists?). "
                "Simplify it and try again."
            )
        ) from None


def check_render_rate(user: AbstractBaseUser | None) -> None:
    """A save formats the page as a preview does, and counts with the previews:
    a refused save (too slow to format) is not a revision, so the edit rate
    alone would let the same text be sent again and again."""
    if user is None:
        return
    limit = throttle.rate("LUDOTECA_PREVIEW_RATE")
    if not throttle.allow("render", [f"user:{user.pk}"], limit):
        raise WikiRefusal(_("You are editing too fast. Please wait a minute."))


def do_preview(keys: list[str], source: str, language: str) -> str:
    """A preview's HTML: as long as a page may be, and a few a minute for each
    of `keys` (the editor and their address, see accounts.throttle)."""
    source = check_source(source)
    if not throttle.allow("render", keys, throttle.rate("LUDOTECA_PREVIEW_RATE")):
        raise WikiRefusal(_("You are previewing too fast. Please wait a minute."))
    return check_rendered(source, language)


def do_save(
    user: AbstractBaseUser | None,
    page: Page,
    source: str,
    summary: str = "",
    base: int | None = None,
) -> Revision | None:
    """A new revision; None when nothing changed. `base` is the revision the
    editor started from: when the page has moved on since, `EditConflict`.
    The page is formatted before its row is locked (it may take seconds)."""
    source = check_source(source)
    check_render_rate(user)
    html = check_rendered(source, page.language, limited=user is not None)
    with transaction.atomic():
        return _save_locked(user, page, source, html, summary, base)


def _save_locked(
    user: AbstractBaseUser | None,
    page: Page,
    source: str,
    html: str,
    summary: str,
    base: int | None,
) -> Revision | None:
    page = Page.objects.select_for_update().get(pk=page.pk)
    current = page.current
    if (
        base is not None
        and current is not None
        and current.pk != base
        and current.source != source
    ):
        raise EditConflict(current)
    old = page.current.source if page.current else None
    if old == source:
        return None
    revision = Revision.objects.create(
        page=page,
        author=user,
        summary=(summary.strip() or auto_summary(old, source))[:300],
        source=source,
        html=html,
        parent=page.current,
    )
    page.current = revision
    page.save(update_fields=["current"])
    return revision


@transaction.atomic
def do_create_page(
    user: AbstractBaseUser | None,
    language: str,
    title: str,
    source: str,
    summary: str = "",
    slug: str = "",
    game: str = "",
) -> Page:
    slug = slug or slugify(title)
    if not slug:
        raise WikiRefusal(_("Give the page a title."))
    # Refused before anything is made (the site's own pages, user None, are
    # formatted without a limit).
    check_rendered(check_source(source), language, limited=user is not None)
    if Page.objects.filter(language=language, slug=slug).exists():
        raise WikiRefusal(_("A page with this title already exists."))
    page = Page.objects.create(
        language=language, slug=slug, title=title.strip(), game=game
    )
    do_save(user, page, source, summary)
    page.refresh_from_db()
    return page


def do_revert(
    user: AbstractBaseUser, page: Page, revision: Revision
) -> Revision | None:
    summary = _("Reverted to the version of %(when)s") % {
        "when": timezone.localtime(revision.created_at).strftime("%Y-%m-%d %H:%M")
    }
    return do_save(user, page, revision.source, summary)


def do_set_hidden(revision: Revision, hidden: bool) -> None:
    revision.hidden = hidden
    revision.save(update_fields=["hidden"])
    page = revision.page
    if hidden and page.current_id == revision.pk:
        # The page shows the newest revision that is still visible.
        visible = page.revisions.filter(hidden=False).first()
        page.current = visible
        page.save(update_fields=["current"])
    elif not hidden:
        newest = page.revisions.filter(hidden=False).first()
        page.current = newest
        page.save(update_fields=["current"])


def do_set_locked(page: Page, locked: bool) -> None:
    page.locked = locked
    page.save(update_fields=["locked"])


def do_block(user: AbstractBaseUser, reason: str = "") -> None:
    EditBlock.objects.update_or_create(user=user, defaults={"reason": reason})


def do_unblock(user: AbstractBaseUser) -> None:
    EditBlock.objects.filter(user=user).delete()
