"""A new match: shuffled agents, four cards each, a random first side."""

from __future__ import annotations

from ludoteca.engine.rng import Rng
from ludoteca.games.agentavenue.cards import BM_CARDS, BM_SUPPLY, COPIES, HAND_SIZE
from ludoteca.games.agentavenue.play import draw
from ludoteca.games.agentavenue.state import EMPTY, LEAD, PLAY, State, evolve
from ludoteca.games.agentavenue.teams import is_pair


def new_match(
    num_players: int,
    seed: int,
    black_market: bool,
    teams: bool,
    refill_timing: str = "end",
    edition: str = "2026-12",
) -> State:
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
        known=(EMPTY,) * num_players,
        refill_timing=refill_timing,
        edition=edition,
    )
    for seat in range(num_players):
        state, _ = draw(state, seat, HAND_SIZE)
    return evolve(state, phase=LEAD if is_pair(state, first) else PLAY)
