"""Setting a match up and resampling what a seat cannot see.

`determinize` gathers every card the seat has not seen (the other hands and
discards, the deck, someone else's face-down card before the pick) in sorted
order, shuffles them with the given seed and deals them back into the same
places with the same sizes; the black-market deck is reshuffled as well.
Known limitation: cards that went back into a hand publicly (Mind Control,
Spycation, Double Trouble's kept card) are resampled like any hidden card.
"""

from __future__ import annotations

from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.agentavenue.cards import BM_CARDS, BM_SUPPLY, COPIES, HAND_SIZE
from ludoteca.games.agentavenue.play import draw
from ludoteca.games.agentavenue.state import (
    EMPTY,
    LEAD,
    PICK,
    PLAY,
    Counts,
    State,
    Task,
    evolve,
)
from ludoteca.games.agentavenue.teams import is_pair


def new_match(num_players: int, seed: int, black_market: bool, teams: bool) -> State:
    rng = Rng(seed)
    deck = tuple(rng.shuffled([a for a, k in enumerate(COPIES) for _ in range(k)]))
    first = rng.below(2)  # ASSUMPTION 1: the first side is drawn at random
    bm_deck: tuple[int, ...] = ()
    supply: tuple[int, ...] = ()
    if black_market:
        shuffled = tuple(rng.shuffled(range(len(BM_CARDS))))
        supply = shuffled[-BM_SUPPLY:][::-1]
        bm_deck = shuffled[:-BM_SUPPLY]
    state = State(
        num_players=num_players,
        black_market=black_market,
        teams=teams,
        rng=rng.state,
        deck=deck,
        hands=(EMPTY,) * num_players,
        discards=((),) * num_players,
        in_play=(EMPTY, EMPTY),
        pos=(0, 7),
        active=first,
        phase=PLAY,
        bm_deck=bm_deck,
        bm_supply=supply,
    )
    for seat in range(num_players):
        state, _ = draw(state, seat, HAND_SIZE)
    return evolve(state, phase=LEAD if is_pair(state, first) else PLAY)


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


def _forced(pool: list[int], task: Task, in_play: Counts) -> list[int]:
    """Cards that give a hand two choices for `task`, taken from `pool`.

    The real hand proves such cards exist among the unseen ones.
    """
    need = 1 if task.kind == "secret" else 2
    chosen: list[int] = []
    for name in sorted(set(pool), key=pool.index):
        if task.kind == "secret" and in_play[name]:
            continue
        if pool.count(name) >= need:
            chosen += [name] * need
        if len(chosen) == 2 * need:
            break
    return chosen


def determinize(state: State, seat: int, seed: int) -> State:
    hidden_down = state.phase == PICK and state.follower != seat
    unseen: list[int] = list(state.deck)
    for other in range(state.num_players):
        if other != seat:
            unseen += _cards(state.hands[other])
            unseen += state.discards[other]
    if hidden_down:
        unseen.append(state.offer_down)
    unseen.sort()
    rng = Rng(mix_seed("determinize", seed))
    # Someone else choosing a hand card for Secret Recruit or Double Trouble
    # is known to hold at least two options (one would have been automatic).
    task = state.tasks[0] if state.tasks else None
    if task is None or task.kind not in ("secret", "double") or task.seat == seat:
        task = None
    for _ in range(_TRIES):
        hands, discards, pool = _deal(state, seat, rng.shuffled(unseen), {})
        if (
            task is None
            or _choices(hands[task.seat], task, state.in_play[task.team]) > 1
        ):
            break
    else:
        assert task is not None
        pool = rng.shuffled(unseen)
        forced = _forced(pool, task, state.in_play[task.team])
        for card in forced:
            pool.remove(card)
        hands, discards, pool = _deal(state, seat, pool, {task.seat: forced})
    down = state.offer_down
    if hidden_down:
        down = pool.pop()
    bm_deck = tuple(rng.shuffled(sorted(state.bm_deck)))
    return evolve(
        state,
        deck=tuple(pool),
        hands=tuple(hands),
        discards=tuple(discards),
        offer_down=down,
        bm_deck=bm_deck,
        rng=rng.state,
    )


_TRIES = 20


def _deal(
    state: State, seat: int, pool: list[int], forced: dict[int, list[int]]
) -> tuple[list[Counts], list[tuple[int, ...]], list[int]]:
    """Deal the shuffled unseen cards back to every place but `seat`'s."""
    hands = list(state.hands)
    discards = list(state.discards)
    for other in range(state.num_players):
        if other == seat:
            continue
        given = forced.get(other, [])
        size = sum(hands[other]) - len(given)
        hands[other] = _counts(given + pool[:size])
        del pool[:size]
        k = len(discards[other])
        discards[other] = tuple(pool[:k])
        del pool[:k]
    return hands, discards, pool
