"""Help pages: each game's ``help/<lang>.wiki`` (MediaWiki markup) as safe HTML.

pandoc converts the markup (sandboxed); nh3 then keeps only an allow-list of
tags and attributes, since pandoc alone lets ``onclick`` and ``javascript:``
through. Pages are cached per file modification time.
"""

from __future__ import annotations

import functools
from pathlib import Path

import nh3

import ludoteca.games

TAGS = {
    "h1",
    "h2",
    "h3",
    "h4",
    "p",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "a",
    "code",
    "pre",
    "br",
    "hr",
    "blockquote",
    "dl",
    "dt",
    "dd",
    "span",
}


def help_file(game_id: str, lang: str) -> Path | None:
    names = (
        ["pt-BR.wiki", "en.wiki"]
        if lang.lower().startswith("pt")
        else ["en.wiki", "pt-BR.wiki"]
    )
    for root in ludoteca.games.__path__:
        for name in names:
            path = Path(root) / game_id / "help" / name
            if path.is_file():
                return path
    return None


@functools.lru_cache(maxsize=64)
def _render(path: str, mtime: float) -> str:
    import pypandoc

    source = Path(path).read_text(encoding="utf-8")
    html = pypandoc.convert_text(
        source, "html", format="mediawiki", extra_args=["--sandbox"]
    )
    return nh3.clean(
        html,
        tags=TAGS,
        attributes={"a": {"href", "title"}, "td": {"colspan"}, "th": {"colspan"}},
        url_schemes={"http", "https"},
    )


def render_help(game_id: str, lang: str) -> str:
    path = help_file(game_id, lang)
    if path is None:
        return ""
    return _render(str(path), path.stat().st_mtime)
