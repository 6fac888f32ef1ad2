"""The compiled hot path (`ludoteca.native`) runs only while it was built
from the sources as they are, and the compiled pass of `make test` runs on it."""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path

import pytest

from ludoteca import native


def _stamp(where: Path, **changes: object) -> None:
    stamp = native.wanted_stamp()
    stamp.update(changes)
    (where / "stamp.json").write_text(json.dumps(stamp))


def test_nothing_built_is_said_so(tmp_path: Path) -> None:
    assert native.stale(tmp_path) == "not built"


def test_a_build_of_other_sources_is_never_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sources = dict(native.wanted_stamp()["sources"])  # type: ignore[call-overload]
    sources["ludoteca.web.live.frames"] = "0" * 64  # frames.py edited since
    _stamp(tmp_path, sources=sources)
    why = native.stale(tmp_path)
    assert why == "built from other sources (ludoteca.web.live.frames)"
    finders = list(sys.meta_path)
    monkeypatch.setenv("LUDOTECA_NATIVE", "auto")
    assert native.activate(tmp_path) is False  # Python, with a warning
    monkeypatch.setenv("LUDOTECA_NATIVE", "on")
    with pytest.raises(RuntimeError, match="other sources"):
        native.activate(tmp_path)
    assert sys.meta_path == finders


def test_a_build_by_another_interpreter_is_never_used(tmp_path: Path) -> None:
    _stamp(tmp_path, python="3.11.0 (elsewhere)")
    assert native.stale(tmp_path) == "built by another interpreter or mypy"


def test_a_build_missing_its_modules_is_never_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _stamp(tmp_path)  # the stamp matches, but nothing was compiled there
    assert native.stale(tmp_path) is None
    monkeypatch.setenv("LUDOTECA_NATIVE", "on")
    with pytest.raises(RuntimeError, match="missing"):
        native.activate(tmp_path)


def test_off_means_python(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LUDOTECA_NATIVE", "off")
    finders = list(sys.meta_path)
    assert native.activate() is False
    assert sys.meta_path == finders


def test_the_compiled_pass_runs_the_compiled_modules() -> None:
    if os.environ.get("LUDOTECA_NATIVE") != "on":
        pytest.skip("only in make test's compiled pass (LUDOTECA_NATIVE=on)")
    assert native.active()
    for name in native.MODULES:
        module = importlib.import_module(name)
        assert (module.__file__ or "").endswith(".so"), name
