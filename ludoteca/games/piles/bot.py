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
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ludoteca.engine import Game, Rng
from ludoteca.engine.protocol import Action
from ludoteca.engine.rng import mix_seed

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


class PilesBot:
    """The policy as a bot (see ludoteca.bots.base.Bot)."""

    name = "piles"

    def choose(self, game: Game[Any], state: Any, seat: int, seed: int) -> Action:
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        return choose(view, legal, Rng(mix_seed("piles-bot", seed)))
