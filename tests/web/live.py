"""Live servers for black-box tests: `ludoteca serve` subprocesses, an HTTP
client with cookies and CSRF, and websocket clients (the `websockets` library).

Used by the SIGKILL and multi-process tests and by the browser tests.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import http.cookiejar
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_http(url: str, timeout: float = 120) -> None:
    end = time.time() + timeout
    while time.time() < end:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except Exception:
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer")


def server_env(workdir: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    return {
        **os.environ,
        "LUDOTECA_VAR": str(workdir),
        "DJANGO_SETTINGS_MODULE": "ludoteca.web.settings.test",
        "LUDOTECA_EXTRA_GAMES": "tests.engine.toygame",
        "LUDOTECA_BOT_DELAY": "0.2",
        "PYTHONPATH": str(ROOT),
        **(extra or {}),
    }


_template: list[Path] = []  # this process's migrated SQLite database


def migrated_sqlite() -> Path:
    """A SQLite database with every migration applied and the help pages
    loaded, made once per test process by `ludoteca migrate`."""
    if not _template:
        folder = Path(tempfile.mkdtemp(prefix="ludoteca-template-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        subprocess.run(
            [sys.executable, "-m", "ludoteca.cli", "migrate", "--verbosity", "0"],
            env=server_env(folder),
            cwd=ROOT,
            check=True,
        )
        _template.append(folder / "ludoteca.sqlite3")
    return _template[0]


def from_template(workdir: Path) -> None:
    """Give `workdir`, unless it has a database already, a copy of the
    migrated one: a server started there serves at once instead of migrating
    and rendering the help pages (seconds per server). Servers that must
    migrate a new database themselves (the restart test) start without it."""
    target = workdir / "ludoteca.sqlite3"
    if target.exists():
        return
    with (
        contextlib.closing(sqlite3.connect(migrated_sqlite())) as source,
        contextlib.closing(sqlite3.connect(target)) as copy,
    ):
        source.backup(copy)


def start_server(
    workdir: Path, port: int, env: dict[str, str]
) -> subprocess.Popen[bytes]:
    log = open(workdir / f"server-{port}.log", "ab")  # noqa: SIM115
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ludoteca.cli",
            "serve",
            "--port",
            str(port),
            "--log-level",
            "warning",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=ROOT,
    )


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def live_server(
    workdir: Path, env: dict[str, str] | None = None, port: int | None = None
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`ludoteca serve` in a subprocess: its own SQLite database (a copy of a
    migrated one when `workdir` has none) unless the environment names a
    DATABASE_URL."""
    port = port or free_port()
    if "DATABASE_URL" not in server_env(workdir, env):
        from_template(workdir)
    proc = start_server(workdir, port, server_env(workdir, env))
    base = f"http://127.0.0.1:{port}"
    try:
        wait_http(base + "/")
        yield base, proc
    finally:
        stop(proc)


class Http:
    """A browser-like HTTP client: cookies, CSRF tokens, redirects."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar)
        )

    def cookie(self, name: str) -> str:
        for c in self.jar:
            if c.name == name:
                return str(c.value)
        return ""

    def get(self, path: str) -> tuple[str, str]:
        with self.opener.open(self.base + path, timeout=10) as r:
            return r.geturl(), r.read().decode()

    def post(self, path: str, data: dict[str, str]) -> tuple[str, str]:
        if not self.cookie("csrftoken"):
            self.get(path if "/t/" not in path else "/")
        body = urllib.parse.urlencode(
            {**data, "csrfmiddlewaretoken": self.cookie("csrftoken")}
        ).encode()
        request = urllib.request.Request(
            self.base + path, body, headers={"Referer": self.base + path}
        )
        with self.opener.open(request, timeout=10) as r:
            return r.geturl(), r.read().decode()

    def signup(self, name: str) -> None:
        self.get("/accounts/signup/")
        pw = "noite-de-jogos-2026"
        url, _ = self.post(
            "/accounts/signup/", {"username": name, "password1": pw, "password2": pw}
        )
        assert url == self.base + "/", url

    def new_table(self, game: str, players: int, **options: str) -> int:
        self.get(f"/new/{game}/")
        fields = {
            "players": str(players),
            "clock": "realtime",
            "clock_minutes": "10",
            "clock_increment": "5",
        }
        fields.update({f"option_{k}": v for k, v in options.items()})
        url, _ = self.post(f"/new/{game}/", fields)
        match = re.search(r"/t/(\d+)/$", url)
        assert match, url
        return int(match.group(1))

    def ws_headers(self) -> dict[str, str]:
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.jar)
        return {"Cookie": cookies + "; django_language=en", "Origin": self.base}


class Ws:
    """A table socket speaking the envelope, with a frame log."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.frames: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, http: Http, path: str, base: str = "") -> Ws:
        """`http`'s socket at `path`, on its server (or through `base`, a
        router in front of the servers)."""
        from websockets.asyncio.client import connect

        base = base or http.base
        url = base.replace("http://", "ws://") + path
        headers = {**http.ws_headers(), "Origin": base}
        return cls(await connect(url, additional_headers=headers))

    async def send(self, t: str, v: int | None = None, **d: Any) -> None:
        await self.conn.send(json.dumps({"t": t, "v": v, "d": d}))

    async def until(
        self, t: str, timeout: float = 10, where: Any = None, v: int | None = None
    ) -> dict[str, Any]:
        """The next frame of type `t` (matching `where`, at version `v` or later)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            raw = await asyncio.wait_for(self.conn.recv(), max(0.05, end - loop.time()))
            frame = json.loads(raw)
            self.frames.append(frame)
            if (
                frame["t"] == t
                and (where is None or where(frame["d"]))
                and (v is None or (frame["v"] is not None and frame["v"] >= v))
            ):
                return frame

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.conn.close()
