"""`make run` serves the production settings: no debug pages, and a secret
key generated on the first start and kept in var/ (issue 20)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import django
from django.conf import settings
django.setup()
from django.test import Client
client = Client(raise_request_exception=False, HTTP_HOST="localhost")
page = client.get("/no-such-page/")
print(settings.DEBUG, page.status_code, "URLconf" in page.content.decode())
print(settings.SECRET_KEY)
admin = [client.get(p).status_code for p in ("/admin/login/", "/staff-7d1c/login/")]
print(*admin)
"""


def probe(var: Path, **env: str) -> list[str]:
    environment = {
        k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")
    }
    environment.update(
        DJANGO_SETTINGS_MODULE="ludoteca.web.settings.prod",
        LUDOTECA_VAR=str(var),
        PYTHONPATH=str(ROOT),
        **env,
    )
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.split("\n")


def test_production_settings_make_and_keep_their_secret_and_show_no_debug_page(
    tmp_path,
):
    first = probe(tmp_path)
    assert first[0] == "False 404 False"  # our 404 page, not the URL listing
    key_file = tmp_path / "secret_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    key = first[1]
    assert len(key) >= 50 and key == key_file.read_text().strip()
    assert probe(tmp_path)[1] == key  # kept across restarts


def test_a_given_secret_key_wins_and_nothing_is_written(tmp_path):
    assert probe(tmp_path, SECRET_KEY="from-the-environment")[1] == (
        "from-the-environment"
    )
    assert not (tmp_path / "secret_key").exists()


def test_the_admin_moves_off_admin_with_one_setting(tmp_path):
    assert probe(tmp_path)[2] == "200 404"
    assert probe(tmp_path, ADMIN_PATH="staff-7d1c/")[2] == "404 200"


def test_make_run_serves_production_and_make_dev_debug():
    makefile = (ROOT / "Makefile").read_text()
    run = makefile.split("\nrun:")[1].split("\n\n")[0]
    dev = makefile.split("\ndev:")[1].split("\n\n")[0]
    assert "LUDOTECA_ENV=prod" in run and "ludoteca serve" in run
    assert "LUDOTECA_ENV" not in dev and "ludoteca serve" in dev
