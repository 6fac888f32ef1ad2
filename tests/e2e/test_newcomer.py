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
    who.set_password("noite-de-jogos-2026")
    who.save()
out = {}
for game, n in json.loads(sys.argv[1]).items():
    out[game] = played(game, people[:n], seed=11).pk
# Cat in the Box's match as a reload finds it: the platform's notices (the
# start, a timeout at version 3, the end) and a chat line from p1.
from ludoteca.web.play.models import ChatMessage, Table
if "catinthebox" in out:
    t = Table.objects.get(pk=out["catinthebox"])
    ChatMessage.objects.create(table=t, notice="started", params={"at_version": 0})
    ChatMessage.objects.create(
        table=t, notice="timeout", params={"seat": 1, "at_version": 3}
    )
    ChatMessage.objects.create(table=t, notice="finished", params={})
    ChatMessage.objects.create(table=t, seat=1, author="p1", text="boa partida")
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


# Card titles that only fit by breaking inside a word ("Decifrad ora").
BROKEN_TITLES = """() => [...document.querySelectorAll(".card-title, .aa-bm b")]
  .filter((n) => {
    const wrap = n.style.overflowWrap;
    n.style.overflowWrap = "normal";
    const over = n.scrollWidth > n.clientWidth + 1;
    n.style.overflowWrap = wrap;
    return over;
  }).map((n) => "broken title: " + n.textContent)"""


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
        # At the end, with every agent in play: no card title broken in a word.
        broken = page.evaluate(BROKEN_TITLES)
        if broken:
            found.setdefault(game, []).extend(broken)
    assert errors == []
    assert {g: sorted(set(w)) for g, w in found.items()} == {}


