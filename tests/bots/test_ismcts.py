"""The search itself: rewards, budgets, cancellation, reproducibility, hints."""

from __future__ import annotations

import threading
import types
from dataclasses import replace
from typing import Any

from ludoteca.bots import hints
from ludoteca.bots.hints import Hints
from ludoteca.bots.ismcts import IsmctsBot, Search, action_key, outcome_rewards
from ludoteca.engine.protocol import Action, Game, Outcome
from ludoteca.engine.rng import Rng
from tests.bots.goofspiel import GAME as GOOFSPIEL
from tests.engine.toygame import GAME as HIGHCARD


def test_rewards_win_loss_shared_wins_and_teams() -> None:
    plain = Outcome(winners=(0, 2), ranks=(1, 3, 1))
    assert outcome_rewards(HIGHCARD, plain, 3) == [1.0, 0.0, 1.0]
    teams = Outcome(
        (1, 3), (2, 1, 2, 1), scores=(3.0, 9.0, 3.0, 9.0), teams=((0, 2), (1, 3))
    )
    assert outcome_rewards(HIGHCARD, teams, 4) == [0.0, 1.0, 0.0, 1.0]


def test_rewards_blend_win_and_normalised_score() -> None:
    scored = Outcome((1,), (3, 1, 2), scores=(10.0, 30.0, 20.0))
    assert outcome_rewards(HIGHCARD, scored, 3) == [0.0, 1.0, 0.25]
    level = Outcome((0, 1), (1, 1), scores=(5.0, 5.0))
    assert outcome_rewards(HIGHCARD, level, 2) == [1.0, 1.0]


def bot(iterations: int = 200, **kw: Any) -> IsmctsBot:
    search = Search(iterations=iterations, max_seconds=kw.pop("max_seconds", None))
    return IsmctsBot("test", search, hints=kw.pop("hints", Hints()), **kw)


def test_same_seed_same_search() -> None:
    state = GOOFSPIEL.setup(3, 7)
    a = bot().decide(GOOFSPIEL, state, 1, seed=99)
    b = bot().decide(GOOFSPIEL, state, 1, seed=99)
    assert a.action == b.action and a.stats == b.stats
    # The whole budget, or less when the early stop saw the answer settled.
    assert a.iterations == 200 or (a.stopped == "settled" and a.iterations < 200)
    assert sum(v for v, _ in a.stats.values()) == a.iterations


def test_a_forced_move_needs_no_search() -> None:
    state = GOOFSPIEL.setup(2, 7, {"cards": 4})
    for card in (4, 3, 2):
        state = GOOFSPIEL.apply(state, 0, {"type": "bid", "card": card}).state
        state = GOOFSPIEL.apply(state, 1, {"type": "bid", "card": card}).state
    result = bot().decide(GOOFSPIEL, state, 0, seed=1)
    assert result.action == {"type": "bid", "card": 1} and result.stopped == "forced"


def test_cancel_with_an_event_or_a_callback() -> None:
    state = GOOFSPIEL.setup(2, 3)
    stop = threading.Event()
    stop.set()
    result = bot(10_000).decide(GOOFSPIEL, state, 0, 1, should_stop=stop)
    assert result.stopped == "cancelled" and result.iterations == 0
    assert result.action in GOOFSPIEL.legal_actions(state, 0)
    calls = iter(range(100))
    result = bot(10_000).decide(GOOFSPIEL, state, 0, 1, lambda: next(calls) >= 5)
    assert result.stopped == "cancelled" and result.iterations == 5


def test_the_wall_clock_cap_stops_a_long_search() -> None:
    state = GOOFSPIEL.setup(4, 3, {"cards": 8})
    result = bot(10**9, max_seconds=0.05).decide(GOOFSPIEL, state, 0, 1)
    assert result.stopped == "time" and result.seconds < 1.0


