"""Wiki markup (and a safe subset of HTML) to sanitized HTML.

pandoc reads the MediaWiki markup, raw HTML included, in sandbox mode; then
nh3 keeps an allow-list of tags and attributes, because pandoc alone lets
event handlers, ``style`` and ``javascript:`` links through. Rendering costs
milliseconds to a tenth of a second, so it happens once per saved revision;
the last sources rendered are remembered, because the games' help pages are
rendered again from the same text whenever a database is seeded (every new
database, and after every flush of the test database).
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from urllib.parse import quote

import nh3
from django.utils.text import slugify

TAGS = {
    "h2", "h3", "h4", "h5", "p", "ul", "ol", "li", "strong", "em", "b", "i",
    "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td",
    "a", "code", "pre", "br", "hr", "blockquote", "dl", "dt", "dd", "sup", "sub",
}  # fmt: skip
ATTRIBUTES = {
    "a": {"href", "title"},
    "td": {"colspan", "rowspan"},
    "th": {"colspan", "rowspan", "scope"},
}
# pandoc writes [[Target]] as a bare relative link: no scheme, no slash.
WIKILINK = re.compile(r'<a href="(?![a-zA-Z][a-zA-Z0-9+.-]*:|/|#)([^"]*)"')
HEADING_ONE = re.compile(r"<(/?)h1\b")


@lru_cache(maxsize=64)
def render(source: str, language: str = "en") -> str:
    import pypandoc

    try:
        html = pypandoc.convert_text(
            source, "html", format="mediawiki", extra_args=["--sandbox"]
        )
    except RuntimeError:
        # pandoc gave up on the markup (an unclosed construct): show the text
        # as typed rather than lose it; the editor sees it in the preview.
        paragraphs = (escape(p).replace("\n", "<br>") for p in source.split("\n\n"))
        return sanitize("".join(f"<p>{p}</p>" for p in paragraphs))
    # A level-1 heading on the page would compete with the page title.
    html = HEADING_ONE.sub(r"<\1h2", html)
    html = WIKILINK.sub(lambda m: _wikilink(m.group(1), language), html)
    return sanitize(html)


def sanitize(html: str) -> str:
    return nh3.clean(
        html,
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer nofollow",
        strip_comments=True,
    )


def _wikilink(target: str, language: str) -> str:
    slug = slugify(target.replace("_", " ")) or "main"
    return f'<a href="/wiki/{quote(language)}/{quote(slug)}/"'
