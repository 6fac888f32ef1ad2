"""Sides and seats.

Two players: seat 0 is the green side (home 0), seat 1 the blue side (home 7).
Team variant (3 or 4 players): seat `s` plays for side `s % 2`, so teammates
sit opposite each other and sides alternate round the table:

* 4 players: green = seats 0 and 2, blue = seats 1 and 3;
* 3 players: green = seats 0 and 2 (a pair), blue = seat 1 (playing alone).

A side of one plays exactly as in the two-player game (both cards, four
discards); a pair splits the two cards between its members (two discards
each).
"""

from __future__ import annotations

import functools

from ludoteca.games.agentavenue.state import State

SOLO_DISCARDS = 4
PAIR_DISCARDS = 2


def team_of(seat: int) -> int:
    return seat % 2


@functools.cache
def members(num_players: int, team: int) -> tuple[int, ...]:
    """Seats of a side, lowest first."""
    return tuple(s for s in range(num_players) if s % 2 == team)


@functools.cache
def team_seats(num_players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return members(num_players, 0), members(num_players, 1)


def is_pair(state: State, team: int) -> bool:
    return len(members(state.num_players, team)) == 2


def discard_limit(state: State, seat: int) -> int:
    """Discard-and-draw allowance for the whole match (spec §1(c) 1.1, teams)."""
    return PAIR_DISCARDS if is_pair(state, team_of(seat)) else SOLO_DISCARDS


def discards_left(state: State, seat: int) -> int:
    return discard_limit(state, seat) - len(state.discards[seat])


def hand_size(state: State, seat: int) -> int:
    return sum(state.hands[seat])


def can_offer(state: State, team: int) -> bool:
    """Whether a side holds the cards for a turn: two for a solo player, one
    for each member of a pair (spec §1(c) 3.3 and the team empty-hand end)."""
    seats = members(state.num_players, team)
    if len(seats) == 1:
        return hand_size(state, seats[0]) >= 2
    return all(hand_size(state, s) >= 1 for s in seats)
