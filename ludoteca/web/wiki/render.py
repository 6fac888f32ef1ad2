"""Wiki markup (and a safe subset of HTML) to sanitized HTML.

pandoc reads the MediaWiki markup, raw HTML included, in sandbox mode; then
nh3 keeps an allow-list of tags and attributes, because pandoc alone lets
event handlers, ``style`` and ``javascript:`` links through. Rendering costs
milliseconds to a tenth of a second, so it happens once per saved revision;
the last sources rendered are remembered, because the games' help pages are
rendered again from the same text whenever a database is seeded (every new
database, and after every flush of the test database). That memory is
bounded by the characters it holds, not by a count of entries.

pandoc's time grows steeply with some markup (deeply nested lists): for an
editor's text it runs as a subprocess with a limit on its CPU time (the
kernel's RLIMIT_CPU, so a busy machine does not refuse an ordinary page) and
a wall-clock backstop, under a memory cap; a source it cannot format in time
raises `RenderTooSlow` instead of holding a server thread. The games' own
help pages, shipped with the code, are formatted without a limit.
"""

from __future__ import annotations

import contextlib
import re
import resource
import signal
import subprocess
import threading
from collections import OrderedDict
from html import escape
from urllib.parse import quote

import nh3
from django.conf import settings
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


CACHE_CHARS = 2_000_000  # sources and pages remembered, in characters
PANDOC_MEMORY = "512m"  # the most memory one pandoc run may take


class RenderTooSlow(Exception):
    """pandoc did not finish the page within its time limit."""


_cache: OrderedDict[tuple[str, str], str] = OrderedDict()
_cached_chars = 0
_lock = threading.Lock()


def render(source: str, language: str = "en", limited: bool = True) -> str:
    """The sanitized HTML of `source`; `limited=False` only for text that
    ships with Ludoteca (the games' help pages)."""
    global _cached_chars
    key = (source, language)
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    html = _render(source, language, limited)
    size = len(source) + len(html)
    if size > CACHE_CHARS // 4:
        return html  # too big to be worth a quarter of the memory
    with _lock:
        if key not in _cache:
            _cache[key] = html
            _cached_chars += size
        while _cached_chars > CACHE_CHARS:
            (old_source, _), old_html = _cache.popitem(last=False)
            _cached_chars -= len(old_source) + len(old_html)
    return html


def cached_chars() -> int:
    return _cached_chars


def time_limit() -> int:
    """CPU seconds pandoc may spend on an editor's page."""
    return max(1, int(getattr(settings, "LUDOTECA_WIKI_RENDER_SECONDS", 5)))


WALL_FACTOR = 6  # the wall-clock backstop, in multiples of the CPU limit


def _pandoc(source: str, limited: bool = True) -> str:
    import pypandoc

    command = [pypandoc.get_pandoc_path(), "+RTS", f"-M{PANDOC_MEMORY}", "-RTS"]
    command += ["--from=mediawiki", "--to=html", "--sandbox"]
    seconds = time_limit()
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    with process:
        if limited and hasattr(resource, "prlimit"):
            # Past it the kernel ends pandoc with SIGXCPU.
            with contextlib.suppress(ProcessLookupError):  # it has ended already
                resource.prlimit(process.pid, resource.RLIMIT_CPU, (seconds, seconds))
        try:
            out, err = process.communicate(
                source.encode("utf-8"),
                timeout=seconds * WALL_FACTOR if limited else None,
            )
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            raise RenderTooSlow from None
    if process.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        raise RenderTooSlow
    if process.returncode != 0:
        raise RuntimeError(err.decode("utf-8", "replace"))
    return out.decode("utf-8")


def _render(source: str, language: str, limited: bool) -> str:
    try:
        html = _pandoc(source, limited)
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
