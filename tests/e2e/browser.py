"""Playwright helpers: Debian's chromium, a live `ludoteca serve`, page steps.

Never downloads a browser: it launches /usr/bin/chromium (installed with apt,
see .ci/run) with the flags below.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_http(url: str, timeout: float = 30) -> None:
    end = time.time() + timeout
    while time.time() < end:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except Exception:
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer")


@contextlib.contextmanager
def live_server(
    workdir: Path, env: dict[str, str] | None = None, port: int | None = None
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`ludoteca serve` in a subprocess with its own SQLite database."""
    port = port or free_port()
    full_env = {
        **os.environ,
        "LUDOTECA_VAR": str(workdir),
        "DJANGO_SETTINGS_MODULE": "ludoteca.web.settings.test",
        "LUDOTECA_BOT_DELAY": "0.2",
        **(env or {}),
    }
    log = open(workdir / f"server-{port}.log", "ab")  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "ludoteca.cli", "serve", "--port", str(port),
         "--log-level", "warning"],
        env=full_env, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(base + "/")
        yield base, proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        log.close()


def launch(playwright: Any) -> Any:
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)


def signup(page: Any, base: str, name: str) -> None:
    page.goto(base + "/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", "a-long-pass-" + name)
    page.fill("input[name=password2]", "a-long-pass-" + name)
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")


def new_table(page: Any, base: str, game: str, **fields: str) -> str:
    page.goto(f"{base}/new/{game}/")
    for name, value in fields.items():
        page.select_option(f"select[name={name}]", value)
    page.click("form.new-table button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/\d+/$"))
    return str(page.url)


def shot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
