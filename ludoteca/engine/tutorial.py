"""Interactive tutorials: a scripted match per game, described as data.

A game gets a tutorial by shipping ``ludoteca/games/<id>/tutorial.py`` with a
``TUTORIAL`` object: the seed, options and seats of a short match, the seat
the learner plays, and one `Step` per decision of the learner. The other
seats are played by a deterministic bot (the game's `bot_policy`, or a choice
that depends only on what the seat sees), so a seeded tutorial unfolds the
same way every time and the guide's text matches the board.

The learner's progress is derived from the match itself: step ``k`` is the
learner's ``k``-th action, so a tutorial table that is left and reopened
resumes where it was. Texts are English msgids (`gettext_noop`) translated by
the web layer from the game's catalog.

A script bot may also decline to act for now (its policy returns `WAIT`):
in a phase where everyone may act (a vote) the bots can wait for the learner
and then follow. While the learner's step waits for them, the platform holds
the phase's timer, so a timed phase never runs out under the guide.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine.i18n import gettext_noop
from ludoteca.engine.protocol import TIMEOUT, Action, Game
from ludoteca.engine.rng import Rng, mix_seed

View = Mapping[str, Any]
Expect = Callable[[View, Action], bool]


class Wait:
    """A script bot's choice not to act yet (see `WAIT`)."""

    def __repr__(self) -> str:
        return "WAIT"


WAIT = Wait()
BotPolicy = Callable[[Game[Any], Any, int], Action | Wait | None]

WRONG = gettext_noop("That move is legal, but the guide asks for another one here.")


@dataclass(frozen=True)
class Step:
    """One decision of the learner.

    `text` explains the rule in play, `target` is a CSS selector of the part
    of the board to look at ("" for none), `expect` accepts the learner's
    action given the learner's view (None: any legal action) and `wrong`
    says why another action is not the one asked for.
    """

    text: str
    target: str = ""
    expect: Expect | None = None
    wrong: str = WRONG

    def accepts(self, view: View, action: Action) -> bool:
        return self.expect is None or bool(self.expect(view, action))


@dataclass(frozen=True)
class Tutorial:
    game: str
    seed: int
    players: int
    steps: tuple[Step, ...]
    seat: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    intro: str = ""
    outro: str = ""
    # How the other seats play: an action for (game, state, seat), WAIT to let
    # the seat wait for now, or None to leave it to the default choice. In a
    # phase where several seats act at once it must not depend on what the
    # others did in that phase (the platform may apply their moves in any order).
    bot_policy: BotPolicy | None = None

    def step_of(self, learner_moves: int) -> Step | None:
        """The step waiting for the learner after `learner_moves` actions."""
        if 0 <= learner_moves < len(self.steps):
            return self.steps[learner_moves]
        return None

    def learner_may_act(self, game: Game[Any], state: Any) -> bool:
        """The learner's turn. In a phase where several seats act the bots
        choose first (they answer faster than a person reads the guide), or
        wait for the learner, so the scripted match is the same whoever clicks
        when."""
        active = game.active_seats(state)
        if self.seat not in active:
            return False
        if game.info.kind == "real-time":
            return True
        return all(
            bot_action(self, game, state, s) is None for s in active if s != self.seat
        )

    def expected(self, game: Game[Any], state: Any, learner_moves: int) -> list[Action]:
        """The learner's legal actions that the current step accepts."""
        step = self.step_of(learner_moves)
        legal = game.legal_actions(state, self.seat)
        if step is None:
            return legal
        view = game.view(state, self.seat)
        return [a for a in legal if step.accepts(view, a)]


def load(game_id: str) -> Tutorial | None:
    """The game's tutorial (``tutorial.py`` beside its rules), or None."""
    from ludoteca.engine import registry

    try:
        game = registry.get(game_id)
    except KeyError:
        return None
    name = type(game).__module__.rpartition(".")[0] + ".tutorial"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            return None
        raise
    tutorial = getattr(module, "TUTORIAL", None)
    return tutorial if isinstance(tutorial, Tutorial) else None


