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
    pool = rng.shuffled(unseen)
    hands = list(state.hands)
    discards = list(state.discards)
    for other in range(state.num_players):
        if other == seat:
            continue
        size = sum(hands[other])
        hands[other] = _counts(pool[:size])
        del pool[:size]
        k = len(discards[other])
        discards[other] = tuple(pool[:k])
        del pool[:k]
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
