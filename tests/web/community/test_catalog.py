"""Every sentence of the community pages and emails has its pt-BR translation."""

from __future__ import annotations

import re
from pathlib import Path

from ludoteca.engine.i18n import read_po

WEB = Path(__file__).resolve().parents[3] / "ludoteca" / "web"
APP = WEB / "community"
TRANSLATE = re.compile(r"""\{% translate (?:"([^"]+)"|'([^']+)') %\}""")
BLOCK = re.compile(r"\{% blocktranslate[^%]*%\}(.+?)\{% (?:plural|endblocktranslate)")
CALL = re.compile(r'\b_\(\s*"([^"]+)"')


def catalog() -> dict[str, str]:
    merged = dict(read_po(WEB / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"))
    merged.update(read_po(APP / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"))
    return {key.split("\x00")[0]: value for key, value in merged.items()}


def test_every_community_sentence_is_translated():
    known = catalog()
    missing = []
    for path in sorted(APP.rglob("*")):
        if path.suffix not in {".html", ".txt", ".py"}:
            continue
        text = path.read_text(encoding="utf-8")
        found = [a or b for a, b in TRANSLATE.findall(text)] + CALL.findall(text)
        found += [
            re.sub(r"\{\{ *(\w+)[^}]*\}\}", r"%(\1)s", b) for b in BLOCK.findall(text)
        ]
        missing += [f"{path.name}: {s}" for s in found if not known.get(s)]
    assert missing == []


def test_the_header_and_end_screen_sentences_are_translated():
    known = catalog()
    for sentence in ["Notifications", "Account", "Rematch", "Forgot your password?"]:
        assert known.get(sentence), sentence
    assert known["%(n)s unread"]
