"""The help wiki: rendering, safety, revisions, history, permissions."""

from __future__ import annotations

import re
from datetime import timedelta
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.utils import timezone, translation

from ludoteca.engine import registry
from ludoteca.web.wiki import services
from ludoteca.web.wiki.markup import auto_summary, sections
from ludoteca.web.wiki.models import Page, Revision
from ludoteca.web.wiki.render import ATTRIBUTES, TAGS, render
from ludoteca.web.wiki.seed import load_game_help_pages

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def editor(name: str = "ana", **extra) -> tuple[Client, User]:
    user = User.objects.create_user(name, password="pw-123-long", **extra)
    user.date_joined = timezone.now() - timedelta(days=2)
    user.save()
    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(user)
    return client, user


def new_page(source: str = "== Start ==\nHello.", title: str = "Tips") -> Page:
    return services.do_create_page(None, "en", title, source)


# -- rendering ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("== Goal ==", "<h2"),
        ("=== Setup ===", "<h3"),
        ("==== Detail ====", "<h4"),
        ("'''bold'''", "<strong>bold</strong>"),
        ("''italic''", "<em>italic</em>"),
        ("* one\n* two", "<ul>"),
        ("# first\n# second", "<ol>"),
        ("[https://example.org a site]", 'href="https://example.org"'),
        ("[[Agent Avenue]]", 'href="/wiki/en/agent-avenue/"'),
        ('{| class="wikitable"\n! a !! b\n|-\n| 1 || 2\n|}', "<table>"),
        ("<p>para</p>", "<p>para</p>"),
        ("<strong>s</strong> and <em>e</em>", "<strong>s</strong>"),
        ("<ul><li>x</li></ul>", "<li>x</li>"),
        ("<table><tr><td>cell</td></tr></table>", "cell</p>\n</td>"),
        ("<h3>Html heading</h3>", "<h3"),
    ],
)
def test_markup_constructs(source, expected):
    assert expected in render(source, "en")


def test_wiki_markup_and_html_mix_in_one_page():
    html = render(
        "== Rules ==\n<p>Some '''bold''' text</p>\n* item with <em>html</em>", "en"
    )
    assert "<h2" in html and "<strong>bold</strong>" in html and "<em>html</em>" in html


def test_links_get_a_safe_rel():
    assert 'rel="noopener noreferrer nofollow"' in render("[https://x.org x]")


XSS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)>",
    "<iframe src='https://evil.example'></iframe>",
    "<a href='javascript:alert(1)'>x</a>",
    "[javascript:alert(1) click]",
    "<a href=' javascript:alert(1)'>x</a>",
    "<a href='JaVaScRiPt:alert(1)'>x</a>",
    "<a href='data:text/html,<script>alert(1)</script>'>x</a>",
    "<a href='vbscript:msgbox(1)'>x</a>",
    "<p style='background:url(javascript:alert(1))'>x</p>",
    "<div style='width: expression(alert(1))'>x</div>",
    "<p onclick='alert(1)'>x</p>",
    "<p onmouseover=alert(1)>x</p>",
    "<body onload=alert(1)>",
    "<object data='x.swf'></object>",
    "<embed src='x.swf'>",
    "<form action='https://evil.example'><input name=a></form>",
    "<meta http-equiv='refresh' content='0;url=https://evil.example'>",
    "<link rel=stylesheet href='https://evil.example/x.css'>",
    "<style>body{display:none}</style>",
    "<base href='https://evil.example/'>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<table background='javascript:alert(1)'><tr><td>x</td></tr></table>",
    "<td onmouseover=alert(1)>x</td>",
    "<strong onclick=alert(1)>x</strong>",
    "<a href='https://ok.example' onclick='alert(1)'>x</a>",
    "<scr<script>ipt>alert(1)</scr</script>ipt>",
    "<<script>alert(1)//<</script>",
    '<img src="x" onerror="&#97;lert(1)">',
    "<a href='&#106;avascript:alert(1)'>x</a>",
    "<a href='java&#x09;script:alert(1)'>x</a>",
    "<details open ontoggle=alert(1)>",
    "<video><source onerror=alert(1)></video>",
    "<audio src=x onerror=alert(1)>",
    "<input autofocus onfocus=alert(1)>",
    "<marquee onstart=alert(1)>x</marquee>",
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '{| class="wikitable" onclick="alert(1)"\n| x\n|}',
    "'''<span onmouseover=alert(1)>x</span>'''",
]


