"""The deployment example, run: Debian's nginx with `deploy/nginx/ludoteca.conf`
(only its ports, certificate and paths replaced) in front of two `ludoteca
serve` processes on PostgreSQL and Redis. Through nginx, over TLS with a
throwaway self-signed certificate: the HTTP page, the redirect from port 80,
static files served by nginx itself, sign-up and table forms (CSRF behind a
proxy), and a game action on websockets whose players sit on different
processes.

Skips when nginx is missing, except under CI=true (`.ci/run` installs it).
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import os
import re
import ssl
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from tests.web.faults import cluster, nginx_binary, private_redis, wait_for
from tests.web.live import ROOT, Http, free_port

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("live")]

CONF = ROOT / "deploy" / "nginx" / "ludoteca.conf"


def render(conf: str, upstreams: list[int], https: int, plain: int, tmp: Path) -> str:
    """The example config with this test's ports and paths; each replaced
    piece must be found, so the example cannot drift from what is tested."""
    servers = "".join(
        f"    server 127.0.0.1:{p} max_fails=3 fail_timeout=10s;\n" for p in upstreams
    )
    replacements = [
        (
            r"(?m)^    server 127\.0\.0\.1:\d+ [^\n]*\n(    server 127[^\n]*\n)*",
            servers,
        ),
        (r"listen 443 ssl http2;", f"listen 127.0.0.1:{https} ssl http2;"),
        (r"listen \[::\]:443 ssl http2;\n", ""),
        (r"listen 80;", f"listen 127.0.0.1:{plain};"),
        (r"listen \[::\]:80;\n", ""),
        (r"ssl_certificate (\S+);", f"ssl_certificate {tmp}/cert.pem;"),
        (r"ssl_certificate_key (\S+);", f"ssl_certificate_key {tmp}/key.pem;"),
        (r"alias /srv/ludoteca/var/static/;", f"alias {tmp}/var/static/;"),
        (r"root /var/www/letsencrypt;", f"root {tmp}/acme;"),
    ]
    for pattern, new in replacements:
        conf, count = re.subn(pattern, lambda _, new=new: new, conf)
        assert count >= 1, f"{pattern!r} not found in {CONF}"
    return conf


# The test's own nginx.conf around the site file. As root, the workers run
# as root too, to read the static files under pytest's private tmp folder.
MAIN = """
{user}
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log warn;
events {{ worker_connections 256; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format upstream '$status $request_uri $upstream_addr';
    access_log {tmp}/nginx-access.log upstream;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    include {tmp}/ludoteca.conf;
}}
"""


def tls_context() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


class Https(Http):
    """The test's browser-like client, over TLS to the self-signed nginx."""

    def __init__(self, base: str) -> None:
        super().__init__(base)
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPSHandler(context=tls_context()),
            urllib.request.HTTPCookieProcessor(self.jar),
        )


@pytest.fixture
def nginx_path() -> str:
    found = nginx_binary()
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true needs nginx (Debian package nginx, see .ci/run)")
        pytest.skip("nginx is not installed (Debian package nginx)")
    return found


