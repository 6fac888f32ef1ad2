"""Resampling what a seat cannot see (`determinize`).

Every card the seat has not seen (other hands and discards, the deck, someone
else's face-down card before the pick) is gathered in sorted order, shuffled
with the given seed and dealt back to the same places with the same sizes;
the black-market deck is reshuffled too. Public knowledge is kept:

* cards known to be in a hand (taken back in plain view) stay in that hand;
* a face-down card differs from the face-up one unless the hand allows no
  other card (spec §1(c) 1.2);
* someone choosing a hand card for Secret Recruit or Double Trouble holds at
  least two options (with one, the choice would have been automatic).

All of it depends only on public information and the seed, so two states a
seat cannot tell apart give the same world.
"""

from __future__ import annotations

from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.agentavenue.state import EMPTY, PICK, Counts, State, Task, evolve

_TRIES = 20


def _cards(counts: Counts) -> list[int]:
    return [a for a, k in enumerate(counts) for _ in range(k)]


def _counts(cards: list[int]) -> Counts:
    out = [0] * len(EMPTY)
    for card in cards:
        out[card] += 1
    return tuple(out)


def _choices(hand: Counts, task: Task, in_play: Counts) -> int:
    """How many names a Secret Recruit / Double Trouble choice offers."""
    if task.kind == "secret":
        return sum(1 for a, k in enumerate(hand) if k and not in_play[a])
    return sum(1 for k in hand if k >= 2)


def _pending_choice(state: State, seat: int) -> Task | None:
    task = state.tasks[0] if state.tasks else None
    if task is None or task.kind not in ("secret", "double") or task.seat == seat:
        return None
    return task


def determinize(state: State, seat: int, seed: int) -> State:
    hidden_down = state.phase == PICK and state.follower != seat
    unseen: list[int] = list(state.deck)
    known: dict[int, list[int]] = {}
    for other in range(state.num_players):
        if other != seat:
            unseen += _cards(state.hands[other])
            unseen += state.discards[other]
            if state.known and any(state.known[other]):
                known[other] = _cards(state.known[other])
    if hidden_down:
        unseen.append(state.offer_down)
    unseen.sort()
    rng = Rng(mix_seed("determinize", seed))
    task = _pending_choice(state, seat)
    world = _deal(state, seat, rng.shuffled(unseen), known, hidden_down, rng)
    for _ in range(_TRIES):
        if task is None:
            break
        if _choices(world.hands[task.seat], task, state.in_play[task.team]) > 1:
            break
        world = _deal(state, seat, rng.shuffled(unseen), known, hidden_down, rng)
    else:
        assert task is not None
        pool = rng.shuffled(unseen)
        forced = dict(known)
        forced[task.seat] = _complete(
            state, task, known.get(task.seat, []), pool, known
        )
        world = _deal(state, seat, pool, forced, hidden_down, rng)
    bm_deck = tuple(rng.shuffled(sorted(state.bm_deck)))
    return evolve(world, bm_deck=bm_deck, rng=rng.state)


def _deal(
    state: State,
    seat: int,
    pool: list[int],
    forced: dict[int, list[int]],
    hidden_down: bool,
    rng: Rng,
) -> State:
    """Deal `pool` back to every hidden place, `forced` cards first."""
    pool = list(pool)
    for cards in forced.values():
        for card in cards:
            pool.remove(card)
    hands = list(state.hands)
    discards = list(state.discards)
    down = state.offer_down
    for other in range(state.num_players):
        if other == seat:
            continue
        given = forced.get(other, [])
        with_down = hidden_down and other == state.follower
        size = sum(state.hands[other]) + (1 if with_down else 0) - len(given)
        cards = given + pool[:size]
        del pool[:size]
        if with_down:
            down = _face_down(cards, state.offer_up, rng)
            cards.remove(down)
        hands[other] = _counts(cards)
        k = len(discards[other])
        discards[other] = tuple(pool[:k])
        del pool[:k]
    return evolve(
        state,
        deck=tuple(pool),
        hands=tuple(hands),
        discards=tuple(discards),
        offer_down=down,
    )


def _face_down(cards: list[int], up: int, rng: Rng) -> int:
    """The face-down card among a hand: another name than `up` if there is one."""
    others = [c for c in cards if c != up]
    return rng.choice(others) if others else up


def _complete(
    state: State,
    task: Task,
    given: list[int],
    pool: list[int],
    known: dict[int, list[int]],
) -> list[int]:
    """`given` plus the fewest cards from `pool` that give two options.

    The real hand proves that such cards exist among the unseen ones.
    """
    available = list(pool)
    for cards in known.values():
        for card in cards:
            available.remove(card)
    order = sorted(set(available), key=available.index)
    in_play = state.in_play[task.team]
    hand = list(given)

    def add(name: int, copies: int) -> None:
        for _ in range(copies):
            available.remove(name)
            hand.append(name)

    if task.kind == "secret":
        names = {c for c in hand if not in_play[c]}
        for name in order:
            if len(names) >= 2:
                break
            if not in_play[name] and name not in names:
                add(name, 1)
                names.add(name)
    else:
        while sum(1 for n in set(hand) if hand.count(n) >= 2) < 2:
            singles = [n for n in order if hand.count(n) == 1 and n in available]
            if singles:
                add(singles[0], 1)
                continue
            fresh = [n for n in order if n not in hand and available.count(n) >= 2]
            add(fresh[0], 2)
    if len(hand) > sum(state.hands[task.seat]):
        return list(given)  # cannot happen for a reachable state
    return hand
