"""Table talk hook, the worker-thread runner and the bot names."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from ludoteca.bots import names, runner, talk
from ludoteca.bots.hints import Hints
from ludoteca.bots.ismcts import IsmctsBot, Search
from ludoteca.engine.i18n import missing_translations
from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng
from tests.bots.goofspiel import GAME as GOOFSPIEL

BOTS = Path(__file__).resolve().parents[2] / "ludoteca" / "bots"


def chatty(
    game: Game[Any], state: Any, seat: int, action: Action, rng: Rng
) -> list[Any]:
    """Says which bid it guesses each opponent placed (a guess from its world)."""
    said = [
        talk.Message("table", "guess_bid", {"seat": p, "card": b})
        for p, b in enumerate(state.bids)
        if p != seat and b
    ]
    return [talk.Message("mafia", "secret"), *said]


def test_talk_speaks_only_on_writable_channels_and_only_from_a_sampled_world() -> None:
    state = GOOFSPIEL.setup(4, 2)
    for p in (1, 2, 3):
        state = GOOFSPIEL.apply(state, p, {"type": "bid", "card": 6}).state
    hints = Hints(talk=chatty)
    said = talk.messages(GOOFSPIEL, state, 0, {"type": "bid", "card": 1}, 5, hints)
    assert [m.channel for m in said] == [
        "table",
        "table",
    ]  # "mafia" dropped, capped at 2
    # The real bids are all 6; the world the bot talks from resamples them.
    guesses = [
        m.params["card"]
        for seed in range(10)
        for m in talk.messages(
            GOOFSPIEL, state, 0, {"type": "bid", "card": 1}, seed, hints
        )
    ]
    assert set(guesses) != {6}
    twin = GOOFSPIEL.determinize(state, 0, 77)
    assert (
        talk.messages(GOOFSPIEL, twin, 0, {"type": "bid", "card": 1}, 5, hints) == said
    )


def test_no_talk_hint_means_silence() -> None:
    state = GOOFSPIEL.setup(2, 2)
    assert (
        talk.messages(GOOFSPIEL, state, 0, {"type": "bid", "card": 1}, 1, Hints()) == []
    )


def test_runner_thinks_on_a_thread_and_cancels_promptly() -> None:
    bot = IsmctsBot("slow", Search(iterations=10**9), hints=Hints())
    state = GOOFSPIEL.setup(3, 1, {"cards": 8})
    thinking = runner.think(bot, GOOFSPIEL, state, 0, seed=3)
    time.sleep(0.05)
    assert not thinking.future.done()
    started = time.perf_counter()
    thinking.stop.set()
    action = thinking.result(timeout=5)
    assert time.perf_counter() - started < 1.0
    assert action in GOOFSPIEL.legal_actions(state, 0)
    assert bot.last is not None and bot.last.stopped == "cancelled"


def test_names_are_translated_and_avatars_distinct() -> None:
    po = BOTS / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"
    assert missing_translations([BOTS / "names.py"], po) == []
    avatars = [p.avatar for p in names.PERSONAS]
    assert len(set(avatars)) == len(avatars)
    assert {"random", "easy", "medium", "hard"} <= set(names.KIND_NAMES)
    assert names.kind_name("no-such-bot") == names.BOT
    table = [names.for_seat(9, seat) for seat in range(len(names.PERSONAS))]
    assert len({p.avatar for p, _ in table}) == len(names.PERSONAS)
    assert names.for_seat(9, len(names.PERSONAS)) == (table[0][0], 1)
