"""Sampling the hidden part of a match as one seat could imagine it.

A seat sees the locked piles, the centre (once face up) and the pile in its
own hand, and it knows what the piles it has held before hold
(`State.seen`): nobody else changes them, so a face-down pile is as it was
put down. That is a bot's memory; a person at the table sees such a pile
face down and remembers it, or not (the view never shows it). Everything
else is resampled: which designs are in play beyond the ones known, the
piles the seat has never held, the other players' piles, and the centre
while it is still face down. A sampled world is a state the match could
really be in: no pile that is not locked is complete.
"""

from __future__ import annotations

from ludoteca.engine import Rng
from ludoteca.engine.frozen import replace
from ludoteca.engine.rng import mix_seed
from ludoteca.games.piles import cards
from ludoteca.games.piles.state import State

ATTEMPTS = 64
"""Reshuffles before repairing a sample that happened to deal a complete pile."""

Place = tuple[int, int]
"""(seat, pile) of a pile whose cards are resampled."""


def known_cards(state: State, seat: int) -> set[int]:
    """Every card the seat can see right now, or remembers."""
    known = {
        c
        for s in range(state.num_players)
        for i, pile in enumerate(state.piles[s])
        if state.locked[s][i]
        for c in pile
    }
    if centre_face_up(state):
        known.update(state.centre)
    for i, pile in enumerate(state.piles[seat]):
        if state.seen[seat][i]:  # in hand, or held before: as it was put down
            known.update(pile)
    return known


def centre_face_up(state: State) -> bool:
    return state.phase not in ("ready", "countdown")


def determinize(state: State, seat: int, seed: int) -> State:
    rng = Rng(mix_seed("determinize", seed))
    known = known_cards(state, seat)
    seen_designs = sorted({cards.design_of(c) for c in known})
    unseen_designs = [d for d in range(cards.DESIGNS) if d not in seen_designs]
    missing = cards.designs_in_play(state.num_players) - len(seen_designs)
    designs = sorted(seen_designs + rng.shuffled(unseen_designs)[:missing])
    unknown = sorted(c for d in designs for c in cards.cards_of(d) if c not in known)
    places = hidden_places(state, seat)
    centre_hidden = not centre_face_up(state)
    for _ in range(ATTEMPTS):
        pool = rng.shuffled(unknown)
        centre = tuple(pool[: cards.CENTRE_SIZE]) if centre_hidden else state.centre
        rest = pool[cards.CENTRE_SIZE :] if centre_hidden else pool
        dealt = _split(rest)
        if not any(cards.is_complete(p) for p in dealt):
            break
    else:
        dealt = _repair(dealt)
    piles = [list(seat_piles) for seat_piles in state.piles]
    for (s, i), pile in zip(places, dealt, strict=True):
        piles[s][i] = pile
    return replace(
        state,
        designs=tuple(designs),
        piles=tuple(tuple(p) for p in piles),
        centre=centre,
        rng=rng.state,
    )


def hidden_places(state: State, seat: int) -> list[Place]:
    """Piles the seat neither sees nor remembers, in a fixed order (seat,
    then pile)."""
    return [
        (s, i)
        for s in range(state.num_players)
        for i in range(cards.PILES)
        if not state.locked[s][i] and not (s == seat and state.seen[s][i])
    ]


def _split(pool: list[int]) -> list[tuple[int, ...]]:
    size = cards.PILE_SIZE
    return [tuple(pool[k : k + size]) for k in range(0, len(pool), size)]


def _repair(dealt: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Break up complete piles by trading one card with another hidden pile.

    A complete pile holds all four cards of its design, so any other pile's
    card is of another design and the trade completes neither pile.
    """
    piles = [list(p) for p in dealt]
    for a, pile in enumerate(piles):
        if not cards.is_complete(pile):
            continue
        b = (a + 1) % len(piles)
        if b == a:
            break  # a single hidden pile is the real one; it cannot be complete
        pile[0], piles[b][0] = piles[b][0], pile[0]
    return [tuple(p) for p in piles]
