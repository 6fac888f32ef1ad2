"""Mafia's board on steered positions: the Witch's two-step choice, the trial
(defence, judgement, last words) and the graveyard chat after a lynch.

A random match rarely reaches these screens, so the positions are played
with the real rules from a hand-dealt table (the same helper as the rules
tests), and the board module is drawn in a plain page of the site with the
game's catalogs; what it sends is recorded instead of going to a server.
Screenshots at desktop and phone (360 x 740) sizes: test-artifacts/mafia-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca.engine import registry
from ludoteca.engine.i18n import read_po
from ludoteca.engine.protocol import TIMEOUT
from tests.e2e.conftest import DESKTOP, shot

pytestmark = [pytest.mark.e2e, pytest.mark.xdist_group("e2e-mafia_screens")]

PHONE = {"width": 360, "height": 740}
NAMES = ["Mara", "Bento", "Célia", "Davi", "Elisa", "Fábio", "Gil"]
ROLES = ("WITCH", "GODFATHER", "MAFIOSO", "DOCTOR", "DETECTIVE", "ESCORT", "CITIZEN")


@pytest.fixture(autouse=True)
def _mafia_installed() -> None:
    if "mafia" not in registry.ids():
        pytest.skip("Mafia is not installed")


MOUNT = """
async ({view, legal, active, seat, names, texts, channels, lines, left}) => {
  if (!window.gettext) {
    await new Promise((ok, fail) => {
      const s = document.createElement("script");
      s.src = "/jsi18n/"; s.onload = ok; s.onerror = fail;
      document.head.append(s);
    });
    for (const href of ["/static/core/table.css", "/static/games/mafia/board.css"]) {
      const link = document.createElement("link");
      link.rel = "stylesheet"; link.href = href;
      document.head.append(link);
      await new Promise((ok) => { link.onload = ok; });
    }
  }
  const { t, fmt } = await import("/static/core/i18n.js");
  const widgets = await import("/static/core/widgets.js");
  const { createBoard } = await import("/static/games/mafia/board.js");
  document.body.classList.add("table-body");
  const main = document.querySelector("main");
  main.replaceChildren();
  const root = document.createElement("div");
  root.className = "board";
  main.append(root);
  window.sent = [];
  window.said = [];
  const ctx = {
    seat, spectator: seat === null, t, fmt, widgets, texts, channels,
    // No table around the board here: shortcuts are accepted and unused.
    keys: { add: () => {}, press: (n) => n && n.click() },
    name: (s) => names[s],
    send: (a) => { window.sent.push(a); return 1; },
    say: (c, text) => { window.said.push([c, text]); return true; },
    now: () => Date.now(),
  };
  window.mfBoard = createBoard(root, ctx);
  const clock = {phase_ends: Date.now() + left * 1000};
  window.mfBoard.update({view, legal, active, seats: [], status: "playing",
                         outcome: null, channels, clock, version: 1}, []);
  for (const line of lines) window.mfBoard.chat(line);
}
"""


def catalogs(lang: str) -> dict[str, dict[str, str]]:
    """The game's text.py catalogs as the server hands them to the board."""
    from pathlib import Path

    from ludoteca.games.mafia import text

    po = Path(text.__file__).parent / "locale/pt_BR/LC_MESSAGES/django.po"
    words = read_po(po) if lang == "pt-BR" else {}
    return {
        name: {k: words.get(v) or v for k, v in value.items()}
        for name, value in vars(text).items()
        if name.isupper() and isinstance(value, dict)
    }


def mount(
    page: Any, state: Any, seat: int | None, lines: list[dict[str, Any]] = (), lang="en"
) -> dict[str, Any]:
    game = registry.get("mafia")
    view = game.view(state, seat)
    legal = game.legal_actions(state, seat) if seat is not None else []
    channels = game.chat_channels(state, seat)
    page.evaluate(
        MOUNT,
        {
            "view": view,
            "legal": legal,
            "active": sorted(game.active_seats(state)),
            "seat": seat,
            "names": NAMES,
            "texts": catalogs(lang),
            "channels": channels,
            "lines": [ln for ln in lines if ln["channel"] in channels],
            "left": 14,
        },
    )
    return {"view": view, "legal": legal, "channels": channels}


def both_sizes(page: Any, name: str) -> None:
    shot(page, f"mafia-board-{name}-desktop")
    page.set_viewport_size(PHONE)
    shot(page, f"mafia-board-{name}-phone")
    page.set_viewport_size(DESKTOP)


