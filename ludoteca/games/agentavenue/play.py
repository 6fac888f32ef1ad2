"""PLAY (spec §1(c) 1): discard-and-draw, then two cards offered.

A solo side offers both cards at once (`offer`). In the team variant a pair
splits them: whichever teammate plays first claims the lead with the face-up
card (`lead`), then the other plays the face-down card (`follow`).
"""

from __future__ import annotations

from ludoteca.engine.protocol import Event, event
from ludoteca.games.agentavenue.cards import AGENTS, HAND_SIZE
from ludoteca.games.agentavenue.movement import add
from ludoteca.games.agentavenue.state import EMPTY, FOLLOW, PICK, Counts, State, evolve
from ludoteca.games.agentavenue.teams import discards_left, hand_size


def set_hand(state: State, seat: int, hand: Counts) -> State:
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    return evolve(state, hands=hands)


def set_known(state: State, seat: int, agent: int, copies: int) -> State:
    known = state.known[seat]
    if known[agent] == copies:
        return state
    value = (*known[:agent], copies, *known[agent + 1 :])
    return evolve(state, known=(*state.known[:seat], value, *state.known[seat + 1 :]))


def play_from_hand(state: State, seat: int, agent: int) -> State:
    """A card leaves the hand in plain view: one known copy fewer, if any."""
    state = set_hand(state, seat, add(state.hands[seat], agent, -1))
    return set_known(state, seat, agent, max(0, state.known[seat][agent] - 1))


def take_in_view(state: State, seat: int, agent: int) -> State:
    """A card everyone saw goes into a hand (Spycation, Mind Control)."""
    state = set_hand(state, seat, add(state.hands[seat], agent))
    return set_known(state, seat, agent, state.known[seat][agent] + 1)


def draw(state: State, seat: int, n: int) -> tuple[State, tuple[int, ...]]:
    """Take up to `n` cards from the top of the deck into a hand."""
    n = min(n, len(state.deck))
    if n <= 0:
        return state, ()
    drawn = state.deck[-n:][::-1]
    hand = state.hands[seat]
    for card in drawn:
        hand = add(hand, card)
    state = evolve(state, deck=state.deck[:-n])
    return set_hand(state, seat, hand), drawn


def refill(state: State, seat: int, events: list[Event]) -> State:
    """Draw up to 4 cards if the deck allows; a bigger hand keeps its cards."""
    missing = HAND_SIZE - hand_size(state, seat)
    state, drawn = draw(state, seat, missing)
    if drawn:
        events.append(event("hand_refilled", seat=seat, count=len(drawn)))
        events.append(
            event("cards_drawn", to=[seat], seat=seat, cards=[AGENTS[c] for c in drawn])
        )
    return state


def refill_after_play(state: State, seat: int, events: list[Event]) -> State:
    """Option refill_timing = "after_play" (rulebook): a player draws up to 4
    as soon as their card(s) are on the table, before RECRUIT."""
    if state.refill_timing != "after_play":
        return state
    return refill(state, seat, events)


def refills_after_effects(state: State, team: int) -> bool:
    """Whether a hand an effect reduced is filled up at once: always with
    "after_play"; with "end" only the side not playing (the active side waits
    for END), except in the first rules, where both did."""
    return (
        state.refill_timing == "after_play"
        or team != state.active
        or state.edition == "2026-11"
    )


def can_discard(state: State, seat: int) -> bool:
    return bool(state.deck) and discards_left(state, seat) > 0


def discard(state: State, seat: int, card: int, events: list[Event]) -> State:
    """Put a hand card face down out of the game and draw one (spec 1.1)."""
    state = set_hand(state, seat, add(state.hands[seat], card, -1))
    if any(state.known[seat]):
        cleared = (*state.known[:seat], EMPTY, *state.known[seat + 1 :])
        state = evolve(state, known=cleared)
    discards = state.discards[seat] + (card,)
    state = evolve(
        state, discards=(*state.discards[:seat], discards, *state.discards[seat + 1 :])
    )
    state, drawn = draw(state, seat, 1)
    used = len(discards)
    left = discards_left(state, seat)
    events.append(event("card_discarded", seat=seat, used=used, left=left))
    events.append(
        event(
            "card_drawn",
            to=[seat],
            seat=seat,
            discarded=AGENTS[card],
            card=AGENTS[drawn[0]],
        )
    )
    return state


def offer(state: State, seat: int, up: int, down: int, events: list[Event]) -> State:
    """A solo side puts one card face up and one face down (spec 1.2)."""
    state = play_from_hand(state, seat, up)
    state = set_hand(state, seat, add(state.hands[seat], down, -1))
    events.append(event("cards_offered", seat=seat, card=AGENTS[up]))
    events.append(event("face_down_chosen", to=[seat], seat=seat, card=AGENTS[down]))
    state = refill_after_play(state, seat, events)
    return evolve(
        state, offer_up=up, offer_down=down, leader=seat, follower=seat, phase=PICK
    )


def lead(state: State, seat: int, card: int, events: list[Event]) -> State:
    """A teammate claims the lead by playing the face-up card."""
    state = play_from_hand(state, seat, card)
    events.append(event("face_up_played", seat=seat, card=AGENTS[card]))
    state = refill_after_play(state, seat, events)
    return evolve(state, offer_up=card, leader=seat, phase=FOLLOW)


def follow(state: State, seat: int, card: int, events: list[Event]) -> State:
    """The other teammate adds the face-down card."""
    state = set_hand(state, seat, add(state.hands[seat], card, -1))
    events.append(event("face_down_played", seat=seat))
    events.append(event("face_down_chosen", to=[seat], seat=seat, card=AGENTS[card]))
    state = refill_after_play(state, seat, events)
    return evolve(state, offer_down=card, follower=seat, phase=PICK)


def offers(hand: Counts) -> list[tuple[int, int]]:
    """Every (face-up, face-down) pair a solo hand may offer.

    The names must differ unless the whole hand is one name (spec 1.2).
    """
    names = [a for a, k in enumerate(hand) if k]
    if len(names) == 1:
        return [(names[0], names[0])] if hand[names[0]] >= 2 else []
    return [(u, d) for u in names for d in names if u != d]


def follows(hand: Counts, up: int) -> list[int]:
    """Cards the partner may put face down under the leader's `up`."""
    names = [a for a, k in enumerate(hand) if k]
    different = [a for a in names if a != up]
    return different or names
