"""A human-like policy for Piles! bots, reading only the seat's own view.

It plays the way a beginner with no memory would: pick up a pile, look at the
centre, and swap in a centre card that gathers the pile into one design (the
biggest set first), giving away a card of the rarest design in the pile. When
no centre card helps, it sometimes (`STIR`) gives one of its least common cards
to the centre anyway, which keeps the centre moving so that the table cannot
freeze, and otherwise puts the pile down and picks up the next one. It
never looks at hidden state: everything comes from `view(state, seat)`, and
its legal actions are those of the view (the testkit checks they do not depend
on anything hidden).

The module also carries the hints of `ludoteca.bots.hints` for the generic
search: `rollout_policy` (this policy), `prune` and `prior` (keep and rank the
swaps that help the pile in hand), `evaluate` (locked piles plus progress)
and `ROLLOUT_DEPTH`. They read a sampled world only through what the thinking
seat sees of it: its pile in hand and the centre. The levels do not search:
`decide` plays this policy in each level's style (`styles.py`), "hard" with a
lookahead (`lookahead.py`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ludoteca.engine import Game, Rng
from ludoteca.engine.protocol import Action
from ludoteca.engine.rng import mix_seed
from ludoteca.games.piles import cards, lookahead, styles

STIR = 0.2
"""Chance of discarding a stray card when no centre card helps the pile."""


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The action this policy takes, given a seat's view and its legal actions."""
    if not legal:
        raise ValueError("no legal action")
    if view["phase"] != "play":
        return legal[0]
    held = next((i for i, p in enumerate(view["piles"]) if p["status"] == "open"), None)
    if held is not None:
        swap = best_swap(view["piles"][held]["cards"], view["centre"])
        if swap is not None:
            return swap
        if rng.random() < STIR:
            return stray_swap(view["piles"][held]["cards"], view["centre"], rng)
    return next_pile(view, held, legal)


def best_swap(
    pile: list[dict[str, int]], centre: list[dict[str, int]]
) -> Action | None:
    """The swap that best gathers the pile into one design, if any helps.

    Taking a design the pile holds `want` of, for a card of a design it holds
    `have` of, helps when ``want >= have`` (the pile gets more uniform). Among
    those, the one giving the biggest set of one design wins.
    """
    counts = Counter(c["design"] for c in pile)
    best: tuple[tuple[int, int, int], Action] | None = None
    for slot in centre:
        want = counts[slot["design"]]
        for give in pile:
            have = counts[give["design"]]
            if give["design"] == slot["design"] or want < have:
                continue
            after = counts.copy()
            after[give["design"]] -= 1
            after[slot["design"]] += 1
            rank = (max(after.values()), want - have, -give["card"])
            if best is None or rank > best[0]:
                action = {
                    "type": "swap",
                    "card": give["card"],
                    "slot": slot["slot"],
                    "expected": slot["card"],
                }
                best = (rank, action)
    return None if best is None else best[1]


def stray_swap(
    pile: list[dict[str, int]], centre: list[dict[str, int]], rng: Rng
) -> Action:
    """Put one of the pile's least common cards in the centre for any centre card."""
    counts = Counter(c["design"] for c in pile)
    fewest = min(counts.values())
    give = rng.choice([c for c in pile if counts[c["design"]] == fewest])
    slot = rng.choice(centre)
    return {
        "type": "swap",
        "card": give["card"],
        "slot": slot["slot"],
        "expected": slot["card"],
    }


def next_pile(view: dict[str, Any], held: int | None, legal: list[Action]) -> Action:
    """Pick up the next pile that is not locked, going round."""
    opens = {a["pile"]: a for a in legal if a["type"] == "open"}
    if not opens:
        return legal[0]
    start = -1 if held is None else held
    for step in range(1, len(view["piles"]) + 1):
        pile = (start + step) % len(view["piles"])
        if pile in opens:
            return opens[pile]
    return legal[0]


# -- hints for the generic search (ludoteca.bots.hints) ----------------------

ROLLOUT_DEPTH = 80
"""Random swaps rarely finish a pile, so rollouts stop early and `evaluate`."""