def line(seat: int, channel: str, text: str) -> dict[str, Any]:
    return {"seat": seat, "author": NAMES[seat], "channel": channel, "text": text}


class Day:
    """One hand-dealt table played by the rules into the phases of a trial."""

    def __init__(self) -> None:
        from tests.games.mafia.helpers import table

        self.game = registry.get("mafia")
        self.state = table(*ROLES, night=1)

    def step(self, seat: int | None, action: dict[str, Any]) -> Any:
        self.state = self.game.apply(self.state, seat, action).state
        return self.state

    def timeout(self, phase: str) -> Any:
        self.step(None, dict(TIMEOUT))
        assert self.state.phase == phase, self.state.phase
        return self.state


@pytest.fixture(scope="module")
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.goto(server + "/")
    yield p
    assert not errors, errors
    context.close()


def test_the_witch_chooses_whom_to_control_and_onto_whom(page):
    day = Day()
    shown = mount(page, day.state, 0)
    assert page.inner_text("[data-role=role-card] h3") == "Witch"
    page.click(".mf-seat[data-seat='2'] button:has-text('Control')")
    assert "controlled" in page.inner_text(".mf-seat.picked[data-seat='2']")
    page.click(".mf-panel button:has-text('Control someone else')")  # changed mind
    assert not page.query_selector(".mf-seat.picked")
    page.click(".mf-seat[data-seat='3'] button:has-text('Control')")
    panel = page.inner_text(".mf-panel")
    assert "Davi will act on… choose the second player." in panel
    aims = page.query_selector_all(".mf-seat button:has-text('Aim here')")
    legal = [a for a in shown["legal"] if a.get("target") == 3 and "second" in a]
    assert len(aims) == len(legal) > 0
    both_sizes(page, "witch")
    page.click(".mf-seat[data-seat='5'] button:has-text('Aim here')")
    assert page.evaluate("window.sent") == [{"type": "act", "target": 3, "second": 5}]
    # Saved: the panel then names both players.
    state = day.step(0, {"type": "act", "target": 3, "second": 5})
    mount(page, state, 0)
    assert "Your choice: Davi → Fábio" in page.inner_text(".mf-panel")


def _to_trial(day: Day) -> Any:
    day.timeout("dawn")
    day.timeout("discussion")
    day.timeout("voting")
    for voter in (1, 2, 3, 4):
        day.step(voter, {"type": "vote", "target": 0})
    assert day.state.phase == "defense" and day.state.accused == 0
    return day.state


def test_defence_judgement_and_last_words(page):
    day = Day()
    state = _to_trial(day)
    talk = [
        line(1, "table", "Mara controlled me last night, I am sure."),
        line(0, "table", "I am the Witch, but I only want the Town to lose later!"),
    ]
    # The accused alone may speak; the others read.
    mount(page, state, 0, talk)
    assert "You are on trial: defend yourself" in page.inner_text(".mf-panel")
    assert page.is_enabled(".mf-say input")
    assert "on trial" in page.inner_text(".mf-seat[data-seat='0']")
    both_sizes(page, "defence-accused")
    mount(page, state, 4, talk)
    assert "Mara is on trial and speaks in defence." in page.inner_text(".mf-panel")
    assert not page.is_enabled(".mf-say input")
    both_sizes(page, "defence-town")

    state = day.timeout("judgement")
    state = day.step(1, {"type": "judge", "verdict": "guilty"})
    shown = mount(page, state, 4, talk)
    buttons = [b.inner_text() for b in page.query_selector_all(".mf-panel button")]
    assert buttons == ["guilty", "innocent", "abstain"]
    assert "has judged" in page.inner_text(".mf-seat[data-seat='1']")
    page.click(".mf-panel button:has-text('guilty')")
    assert page.evaluate("window.sent")[-1] in shown["legal"]
    state = day.step(4, {"type": "judge", "verdict": "guilty"})
    mount(page, state, 4, talk)
    assert "Your verdict: guilty" in page.inner_text(".mf-panel")
    both_sizes(page, "judgement")
    mount(page, state, 0, talk)  # the accused does not judge
    assert not page.query_selector_all(".mf-panel button")
    assert "The town is judging you." in page.inner_text(".mf-panel")
    both_sizes(page, "judgement-accused")

    for seat in (2, 3):
        day.step(seat, {"type": "judge", "verdict": "guilty"})
    day.step(5, {"type": "judge", "verdict": "innocent"})
    state = day.step(6, {"type": "judge", "verdict": "abstain"})
    assert state.phase == "last_words"
    mount(page, state, 0, [*talk, line(0, "table", "Remember my will.")])
    panel = page.inner_text(".mf-panel")
    assert "The town found Mara guilty: 4 guilty, 1 innocent, 1 abstaining." in panel
    assert "Your last words: the town is listening." in panel
    assert page.is_enabled(".mf-say input")
    verdicts = page.inner_text(".mf-seat[data-seat='5']")
    assert "innocent" in verdicts
    both_sizes(page, "last-words")


