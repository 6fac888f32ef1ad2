"""Per-game hints that make the generic search stronger.

A game may ship ``ludoteca/games/<id>/bot.py``; every name below is optional
and a game defines only what helps it. The search imports that module by name
(`load`) and falls back to its generic behaviour for whatever is missing.

Hints only ever receive *sampled worlds* (states drawn by
``game.determinize(state, seat, seed)`` for the seat that is thinking), never
the real match state, so they cannot leak hidden information even by
accident. Inside a sampled world every seat's "hand" is a guess; a hint may
read the whole world (it is the bot's own imagination), but a hint that is
asked about `seat` at the root should only use what that seat could know so
that equal information gives equal decisions.

The interface (all module-level functions or constants):

``rollout_policy(game, state, seat, rng) -> Action | None``
    The action `seat` plays in a simulated continuation. Return ``None`` to
    fall back to a uniformly random legal action. `rng` is an
    `ludoteca.engine.rng.Rng`; draw from it only, never from `random`, so
    searches stay reproducible. Keep it cheap: it runs thousands of times per
    decision.

``prune(game, state, seat, actions) -> list[Action]``
    A non-empty subset of `actions` worth searching (drop obviously bad or
    redundant moves). Used in the tree, not in rollouts.

``prior(game, state, seat, actions) -> list[float]``
    One non-negative weight per action (same order); higher is more
    promising. The tree tries unvisited actions in decreasing prior order and
    adds a progressive bias ``PRIOR_WEIGHT * p / (1 + visits)`` to their
    score. Weights are normalised by the search.

``group(action) -> str``
    A key that puts similar actions in one group (say, "play any red card").
    The tree first chooses among groups, then among the group's actions,
    which focuses a small budget on games with many actions.

``evaluate(game, state) -> Sequence[float]``
    Per-seat rewards in [0, 1] for a running state, used when a rollout
    reaches its depth cap (long games): the chance of each seat winning, say.
    In a solo game, the one value is the expected final score instead (a solo
    search rewards the score). Without it the search scores a capped rollout
    as a draw (each seat gets 1/number of seats).

``ROLLOUT_DEPTH: int``
    Actions per rollout before `evaluate` is used (default: the level's).

``BUDGET_SCALE: float``
    Multiplies every level's budget of simulated actions, for a game whose
    actions (with its hints) cost much more or less than the levels assume:
    0.3 means each action costs about three times the usual.

``LEVEL_SCALE: Mapping[int, Mapping[str, float]]``
    Player count -> level -> a further factor on that level's budget of
    simulated actions at tables of that size (after ``BUDGET_SCALE``), for a
    level that needs a deeper look at one table size only: ``{3: {"medium":
    2.0}}`` doubles medium's budget at three players and nowhere else.

``ITERATION_COST: int``
    The fewest simulated actions an iteration counts for (default 0), for a
    game whose `determinize` costs as much as several actions.

``ITERATIONS: Mapping[str, int]``
    Iterations per level (``"easy"``, ``"medium"``, ``"hard"``) when the
    game is much slower or faster than the defaults assume.

``decide(game, worlds, seat, seed, level) -> Action | None``
    A game's own way of choosing, for the levels in ``DECIDE_LEVELS`` (a
    set of level names), in place of the search: Piles!' levels are its
    rule policy, "hard" with a lookahead. `worlds` are ``DECIDE_WORLDS``
    (default 8; a mapping gives each level its own number, at least 1)
    states sampled for `seat`, never the real one. ``None`` hands the
    decision back to the search.

``talk(game, state, seat, action, rng) -> list[dict]``
    Games with table talk (Mafia): short canned messages a bot posts with the
    action it chose (or, with `action` ``None``, at the start of a phase).
    `state` is a sampled world. Each dict is ``{"channel": ..., "code": ...,
    **params}`` with a code of `ludoteca.bots.phrases.TALK`; see
    `ludoteca.bots.talk`.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ludoteca.engine.protocol import Action, Game
from ludoteca.engine.rng import Rng

GAMES_PACKAGE = "ludoteca.games"

RolloutPolicy = Callable[[Game[Any], Any, int, Rng], Action | None]
Prune = Callable[[Game[Any], Any, int, list[Action]], list[Action]]
Prior = Callable[[Game[Any], Any, int, list[Action]], Sequence[float]]
Group = Callable[[Action], str]
Evaluate = Callable[[Game[Any], Any], Sequence[float]]
Talk = Callable[[Game[Any], Any, int, Action | None, Rng], list[Any]]
Decide = Callable[[Game[Any], Sequence[Any], int, int, str], Action | None]


@dataclass(frozen=True)
class Hints:
    """The hints of one game; every field may be missing (``None``)."""

    rollout_policy: RolloutPolicy | None = None
    prune: Prune | None = None
    prior: Prior | None = None
    group: Group | None = None
    evaluate: Evaluate | None = None
    talk: Talk | None = None
    decide: Decide | None = None
    decide_levels: frozenset[str] = frozenset()
    decide_worlds: Mapping[str, int] | int = 8
    rollout_depth: int | None = None
    iterations: Mapping[str, int] | None = None
    budget_scale: float | None = None
    level_scale: Mapping[int, Mapping[str, float]] | None = None
    iteration_cost: int = 0

    def scale_for(self, level: str, players: int | None) -> float:
        """The factor on `level`'s budget of simulated actions at a table of
        `players` (`BUDGET_SCALE` times `LEVEL_SCALE`'s entry, if any)."""
        scale = 1.0 if self.budget_scale is None else self.budget_scale
        if self.level_scale and players is not None:
            scale *= self.level_scale.get(players, {}).get(level, 1.0)
        return scale

    def worlds_for(self, level: str) -> int:
        """How many sampled worlds `decide` gets at `level`."""
        if isinstance(self.decide_worlds, Mapping):
            return max(1, self.decide_worlds.get(level, 8))
        return self.decide_worlds


NO_HINTS = Hints()


def from_module(module: ModuleType) -> Hints:
    """Collect the hint functions a module defines."""

    def fn(name: str) -> Any:
        value = getattr(module, name, None)
        return value if callable(value) else None

    depth = getattr(module, "ROLLOUT_DEPTH", None)
    iterations = getattr(module, "ITERATIONS", None)
    scale = getattr(module, "BUDGET_SCALE", None)
    cost = getattr(module, "ITERATION_COST", 0)
    level_scale = getattr(module, "LEVEL_SCALE", None)
    decide_levels = getattr(module, "DECIDE_LEVELS", ())
    decide_worlds = getattr(module, "DECIDE_WORLDS", 8)
    return Hints(
        rollout_policy=fn("rollout_policy"),
        prune=fn("prune"),
        prior=fn("prior"),
        group=fn("group"),
        evaluate=fn("evaluate"),
        talk=fn("talk"),
        decide=fn("decide"),
        decide_levels=frozenset(decide_levels),
        decide_worlds=(
            dict(decide_worlds)
            if isinstance(decide_worlds, Mapping)
            else decide_worlds
            if isinstance(decide_worlds, int)
            else 8
        ),
        rollout_depth=depth if isinstance(depth, int) else None,
        iterations=dict(iterations) if isinstance(iterations, Mapping) else None,
        budget_scale=float(scale) if isinstance(scale, int | float) else None,
        level_scale=(
            {int(n): dict(by) for n, by in level_scale.items()}
            if isinstance(level_scale, Mapping)
            else None
        ),
        iteration_cost=cost if isinstance(cost, int) else 0,
    )


@functools.cache
def load(game_id: str) -> Hints:
    """The hints in ``ludoteca.games.<game_id>.bot``, or none if it is absent.

    Imported by name, like the engine's registry, so that hints stay with
    their game. An error inside an existing hint module is not hidden.
    """
    name = f"{GAMES_PACKAGE}.{game_id}.bot"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return NO_HINTS
        raise
    return from_module(module)


def for_game(game: Game[Any]) -> Hints:
    return load(game.info.id)