class TagAudit(HTMLParser):
    """Every real tag and attribute in the output (escaped text is harmless)."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in TAGS:
            self.problems.append(f"tag <{tag}>")
        for name, value in attrs:
            if name not in ATTRIBUTES.get(tag, set()) | {"rel"}:
                self.problems.append(f"attribute {name} on <{tag}>")
            if name == "href" and not re.match(r"^(https?:|mailto:|/)", value or ""):
                self.problems.append(f"link {value!r}")


@pytest.mark.parametrize("payload", XSS)
def test_xss_payloads_are_neutralised(payload):
    html = render(payload, "en")
    audit = TagAudit()
    audit.feed(html)
    assert audit.problems == [], html
    assert "<script" not in html.lower()


def test_the_xss_suite_is_big_enough():
    assert len(XSS) >= 30


# -- revisions ------------------------------------------------------------------


def test_create_page_gives_an_automatic_summary_with_the_first_words():
    page = new_page("== Start ==\nHello players.")
    revision = page.current
    assert revision.summary.startswith("Created page with")
    assert "Start Hello players" in revision.summary


def test_auto_summary_names_the_edited_section():
    old = "intro\n== A ==\none\n== B ==\ntwo"
    assert auto_summary(old, old.replace("two", "three")) == "Edited section “B”"
    assert auto_summary(old, old + "\n== C ==\nnew") == "Added section “C”"
    assert auto_summary(old, "all new") == "Edited the page"
    assert [h for h, _ in sections(old)] == ["", "A", "B"]


def test_edit_with_preview_then_save():
    page = new_page()
    client, user = editor()
    url = f"/wiki/en/{page.slug}/edit/"
    preview = client.post(url, {"source": "== New ==\n'''Bold'''", "preview": "1"})
    assert preview.status_code == 200
    assert "<strong>Bold</strong>" in preview.content.decode()
    assert page.revisions.count() == 1  # a preview saves nothing
    saved = client.post(url, {"source": "== New ==\n'''Bold'''", "summary": "rewrite"})
    assert saved.status_code == 302
    page.refresh_from_db()
    assert page.current.author == user and page.current.summary == "rewrite"
    assert (
        "<strong>Bold</strong>" in client.get(f"/wiki/en/{page.slug}/").content.decode()
    )


def test_two_editors_at_once_the_second_is_told_and_loses_nothing():
    page = new_page("line one\nline two")
    ana, _ = editor("ana")
    bia, _ = editor("bia")
    url = f"/wiki/en/{page.slug}/edit/"
    form = ana.get(url).content.decode()
    base = re.search(r'name="base" value="(\d+)"', form)
    assert base is not None and int(base.group(1)) == page.current.pk
    bia.get(url)
    saved = ana.post(url, {"source": "line one\nline 2", "base": base.group(1)})
    assert saved.status_code == 302
    late = bia.post(
        url, {"source": "line one\nline two\nline three", "base": base.group(1)}
    )
    body = late.content.decode()
    assert late.status_code == 409
    assert "Someone saved this page while you were editing it" in body
    assert "line three</textarea>" in body  # bia's text is kept as it was
    assert 'class="removed"' in body and "line 2" in body  # ana's line it would undo
    assert 'class="added"' in body and "line three" in body
    page.refresh_from_db()
    assert page.current.source == "line one\nline 2" and page.revisions.count() == 2
    newer = re.search(r'name="base" value="(\d+)"', body)
    assert newer is not None and int(newer.group(1)) == page.current.pk
    again = bia.post(
        url, {"source": "line one\nline two\nline three", "base": newer.group(1)}
    )
    assert again.status_code == 302
    page.refresh_from_db()
    assert page.current.source == "line one\nline two\nline three"


def test_the_conflict_is_told_in_portuguese_too():
    page = new_page("a")
    client, user = editor("ana")
    client.cookies["django_language"] = "pt-br"
    first = page.current.pk
    services.do_save(user, page, "b")
    late = client.post(f"/wiki/en/{page.slug}/edit/", {"source": "c", "base": first})
    assert late.status_code == 409
    assert "Alguém salvou esta página enquanto você a editava" in late.content.decode()


def test_history_diff_and_revert():
    page = new_page("line one\nline two")
    client, user = editor()
    services.do_save(user, page, "line one\nline 2\nline three", "edit")
    first, second = page.revisions.order_by("created_at", "pk")
    history = client.get(f"/wiki/en/{page.slug}/history/").content.decode()
    assert "edit" in history and "ana" in history
    diff = client.get(f"/wiki/en/{page.slug}/diff/?old={first.pk}&new={second.pk}")
    body = diff.content.decode()
    assert 'class="removed"' in body and "line two" in body
    assert 'class="added"' in body and "line three" in body
    reverted = client.post(f"/wiki/en/{page.slug}/revert/{first.pk}/")
    assert reverted.status_code == 302
    page.refresh_from_db()
    assert page.current.source == "line one\nline two"
    assert page.revisions.count() == 3
    assert page.current.summary.startswith("Reverted to the version of")


def test_contributions_list_edits_newest_first_with_page_and_language():
    first = new_page(title="First")
    second = services.do_create_page(None, "pt-br", "Segunda", "texto")
    client, user = editor()
    services.do_save(user, first, "v2", "one")
    services.do_save(user, second, "v2", "two")
    page = client.get(f"/wiki/contributions/{user.pk}/").content.decode()
    body = page.split("<main", 1)[1]  # the site's menu has a "First steps" link
    assert body.index("Segunda") < body.index("First")
    assert "[pt-br]" in body and "[en]" in body


def test_search_finds_pages_by_title_and_text():
    new_page("The paradox costs points.", title="Paradox tips")
    client = Client()
    body = client.get("/wiki/search/?q=paradox&lang=en").content.decode()
    assert "Paradox tips" in body


def test_create_a_new_topic_page_through_the_form():
    client, _ = editor()
    response = client.post(
        "/wiki/en/new/", {"title": "Strategy for Piles", "source": "* be quick"}
    )
    assert response.status_code == 302
    assert Page.objects.get(slug="strategy-for-piles").current.source == "* be quick"


# -- permissions --------------------------------------------------------------


def test_anonymous_cannot_edit():
    page = new_page()
    response = Client().post(f"/wiki/en/{page.slug}/edit/", {"source": "vandal"})
    assert response.status_code == 403
    assert page.revisions.count() == 1


def test_locked_pages_only_for_staff():
    page = new_page()
    services.do_set_locked(page, True)
    client, _ = editor()
    response = client.post(f"/wiki/en/{page.slug}/edit/", {"source": "changed"})
    assert response.status_code == 403 and "locked" in response.content.decode()
    staff, _ = editor("mod", is_staff=True)
    assert (
        staff.post(f"/wiki/en/{page.slug}/edit/", {"source": "ok"}).status_code == 302
    )


def test_blocked_users_cannot_edit_and_staff_can_block_from_the_page():
    page = new_page()
    _, target = editor("troll")
    staff, _ = editor("mod", is_staff=True)
    staff.post(f"/wiki/contributions/{target.pk}/block/", {"reason": "spam"})
    troll = Client()
    troll.force_login(target)
    response = troll.post(f"/wiki/en/{page.slug}/edit/", {"source": "spam"})
    assert response.status_code == 403
    assert page.revisions.count() == 1


def test_hidden_revision_is_not_shown_to_readers():
    page = new_page("fine text")
    _, user = editor()
    bad = services.do_save(user, page, "rude text", "")
    staff, _ = editor("mod", is_staff=True)
    staff.post(f"/wiki/revision/{bad.pk}/hide/")
    page.refresh_from_db()
    assert page.current.source == "fine text"
    reader = Client()
    assert "rude" not in reader.get(f"/wiki/en/{page.slug}/").content.decode()
    assert reader.get(f"/wiki/en/{page.slug}/?oldid={bad.pk}").status_code == 404


@override_settings(LUDOTECA_WIKI_NEW_ACCOUNT_WAIT=600)
def test_new_accounts_wait_before_editing():
    page = new_page()
    user = User.objects.create_user("newbie", password="pw-123-long")
    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(user)
    response = client.post(f"/wiki/en/{page.slug}/edit/", {"source": "hi"})
    assert response.status_code == 403 and "New accounts" in response.content.decode()


@override_settings(LUDOTECA_WIKI_RATE=(2, 60.0))
def test_edits_are_rate_limited():
    page = new_page()
    client, _ = editor()
    codes = [
        client.post(f"/wiki/en/{page.slug}/edit/", {"source": f"v{i}"}).status_code
        for i in range(3)
    ]
    assert codes == [302, 302, 403]


def test_refusals_are_translated():
    page = new_page()
    client = Client()
    client.cookies["django_language"] = "pt-br"
    response = client.post(f"/wiki/en/{page.slug}/edit/", {"source": "x"})
    assert "Entre para editar" in response.content.decode()


# -- the games' help pages ------------------------------------------------------


def test_every_installed_game_has_help_pages_in_both_languages():
    load_game_help_pages()
    games = [
        g.info.id
        for g in registry.all()
        if g.__class__.__module__.startswith("ludoteca.games.")
    ]
    assert games
    for game in games:
        for language in ("pt-br", "en"):
            page = Page.objects.get(language=language, slug=game)
            assert page.current is not None and page.current.html
            assert page.game == game


def test_the_table_help_link_shows_the_wiki_page():
    load_game_help_pages()
    game = next(
        g.info.id
        for g in registry.all()
        if g.__class__.__module__.startswith("ludoteca.games.")
    )
    client = Client()
    client.cookies["django_language"] = "en"
    body = client.get(f"/help/{game}/").content.decode()
    assert f"/wiki/en/{game}/edit/" in body
    assert Revision.objects.filter(page__slug=game).exists()


def test_reading_a_page_links_the_other_language():
    load_game_help_pages()
    game = next(
        g.info.id
        for g in registry.all()
        if g.__class__.__module__.startswith("ludoteca.games.")
    )
    body = Client().get(f"/wiki/en/{game}/").content.decode()
    assert f"/wiki/pt-br/{game}/" in body


def test_the_seeded_revision_summary_is_shown_in_the_readers_language():
    load_game_help_pages()
    client = Client()
    client.cookies["django_language"] = "pt-br"
    body = client.get("/wiki/pt-br/piles/history/").content.decode()
    assert "Texto de ajuda da Ludoteca para este jogo" in body
    assert "help text for this game" not in body
    client.cookies["django_language"] = "en"
    body = client.get("/wiki/pt-br/piles/history/").content.decode()
    assert "Ludoteca&#x27;s help text for this game" in body


def test_a_revision_compared_with_itself_says_the_versions_are_the_same():
    page = new_page("only\nlines")
    client, _ = editor()
    rev = page.current.pk
    body = client.get(f"/wiki/en/{page.slug}/diff/?old={rev}&new={rev}").content
    assert "The two versions are the same." in body.decode()
    assert 'class="same"' not in body.decode()
