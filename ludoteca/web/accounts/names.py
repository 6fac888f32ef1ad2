"""User names that cannot pass for one another.

A name is stored in Unicode normal form NFKC (fullwidth ``ＢＯＳＳ`` becomes
``BOSS``), and a new name is refused when its *skeleton* matches an existing
one: the name case-folded, each character replaced by one chosen member of
the set of characters that look like it (Cyrillic ``о``, Greek ``ο`` and Latin
``o`` share one), case-folded again. The look-alike pairs are Unicode's
confusables data (TR39), as shipped by the ``confusable-homoglyphs`` package;
a character's set is every character linked to it through those pairs.
Confusables that span several characters (``rn`` for ``m``) are not folded.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs.confusables import confusables_data


def normalized(name: str) -> str:
    return unicodedata.normalize("NFKC", name)


def skeleton(name: str) -> str:
    folded = normalized(name).casefold()
    prototypes = _prototypes()
    return "".join(prototypes.get(c, c) for c in folded).casefold()


def _preference(char: str) -> tuple[bool, bool, bool, int]:
    """Which member stands for its set: an ASCII lower-case letter first."""
    return (
        not (char.isascii() and char.islower()),
        not (char.isascii() and char.isalpha()),
        not char.isascii(),
        ord(char),
    )


@cache
def _prototypes() -> dict[str, str]:
    parent: dict[str, str] = {}

    def root(char: str) -> str:
        parent.setdefault(char, char)
        while parent[char] != char:
            parent[char] = parent[parent[char]]
            char = parent[char]
        return char

    for char, glyphs in confusables_data.items():
        for glyph in glyphs:
            other = glyph["c"]
            if len(char) == 1 and len(other) == 1:
                a, b = root(char), root(other)
                if a != b:
                    parent[a] = b
    members: dict[str, list[str]] = {}
    for char in parent:
        members.setdefault(root(char), []).append(char)
    prototypes: dict[str, str] = {}
    for group in members.values():
        chosen = min(group, key=_preference)
        prototypes.update((char, chosen) for char in group if char != chosen)
    return prototypes
