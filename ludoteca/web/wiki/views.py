"""Wiki pages: read, edit with preview, history, differences, contributions."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth import get_user_model
from django.core.exceptions import BadRequest
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ludoteca.web.accounts import throttle
from ludoteca.web.wiki import services
from ludoteca.web.wiki.diff import diff_lines
from ludoteca.web.wiki.markup import first_words
from ludoteca.web.wiki.models import LANGUAGES, EditBlock, Page, Revision

LANGS = dict(LANGUAGES)


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise Http404("unknown language")
    return lang


def _page(lang: str, slug: str) -> Page:
    return get_object_or_404(Page, language=_lang(lang), slug=slug)


def current_language() -> str:
    return "en" if (get_language() or "").startswith("en") else "pt-br"


def index(request: HttpRequest, lang: str = "") -> HttpResponse:
    lang = _lang(lang or current_language())
    pages = Page.objects.filter(language=lang).order_by("game", "title")
    return render(request, "wiki/index.html", {"lang": lang, "pages": pages})


def page(request: HttpRequest, lang: str, slug: str) -> HttpResponse:
    lang = _lang(lang)
    found = (
        Page.objects.filter(language=lang, slug=slug).select_related("current").first()
    )
    if found is None:
        return render(
            request, "wiki/missing.html", {"lang": lang, "slug": slug}, status=404
        )
    revision = found.current
    oldid = request.GET.get("oldid")
    if oldid:
        number = _int_or_none(oldid)
        if number is None:
            raise BadRequest("oldid is a revision number")
        revision = get_object_or_404(Revision, pk=number, page=found)
        if revision.hidden and not request.user.is_staff:
            raise Http404("hidden revision")
    other = Page.objects.filter(language=found.other_language(), slug=slug).first()
    return render(
        request,
        "wiki/page.html",
        {
            "page": found,
            "lang": found.language,
            "revision": revision,
            "html": mark_safe(revision.html if revision else ""),  # sanitized on save
            "old": bool(oldid),
            "other": other,
        },
    )


def edit(request: HttpRequest, lang: str, slug: str) -> HttpResponse:
    found = _page(lang, slug)
    source = found.current.source if found.current else ""
    base = found.current.pk if found.current else None
    summary = ""
    preview = ""
    refusal = ""
    conflict: list[Any] = []
    status = 200
    try:
        services.check_may_edit(request.user, found)
    except services.WikiRefusal as exc:
        refusal = str(exc)
        status = 403 if request.method == "POST" else 200
    if request.method == "POST" and not refusal:
        source = request.POST.get("source", "")
        summary = request.POST.get("summary", "")
        base = _int_or_none(request.POST.get("base")) or base
        if "preview" in request.POST:
            try:
                preview = services.do_preview(
                    throttle.request_keys(request), source, found.language
                )
            except services.WikiRefusal as exc:
                refusal = str(exc)
                status = 429
        else:
            try:
                services.do_save(request.user, found, source, summary, base=base)
            except services.EditConflict as exc:
                # Nothing is lost: the editor keeps their text, sees what it
                # would change now, and saving again builds on the new version.
                refusal = str(exc)
                base = exc.current.pk
                conflict = diff_lines(exc.current.source, source.replace("\r\n", "\n"))
                status = 409
            except services.WikiRefusal as exc:
                refusal = str(exc)
                status = 403
            else:
                messages.success(request, _("Your edit was saved."))
                return redirect("wiki_page", found.language, found.slug)
    return render(
        request,
        "wiki/edit.html",
        {
            "page": found,
            "source": source,
            "summary": summary,
            "preview": mark_safe(preview),
            "refusal": refusal,
            "base": base,
            "conflict": conflict,
        },
        status=status,
    )


def _int_or_none(text: str | None) -> int | None:
    """A row number from a query or form; digits only, and few enough for the
    database's integers (a longer one overflowed into a 500)."""
    if not text or not text.isascii() or not text.isdigit() or len(text) > 18:
        return None
    return int(text)