BUDGET_SCALE = 0.5
"""This rollout policy reads the seat's view at every simulated action, which
costs about twice what the levels assume: at full budget "hard" thought about
1.6 s of processor time a decision (bench/bots_decisions.py), over the 1 s
target, and its wall-clock cap cut nearly every decision short."""


def rollout_policy(game: Game[Any], state: Any, seat: int, rng: Rng) -> Action:
    return choose(game.view(state, seat), game.legal_actions(state, seat), rng)


def _held_cards(game: Game[Any], state: Any, seat: int) -> tuple[Any, Any]:
    view = game.view(state, seat)
    held = next((p for p in view.get("piles", []) if p["status"] == "open"), None)
    return (None if held is None else held["cards"]), view["centre"]


def _gain(pile: list[dict[str, int]], action: Action) -> int | None:
    """How much a swap gathers the pile: ``want - have`` (None if not a swap)."""
    if action["type"] != "swap":
        return None
    counts = Counter(c["design"] for c in pile)
    give = next(c["design"] for c in pile if c["card"] == action["card"])
    want = counts[cards.design_of(action["expected"])]
    return want - counts[give] if give != cards.design_of(action["expected"]) else -4


def prune(
    game: Game[Any], state: Any, seat: int, actions: list[Action]
) -> list[Action]:
    """Drop swaps that scatter the pile in hand, and putting a pile down."""
    pile, _ = _held_cards(game, state, seat)
    kept = []
    for action in actions:
        if action["type"] == "close":
            continue
        gain = None if pile is None else _gain(pile, action)
        if gain is None or gain >= 0:
            kept.append(action)
    return kept or actions


def prior(game: Game[Any], state: Any, seat: int, actions: list[Action]) -> list[float]:
    """Helpful swaps first (the more they gather, the higher), then new piles."""
    pile, _ = _held_cards(game, state, seat)
    weights = []
    for action in actions:
        gain = None if pile is None else _gain(pile, action)
        if gain is None:
            weights.append(0.2 if action["type"] == "close" else 1.0)
        else:
            weights.append(0.1 if gain < 0 else 2.0 + gain)
    return weights


def evaluate(game: Game[Any], state: Any) -> list[float]:
    """Each seat's share of the progress: locked piles, plus a little per pair."""
    progress = []
    for seat in range(game.num_players(state)):
        value = 0.0
        for pile, locked in zip(state.piles[seat], state.locked[seat], strict=True):
            if locked:
                value += 1.0
            else:
                biggest = max(Counter(cards.design_of(c) for c in pile).values())
                value += 0.15 * (biggest - 1)
        progress.append(value)
    total = sum(progress)
    if total == 0:
        return [1.0 / len(progress)] * len(progress)
    return [v / total for v in progress]


DECIDE_LEVELS = frozenset(styles.STYLES)
"""Levels that play the rule policy in their style (`lookahead.decide`)
instead of the search: the search with these hints lost to the rule policy
itself (0.5 piles locked a match against 3.2, bench/results/bots-2026-11-30),
and more of it bought nothing ("medium beats easy" rejected at 48.8 %)."""

DECIDE_WORLDS = {level: max(1, s.worlds) for level, s in styles.STYLES.items()}


def decide(
    game: Game[Any], worlds: Sequence[Any], seat: int, seed: int, level: str
) -> Action | None:
    return lookahead.decide(game, worlds, seat, seed, styles.STYLES[level])


SPEEDS = {"piles-slow": 2.0, "piles": 1.2, "piles-fast": 0.6}
"""Bot name -> seconds a bot takes per action, like a slow, average or quick person.

Rules never see a clock: a real-time platform waits `pace` seconds (with some
jitter) before asking the bot again, and reads the fresh view then.
"""


class PilesBot:
    """The policy as a bot (see ludoteca.bots.base.Bot)."""

    def __init__(self, pace: float = SPEEDS["piles"]) -> None:
        self.pace = pace
        self.name = next((n for n, p in SPEEDS.items() if p == pace), "piles")

    def choose(
        self,
        game: Game[Any],
        state: Any,
        seat: int,
        seed: int,
        should_stop: object = None,  # a heuristic answers at once
    ) -> Action:
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        return choose(view, legal, Rng(mix_seed("piles-bot", seed)))
