"""The wiki's limits against an editor who tries to wear the server out
(issue 20, item 9): page size, pandoc's time, previews per minute and the
memory of rendered pages. Each test failed before its fix."""

from __future__ import annotations

import pytest
from django.test import override_settings

from ludoteca.web.settings import base
from ludoteca.web.wiki import render as rendering
from ludoteca.web.wiki import services
from ludoteca.web.wiki.models import Revision
from tests.web.test_wiki import editor, new_page

pytestmark = pytest.mark.django_db


def nested_list(size: int) -> str:
    """The markup that cost pandoc a minute: each item one level deeper."""
    lines, depth = [], 0
    while sum(map(len, lines)) < size:
        depth += 1
        lines.append("*" * min(depth, 200) + " item\n")
    return "".join(lines)


def never_formatted(source: str, limited: bool = True) -> str:
    raise AssertionError("pandoc ran on a page that was to be refused first")


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "This page is too long"), ("pt-br", "Esta página é longa demais")],
)
def test_a_page_over_the_size_limit_is_refused_before_pandoc_runs(
    monkeypatch, language, words
):
    page = new_page()
    client, _ = editor()
    client.cookies["django_language"] = language
    monkeypatch.setattr(rendering, "_pandoc", never_formatted)
    big = "== Big ==\n" + "word " * (services.MAX_SOURCE // 5 + 1)
    for button in ("save", "preview"):
        response = client.post(
            f"/wiki/en/{page.slug}/edit/", {"source": big, button: "1"}
        )
        assert response.status_code in (403, 429)
        text = response.content.decode()
        assert words in text
        assert big[:200] in text  # the editor keeps their text
    assert page.revisions.count() == 1


@override_settings(LUDOTECA_WIKI_RENDER_SECONDS=1)
def test_pandoc_runs_with_a_time_limit_and_the_save_is_refused_cleanly():
    """The nested list took pandoc over 7 CPU seconds here; one is allowed."""
    page = new_page()
    client, person = editor()
    source = nested_list(services.MAX_SOURCE - 1000)
    assert len(source) <= services.MAX_SOURCE
    response = client.post(f"/wiki/en/{page.slug}/edit/", {"source": source})
    assert response.status_code == 403
    assert "takes too long to format" in response.content.decode()
    assert page.revisions.count() == 1
    preview = client.post(
        f"/wiki/en/{page.slug}/edit/", {"source": source, "preview": "1"}
    )
    assert "takes too long to format" in preview.content.decode()
    with pytest.raises(services.WikiRefusal):
        services.do_create_page(person, "en", "Nested", source)
    assert not Revision.objects.filter(page__slug="nested").exists()


@override_settings(LUDOTECA_PREVIEW_RATE=base.LUDOTECA_PREVIEW_RATE)
def test_previews_are_rate_limited_per_person():
    page = new_page()
    client, _ = editor()
    client.cookies["django_language"] = "pt-br"
    most = base.LUDOTECA_PREVIEW_RATE[0]
    for n in range(most):
        shown = client.post(
            f"/wiki/en/{page.slug}/edit/", {"source": f"Try {n}", "preview": "1"}
        )
        assert shown.status_code == 200 and f"Try {n}" in shown.content.decode()
    refused = client.post(
        f"/wiki/en/{page.slug}/edit/", {"source": "Once more", "preview": "1"}
    )
    assert refused.status_code == 429
    assert "Você está pedindo prévias rápido demais" in refused.content.decode()


@override_settings(LUDOTECA_PREVIEW_RATE=(2, 60.0))
def test_saves_refused_as_too_slow_count_with_the_previews(monkeypatch):
    page = new_page()
    client, _ = editor()
    formatted: list[str] = []

    def too_slow(source: str, limited: bool = True) -> str:
        formatted.append(source)
        raise rendering.RenderTooSlow

    monkeypatch.setattr(rendering, "_pandoc", too_slow)
    for n in range(3):
        answer = client.post(f"/wiki/en/{page.slug}/edit/", {"source": f"Heavy {n}"})
        assert answer.status_code == 403
    assert "You are editing too fast" in answer.content.decode()
    assert formatted == ["Heavy 0", "Heavy 1"]  # the third never reached pandoc


def test_the_memory_of_rendered_pages_is_bounded_in_characters(monkeypatch):
    monkeypatch.setattr(
        rendering, "_pandoc", lambda text, limited=True: f"<p>{text}</p>"
    )
    monkeypatch.setattr(rendering, "_cache", type(rendering._cache)())
    monkeypatch.setattr(rendering, "_cached_chars", 0)
    for n in range(40):  # 40 different pages near the size limit
        rendering.render(f"{n} " + "x" * (services.MAX_SOURCE - 10), "en")
    assert 0 < rendering.cached_chars() <= rendering.CACHE_CHARS
    held = sum(len(s) + len(h) for (s, _), h in rendering._cache.items())
    assert held == rendering.cached_chars()
    # A page already rendered comes from memory.
    latest = "39 " + "x" * (services.MAX_SOURCE - 10)
    monkeypatch.setattr(rendering, "_pandoc", never_formatted)
    assert rendering.render(latest, "en").startswith("<p>39 ")
