"""What a newcomer trips over (issue 23), in a real browser.

- Every game's replay reads like its table: no internal keys ("ESCORT",
  "dawn", "STALEMATE", `tie_break`) on the board or in the log, in both
  languages, at the start, in the middle and at the end.
- The lobby leads back to one's own seat and says whose turn it is; the
  table's end screen says why the match ended and folds the seed away; the
  log keeps its order after a reload; on a phone the header is one short line
  and the chat button sits in the table's tools.

Screenshots: test-artifacts/newcomer-*.png (desktop 1366x800, phones 390x844
and 360x740).
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca.engine import registry
from tests.e2e.conftest import shot
from tests.web.live import ROOT, from_template, live_server, server_env

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-newcomer")]

DESKTOP = {"width": 1366, "height": 800}
PHONES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
GAMES = {  # game -> players in the seeded match
    "agentavenue": 2,
    "catinthebox": 3,
    "insidejob": 3,
    "luckybox": 2,
    "piles": 2,
    "mafia": 7,
    "darwinsjourney": 2,
}

SEED = """
import django, json, sys
django.setup()
from tests.web.history_fixtures import played, user
people = [user(f"p{i}") for i in range(8)]
for who in people:
    who.set_password("a-long-pass-" + who.username)
    who.save()
out = {}
for game, n in json.loads(sys.argv[1]).items():
    out[game] = played(game, people[:n], seed=11).pk
print(json.dumps(out))
"""

CONFIG = "JSON.parse(document.getElementById('replay-config').textContent)"
# A word a player should never read: snake_case keys, upper-case keys of
# four letters or more, and placeholders left unfilled.
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[A-Z]{4,}(?:_[A-Z]+)*\b|\{[a-z_]+\}")
# Upper-case words that are words (or our art), not keys.
ALLOWED = {"SHA-256"}


def raw_words(text: str) -> list[str]:
    return sorted({w for w in RAW.findall(text) if w not in ALLOWED})


def text_keys(game: str) -> list[str]:
    """The keys of the game's text catalogs (`ludoteca/games/<id>/text.py`):
    ids like "dawn", "ESCORT" or "roleblocked" that stand for a sentence."""
    module = importlib.import_module(f"ludoteca.games.{game}.text")
    keys = set()
    for name, catalog in vars(module).items():
        if name.isupper() and isinstance(catalog, dict):
            keys |= {
                str(k)
                for k, v in catalog.items()
                if isinstance(v, str) and len(str(k)) > 2 and str(k) != v
            }
    return sorted(k for k in keys if not k.isdigit())


def catalog_keys(page: Any, keys: list[str]) -> list[str]:
    """Those of `keys` written on the page as whole words."""
    return list(
        page.evaluate(
            """(keys) => {
          const words = new Set(
            [...document.querySelectorAll(
              '.replay-boards, .replay-log, [data-role=move]')]
              .map((n) => n.textContent).join(' ').split(/[^A-Za-z0-9_-]+/));
          return keys.filter((k) => words.has(k));
        }""",
            keys,
        )
    )


@pytest.fixture(scope="module")
def replays(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict]]:
    import json

    wanted = {g: n for g, n in GAMES.items() if g in registry.ids()}
    workdir = tmp_path_factory.mktemp("newcomer")
    env = server_env(workdir)
    from_template(workdir)
    done = subprocess.run(
        [sys.executable, "-c", SEED, json.dumps(wanted)],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    tables = json.loads(done.stdout.strip().splitlines()[-1])
    with live_server(workdir) as (base, _):
        yield base, tables


def page_text(page: Any) -> str:
    """The words on the board and in the log as written (textContent: before
    any CSS upper-casing)."""
    return str(
        page.evaluate(
            "() => [...document.querySelectorAll('.replay-boards, .replay-log,"
            " [data-role=move]')].map((n) => n.textContent).join(' ')"
        )
    )


@pytest.mark.parametrize("lang", ["pt-BR", "en-US"])
def test_every_replay_reads_like_its_table(
    browser: Any, replays: tuple[str, dict], lang: str
) -> None:
    base, tables = replays
    context = browser.new_context(viewport=DESKTOP, locale=lang)
    code = "en" if lang == "en-US" else "pt-br"
    context.add_cookies([{"name": "django_language", "value": code, "url": base}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    found: dict[str, list[str]] = {}
    for game, pk in tables.items():
        keys = text_keys(game)
        page.goto(f"{base}/replay/{pk}/")
        steps = int(
            page.evaluate(
                "JSON.parse(document.getElementById('replay-config').textContent).steps"
            )
        )
        for point in ("all", "0"):
            page.select_option("[data-role=pov]", point)
            for target in (0, steps // 2, steps):
                page.evaluate(
                    "(n) => { const s = document.querySelector('[data-role=slider]');"
                    " s.value = String(n); s.dispatchEvent(new Event('input')); }",
                    target,
                )
                page.wait_for_function(
                    "(n) => document.querySelector('[data-role=counter]').textContent"
                    ".includes(String(n)) && document.querySelector('[data-role=log]')",
                    arg=target,
                )
                page.wait_for_load_state("networkidle")
                words = raw_words(page_text(page))
                if code == "pt-br":  # English keys are English words too
                    words += catalog_keys(page, keys)
                if words:
                    found.setdefault(game, []).extend(words)
        shot(page, f"newcomer-replay-{game}-{code}")
    assert errors == []
    assert {g: sorted(set(w)) for g, w in found.items()} == {}
