"""END (spec §1(c) 3): claims, refill, the empty-deck end, the next turn.

This is the only moment a match can be won or lost: pawns may cross during
RECRUIT and black-market effects, only the positions here count.
"""

from __future__ import annotations

from ludoteca.engine.protocol import Event, event
from ludoteca.games.agentavenue.cards import (
    CODEBREAKER,
    DAREDEVIL,
    HOMES,
    LEADER_OF_THE_PACK,
    MASTERPLAN,
    MASTERPLAN_NAMES,
    SECURITY_SYSTEM,
    TRACK,
)
from ludoteca.games.agentavenue.play import refill
from ludoteca.games.agentavenue.state import LEAD, OVER, PLAY, State, evolve
from ludoteca.games.agentavenue.teams import can_offer, is_pair, members

CAUGHT = "caught"
CODEBREAKERS = "codebreakers"
DAREDEVILS = "daredevils"
LEADER = "leader_of_the_pack"
PLAN = "masterplan"
SECURITY = "security_system"
BOTH = "both_claimed"
PROXIMITY = "proximity"


def has_caught(state: State, team: int) -> bool:
    """Team 0 caught team 1 when gap <= 0; team 1 caught team 0 when gap >= 14."""
    gap = state.gap
    return gap <= 0 if team == 0 else gap >= TRACK


def claims(state: State) -> dict[int, str]:
    """Each side named as winner, with the first reason found (spec 3.1)."""
    named: dict[int, str] = {}
    for team in (0, 1):
        other = 1 - team
        in_play = state.in_play[team]
        owned = state.bm_owned[team]
        if has_caught(state, team):
            named.setdefault(team, CAUGHT)
        if in_play[CODEBREAKER] >= 3:
            named.setdefault(team, CODEBREAKERS)
        if in_play[DAREDEVIL] >= 3:
            if LEADER_OF_THE_PACK in owned:
                named.setdefault(team, LEADER)
            else:
                named.setdefault(other, DAREDEVILS)
        if MASTERPLAN in owned and sum(1 for k in in_play if k) >= MASTERPLAN_NAMES:
            named.setdefault(team, PLAN)
        if SECURITY_SYSTEM in owned and state.pos[other] % TRACK == HOMES[team]:
            named.setdefault(team, SECURITY)
    return named


def distances(state: State) -> tuple[int, int]:
    """How far each pawn is from catching the other (spec 3.3)."""
    return state.gap, TRACK - state.gap


def finish(state: State, winner: int, reason: str, events: list[Event]) -> State:
    seats = members(state.num_players, winner)
    events.append(event("game_won", team=winner, seats=list(seats), reason=reason))
    return evolve(state, winner=winner, end_reason=reason, phase=OVER, tasks=())


def by_proximity(state: State, events: list[Event]) -> State:
    """Closer to a catch wins; equal distances go to the active side."""
    d0, d1 = distances(state)
    winner = 0 if d0 < d1 else 1 if d1 < d0 else state.active
    return finish(state, winner, PROXIMITY, events)


def refill_order(state: State) -> tuple[int, ...]:
    """The active side draws: a pair's leader first, so a last single card in
    the deck goes to whoever played face up (team variant)."""
    if is_pair(state, state.active) and state.leader >= 0:
        return (state.leader, state.follower)
    return members(state.num_players, state.active)


def end_step(state: State, events: list[Event]) -> State:
    named = claims(state)
    if len(named) == 2:
        return finish(state, state.active, BOTH, events)
    if named:
        ((winner, reason),) = named.items()
        return finish(state, winner, reason, events)
    for seat in refill_order(state):
        state = refill(state, seat, events)
    return start_turn(state, 1 - state.active, events)


def start_turn(state: State, team: int, events: list[Event]) -> State:
    """Hand the turn over, unless that side cannot play two cards.

    With an empty deck that is the spec's deck-out end; with cards left it is
    the unreachable-state guard (ASSUMPTION 6). Both are settled by
    proximity, ties to the side whose turn is ending.
    """
    if not can_offer(state, team):
        return by_proximity(state, events)
    events.append(event("turn_started", team=team, turn=state.turn + 1))
    return evolve(
        state,
        active=team,
        phase=LEAD if is_pair(state, team) else PLAY,
        turn=state.turn + 1,
        offer_up=-1,
        offer_down=-1,
        leader=-1,
        follower=-1,
        tasks=(),
    )
