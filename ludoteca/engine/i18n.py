"""Translation support that rules code may use without importing Django.

Games describe their refusals and events in English through `gettext_noop`
(an identity function whose name the extraction tools know), in a `text.py`
module. A sentence about a number of things is an `ngettext_noop` pair instead
(a `Plural`: the singular, the plural, and the parameter that counts); the web
layer picks its form with ngettext. Each game keeps its pt-BR catalog in
``games/<id>/locale/pt_BR/LC_MESSAGES/django.po``, plural entries with
``msgid_plural`` and one ``msgstr[i]`` per form.

`read_po` and `write_mo` are a small, dependency-free PO reader and MO writer,
so catalogs compile without GNU gettext installed.
"""

from __future__ import annotations

import ast
import struct
from pathlib import Path
from typing import NamedTuple


def gettext_noop(message: str) -> str:
    """Marks `message` for translation; translation happens in the web layer."""
    return message


class Plural(NamedTuple):
    """A sentence in a singular and a plural form; the number that chooses
    between them is the parameter named `param` (its absolute value)."""

    singular: str
    plural: str
    param: str = "count"

    @property
    def msgid(self) -> str:
        """The catalog key of the entry, as `read_po` and MO files store it."""
        return self.singular + "\0" + self.plural


def ngettext_noop(singular: str, plural: str, count: str = "count") -> Plural:
    """Marks a sentence with a plural for translation (``msgid_plural`` in
    the catalog); `count` names the parameter whose value picks the form."""
    return Plural(singular, plural, param=count)


def _unquote(text: str) -> str:
    value = ast.literal_eval(text)
    assert isinstance(value, str)
    return value


def read_po(path: Path | str) -> dict[str, str]:
    """msgid -> msgstr of a PO file.

    A plural entry is stored the way MO files store it: the key is the
    singular and plural joined by NUL, the value the forms joined by NUL.
    Contexts are not used; fuzzy entries are skipped.
    """
    entries: dict[str, str] = {}
    parts: dict[str, str] = {}
    current: str | None = None
    fuzzy = False

    def flush() -> None:
        if "id" in parts and not fuzzy:
            key = parts["id"]
            if "plural" in parts:
                key += "\0" + parts["plural"]
                forms = sorted(k for k in parts if k.startswith("str["))
                value = "\0".join(parts[k] for k in forms)
            else:
                value = parts.get("str", "")
            if value.replace("\0", ""):
                entries[key] = value

    for raw in Path(path).read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("msgid "):
            flush()
            parts = {"id": _unquote(line[6:])}
            current = "id"
        elif line.startswith("msgid_plural "):
            parts["plural"] = _unquote(line[13:])
            current = "plural"
        elif line.startswith("msgstr["):
            index, _, rest = line[7:].partition("] ")
            current = f"str[{index}]"
            parts[current] = _unquote(rest)
        elif line.startswith("msgstr "):
            current = "str"
            parts["str"] = _unquote(line[7:])
        elif line.startswith('"') and current is not None:
            parts[current] += _unquote(line)
        elif not line:
            flush()
            parts, current, fuzzy = {}, None, False
    flush()
    return entries


def write_mo(entries: dict[str, str], path: Path | str) -> None:
    """Write a GNU MO file (the format Python's gettext reads)."""
    items = sorted(entries.items())
    ids = b""
    strs = b""
    offsets = []
    for msgid, msgstr in items:
        bid, bstr = msgid.encode(), msgstr.encode()
        offsets.append((len(ids), len(bid), len(strs), len(bstr)))
        ids += bid + b"\0"
        strs += bstr + b"\0"
    n = len(items)
    keys_start = 7 * 4 + 16 * n
    values_start = keys_start + len(ids)
    key_table = []
    value_table = []
    for id_off, id_len, str_off, str_len in offsets:
        key_table += [id_len, keys_start + id_off]
        value_table += [str_len, values_start + str_off]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    body = struct.pack(f"{len(key_table)}i", *key_table)
    body += struct.pack(f"{len(value_table)}i", *value_table)
    Path(path).write_bytes(header + body + ids + strs)


def compile_po(po_path: Path | str) -> Path:
    """Compile a .po next to itself into a .mo; return the .mo path."""
    po = Path(po_path)
    mo = po.with_suffix(".mo")
    write_mo(read_po(po), mo)
    return mo


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def noop_strings(source: str) -> list[str]:
    """The literal strings passed to gettext_noop (or its usual alias `_`) in a
    Python module's source; an ngettext_noop pair as its catalog key (the
    singular and the plural joined by NUL)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        texts = [_literal(arg) for arg in node.args[:2]]
        if node.func.id in ("gettext_noop", "_") and texts and texts[0] is not None:
            found.append(texts[0])
        elif node.func.id == "ngettext_noop" and len(texts) == 2:
            singular, plural = texts
            if singular is not None and plural is not None:
                found.append(singular + "\0" + plural)
    return found


def missing_translations(source_files: list[Path], po_path: Path) -> list[str]:
    """Marked strings of these files with no pt-BR translation in `po_path`
    (a plural entry needs every form; it is listed as "singular | plural")."""
    catalog = read_po(po_path) if po_path.exists() else {}
    missing = []
    for file in source_files:
        for text in noop_strings(file.read_text(encoding="utf-8")):
            forms = catalog.get(text, "").split("\0")
            wanted = 2 if "\0" in text else 1
            if len(forms) < wanted or not all(forms):
                missing.append(text.replace("\0", " | "))
    return sorted(set(missing))
