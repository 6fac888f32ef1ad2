"""The difference between two revisions, line by line."""

from __future__ import annotations

import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    kind: str  # "same" | "added" | "removed" | "gap"
    old: int | None
    new: int | None
    text: str


def diff_lines(old: str, new: str, context: int = 3) -> list[Line]:
    a, b = old.splitlines(), new.splitlines()
    out: list[Line] = []
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    for group in matcher.get_grouped_opcodes(context):
        if out:
            out.append(Line("gap", None, None, "…"))
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out += [
                    Line("same", i1 + k + 1, j1 + k + 1, a[i1 + k])
                    for k in range(i2 - i1)
                ]
                continue
            out += [Line("removed", i + 1, None, a[i]) for i in range(i1, i2)]
            out += [Line("added", None, j + 1, b[j]) for j in range(j1, j2)]
    return out
