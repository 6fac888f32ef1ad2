"""Screenshots of every game's table and the home page, and each table page's weight.

    python bench/screens.py before|after

Starts `ludoteca serve` on a copy of the migrated database, opens a table of each
game with random bots, and saves viewport PNGs at desktop (1366x800) and phone
(390x844) sizes in docs/screens/<label>-<game>-<size>.png. It prints the bytes
each table page loads: the HTML and its same-site scripts and styles (the
socket's frames and the catalog of translations counted apart).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import ARGS, CHROMIUM  # noqa: E402
from tests.e2e.test_accessibility import GAMES, start_with_bots  # noqa: E402
from tests.web.live import Http, live_server  # noqa: E402

SIZES = {
    "desktop": {"width": 1366, "height": 800},
    "phone": {"width": 390, "height": 844},
}
OUT = ROOT / "docs" / "screens"


def weigh(page: Any, url: str) -> dict[str, int]:
    """Bytes of the page's HTML, scripts and styles, loaded without a cache."""
    sizes = {"html": 0, "js": 0, "css": 0, "catalog": 0}

    def seen(response: Any) -> None:
        kind = response.request.resource_type
        try:
            n = len(response.body())
        except Exception:  # redirects and sockets have no body
            return
        if "jsi18n" in response.url:
            sizes["catalog"] += n
        elif kind == "document":
            sizes["html"] += n
        elif kind == "script":
            sizes["js"] += n
        elif kind == "stylesheet":
            sizes["css"] += n

    page.on("response", seen)
    page.goto(url)
    page.wait_for_selector("body[data-version]", timeout=30000)
    page.wait_for_load_state("networkidle")
    page.remove_listener("response", seen)
    return sizes


def main(label: str) -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="screens-"))
    with live_server(work, {"LUDOTECA_BOT_DELAY": "0.4"}) as (base, _):
        person = Http(base)
        person.signup("ana")
        cookies = [{"name": c.name, "value": c.value, "url": base} for c in person.jar]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for size, viewport in SIZES.items():
                ctx = browser.new_context(viewport=viewport, locale="pt-BR")
                ctx.add_cookies(cookies)
                page = ctx.new_page()
                page.goto(base + "/")
                page.screenshot(path=str(OUT / f"{label}-home-{size}.png"))
                ctx.close()
            for game, players in GAMES.items():
                pk = start_with_bots(person, game, players)
                for size, viewport in SIZES.items():
                    ctx = browser.new_context(viewport=viewport, locale="pt-BR")
                    ctx.add_cookies(cookies)
                    page = ctx.new_page()
                    sizes = weigh(page, f"{base}/t/{pk}/")
                    page.wait_for_timeout(1500)
                    page.screenshot(path=str(OUT / f"{label}-{game}-{size}.png"))
                    if size == "desktop":
                        total = sizes["html"] + sizes["js"] + sizes["css"]
                        print(
                            f"{game:15} html {sizes['html']:6} js {sizes['js']:7} "
                            f"css {sizes['css']:6} = {total:7} bytes "
                            f"(+ catalog {sizes['catalog']})"
                        )
                    ctx.close()
            browser.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "after")