@pytest.fixture
def nginx_site(
    tmp_path: Path, nginx_path: str, pg_url: str
) -> Iterator[tuple[str, str, Path]]:
    """(https base, http base, nginx access log) with two servers behind."""
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-subj", "/CN=127.0.0.1", "-keyout", str(tmp_path / "key.pem"),
            "-out", str(tmp_path / "cert.pem"),
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    for folder in ("acme", "body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (tmp_path / folder).mkdir()
    (tmp_path / "var").mkdir()
    with (
        private_redis(tmp_path) as redis,
        cluster(
            tmp_path,
            2,
            {
                "DATABASE_URL": pg_url,
                "REDIS_URL": redis.url,
                "LUDOTECA_VAR": str(tmp_path / "var"),
            },
        ) as servers,
    ):
        subprocess.run(
            [sys.executable, "-m", "ludoteca.cli", "collectstatic", "--verbosity", "0"],
            env=servers.env,
            cwd=ROOT,
            check=True,
        )
        https, plain = free_port(), free_port()
        site = render(CONF.read_text(), servers.ports, https, plain, tmp_path)
        (tmp_path / "ludoteca.conf").write_text(site)
        user = "user root;" if os.geteuid() == 0 else ""
        (tmp_path / "nginx.conf").write_text(MAIN.format(tmp=tmp_path, user=user))
        command = [
            nginx_path,
            *("-p", str(tmp_path), "-e", str(tmp_path / "nginx-start.log")),
            *("-c", str(tmp_path / "nginx.conf")),
        ]
        check = subprocess.run([*command, "-t"], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        proc = subprocess.Popen(
            [*command, "-g", "daemon off;"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            base = f"https://127.0.0.1:{https}"
            wait_for(lambda: _answers(base), 20, "nginx to answer")
            yield base, f"http://127.0.0.1:{plain}", tmp_path / "nginx-access.log"
        finally:
            proc.terminate()
            proc.wait(10)


def _answers(base: str) -> bool:
    try:
        urllib.request.urlopen(base + "/", timeout=2, context=tls_context()).read()
        return True
    except (OSError, urllib.error.URLError):
        return False


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def test_nginx_example_config_serves_pages_static_files_and_sockets(
    nginx_site: tuple[str, str, Path],
):
    base, plain, access_log = nginx_site
    # Port 80 sends people to HTTPS.
    opener = urllib.request.build_opener(_NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as moved:
        opener.open(plain + "/t/1/", timeout=5)
    assert moved.value.code == 301
    assert moved.value.headers["Location"] == "https://127.0.0.1/t/1/"

    # A page, and the static file it links, served by nginx from the
    # collected files (nginx adds the cache headers, Django would not).
    ana = Https(base)
    _, page = ana.get("/")
    css = re.search(r'href="(/static/[^"]+\.css)"', page)
    assert css, page[:500]
    with urllib.request.urlopen(base + css.group(1), context=tls_context()) as r:
        assert r.headers["Cache-Control"] == "max-age=3600"
        assert r.headers["Expires"]
        served = r.read()
    collected = access_log.parent / "var" / "static" / css.group(1)[len("/static/") :]
    assert served == collected.read_bytes()

    # Forms through the proxy (CSRF over HTTPS), then a table.
    bia = Https(base)
    ana.signup("ana")
    bia.signup("bia")
    table = ana.new_table("highcard", 2, cards="8")
    bia.post(f"/t/{table}/join/", {})
    ana.post(f"/t/{table}/start/", {})
    asyncio.run(_play_through_nginx(base, ana, bia, table, access_log))


async def _open(http: Http, table: int) -> ClientConnection:
    url = http.base.replace("https://", "wss://") + f"/ws/play/{table}/"
    headers = {**http.ws_headers(), "Origin": http.base}
    return await connect(url, additional_headers=headers, ssl=tls_context())


async def _frame(ws: ClientConnection, kind: str, version: int = 0) -> dict:
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if frame["t"] == kind and (frame["v"] or 0) >= version:
            return frame


async def _play_through_nginx(
    base: str, ana: Http, bia: Http, table: int, access_log: Path
) -> None:
    # Both players' sockets go to the table's owner (the hash of its id).
    a = await _open(ana, table)
    b = await _open(bia, table)
    try:
        for ws in (a, b):
            await ws.send(json.dumps({"t": "hello", "v": None, "d": {}}))
        sa, sb = await _frame(a, "state"), await _frame(b, "state")
        card = sa["d"]["view"]["hand"][0]
        await a.send(
            json.dumps(
                {"t": "act", "v": 0, "d": {"action": {"type": "play", "card": card}}}
            )
        )
        assert (await _frame(a, "ack"))["v"] == 1
        update = await _frame(b, "update", 1)
        assert update["d"]["events"][0]["card"] == card
        assert update["d"]["legal"]  # bia's turn now, and back the other way:
        assert sb["d"]["seat"] == 1
        await b.send(
            json.dumps({"t": "act", "v": 1, "d": {"action": update["d"]["legal"][0]}})
        )
        assert (await _frame(b, "ack"))["v"] == 2
        assert (await _frame(a, "update", 2))["d"]["legal"]
    finally:
        for ws in (a, b):
            await ws.close()
    await _watch_many(base, ana)
    # nginx logs a socket once it is closed: wait for all of them.
    sockets = 2 + 2 * WATCHED
    wait_for(
        lambda: access_log.read_text().count(" /ws/") >= sockets,
        10,
        "nginx to log every socket",
    )
    log = access_log.read_text()
    # Both processes served requests through the upstream blocks.
    upstreams = set(re.findall(r"127\.0\.0\.1:(\d+)", log))
    assert len(upstreams) == 2, log
    # Every socket of one table went to one process; tables spread over both.
    owners: dict[str, set[str]] = {}
    for path, upstream in re.findall(
        r"^\d+ /ws/(?:play|watch)/(\d+)/ (\S+)$", log, re.M
    ):
        owners.setdefault(path, set()).add(upstream)
    assert all(len(found) == 1 for found in owners.values()), owners
    assert owners[str(table)] and len(owners) == 1 + WATCHED, owners
    assert len(set().union(*owners.values())) == 2, owners


WATCHED = 12  # table ids whose watch sockets are opened (most do not exist)


async def _watch_many(base: str, http: Http) -> None:
    """Two watch sockets for each of WATCHED table ids (after the played
    table's), each refused or closed."""
    url = base.replace("https://", "wss://")
    headers = {**http.ws_headers(), "Origin": http.base}
    for table in range(1000, 1000 + WATCHED):
        for _ in range(2):
            try:
                ws = await connect(
                    f"{url}/ws/watch/{table}/",
                    additional_headers=headers,
                    ssl=tls_context(),
                )
            except InvalidStatus:  # refused at the handshake: logged all the same
                continue
            await ws.close()