def view_seed(game: Game[Any], state: Any, seat: int) -> int:
    """A seed that depends only on what `seat` sees (its view)."""
    text = json.dumps(game.view(state, seat), sort_keys=True, default=str)
    return mix_seed("tutorial", hashlib.sha256(text.encode()).hexdigest(), seat)


def steady_choice(game: Game[Any], state: Any, seat: int) -> Action:
    """A legal action chosen from the seat's view alone: the same view always
    gives the same action, so the scripted match never varies."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action")
    return Rng(view_seed(game, state, seat)).choice(legal)


def bot_action(
    tutorial: Tutorial, game: Game[Any], state: Any, seat: int
) -> Action | None:
    """What a script bot does now: an action, or None when it waits.

    Where several bots may act at once (a turn-based game's simultaneous
    phase), they take turns from the lowest seat: a bot's choice may depend
    on its view, which shows who has already acted, so the platform must not
    let them race. A bot waits while a lower bot seat still wants to act."""
    action = _wanted(tutorial, game, state, seat)
    if action is None or game.info.kind == "real-time":
        return action
    for other in sorted(game.active_seats(state)):
        if other >= seat:
            break
        if other != tutorial.seat and _wanted(tutorial, game, state, other) is not None:
            return None
    return action


def _wanted(
    tutorial: Tutorial, game: Game[Any], state: Any, seat: int
) -> Action | None:
    """The script bot's own choice, before it gives way to a lower seat."""
    if tutorial.bot_policy is not None:
        action = tutorial.bot_policy(game, state, seat)
        if isinstance(action, Wait):
            return None
        if action is not None:
            return action
    return steady_choice(game, state, seat)


@dataclass
class Run:
    """The scripted match played by `play_through`."""

    state: Any
    moves: list[tuple[int | None, Action]]
    learner_moves: int
    finished: bool


def play_through(
    tutorial: Tutorial,
    game: Game[Any],
    choose: Callable[[Sequence[Action]], Action] = lambda options: options[0],
    max_moves: int = 5000,
) -> Run:
    """Play the tutorial as the server would: bots by `bot_action`, the
    learner by `choose` among the actions each step expects. Raises
    `AssertionError` when a step expects nothing legal (a broken script)."""
    state = game.setup(tutorial.players, tutorial.seed, dict(tutorial.options))
    moves: list[tuple[int | None, Action]] = []
    learned = 0
    while len(moves) < max_moves and game.outcome(state) is None:
        if learned >= len(tutorial.steps):
            break
        active = sorted(game.active_seats(state))
        others = [s for s in active if s != tutorial.seat]
        chosen = {s: bot_action(tutorial, game, state, s) for s in others}
        bots = [s for s, a in chosen.items() if a is not None]
        learner_turn = tutorial.learner_may_act(game, state)
        if not bots and not learner_turn:
            # Nobody acts (a countdown, a discussion, bots waiting for a
            # learner who may not act): the phase's timer runs out.
            if game.phase_seconds(state) is None:
                raise AssertionError("no seat may act and the match is not over")
            state = game.apply(state, None, TIMEOUT).state
            moves.append((None, TIMEOUT))
            continue
        seat = tutorial.seat if learner_turn else bots[0]
        action: Action | None = chosen.get(seat)
        if seat == tutorial.seat:
            options = tutorial.expected(game, state, learned)
            if not options:
                legal = game.legal_actions(state, seat)
                raise AssertionError(
                    f"step {learned} expects none of the legal actions {legal[:8]}"
                )
            action = choose(options)
            learned += 1
        assert action is not None
        state = game.apply(state, seat, action).state
        moves.append((seat, action))
    return Run(state, moves, learned, game.outcome(state) is not None)