def create(request: HttpRequest, lang: str) -> HttpResponse:
    lang = _lang(lang)
    title = request.GET.get("title", "")
    source = ""
    refusal = ""
    preview = ""
    try:
        services.check_may_edit(request.user, None)
    except services.WikiRefusal as exc:
        refusal = str(exc)
    if request.method == "POST" and not refusal:
        title = request.POST.get("title", "").strip()
        source = request.POST.get("source", "")
        if "preview" in request.POST:
            try:
                preview = services.do_preview(
                    throttle.request_keys(request), source, lang
                )
            except services.WikiRefusal as exc:
                refusal = str(exc)
        else:
            try:
                created = services.do_create_page(
                    request.user, lang, title, source, request.POST.get("summary", "")
                )
            except services.WikiRefusal as exc:
                refusal = str(exc)
            else:
                return redirect("wiki_page", lang, created.slug)
    return render(
        request,
        "wiki/create.html",
        {
            "lang": lang,
            "title": title,
            "source": source,
            "refusal": refusal,
            "preview": mark_safe(preview),
        },
        status=403 if refusal and request.method == "POST" else 200,
    )


def history(request: HttpRequest, lang: str, slug: str) -> HttpResponse:
    found = _page(lang, slug)
    revisions = found.revisions.select_related("author")
    paged = Paginator(revisions, 50).get_page(request.GET.get("page"))
    return render(request, "wiki/history.html", {"page": found, "revisions": paged})


def diff(request: HttpRequest, lang: str, slug: str) -> HttpResponse:
    found = _page(lang, slug)
    try:
        old = found.revisions.get(pk=_int_or_none(request.GET.get("old")))
        new = found.revisions.get(pk=_int_or_none(request.GET.get("new")))
    except Revision.DoesNotExist:
        raise Http404("choose two revisions of this page") from None
    if (old.hidden or new.hidden) and not request.user.is_staff:
        raise Http404("hidden revision")
    if old.created_at > new.created_at:
        old, new = new, old
    return render(
        request,
        "wiki/diff.html",
        {
            "page": found,
            "old": old,
            "new": new,
            "lines": diff_lines(old.source, new.source),
        },
    )


@require_POST
def revert(request: HttpRequest, lang: str, slug: str, rev: int) -> HttpResponse:
    found = _page(lang, slug)
    revision = get_object_or_404(Revision, pk=rev, page=found, hidden=False)
    try:
        services.check_may_edit(request.user, found)
        services.do_revert(request.user, found, revision)  # type: ignore[arg-type]
    except services.WikiRefusal as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("The page was reverted."))
    return redirect("wiki_history", found.language, found.slug)


def contributions(request: HttpRequest, pk: int) -> HttpResponse:
    author = get_object_or_404(get_user_model(), pk=pk)
    revisions = Revision.objects.filter(author=author).select_related("page")
    if not request.user.is_staff:
        revisions = revisions.filter(hidden=False)
    paged = Paginator(revisions, 50).get_page(request.GET.get("page"))
    blocked = EditBlock.objects.filter(user=author).exists()
    return render(
        request,
        "wiki/contributions.html",
        {"author": author, "revisions": paged, "blocked": blocked},
    )


def search(request: HttpRequest) -> HttpResponse:
    query = " ".join(request.GET.get("q", "").split())[:100]
    lang = request.GET.get("lang") or current_language()
    results: list[tuple[Page, str]] = []
    if query:
        found = (
            Page.objects.filter(language=_lang(lang))
            .filter(Q(title__icontains=query) | Q(current__source__icontains=query))
            .select_related("current")[:50]
        )
        for hit in found:
            source = hit.current.source if hit.current else ""
            at = source.lower().find(query.lower())
            snippet = first_words(
                source[max(0, at - 60) : at + 140] if at >= 0 else source
            )
            results.append((hit, snippet))
    return render(
        request, "wiki/search.html", {"query": query, "lang": lang, "results": results}
    )


@staff_member_required
@require_POST
def lock(request: HttpRequest, lang: str, slug: str) -> HttpResponse:
    found = _page(lang, slug)
    services.do_set_locked(found, not found.locked)
    return redirect("wiki_page", found.language, found.slug)


@staff_member_required
@require_POST
def hide(request: HttpRequest, rev: int) -> HttpResponse:
    revision = get_object_or_404(Revision, pk=rev)
    services.do_set_hidden(revision, not revision.hidden)
    return redirect("wiki_history", revision.page.language, revision.page.slug)


@staff_member_required
@require_POST
def block(request: HttpRequest, pk: int) -> HttpResponse:
    author = get_object_or_404(get_user_model(), pk=pk)
    if EditBlock.objects.filter(user=author).exists():
        services.do_unblock(author)
    else:
        services.do_block(author, request.POST.get("reason", ""))
    return redirect("wiki_contributions", author.pk)