def test_the_search_finds_the_obvious_bid() -> None:
    """Goofspiel, last two prizes 1 and 6 with cards {1, 6} against {1, 2}:
    bidding 6 on the 6 wins it whatever the opponent does."""
    state = GOOFSPIEL.setup(2, 5)
    state = type(state)(2, ((1, 6), (1, 2)), (0, 0), (6, 1), (0, 0), False, 1)
    result = bot(300).decide(GOOFSPIEL, state, 0, seed=4)
    assert result.action == {"type": "bid", "card": 6}


def test_hints_load_by_game_id_and_missing_ones_are_empty() -> None:
    assert hints.load("no_such_game") is hints.NO_HINTS
    module = types.ModuleType("fake_bot")
    module.ROLLOUT_DEPTH = 7  # type: ignore[attr-defined]
    module.ITERATIONS = {"hard": 5}  # type: ignore[attr-defined]
    module.prune = lambda game, state, seat, actions: actions[:1]  # type: ignore[attr-defined]
    found = hints.from_module(module)
    assert found.prune is not None and found.rollout_policy is None
    assert found.rollout_depth == 7 and found.iterations == {"hard": 5}


def test_iterations_hint_overrides_the_level_budget() -> None:
    b = IsmctsBot(
        "hard", Search(1000), hints=Hints(iterations={"hard": 9}), level="hard"
    )
    assert b.decide(GOOFSPIEL, GOOFSPIEL.setup(2, 1), 0, 3).iterations == 9


def test_level_scale_hint_sets_a_level_budget_at_one_table_size() -> None:
    module = types.ModuleType("fake_bot")
    module.BUDGET_SCALE = 0.5  # type: ignore[attr-defined]
    module.LEVEL_SCALE = {3: {"medium": 2.0}}  # type: ignore[attr-defined]
    found = hints.from_module(module)
    assert found.level_scale == {3: {"medium": 2.0}}
    assert found.scale_for("medium", 3) == 1.0
    assert found.scale_for("medium", 2) == found.scale_for("hard", 3) == 0.5
    assert found.scale_for("medium", None) == 0.5
    b = IsmctsBot("medium", Search(1000, steps=400), hints=found, level="medium")
    assert b.searcher(GOOFSPIEL, 3).search.steps == 400
    assert b.searcher(GOOFSPIEL, 2).search.steps == 200
    assert b.searcher(GOOFSPIEL).search.steps == 200
    # A decision reads the table size from the state (Goofspiel: two seats).
    assert 200 <= b.decide(GOOFSPIEL, GOOFSPIEL.setup(2, 1), 0, 3).steps < 400


def test_group_prior_prune_rollout_and_evaluate_hints_are_used() -> None:
    used: set[str] = set()

    def rollout_policy(
        game: Game[Any], state: Any, seat: int, rng: Rng
    ) -> Action | None:
        used.add("rollout")
        return None if rng.below(2) else {"type": "bid", "card": max(state.hands[seat])}

    def prune(
        game: Game[Any], state: Any, seat: int, actions: list[Action]
    ) -> list[Action]:
        used.add("prune")
        return [a for a in actions if a["card"] != 1]

    def prior(
        game: Game[Any], state: Any, seat: int, actions: list[Action]
    ) -> list[float]:
        used.add("prior")
        return [float(a["card"]) for a in actions]

    def evaluate(game: Game[Any], state: Any) -> list[float]:
        used.add("evaluate")
        top = max(state.scores) or 1
        return [s / top for s in state.scores]

    def group(action: Action) -> str:
        return "high" if action["card"] > 3 else "low"

    given = Hints(rollout_policy, prune, prior, group, evaluate, rollout_depth=2)
    state = GOOFSPIEL.setup(2, 8)
    result = bot(300, hints=given).decide(GOOFSPIEL, state, 0, seed=2)
    assert used == {"rollout", "prune", "prior", "evaluate"}
    assert result.action["card"] != 1
    allowed = {action_key({"type": "bid", "card": c}) for c in range(2, 7)}
    assert set(result.stats) <= allowed


