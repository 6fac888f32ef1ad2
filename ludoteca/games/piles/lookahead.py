"""Piles!' bot levels: the rule policy of `bot.py` in a level's style
(`styles.py`), "hard" with a lookahead.

The rule policy (`bot.choose`) proposes its candidates: the swaps that help
the pile in hand, best first, a stray card given to the centre, and picking
up the next pile. For each candidate the lookahead plays the next few
seconds of the table in a handful of sampled worlds (every seat following
the rule policy, seats taking turns at random as they do at a real table)
and keeps the candidate after which the seat's own piles are furthest
along. This is a one-step rollout improvement of the policy (Tesauro and
Galperin, 1996): it keeps the rule bot's sense and adds what the rules of
thumb miss, such as when a neutral swap wastes a move or when to give up on
a pile. A style without a lookahead (easy, medium) plays the policy's own
choice (`first_choice`); a style that sees less than the whole centre
considers only the cards it noticed (`glance`).

It only ever reads sampled worlds (states drawn by `determinize` for the
thinking seat): its candidates come from what the seat sees or remembers
in them (the pile in hand, the centre, the piles it has held: `hidden`),
and its rollouts are the seat's imagination.
Every candidate is tried in the same worlds with the same dice, so the
comparison is between moves, not between lucky and unlucky worlds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ludoteca.engine import Game, Rng
from ludoteca.engine.protocol import Action
from ludoteca.engine.rng import mix_seed
from ludoteca.games.piles import cards
from ludoteca.games.piles.state import State
from ludoteca.games.piles.styles import Style

MAX_DEPTH = 40
"""Actions per rollout at most, whatever the number of players."""
SWAP_CANDIDATES = 3
"""The best helpful swaps (by the rule policy's ranking) worth comparing."""
PAIR = 0.15
"""Progress of a pile per card beyond the first of its commonest design."""
MARGIN = 0.2
"""How much better (in piles of progress) a candidate must look than the
rule policy's own choice to be played instead."""
WIN = 10.0
"""What winning the match inside a rollout is worth, in locked piles."""


def ranked_swaps(
    pile: Sequence[int], centre: Sequence[int], seen: Sequence[int] | None = None
) -> list[tuple[tuple[int, int, int], Action]]:
    """Every swap that does not scatter the pile, the rule policy's best first.

    Taking a design the pile holds `want` of, for a card of a design it holds
    `have` of, is kept when ``want >= have``; the rank is the biggest set of
    one design afterwards, then ``want - have``, then the lower card given.
    Only the centre slots in `seen` are considered (None: every slot).
    """
    counts = Counter(cards.design_of(c) for c in pile)
    out = []
    for slot in range(len(centre)) if seen is None else seen:
        taken = centre[slot]
        design = cards.design_of(taken)
        want = counts[design]
        for give in pile:
            mine = cards.design_of(give)
            have = counts[mine]
            if mine == design or want < have:
                continue
            after = counts.copy()
            after[mine] -= 1
            after[design] += 1
            rank = (max(after.values()), want - have, -give)
            swap = {"type": "swap", "card": give, "slot": slot, "expected": taken}
            out.append((rank, swap))
    out.sort(key=lambda item: item[0], reverse=True)
    return out


def glance(slots: int, rng: Rng, notice: float) -> list[int] | None:
    """The centre slots a player takes in at a glance (None: all of them).

    A player who sees everything draws nothing, so that a style with
    ``notice == 1`` plays the same dice as before this existed."""
    if notice >= 1:
        return None
    return [slot for slot in range(slots) if rng.random() < notice]


def stray(pile: Sequence[int], centre: Sequence[int], rng: Rng) -> Action:
    """One of the pile's least common cards for a centre card, at random."""
    counts = Counter(cards.design_of(c) for c in pile)
    fewest = min(counts.values())
    give = rng.choice([c for c in pile if counts[cards.design_of(c)] == fewest])
    slot = rng.below(len(centre))
    return {"type": "swap", "card": give, "slot": slot, "expected": centre[slot]}


def next_open(state: State, seat: int) -> Action | None:
    """Pick up the next pile that is not locked, going round (None: none)."""
    held = state.open_pile[seat]
    start = -1 if held is None else held
    for step in range(1, cards.PILES + 1):
        pile = (start + step) % cards.PILES
        if pile != held and not state.locked[seat][pile]:
            return {"type": "open", "pile": pile}
    return None


def pick_up(state: State, seat: int) -> Action | None:
    """The pile to pick up for a player who remembers its piles: the one a
    centre card helps most (the rule policy's ranking), else one it has
    never held (a fresh chance), else the next one round."""
    held = state.open_pile[seat]
    best: tuple[tuple[int, int, int], int] | None = None
    fresh = None
    for pile in range(cards.PILES):
        if pile == held or state.locked[seat][pile]:
            continue
        if not state.seen[seat][pile]:
            fresh = pile if fresh is None else fresh
            continue
        ranked = ranked_swaps(state.piles[seat][pile], state.centre)
        if ranked and (best is None or ranked[0][0] > best[0]):
            best = (ranked[0][0], pile)
    if best is not None:
        return {"type": "open", "pile": best[1]}
    if fresh is not None:
        return {"type": "open", "pile": fresh}
    return next_open(state, seat)


def rule_action(state: State, seat: int, rng: Rng, stir: float) -> Action | None:
    """The rule policy of `bot.choose`, read from a world (rollouts)."""
    held = state.open_pile[seat]
    if held is not None:
        pile = state.piles[seat][held]
        swaps = ranked_swaps(pile, state.centre)
        if swaps:
            return swaps[0][1]
        if rng.random() < stir:
            return stray(pile, state.centre, rng)
    return next_open(state, seat)


def candidates(world: State, seat: int, rng: Rng, style: Style) -> list[Action]:
    """What the rule policy would consider for `seat` in this world: its best
    swaps among the centre cards it noticed, else another pile (and a stray
    card for the centre, for a style that stirs)."""
    held = world.open_pile[seat]
    if held is not None:
        pile = world.piles[seat][held]
        seen = glance(len(world.centre), rng, style.notice)
        ranked = ranked_swaps(pile, world.centre, seen)
        swaps = [a for _, a in ranked[:SWAP_CANDIDATES]]
        if swaps:  # a pile that a centre card helps is never left for nothing
            return swaps
    nxt = pick_up(world, seat) if style.remembers else next_open(world, seat)
    out = [] if nxt is None else [nxt]
    if held is not None and style.stir > 0:
        out.append(stray(world.piles[seat][held], world.centre, rng))
    return out


def first_choice(world: State, seat: int, rng: Rng, style: Style) -> Action | None:
    """The rule policy's own choice, without a lookahead: its best swap among
    the centre cards it noticed, else a stray card (`style.stir` of the
    time) or the next pile."""
    held = world.open_pile[seat]
    if held is not None:
        pile = world.piles[seat][held]
        seen = glance(len(world.centre), rng, style.notice)
        swaps = ranked_swaps(pile, world.centre, seen)
        if swaps:
            return swaps[0][1]
        if rng.random() < style.stir:
            return stray(pile, world.centre, rng)
    return next_open(world, seat)


def progress(state: State, seat: int) -> float:
    """Locked piles, plus a little for each pile's biggest set of one design."""
    value = 0.0
    for pile, locked in zip(state.piles[seat], state.locked[seat], strict=True):
        if locked:
            value += 1.0
        else:
            biggest = max(Counter(cards.design_of(c) for c in pile).values())
            value += PAIR * (biggest - 1)
    if state.phase == "over" and seat in state.winners:
        value += WIN / len(state.winners)
    return value


def rollout(game: Game[Any], state: State, seat: int, rng: Rng, style: Style) -> float:
    """Play the table on with the rule policy; the seat's progress after."""
    depth = min(MAX_DEPTH, style.own_actions * state.num_players)
    for _ in range(depth):
        if state.phase != "play":
            break
        actor = rng.below(state.num_players)
        action = rule_action(state, actor, rng, style.stir)
        if action is None:
            continue
        state = game.apply(state, actor, action).state
    return progress(state, seat)


def decide(
    game: Game[Any], worlds: Sequence[Any], seat: int, seed: int, style: Style
) -> Action | None:
    """The rule policy's choice in `style`, improved by a lookahead over
    `style.worlds` of the worlds (None: let others decide).

    Every seat's rollouts follow the rule policy with the style's stir."""
    if not worlds or worlds[0].phase != "play":
        return None
    rng = Rng(mix_seed("piles-lookahead", seed))
    if style.worlds <= 0:
        return first_choice(worlds[0], seat, rng, style)
    options = candidates(worlds[0], seat, rng, style)
    if len(options) <= 1:
        return options[0] if options else None
    means = []
    for action in options:
        total = 0.0
        for k, world in enumerate(worlds[: style.worlds]):
            after = game.apply(world, seat, action).state
            dice = Rng(mix_seed("piles-rollout", seed, k))
            total += rollout(game, after, seat, dice, style)
        means.append(total / min(len(worlds), style.worlds))
    # The rule policy's own choice (the first candidate) stands unless
    # another one is clearly better: few rollouts are noisy.
    best = max(range(len(options)), key=lambda i: means[i])
    return options[best] if means[best] > means[0] + MARGIN else options[0]
