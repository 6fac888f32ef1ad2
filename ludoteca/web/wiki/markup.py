"""Reading wiki sources: sections, first words, automatic edit summaries."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

HEADING = re.compile(r"^(={2,6})\s*(.*?)\s*\1\s*$")
TAG = re.compile(r"<[^>]+>|'{2,}|\[\[|\]\]|[=*#|{}!\[\]]")


def sections(source: str) -> list[tuple[str, str]]:
    """(heading, text) pairs; the lead before any heading has heading ''."""
    out: list[tuple[str, list[str]]] = [("", [])]
    for line in source.splitlines():
        match = HEADING.match(line)
        if match:
            out.append((match.group(2), [line]))
        else:
            out[-1][1].append(line)
    return [(h, "\n".join(lines)) for h, lines in out if h or any(lines)]


def first_words(source: str, limit: int = 80) -> str:
    text = " ".join(TAG.sub(" ", source).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def auto_summary(old: str | None, new: str) -> str:
    """What the source pages write when an editor gives no summary."""
    if old is None:
        return _("Created page with “%(words)s”") % {"words": first_words(new)}
    before, after = sections(old), sections(new)
    if len(before) == len(after):
        changed = [a[0] for a, b in zip(after, before, strict=True) if a != b]
        if len(changed) == 1 and changed[0]:
            return _("Edited section “%(section)s”") % {"section": changed[0]}
    if len(after) > len(before):
        added = [h for h, _text in after if h and h not in dict(before)]
        if len(added) == 1:
            return _("Added section “%(section)s”") % {"section": added[0]}
    return _("Edited the page")