def test_after_the_lynch_the_dead_talk_in_the_graveyard(page):
    day = Day()
    _to_trial(day)
    day.timeout("judgement")
    for seat in range(1, 7):
        day.step(seat, {"type": "judge", "verdict": "guilty"})
    state = day.timeout("night")
    assert not state.players[0].alive
    talk = [
        line(3, "table", "The Witch is gone."),
        line(0, "dead", "Nobody hears me now."),
        line(0, "will:0", "I controlled Davi on night 1."),
    ]
    shown = mount(page, state, 0, talk)
    assert shown["channels"]["dead"] == "write" and shown["channels"]["table"] == "read"
    assert "You are dead" in page.inner_text(".mf-panel")
    assert "Witch" in page.inner_text(".mf-seat[data-seat='0']")  # revealed
    # Yesterday's verdicts are not left on the square at night.
    assert "guilty" not in page.inner_text(".mf-square")
    page.click(".mf-tab[data-channel='dead']")
    assert "Nobody hears me now." in page.inner_text(".mf-lines")
    assert page.is_enabled(".mf-say input")
    page.fill(".mf-say input", "hello from the other side")
    page.press(".mf-say input", "Enter")
    assert page.evaluate("window.said") == [["dead", "hello from the other side"]]
    both_sizes(page, "graveyard")
    # A living player never gets the graveyard tab, but reads the will.
    shown = mount(page, state, 3, talk)
    assert "dead" not in shown["channels"]
    tabs = [b.get_attribute("data-channel") for b in page.query_selector_all(".mf-tab")]
    assert "dead" not in tabs and "will:0" in tabs and "will:3" in tabs
    assert page.inner_text(".mf-tab[data-channel='will:3']") == "Your last will"
    page.click(".mf-tab[data-channel='will:0']")
    assert "I controlled Davi on night 1." in page.inner_text(".mf-lines")
    both_sizes(page, "will-read")


def test_the_trial_reads_in_portuguese(browser, server):
    context = browser.new_context(viewport=DESKTOP, locale="pt-BR")
    page = context.new_page()
    page.goto(server + "/")
    day = Day()
    _to_trial(day)
    day.timeout("judgement")
    for seat in range(1, 7):
        day.step(seat, {"type": "judge", "verdict": "guilty"})
    mount(page, day.state, 3, [line(0, "table", "Sou inocente!")], lang="pt-BR")
    panel = page.inner_text(".mf-panel")
    assert "A cidade considerou Mara culpado: 6 culpado" in panel
    assert "Últimas palavras de Mara." in panel
    assert "Últimas palavras" in page.inner_text(".mf-top")
    both_sizes(page, "last-words-pt")
    context.close()


def test_voting_goes_on_after_an_acquittal(page):
    day = Day()
    _to_trial(day)
    day.timeout("judgement")
    day.step(1, {"type": "judge", "verdict": "guilty"})
    day.step(2, {"type": "judge", "verdict": "innocent"})
    state = day.timeout("voting")  # the rest abstain: a tie acquits
    assert state.acquittals == 1 and state.players[0].alive
    shown = mount(page, state, 2)
    panel = page.inner_text(".mf-panel")
    assert "Nominate a player: 4 votes put them on trial." in panel
    assert "2 more trials today at most" in panel
    assert "innocent" in page.inner_text(".mf-seat[data-seat='2']")
    votes = page.query_selector_all(".mf-seat button:has-text('Vote')")
    assert len(votes) == sum(1 for a in shown["legal"] if a["type"] == "vote")
    both_sizes(page, "voting-after-acquittal")
    # A spectator sees the square and the verdicts, no role card.
    mount(page, state, None)
    assert len(page.query_selector_all(".mf-seat")) == 7
    assert not page.query_selector("[data-role=role-card]")
    assert "innocent" in page.inner_text(".mf-seat[data-seat='2']")


