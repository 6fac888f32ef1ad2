"""Where the translation catalogs live, and compiling them without GNU gettext.

The web text is in ``ludoteca/web/locale``; every game package keeps its own
``ludoteca/games/<id>/locale``. The .mo files are build products (not in git):
`compile_all` writes them at startup, on migrate and before the tests.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import ludoteca.games
from ludoteca.engine.i18n import read_po, write_mo

WEB_LOCALE = Path(__file__).resolve().parent / "locale"


def game_locale_dirs() -> list[Path]:
    dirs = []
    for root in ludoteca.games.__path__:
        for package in sorted(Path(root).iterdir()):
            locale = package / "locale"
            if package.is_dir() and locale.is_dir():
                dirs.append(locale)
    return dirs


def app_locale_dirs() -> list[Path]:
    """Locale folders of the web apps that keep their own catalog (the wiki)."""
    web = WEB_LOCALE.parent
    return sorted(p for p in web.glob("*/locale") if p.is_dir())


def locale_paths() -> list[Path]:
    return [WEB_LOCALE, *app_locale_dirs(), *game_locale_dirs()]


def compile_all() -> list[Path]:
    """Compile every stale .po into its .mo; return the .mo files written."""
    written = []
    for locale in locale_paths():
        for po in sorted(locale.glob("*/LC_MESSAGES/*.po")):
            mo = po.with_suffix(".mo")
            if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
                written.append(_compile_atomically(po, mo))
    return written


def _compile_atomically(po: Path, mo: Path) -> Path:
    """Write the .mo beside the .po through a temporary file, so a process
    reading catalogs meanwhile (test workers, a second server) never sees half
    a file."""
    handle, tmp = tempfile.mkstemp(dir=mo.parent, suffix=".mo.tmp")
    os.close(handle)
    try:
        write_mo(read_po(po), tmp)
        os.replace(tmp, mo)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return mo
