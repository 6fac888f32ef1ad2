"""Worlds a seat cannot tell apart from the real one (for bots and tests).

Resampled: the roles the seat does not know, the other hands with the cards
set aside, the mission deck with the missions it did not see discarded (and
the leader's two drawn ones), and the ballots already cast by others. Public
play constrains the sample: a player who did not follow a suit holds none of
it unless they are the Insider (or Prof. No), and a mission discarded beside
a plain one under the Agent at Full Risk's rule was not risky.
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.engine.frozen import replace
from ludoteca.engine.rng import Rng, mix_seed
from ludoteca.games.insidejob import missions
from ludoteca.games.insidejob import roles as R
from ludoteca.games.insidejob.cards import suit
from ludoteca.games.insidejob.flow import ballots
from ludoteca.games.insidejob.state import State

ALL_SUITS = 0b1111


def known_roles(state: State, seat: int) -> set[int]:
    """Seats whose role `seat` knows."""
    if state.phase == "over":
        return set(range(state.num_players))
    known = {seat} | {s for s, how in enumerate(state.revealed) if how}
    if state.roles[seat] == R.ACCOMPLICE and state.partner >= 0:
        known.add(state.partner)
    return known


def shown_voids(state: State) -> list[int]:
    """Per seat, a mask of the suits it failed to follow (public)."""
    voids = [0] * state.num_players
    tricks = [t.cards for t in state.tricks] + [state.trick]
    for cards in tricks:
        if not cards:
            continue
        led = suit(cards[0].card)
        for played in cards[1:]:
            if suit(played.card) != led:
                voids[played.seat] |= 1 << led
    return voids


def played_after_void(state: State) -> list[bool]:
    """Seats that played a suit after failing to follow it: only a traitor can."""
    voids = [0] * state.num_players
    caught = [False] * state.num_players
    tricks = [t.cards for t in state.tricks] + [state.trick]
    for cards in tricks:
        if not cards:
            continue
        led = suit(cards[0].card)
        for i, played in enumerate(cards):
            if voids[played.seat] & (1 << suit(played.card)):
                caught[played.seat] = True
            if i and suit(played.card) != led:
                voids[played.seat] |= 1 << led
    return caught


SUBSETS = range(1, 16)


def _needs(counts: Sequence[int]) -> list[int]:
    return [sum(counts[x] for x in range(4) if subset >> x & 1) for subset in range(16)]


def _rooms(caps: Sequence[int], masks: Sequence[int]) -> list[int]:
    return [
        sum(c for c, m in zip(caps, masks, strict=True) if m & subset)
        for subset in range(16)
    ]


def _feasible(counts: Sequence[int], caps: Sequence[int], masks: Sequence[int]) -> bool:
    """Hall's condition: every set of suits fits in the slots that accept it."""
    need, room = _needs(counts), _rooms(caps, masks)
    return all(need[s] <= room[s] for s in SUBSETS)


def _suit_counts(pool: Sequence[int]) -> list[int]:
    counts = [0] * 4
    for card in pool:
        counts[suit(card)] += 1
    return counts


def _deal(
    rng: Rng, pool: list[int], caps: list[int], masks: list[int]
) -> list[list[int]] | None:
    """Cards of `pool` into slots of sizes `caps` accepting suits in `masks`.

    Each card goes to a random slot that keeps the rest dealable (Hall's
    condition, kept up to date subset by subset).
    """
    need = _needs(_suit_counts(pool))
    room = _rooms(caps, masks)
    if any(need[s] > room[s] for s in SUBSETS):
        return None
    slots: list[list[int]] = [[] for _ in caps]
    caps = list(caps)
    constrained = any(m != ALL_SUITS for m in masks)
    for card in rng.shuffled(pool):
        x = suit(card)
        order = rng.shuffled([i for i, c in enumerate(caps) if c and masks[i] >> x & 1])
        for s in SUBSETS:
            if s >> x & 1:
                need[s] -= 1
        for i in order:
            if constrained and any(
                need[s] > room[s] - 1 for s in SUBSETS if s & masks[i]
            ):
                continue
            caps[i] -= 1
            for s in SUBSETS:
                if s & masks[i]:
                    room[s] -= 1
            slots[i].append(card)
            break
        else:  # pragma: no cover - Hall's condition guarantees a slot
            return None
    return slots


