"""axe-core, the accessibility rules engine, for the browser tests.

The npm package is installed once, at a pinned version, into ``var/axe``
(ignored by git, never committed); the tests inject its script into pages.
Without npm or the registry the tests skip with the reason, except under
CI=true, where they fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.web.live import ROOT

AXE_VERSION = "4.14.1"
AXE_DIR = ROOT / "var" / "axe"
AXE_SCRIPT = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")


def _unavailable(message: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def axe_script() -> Path:
    """The path of axe.min.js, installing the pinned package if needed."""
    stamp = AXE_DIR / "version"
    if AXE_SCRIPT.is_file() and stamp.is_file() and stamp.read_text() == AXE_VERSION:
        return AXE_SCRIPT
    npm = shutil.which("npm")
    if npm is None:
        _unavailable("npm is not installed: the axe-core audit cannot run")
    AXE_DIR.mkdir(parents=True, exist_ok=True)
    try:
        subprocess.run(
            [
                str(npm),
                "install",
                "--prefix",
                str(AXE_DIR),
                "--no-save",
                "--no-audit",
                "--no-fund",
                "--ignore-scripts",
                f"axe-core@{AXE_VERSION}",
            ],
            check=True,
            capture_output=True,
            timeout=180,
        )
    except (subprocess.SubprocessError, OSError) as error:
        _unavailable(f"npm could not install axe-core@{AXE_VERSION}: {error}")
    if not AXE_SCRIPT.is_file():
        _unavailable(f"axe-core@{AXE_VERSION} installed without {AXE_SCRIPT.name}")
    stamp.write_text(AXE_VERSION)
    return AXE_SCRIPT


def audit(page: Any, script: Path) -> list[dict[str, Any]]:
    """Run axe on the page as it is; the serious and critical violations."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # Evaluated through the browser's debugging protocol: a <script> tag
        # of it would be refused by the site's Content-Security-Policy.
        page.evaluate(script.read_text(encoding="utf-8"))
    result = page.evaluate(
        """async () => {
          const r = await axe.run(document, {resultTypes: ["violations"]});
          return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + " :: " +
              (n.failureSummary || "").split("\\n").slice(0, 2).join(" "))}));
        }"""
    )
    return [v for v in result if v["impact"] in BLOCKING]


def explain(violations: list[dict[str, Any]]) -> str:
    return "\n".join(
        f"{v['impact']} {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"])
        for v in violations
    )
