"""Information-set Monte Carlo tree search over the Game protocol.

Each iteration samples one world with ``game.determinize(state, seat, k)``:
a full state the thinking seat cannot tell apart from the real one. The bot
never reads the real state in any other way, so two states the seat cannot
tell apart give the same decision for the same seed (the game's fairness
property carries over to the whole search).

The tree is shared by all sampled worlds. A decision node belongs to one seat
and is keyed by what that seat can see (``game.view``), so every seat in the
tree chooses only from what it could know there: an opponent deciding between
a face-up and a face-down card cannot see the face-down one (in the spirit of
multiple-observer ISMCTS, Cowling, Powley and Whitehouse, 2012). The thinking
seat's nodes use its own view; the other seats' nodes use the public
(spectator) view, so they are shared across the private cards the sampled
worlds give those seats instead of being split among thousands of guessed
hands (measured on Agent Avenue at 300 iterations a decision: 22 wins to 10
against keying them by their own views). The root node is the same in every
world. Edges carry an availability count, because an action legal in one
sampled world may not be legal in another, and UCB uses it in place of the
parent's visits.

What the generic search handles:

- simultaneous and real-time games: when several seats are active in a world,
  one of them (drawn at random) acts next, each from its own perspective;
- timed phases: when no seat is active and ``phase_seconds`` is set, the
  system timeout is applied (``seat=None``); in a timed phase with active
  seats it happens at random, as often as a phase of that length would end
  if each action took `Search.step_seconds`;
- several winners and teams: each seat's reward comes from `outcome`
  (win = 1, loss = 0; in scored games without teams, half of it is the score
  normalised between the lowest and the highest); a solo game's reward is
  its score, rescaled by the range seen during the decision;
- long games: a rollout stops after a depth cap and the game's `evaluate`
  hint (or a draw) scores it;
- many actions: optional grouping and priors from the game's hints.

Budgets are counted in iterations so that a seeded search is reproducible;
a wall-clock cap and a cancel callback stop it early, as safety nets.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ludoteca.bots.base import StopCheck, stop_requested
from ludoteca.bots.hints import Hints, for_game
from ludoteca.engine.protocol import TIMEOUT, Action, Game, Outcome
from ludoteca.engine.rng import Rng, mix_seed

PRIOR_WEIGHT = 1.0
SAFETY_DEPTH = 2000


@dataclass(frozen=True)
class Search:
    """How hard a search thinks."""

    iterations: int
    max_seconds: float | None = None
    rollout_depth: int = 150
    """Actions per rollout before the game's `evaluate` hint scores it; a
    game without that hint plays rollouts out (up to `SAFETY_DEPTH`)."""
    steps: int | None = None
    """A budget of simulated actions (tree and rollouts together), checked
    between iterations: it adapts the iterations to the length of the game
    and stays reproducible, unlike a clock."""
    exploration: float = 0.7
    step_seconds: float = 1.0
    """Assumed time an action takes in a timed phase with active seats: a
    phase of T seconds then times out with chance step_seconds / T per step
    of a simulation (the real time elapsed is not part of the state)."""
    decisive: int = 4
    """In rollouts without a policy hint, a seat with at most this many
    actions looks one move ahead for a win (0: pure random rollouts)."""
    early_stop: bool = True
    """Stop as soon as the rest of the budget could not change the decision
    (see `Ismcts._settled`): same action, less processor time."""
    others_by_public_view: bool = True
    """Key the other seats' decision nodes by the public view (they then
    choose from public information, merged over their sampled private
    cards) rather than by their own view of each sampled world."""


class _OutOfTime(Exception):
    """Raised inside a rollout when the thinking time is up."""


class _Edge:
    __slots__ = ("action", "avail", "prior", "total", "visits")

    def __init__(self, action: Action | None, prior: float) -> None:
        self.action = action
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.prior = prior


class _Node:
    """One information set of one seat: statistics of its actions (and groups)."""

    __slots__ = ("edges", "groups")

    def __init__(self) -> None:
        self.edges: dict[str, _Edge] = {}
        self.groups: dict[str, _Edge] = {}


def _rank(item: tuple[str, _Edge]) -> tuple[int, float, str]:
    """How the decision ranks root actions: visits, then mean reward, then key."""
    k, e = item
    return (e.visits, e.total / max(1, e.visits), k)


def _unassailable(edges: dict[str, _Edge], left: int) -> bool:
    """Is the most visited edge more than `left` visits ahead of all others?

    (An action not yet tried counts as 0 visits; with at most `left` more
    visits it cannot reach the leader either.)
    """
    if not edges:
        return False
    first = second = 0
    for e in edges.values():
        if e.visits > first:
            first, second = e.visits, first
        elif e.visits > second:
            second = e.visits
    return first - second > left


@dataclass
class Result:
    """A decision with what the search saw; `stats` maps action key -> visits, mean."""

    action: Action
    iterations: int
    seconds: float
    stopped: str = ""
    steps: int = 0
    stats: dict[str, tuple[int, float]] = field(default_factory=dict)


def action_key(action: Action) -> str:
    """A cheap canonical key: field order does not matter, ``true`` != ``1``.

    (`engine.validate.key` is the JSON form; this one is several times faster
    and the search computes it for every legal action at every tree step.)
    """
    return repr(sorted(action.items()))


def outcome_rewards(game: Game[Any], outcome: Outcome, n: int) -> list[float]:
    """Per-seat rewards in [0, 1] from a finished match."""
    won = [1.0 if s in outcome.winners else 0.0 for s in range(n)]
    scores = outcome.scores
    if n == 1 and scores is not None:
        return [float(scores[0])]  # solo: the score itself (see `Ismcts`)
    if scores is None or outcome.teams is not None or game.info.teams:
        return won
    low, high = min(scores), max(scores)
    if high <= low:
        return won
    return [0.5 * won[s] + 0.5 * (scores[s] - low) / (high - low) for s in range(n)]


class Ismcts:
    """The search for one game and one decision at a time (`IsmctsBot` makes
    a fresh one per decision)."""

    def __init__(self, game: Game[Any], search: Search, hints: Hints) -> None:
        self.game = game
        self.search = search
        self.hints = hints
        if hints.rollout_depth:
            self.depth = hints.rollout_depth
        elif hints.evaluate is not None:
            self.depth = search.rollout_depth
        else:
            self.depth = SAFETY_DEPTH
        self.steps = 0
        self.deadline: float | None = None
        # Solo games reward the raw score; UCB then rescales means to [0, 1]
        # with the lowest and highest returns seen so far in this decision.
        self.low = math.inf
        self.high = -math.inf

    # -- the whole decision ------------------------------------------------

    def decide(
        self,
        state: Any,
        seat: int,
        seed: int,
        should_stop: StopCheck | None = None,
    ) -> Result:
        game = self.game
        started = time.perf_counter()
        self.low, self.high = math.inf, -math.inf
        self.steps = 0
        self.deadline = None
        step_budget = self.search.steps
        world = game.determinize(state, seat, mix_seed("ismcts-world", seed, 0))
        actions = self._tree_actions(world, seat)
        if not actions:
            raise ValueError(f"seat {seat} has no legal action")
        if len(actions) == 1:
            return Result(actions[0], 0, time.perf_counter() - started, "forced")
        root = _Node()
        table: dict[tuple[int, str], _Node] = {}
        deadline = (
            None
            if self.search.max_seconds is None
            else started + self.search.max_seconds
        )
        self.deadline = deadline
        done = 0
        stopped = ""
        while done < self.search.iterations:
            if done and deadline is not None and time.perf_counter() > deadline:
                stopped = "time"
                break
            if stop_requested(should_stop):
                stopped = "cancelled"
                break
            if step_budget is not None and self.steps >= step_budget:
                break
            if done and self.search.early_stop and self._settled(root, done):
                stopped = "settled"
                break
            if done:
                world = game.determinize(
                    state, seat, mix_seed("ismcts-world", seed, done)
                )
            before = self.steps
            try:
                self._iterate(
                    world, seat, root, table, Rng(mix_seed("ismcts", seed, done))
                )
            except _OutOfTime:  # a long rollout ran past the clock: drop it
                stopped = "time"
                break
            # Sampling a world costs something too: near the end of a match,
            # iterations of one or two actions would otherwise run by thousands.
            self.steps = max(self.steps, before + self.hints.iteration_cost)
            done += 1
        action = (
            self._best(root)
            if root.edges
            else Rng(mix_seed("ismcts-none", seed)).choice(actions)
        )
        stats = {
            k: (e.visits, e.total / max(1, e.visits)) for k, e in root.edges.items()
        }
        seconds = time.perf_counter() - started
        return Result(action, done, seconds, stopped, self.steps, stats)

    def _remaining(self, done: int) -> int:
        """The most iterations the budget still allows. Each iteration applies
        at least one action at the root (the root has a legal action in every
        sampled world) and counts at least `iteration_cost` steps."""
        left = self.search.iterations - done
        if self.search.steps is not None:
            per = max(1, self.hints.iteration_cost)
            left = min(left, -(-(self.search.steps - self.steps) // per))
        return max(0, left)

    def _settled(self, root: _Node, done: int) -> bool:
        """True when the rest of the budget cannot change the decision.

        The decision is the most visited root action (first its group, when
        the game groups actions). Every iteration adds one visit to one root
        edge (and one group), so if the leader is ahead of the runner-up by
        more than the iterations left, no ending of the search can overtake
        it: stopping now gives exactly the action the full search would.
        """
        left = self._remaining(done)
        if self.hints.group is not None and root.groups:
            if not _unassailable(root.groups, left):
                return False
            group = max(root.groups.items(), key=_rank)[0]
            group_fn = self.hints.group
            edges = {
                k: e
                for k, e in root.edges.items()
                if e.action is not None and group_fn(e.action) == group
            }
            return _unassailable(edges, left)
        return _unassailable(root.edges, left)

    def _best(self, root: _Node) -> Action:
        rank = _rank
        edges = root.edges
        if self.hints.group is not None and root.groups:
            group = max(root.groups.items(), key=rank)[0]
            group_fn = self.hints.group
            edges = {
                k: e
                for k, e in root.edges.items()
                if e.action is not None and group_fn(e.action) == group
            }
        best = max(edges.items(), key=rank)[1].action
        assert best is not None
        return best

    # -- one iteration -----------------------------------------------------

    def _iterate(
        self,
        world: Any,
        seat: int,
        root: _Node,
        table: dict[tuple[int, str], _Node],
        rng: Rng,
    ) -> None:
        game = self.game
        path: list[tuple[_Edge, _Edge | None, int]] = []
        s = world
        actor: int | None = seat
        node: _Node | None = root
        while True:
            outcome = game.outcome(s)
            if outcome is not None:
                rewards = outcome_rewards(game, outcome, game.num_players(s))
                break
            if node is None:
                actor = self._actor(s, rng)
                if actor is None:
                    if game.phase_seconds(s) is None:  # a stuck world: call it a draw
                        rewards = self._evaluate(s)
                        break
                    s = game.apply(s, None, dict(TIMEOUT)).state
                    self.steps += 1
                    continue
                public = actor != seat and self.search.others_by_public_view
                info = (actor, repr(game.view(s, None if public else actor)))
                node = table.get(info)
                if node is None:
                    node = table[info] = _Node()
            assert actor is not None
            action, expanded = self._select(node, s, actor, rng, path)
            s = game.apply(s, actor, action).state
            self.steps += 1
            node = None
            if expanded:
                rewards = self._rollout(s, rng)
                break
        if len(rewards) == 1:
            self.low = min(self.low, rewards[0])
            self.high = max(self.high, rewards[0])
        for edge, group, who in path:
            reward = rewards[who]
            edge.visits += 1
            edge.total += reward
            if group is not None:
                group.visits += 1
                group.total += reward

    def _actor(self, s: Any, rng: Rng) -> int | None:
        """Who acts next in a sampled world; ``None`` for the system timeout."""
        seats = self.game.active_seats(s)
        if not seats:
            return None
        limit = self.game.phase_seconds(s)
        if limit is not None and rng.random() * limit < self.search.step_seconds:
            return None
        if len(seats) == 1:
            return next(iter(seats))
        return rng.choice(sorted(seats))

    def _tree_actions(self, s: Any, actor: int) -> list[Action]:
        actions = self.game.legal_actions(s, actor)
        if self.hints.prune is not None and len(actions) > 1:
            actions = self.hints.prune(self.game, s, actor, actions) or actions
        return actions

    def _priors(self, s: Any, actor: int, actions: list[Action]) -> list[float]:
        if self.hints.prior is None:
            return [0.0] * len(actions)
        weights = [
            max(0.0, float(w)) for w in self.hints.prior(self.game, s, actor, actions)
        ]
        total = sum(weights)
        return [w / total for w in weights] if total > 0 else [0.0] * len(actions)

    def _select(
        self,
        node: _Node,
        s: Any,
        actor: int,
        rng: Rng,
        path: list[tuple[_Edge, _Edge | None, int]],
    ) -> tuple[Action, bool]:
        """Choose the actor's action at a tree node; True if it adds an edge."""
        actions = self._tree_actions(s, actor)
        if not actions:
            raise ValueError(f"active seat {actor} has no legal action")
        keys = [action_key(a) for a in actions]
        group_fn = self.hints.group
        groups = [group_fn(a) for a in actions] if group_fn is not None else None
        group_edge: _Edge | None = None
        chosen: list[int] = list(range(len(actions)))
        expanded = False
        if groups is not None:
            seen: dict[str, list[int]] = {}
            for i, g in enumerate(groups):
                seen.setdefault(g, []).append(i)
            for g in seen:
                edge = node.groups.get(g)
                if edge is not None:
                    edge.avail += 1
            fresh = [g for g in seen if g not in node.groups]
            if fresh:
                priors = self._priors(s, actor, actions)
                g = self._pick_fresh(
                    fresh, [max(priors[i] for i in seen[g]) for g in fresh], rng
                )
                group_edge = node.groups[g] = _Edge(
                    None, max(priors[i] for i in seen[g])
                )
                group_edge.avail = 1
            else:
                g = self._ucb(list(seen), node.groups)
                group_edge = node.groups[g]
            chosen = seen[g]
        for i in chosen:
            edge = node.edges.get(keys[i])
            if edge is not None:
                edge.avail += 1
        fresh_i = [i for i in chosen if keys[i] not in node.edges]
        if fresh_i:
            priors = self._priors(s, actor, actions)
            i = self._pick_fresh(fresh_i, [priors[j] for j in fresh_i], rng)
            edge = node.edges[keys[i]] = _Edge(actions[i], priors[i])
            edge.avail = 1
            expanded = True
        else:
            i = keys.index(self._ucb([keys[j] for j in chosen], node.edges))
            edge = node.edges[keys[i]]
        path.append((edge, group_edge, actor))
        return actions[i], expanded

    @staticmethod
    def _pick_fresh(items: Sequence[Any], priors: Sequence[float], rng: Rng) -> Any:
        """An untried item: the highest prior, ties broken at random."""
        top = max(priors)
        best = [item for item, p in zip(items, priors, strict=True) if p == top]
        return best[0] if len(best) == 1 else rng.choice(best)

    def _ucb(self, keys: Sequence[str], edges: dict[str, _Edge]) -> str:
        c = self.search.exploration
        low, span = 0.0, 1.0
        if self.high > self.low and (self.low < 0.0 or self.high > 1.0):
            low, span = self.low, self.high - self.low
        best_key = keys[0]
        best = -math.inf
        for k in keys:
            e = edges[k]
            score = (
                (e.total / e.visits - low) / span
                + c * math.sqrt(math.log(e.avail) / e.visits)
                + PRIOR_WEIGHT * e.prior / (1 + e.visits)
            )
            if score > best:
                best, best_key = score, k
        return best_key

    # -- rollouts ----------------------------------------------------------

    def _rollout(self, s: Any, rng: Rng) -> list[float]:
        game = self.game
        policy = self.hints.rollout_policy
        for depth in range(self.depth):
            late = self.deadline is not None and depth & 31 == 31
            if late and time.perf_counter() > (self.deadline or 0.0):
                raise _OutOfTime
            outcome = game.outcome(s)
            if outcome is not None:
                return outcome_rewards(game, outcome, game.num_players(s))
            actor = self._actor(s, rng)
            if actor is None:
                if game.phase_seconds(s) is None:
                    break
                s = game.apply(s, None, dict(TIMEOUT)).state
                self.steps += 1
                continue
            action = policy(game, s, actor, rng) if policy is not None else None
            if action is None:
                actions = game.legal_actions(s, actor)
                if 1 < len(actions) <= self.search.decisive:
                    s = self._decisive(s, actor, actions, rng)
                    continue
                action = rng.choice(actions)
            s = game.apply(s, actor, action).state
            self.steps += 1
        outcome = game.outcome(s)
        if outcome is not None:
            return outcome_rewards(game, outcome, game.num_players(s))
        return self._evaluate(s)

    def _decisive(self, s: Any, actor: int, actions: list[Action], rng: Rng) -> Any:
        """The next state after the actor's move in a rollout, looking one
        move ahead among few choices: win the match now if one of them does,
        and avoid those that lose it now; otherwise play at random."""
        game = self.game
        keep = []
        for action in rng.shuffled(actions):
            nxt = game.apply(s, actor, action).state
            self.steps += 1
            outcome = game.outcome(nxt)
            if outcome is None:
                keep.append(nxt)
            elif actor in outcome.winners:
                return nxt
        return keep[0] if keep else nxt

    def _evaluate(self, s: Any) -> list[float]:
        n = self.game.num_players(s)
        if self.hints.evaluate is not None:
            return [float(v) for v in self.hints.evaluate(self.game, s)]
        if n == 1:  # solo without an estimate: the middle of what was seen
            return [0.0 if self.high < self.low else (self.low + self.high) / 2]
        return [1.0 / n] * n