def login(page: Any, base: str, name: str) -> None:
    page.goto(base + "/accounts/login/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "noite-de-jogos-2026")
    page.click("main form button[type=submit]")
    page.wait_for_url(base + "/")


def log_lines(page: Any) -> list[dict[str, str]]:
    return list(
        page.evaluate(
            "() => [...document.querySelectorAll('[data-role=log] li')].map((li) =>"
            " ({v: li.dataset.v, type: li.dataset.type, text: li.textContent}))"
        )
    )


@pytest.mark.parametrize("lang", ["pt-BR", "en-US"])
def test_the_end_screen_the_log_and_the_chat_badge_after_a_reload(
    browser: Any, replays: tuple[str, dict], lang: str
) -> None:
    base, tables = replays
    if "catinthebox" not in tables:
        pytest.skip("Cat in the Box is not installed")
    code = "en" if lang == "en-US" else "pt-br"
    words = {
        "pt-br": ("A partida começa.", "Verificar a partida", "A partida terminou."),
        "en": ("The match begins.", "Check the match", "The match is over."),
    }[code]
    begins, check, over = words
    context = browser.new_context(viewport=DESKTOP, locale=lang)
    context.add_cookies([{"name": "django_language", "value": code, "url": base}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    login(page, base, "p0")
    pk = tables["catinthebox"]
    for visit in ("first", "reload"):
        if visit == "first":
            page.goto(f"{base}/t/{pk}/")
        else:
            page.reload()
        end = page.locator("dialog.end[open]")
        end.wait_for()
        page.wait_for_function(
            "(n) => document.querySelectorAll('[data-role=log] li').length > n", arg=3
        )
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-role=log] li')]"
            ".some((li) => li.dataset.type === 'notice')"
        )
        # Why it ended, the standings with points, the seed folded away.
        text = end.inner_text()
        assert end.locator(".end-reason").count() == 1
        assert end.locator("table.ranks thead").count() == 1
        assert check in text
        assert not end.locator(".verify code").is_visible()
        shot(page, f"newcomer-end-{code}-{visit}")
        if visit == "first":
            # The chat line is unread the first time only.
            assert page.locator("[data-role=unread]").is_visible()
            page.locator("dialog.end button").last.click()
            page.click("[data-role=chat-toggle]")
            assert page.locator("[data-role=unread]").is_hidden()
        else:
            assert page.locator("[data-role=unread]").is_hidden()
        lines = log_lines(page)
        versions = [int(li["v"]) for li in lines]
        assert versions == sorted(versions), lines
        assert lines[0]["text"] == begins
        assert [li["text"] for li in lines].count(over) == 1
        timeout = next(
            i for i, li in enumerate(lines) if li["type"] == "notice" and li["v"] == "3"
        )
        assert all(int(li["v"]) <= 3 for li in lines[:timeout])
        # Log numbers from 100 up keep every digit: the marker fits its box.
        assert (
            page.evaluate(
                "() => getComputedStyle(document.querySelector('.log ol')).paddingLeft"
            )
            != "0px"
        )
    assert errors == []


def test_my_table_says_whose_turn_and_the_phone_layout_leaves_the_board_free(
    browser: Any, replays: tuple[str, dict]
) -> None:
    base, _tables = replays
    context = browser.new_context(viewport=DESKTOP, locale="pt-BR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    login(page, base, "p7")
    page.goto(f"{base}/new/agentavenue/")
    # A clock that fits the game, and the rated-with-bots box says what it does.
    assert page.input_value("input[name=clock_minutes]") == "8"
    assert "nunca é ranqueada" in page.inner_text("form.new-table")
    page.click("form.new-table button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/\d+/$"))
    table_url = page.url
    page.select_option("form[action$='/bot/add/'] select", "random")
    page.click("form[action$='/bot/add/'] button")
    page.wait_for_selector(".board")
    page.wait_for_function(
        "() => window.ludoteca && window.ludoteca.table.legal.length > 0",
        timeout=30000,
    )
    page.goto(base + "/")
    mine = page.locator("#my-tables")
    assert "Sua vez" in mine.inner_text()
    assert page.locator("header a.turns").inner_text() == "Sua vez em 1 mesa"
    assert mine.locator("a:has-text('Voltar à mesa')").count() == 1
    playing = page.locator("section:has(h2:has-text('Partidas em andamento'))")
    assert playing.locator("a:has-text('Voltar à mesa')").count() == 1
    shot(page, "newcomer-lobby-desktop")
    for size in PHONES:
        page.set_viewport_size(size)
        shot(page, f"newcomer-lobby-{size['width']}")
    playing.locator("a:has-text('Voltar à mesa')").click()
    page.wait_for_url(table_url)
    page.wait_for_selector("[data-role=leave]:visible")  # my seat, not watching
    for size in PHONES:
        page.set_viewport_size(size)
        header = page.locator("header.topbar").bounding_box()
        assert header is not None and header["height"] < size["height"] * 0.08
        toggle = page.locator(".table-tools [data-role=chat-toggle]")
        assert toggle.is_visible()
        assert (
            page.evaluate(
                "() => getComputedStyle("
                "document.querySelector('[data-role=chat-toggle]')).position"
            )
            != "fixed"
        )
        shot(page, f"newcomer-table-agentavenue-{size['width']}")
    assert errors == []


def test_mafias_form_and_inside_jobs_characters_read_plainly(
    browser: Any, replays: tuple[str, dict]
) -> None:
    base, _tables = replays
    context = browser.new_context(viewport=DESKTOP, locale="pt-BR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    login(page, base, "p7")
    if "mafia" in registry.ids():
        page.goto(f"{base}/new/mafia/")
        advanced = page.locator("details.advanced")
        assert advanced.locator("summary").inner_text() == "Opções avançadas"
        assert not page.locator("[name=option_day_zero]").is_visible()
        assert not re.search(r"\(A-\d+\)", page.inner_text("main"))
        shot(page, "newcomer-mafia-form-desktop")
        page.set_viewport_size(PHONES[0])
        shot(page, "newcomer-mafia-form-390")
        page.set_viewport_size(DESKTOP)
    if "insidejob" not in registry.ids():
        return
    page.goto(f"{base}/new/insidejob/")
    page.select_option("select[name=players]", "4")  # characters need 4 or 5
    page.select_option("select[name=option_character_paranoid]", "true")
    page.click("form.new-table button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/\d+/$"))
    for _ in range(3):
        page.select_option("form[action$='/bot/add/'] select", "random")
        page.click("form[action$='/bot/add/'] button")
        page.wait_for_load_state()
    chip = page.locator(".ij-chip").first
    chip.wait_for()
    chip.click()
    panel = page.locator(".ij-character-info .ij-role")
    panel.wait_for()
    # Readable (dark ink on the light card), on the board, not a modal.
    assert page.locator("dialog[open]").count() == 0
    ink = page.evaluate(
        "() => getComputedStyle(document.querySelector("
        "'.ij-character-info .ij-role-power')).color"
    )
    assert ink not in ("rgb(255, 255, 255)",), ink
    for size in (DESKTOP, *PHONES):
        page.set_viewport_size(size)
        shot(page, f"newcomer-insidejob-character-{size['width']}")
    page.click(".ij-character-info .ij-close")
    page.wait_for_selector(".ij-character-info .ij-role", state="detached")
    assert errors == []
