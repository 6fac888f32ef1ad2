"""The live tables' hot path compiled with mypyc, used only while it matches
the sources.

Nearly all of an action's CPU is the interpreter running our own Python: the
game's rules and views, the change, the frames (docs/performance.md,
twenty-first round). mypyc compiles these modules, as they are written and
type-checked, to C extensions that do the same work in about four fifths of
the time. The sources stay the one truth:

- `build` compiles `MODULES` into ``.venv/ludoteca-native/`` (never beside the
  sources, which a compiled module would shadow), with a stamp of the
  interpreter, mypy and every source's hash; `make install` and `make run`
  call it, and a machine without a C compiler just goes on in Python.
- `activate` (`ludoteca serve`, the benches) puts the compiled modules first
  on the import path, only if the stamp matches the sources and this
  interpreter; otherwise it says why and everything runs as Python.
  ``LUDOTECA_NATIVE=off`` keeps it off. The tests run the Python sources;
  `make test` runs the live tables' and Cat in the Box's tests once more on
  the compiled modules (``LUDOTECA_NATIVE=on``, `tests/native_plugin.py`).

    .venv/bin/python -m ludoteca.native build [--if-stale]
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import logging
import os
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

log = logging.getLogger("ludoteca.native")

ROOT = Path(__file__).resolve().parent.parent
# In the environment Ludoteca is installed in (`make`: .venv/ludoteca-native).
BUILD = Path(
    os.environ.get("LUDOTECA_NATIVE_DIR", Path(sys.prefix) / "ludoteca-native")
)
GROUP = "ludoteca_native"  # the name of mypyc's shared runtime module

# What an action runs on the event loop, Cat in the Box's rules included
# (its state classes stay Python: the state codec reads their type hints and
# `engine.frozen.replace` their instance dictionary, as a dataclass's).
MODULES = (
    "ludoteca.games.catinthebox.rules",
    "ludoteca.games.catinthebox.scoring",
    "ludoteca.games.catinthebox.flow",
    "ludoteca.games.catinthebox.hidden",
    "ludoteca.games.catinthebox.game",
    "ludoteca.web.play.games",
    "ludoteca.web.play.protocol",
    "ludoteca.web.play.limits",
    "ludoteca.web.live.frames",
    "ludoteca.web.live.changes",
    "ludoteca.web.live.clocks",
    "ludoteca.web.live.store",
)

# mypyc type-checks what it compiles; the web modules are not held to
# `strict` (pyproject.toml's mypy run covers the engine and the games).
MYPY_CONFIG = "[mypy]\npython_version = 3.11\nignore_missing_imports = True\n"


def source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def wanted_stamp() -> dict[str, object]:
    """What a build made from these sources by this interpreter records."""
    import mypy.version

    return {
        "python": sys.version,
        "soabi": sysconfig.get_config_var("SOABI"),
        "mypy": mypy.version.__version__,
        "sources": {
            m: hashlib.sha256(source(m).read_bytes()).hexdigest() for m in MODULES
        },
    }


def _stamp_file(where: Path) -> Path:
    return where / "stamp.json"


def stale(where: Path = BUILD) -> str | None:
    """Why the build in `where` cannot be used (None: it matches)."""
    try:
        found = json.loads(_stamp_file(where).read_text())
    except (OSError, ValueError):
        return "not built"
    try:
        wanted = wanted_stamp()
    except ImportError:
        return "mypy not installed"
    if found == wanted:
        return None
    was, now = found.get("sources") or {}, wanted["sources"]
    assert isinstance(now, dict)
    changed = [m for m in MODULES if was.get(m) != now[m]]
    if changed:
        return f"built from other sources ({', '.join(changed)})"
    return "built by another interpreter or mypy"


def build(where: Path = BUILD) -> None:
    """Compile `MODULES` into `where` (a subprocess: setuptools and mypyc
    stay out of the caller). Raises CalledProcessError when it fails."""
    where.mkdir(parents=True, exist_ok=True)
    _stamp_file(where).unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="ludoteca-native-") as tmp:
        config = Path(tmp) / "mypy.ini"
        config.write_text(MYPY_CONFIG)
        script = (
            "import sys\n"
            "from setuptools import setup\n"
            "from mypyc.build import mypycify\n"
            "paths, config, tmp, out, group = sys.argv[1:-4], *sys.argv[-4:]\n"
            "setup(name=group, ext_modules=mypycify(\n"
            "    ['--config-file', config, *paths], group_name=group,\n"
            "    target_dir=tmp + '/c'),\n"
            "    script_args=['build_ext', '--build-lib', out,\n"
            "                 '--build-temp', tmp + '/o'])\n"
        )
        paths = [str(source(m).relative_to(ROOT)) for m in MODULES]
        subprocess.run(
            [sys.executable, "-c", script, *paths, str(config), tmp, str(where), GROUP],
            cwd=ROOT,
            check=True,
            capture_output=True,  # the compiler's lines: shown if it fails
            text=True,
        )
    _stamp_file(where).write_text(json.dumps(wanted_stamp(), indent=1))


def _compiled(where: Path, module: str) -> Path | None:
    folder = where.joinpath(*module.split(".")[:-1])
    found = sorted(folder.glob(module.rsplit(".", 1)[-1] + ".*.so"))
    return found[0] if found else None


class _Finder(importlib.abc.MetaPathFinder):
    """Finds `MODULES` (and mypyc's runtime module) in the build."""

    def __init__(self, where: Path) -> None:
        self.where = where
        self.paths: dict[str, Path] = {}
        for module in (*MODULES, f"{GROUP}__mypyc"):
            path = _compiled(where, module)
            if path is not None:
                self.paths[module] = path

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        found = self.paths.get(fullname)
        if found is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(found))
        return importlib.util.spec_from_file_location(fullname, found, loader=loader)


def activate(where: Path = BUILD) -> bool:
    """Import `MODULES` compiled from now on, if the build matches and none
    of them is imported yet (True). ``LUDOTECA_NATIVE=off`` leaves them
    Python; ``on`` insists (raises where ``auto``, the default, warns)."""
    setting = os.environ.get("LUDOTECA_NATIVE", "auto")
    if setting == "off":
        return False
    if any(isinstance(f, _Finder) and f.where == where for f in sys.meta_path):
        return True  # this build is in use already
    why = stale(where)
    if why is None:
        finder = _Finder(where)
        if len(finder.paths) != len(MODULES) + 1:
            why = "some modules missing"
    loaded = [m for m in MODULES if m in sys.modules]
    if why is None and loaded:
        why = f"its modules imported as Python already ({', '.join(loaded)})"
    if why is not None:
        if setting == "on":
            raise RuntimeError(f"LUDOTECA_NATIVE=on, but the compiled build: {why}")
        log.warning("the hot path runs as Python (its compiled build: %s)", why)
        return False
    sys.meta_path.insert(0, finder)
    return True


def active() -> bool:
    """Whether the hot path runs compiled in this process."""
    return any(isinstance(f, _Finder) for f in sys.meta_path)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] != ["build"]:
        print("usage: python -m ludoteca.native build [--if-stale]", file=sys.stderr)
        return 2
    why = stale()
    if "--if-stale" in args and why is None:
        return 0
    print(f"compiling the hot path with mypyc ({why}) ...", file=sys.stderr)
    try:
        build()
    except subprocess.CalledProcessError as error:
        said = (error.stdout or "") + (error.stderr or "")
        print("\n".join(said.splitlines()[-20:]), file=sys.stderr)
        print("not compiled: the hot path runs as Python", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"not compiled ({error}): the hot path runs as Python", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