def determinize(state: State, seat: int, seed: int) -> State:
    rng = Rng(mix_seed("determinize", seed))
    n = state.num_players
    known = known_roles(state, seat)
    unknown = [s for s in range(n) if s not in known]
    voids = shown_voids(state)
    caught = played_after_void(state)
    played = {p.card for t in state.tricks for p in t.cards} | {
        p.card for p in state.trick
    }
    pool = sorted(
        c for c in range(52) if c not in played and c not in state.hands[seat]
    )
    others = [s for s in range(n) if s != seat]
    caps = [len(state.hands[s]) for s in others] + [len(state.set_aside)]

    def masks_for(traitor: int) -> list[int]:
        return [
            ALL_SUITS if s == traitor else ALL_SUITS & ~voids[s] for s in others
        ] + [ALL_SUITS]

    roles = list(state.roles)
    secret = sorted(roles[s] for s in unknown)
    if any(r in R.TRAITORS for r in secret):
        candidates = [
            c
            for c in unknown
            if not any(caught[s] for s in range(n) if s != c)
            and _feasible(_suit_counts(pool), caps, masks_for(c))
        ]
        traitor = rng.choice(candidates or unknown)
        traitor_role = next(r for r in secret if r in R.TRAITORS)
        secret.remove(traitor_role)
        roles[traitor] = traitor_role
        rest = [s for s in unknown if s != traitor]
    else:
        traitor = state.traitor
        rest = unknown
    for s, role in zip(rest, rng.shuffled(secret), strict=True):
        roles[s] = role
    slots = _deal(rng, pool, caps, masks_for(traitor))
    if slots is None:  # only if public play was impossible; deal freely
        slots = _deal(rng, pool, caps, [ALL_SUITS] * len(caps))
        assert slots is not None
    hands = list(state.hands)
    for s, cards in zip(others, slots[:-1], strict=True):
        hands[s] = tuple(sorted(cards))
    world = replace(
        state,
        roles=tuple(roles),
        hands=tuple(hands),
        set_aside=tuple(sorted(slots[-1])),
        rng=rng.state,
    )
    world = _missions(world, state, seat, rng)
    return _ballots(world, seat, rng)


def _missions(world: State, state: State, seat: int, rng: Rng) -> State:
    sees_offer = state.phase == "mission" and state.leader == seat
    hidden = [i for i, d in enumerate(state.discards) if d.seat != seat]
    pool = list(state.mission_deck)
    pool += [state.discards[i].mission for i in hidden]
    if not sees_offer:
        pool += list(state.offered)
    shuffled = rng.shuffled(sorted(pool))
    discards = list(state.discards)
    # Slots known to hold a plain mission are filled first.
    for i in sorted(hidden, key=lambda i: not state.discards[i].forced):
        if state.discards[i].forced:
            pick = next(m for m in shuffled if not missions.is_risky(m))
        else:
            pick = shuffled[0]
        shuffled.remove(pick)
        discards[i] = replace(state.discards[i], mission=pick)
    offered = state.offered
    if not sees_offer:
        offered = tuple(shuffled[: len(state.offered)])
        shuffled = shuffled[len(state.offered) :]
    return replace(
        world, mission_deck=tuple(shuffled), offered=offered, discards=tuple(discards)
    )


def _ballots(world: State, seat: int, rng: Rng) -> State:
    if world.phase != "vote":
        return world
    votes = list(world.votes)
    for s in world.voters:
        if s != seat and votes[s]:
            votes[s] = rng.choice(ballots(world, s))
    return replace(world, votes=tuple(votes))
