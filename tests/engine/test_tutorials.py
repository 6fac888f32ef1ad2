"""Every game's tutorial script against its rules engine.

Replaying a script from its seed (bots by the tutorial bot, the learner by
each step's expected actions) must reach the end of the script with every
expected action legal, the same way every time; the bots must decide from
their seat's view alone; every text must be translated.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ludoteca.bots.tutorial import TutorialBot
from ludoteca.engine import registry
from ludoteca.engine import tutorial as scripts
from ludoteca.engine.i18n import read_po
from ludoteca.engine.protocol import TIMEOUT, Action

GAMES = [g for g in registry.ids() if scripts.load(g) is not None]


def test_the_scripted_games_are_found() -> None:
    assert "agentavenue" in GAMES or "agentavenue" not in registry.ids()
    assert scripts.load("no-such-game") is None


@pytest.mark.parametrize("game_id", GAMES)
def test_the_script_plays_to_its_end_on_its_seed(game_id: str) -> None:
    script = scripts.load(game_id)
    assert script is not None and script.game == game_id
    game = registry.get(game_id)
    run = scripts.play_through(script, game)
    assert run.learner_moves == len(script.steps)
    learner = [a for seat, a in run.moves if seat == script.seat]
    assert len(learner) == len(script.steps)
    again = scripts.play_through(script, game)
    assert again.moves == run.moves  # the same match every time


@pytest.mark.parametrize("game_id", GAMES)
def test_each_step_accepts_legal_actions_only_and_fills_its_target(
    game_id: str,
) -> None:
    script = scripts.load(game_id)
    assert script is not None
    game = registry.get(game_id)
    state = game.setup(script.players, script.seed, dict(script.options))
    learned = 0
    for seat, action in scripts.play_through(script, game).moves:
        if seat == script.seat:
            step = script.steps[learned]
            expected = script.expected(game, state, learned)
            legal = game.legal_actions(state, seat)
            assert expected and all(a in legal for a in expected)
            assert action in expected
            if "{" in step.target:
                for a in expected:
                    assert step.target.format_map(a)
            learned += 1
        state = game.apply(state, seat, action).state


@pytest.mark.parametrize("game_id", GAMES)
def test_the_bots_decide_from_their_view_alone(game_id: str) -> None:
    script = scripts.load(game_id)
    assert script is not None
    game = registry.get(game_id)
    bot = TutorialBot()
    state = game.setup(script.players, script.seed, dict(script.options))
    for seat, action in scripts.play_through(script, game).moves:
        if seat is not None and seat != script.seat:
            assert bot.choose(game, state, seat, 1) == action
            for k in (1, 2):
                world = game.determinize(state, seat, k)
                assert bot.choose(game, world, seat, 99) == action
        state = game.apply(state, seat, action).state


@pytest.mark.parametrize("game_id", GAMES)
def test_the_match_is_the_same_whichever_bot_the_platform_asks_first(
    game_id: str,
) -> None:
    """The platform asks the bots of a simultaneous phase in no fixed order
    (a bot's choice may depend on its view, which shows who has acted): only
    one of them may act at a time, so every order plays the scripted match."""
    script = scripts.load(game_id)
    assert script is not None
    game = registry.get(game_id)
    expected_moves = scripts.play_through(script, game).moves
    for order in range(12):
        rng = random.Random(order)
        state = game.setup(script.players, script.seed, dict(script.options))
        moves: list[tuple[int | None, Action]] = []
        learned = 0
        while len(moves) < len(expected_moves):
            others = [s for s in game.active_seats(state) if s != script.seat]
            rng.shuffle(others)
            acting = [
                (s, a)
                for s in others
                if (a := scripts.bot_action(script, game, state, s)) is not None
            ]
            if game.info.kind != "real-time":
                assert len(acting) <= 1, acting
            if acting:
                seat, action = acting[0]
            elif script.learner_may_act(game, state):
                seat, action = script.seat, script.expected(game, state, learned)[0]
                learned += 1
            else:
                seat, action = None, TIMEOUT
            state = game.apply(state, seat, action).state
            moves.append((seat, action))
        if game.info.kind != "real-time":
            assert moves == expected_moves


@pytest.mark.parametrize("game_id", GAMES)
def test_every_guide_text_is_translated(game_id: str) -> None:
    script = scripts.load(game_id)
    assert script is not None
    package = Path(registry.get(game_id).__class__.__module__.replace(".", "/"))
    po = (
        Path(__file__).resolve().parents[2]
        / package.parent
        / "locale/pt_BR/LC_MESSAGES/django.po"
    )
    catalog = read_po(po)
    texts = [script.intro, script.outro]
    texts += [t for s in script.steps for t in (s.text, s.wrong) if t != scripts.WRONG]
    missing = [t for t in texts if t and t not in catalog]
    assert not missing
    web = read_po(
        Path(__file__).resolve().parents[2]
        / "ludoteca/web/locale/pt_BR/LC_MESSAGES/django.po"
    )
    assert scripts.WRONG in web