def test_a_detective_claims_and_reports_and_the_town_reads_the_record(page):
    day = Day()
    day.timeout("dawn")
    day.timeout("discussion")
    state = day.timeout("voting")
    mount(page, state, 4)  # Elisa, the Detective
    form = page.locator("[data-role=claim-form]")
    assert "Claim a role (public, once a day):" in form.inner_text()
    # A report before any claim would claim the Detective with it.
    assert "(this claims the Detective)" in form.inner_text()
    form.locator("select[data-field=claim-role]").select_option("DETECTIVE")
    form.locator("button[data-action=claim]").click()
    assert page.evaluate("window.sent") == [{"type": "claim", "role": "DETECTIVE"}]
    state = day.step(4, {"type": "claim", "role": "DETECTIVE"})
    mount(page, state, 4)
    form = page.locator("[data-role=claim-form]")
    assert not form.locator("select[data-field=claim-role]").count()  # once a day
    assert "Report a Detective result:" in form.inner_text()
    form.locator("select[data-field=report-target]").select_option("2")
    form.locator("button[data-action=report-suspicious]").click()
    assert page.evaluate("window.sent")[-1] == {
        "type": "report",
        "target": 2,
        "result": "suspicious",
    }
    both_sizes(page, "claim-form")
    state = day.step(4, {"type": "report", "target": 2, "result": "suspicious"})
    mount(page, state, 6)  # Gil, a Citizen, reads the record
    record = page.inner_text("[data-role=claims]")
    assert "Elisa claims to be the Detective." in record
    assert "Elisa reports as Detective: Célia is suspicious." in record
    badge = page.locator(".mf-seat[data-seat='4'] .mf-badge.claim")
    assert badge.inner_text() == "claims: Detective"
    both_sizes(page, "claims")
    mount(page, state, 6, lang="pt-BR")
    record = page.inner_text("[data-role=claims]")
    assert "Elisa declara ser Detetive." in record
    assert "Elisa anuncia como Detetive o resultado de Célia: suspeito." in record


def test_in_the_discussion_a_player_claims_then_says_ready(page):
    day = Day()
    day.timeout("dawn")
    state = day.timeout("discussion")
    mount(page, state, 4)  # Elisa, the Detective
    panel = page.locator(".mf-panel")
    assert "then say you are ready" in panel.inner_text()
    form = page.locator("[data-role=claim-form]")
    form.locator("select[data-field=report-target]").select_option("2")
    form.locator("button[data-action=report-suspicious]").click()
    assert page.evaluate("window.sent") == [
        {"type": "report", "target": 2, "result": "suspicious"}
    ]
    state = day.step(4, {"type": "report", "target": 2, "result": "suspicious"})
    mount(page, state, 4)
    both_sizes(page, "discussion")
    page.click(".mf-panel button[data-action=ready]")
    assert page.evaluate("window.sent") == [{"type": "ready"}]
    state = day.step(4, {"type": "ready"})
    mount(page, state, 4)
    assert "You are ready to vote" in page.inner_text(".mf-panel")
    assert not page.locator(".mf-panel button[data-action=ready]").count()
    # Everyone sees who is ready; the report stands on the record.
    mount(page, state, 6)
    assert "ready" in page.inner_text(".mf-seat[data-seat='4']")
    assert "Célia is suspicious" in page.inner_text("[data-role=claims]")
    # Once the last living player is ready, the voting opens.
    for seat in (0, 1, 2, 3, 5):
        state = day.step(seat, {"type": "ready"})
    assert state.phase == "discussion"
    state = day.step(6, {"type": "ready"})
    assert state.phase == "voting"


def test_the_discussion_reads_in_portuguese(browser, server):
    context = browser.new_context(viewport=DESKTOP, locale="pt-BR")
    page = context.new_page()
    page.goto(server + "/")
    day = Day()
    day.timeout("dawn")
    state = day.timeout("discussion")
    mount(page, state, 6, lang="pt-BR")
    ready = page.locator(".mf-panel button[data-action=ready]")
    assert ready.inner_text() == "Pronto para votar"
    assert "a votação abre quando todos estiverem" in page.inner_text(".mf-panel")
    state = day.step(6, {"type": "ready"})
    mount(page, state, 6, lang="pt-BR")
    assert "Você está pronto para votar" in page.inner_text(".mf-panel")
    both_sizes(page, "discussion-pt")
    context.close()