class IsmctsBot:
    """A bot that thinks with `Ismcts` under a fixed budget."""

    def __init__(
        self, name: str, search: Search, hints: Hints | None = None, level: str = ""
    ) -> None:
        self.name = name
        self.search = search
        self.level = level or name
        self._hints = hints
        self.last: Result | None = None

    def searcher(self, game: Game[Any], players: int | None = None) -> Ismcts:
        """The search for `game` at a table of `players` (the hints' budget
        scales applied; without `players`, only ``BUDGET_SCALE``)."""
        hints = self._hints if self._hints is not None else for_game(game)
        search = self.search
        scale = hints.scale_for(self.level, players)
        if scale != 1.0 and search.steps is not None:
            steps = max(1, round(search.steps * scale))
            search = replace(search, steps=steps)
        if hints.iterations and self.level in hints.iterations:
            search = replace(
                search, iterations=hints.iterations[self.level], steps=None
            )
        return Ismcts(game, search, hints)

    def decide(
        self,
        game: Game[Any],
        state: Any,
        seat: int,
        seed: int,
        should_stop: StopCheck | None = None,
    ) -> Result:
        searcher = self.searcher(game, game.num_players(state))
        result = self._own_decision(game, searcher.hints, state, seat, seed)
        if result is None:
            result = searcher.decide(state, seat, seed, should_stop)
        self.last = result
        return result

    def _own_decision(
        self, game: Game[Any], hints: Hints, state: Any, seat: int, seed: int
    ) -> Result | None:
        """The game's own choice for this level (the `decide` hint), made from
        worlds sampled for the seat; None when the game leaves it to the search."""
        if hints.decide is None or self.level not in hints.decide_levels:
            return None
        started = time.perf_counter()
        worlds = [
            game.determinize(state, seat, mix_seed("decide-world", seed, k))
            for k in range(hints.worlds_for(self.level))
        ]
        action = hints.decide(game, worlds, seat, seed, self.level)
        if action is None:
            return None
        return Result(action, len(worlds), time.perf_counter() - started, "policy")

    def choose(
        self,
        game: Game[Any],
        state: Any,
        seat: int,
        seed: int,
        should_stop: StopCheck | None = None,
    ) -> Action:
        """The action for `seat`; if stopped early, the best found so far."""
        return self.decide(game, state, seat, seed, should_stop).action