def test_a_solo_game_rewards_its_score() -> None:
    solo = Outcome((0,), (1,), scores=(42.0,))
    assert outcome_rewards(HIGHCARD, solo, 1) == [42.0]


def test_rollouts_take_a_win_one_move_ahead() -> None:
    """Goofspiel, last prize: with one card there is no choice; with two, the
    look-ahead bids the one that wins the match."""
    searcher = bot(1).searcher(GOOFSPIEL)
    state = GOOFSPIEL.setup(2, 5)
    state = type(state)(2, ((1,), (2,)), (0, 2), (6,), (0, 0), False, 1)
    nxt = searcher._decisive(state, 0, GOOFSPIEL.legal_actions(state, 0), Rng(1))
    assert nxt.prizes == () and nxt.scores == (0, 6)  # the only move: it loses
    state = type(state)(2, ((1, 6), (5,)), (0, 5), (6,), (0, 0), False, 1)
    for seed in range(5):
        nxt = searcher._decisive(state, 0, GOOFSPIEL.legal_actions(state, 0), Rng(seed))
        assert nxt.scores == (6, 0)


def test_a_step_budget_counts_simulated_actions() -> None:
    state = GOOFSPIEL.setup(2, 3)
    search = Search(iterations=10**6, steps=300)
    result = IsmctsBot("s", search, hints=Hints()).decide(GOOFSPIEL, state, 0, 1)
    # An iteration of 6-round Goofspiel applies 12 actions, plus the rollout's
    # one-move look-aheads (at most 4 each in the last rounds): under 40.
    assert 300 <= result.steps < 300 + 40 and 300 / 40 <= result.iterations <= 340 / 12
    again = IsmctsBot("s", search, hints=Hints()).decide(GOOFSPIEL, state, 0, 1)
    assert again.stats == result.stats


def test_the_early_stop_keeps_the_full_search_decision() -> None:
    """Stopping once the leader cannot be overtaken gives the same action as
    spending the whole budget, in iterations and in simulated actions."""
    stopped = 0
    for seed in range(12):
        state = GOOFSPIEL.setup(2 + seed % 2, seed, {"cards": 4 + 2 * (seed % 2)})
        for search in (Search(iterations=300), Search(iterations=10**6, steps=2_000)):
            early = IsmctsBot("t", search, hints=Hints()).decide(
                GOOFSPIEL, state, 0, seed
            )
            full = IsmctsBot("t", replace(search, early_stop=False), hints=Hints())
            whole = full.decide(GOOFSPIEL, state, 0, seed)
            assert early.action == whole.action
            assert early.iterations <= whole.iterations
            stopped += early.stopped == "settled"
    assert stopped > 0  # the comparison is not vacuous


def test_the_early_stop_with_grouped_actions() -> None:
    """With a group hint the decision is first a group, then an action in it:
    the early stop waits until both are settled."""
    grouped = Hints(group=lambda a: str(a["card"] % 2))
    for seed in range(8):
        state = GOOFSPIEL.setup(2, seed, {"cards": 6})
        search = Search(iterations=400)
        early = IsmctsBot("t", search, hints=grouped).decide(GOOFSPIEL, state, 1, seed)
        whole = IsmctsBot("t", replace(search, early_stop=False), hints=grouped)
        assert early.action == whole.decide(GOOFSPIEL, state, 1, seed).action


def test_the_early_stop_stops_only_when_the_leader_is_safe() -> None:
    state = GOOFSPIEL.setup(2, 5)
    state = type(state)(2, ((1, 6), (1, 2)), (0, 0), (6, 1), (0, 0), False, 1)
    result = bot(300).decide(GOOFSPIEL, state, 0, seed=4)
    assert result.stopped == "settled" and result.iterations < 300
    visits = sorted((v for v, _ in result.stats.values()), reverse=True)
    # More than the iterations left separate the leader from the runner-up.
    assert visits[0] - visits[1] > 300 - result.iterations
